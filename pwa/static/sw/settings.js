// The device's settings (language, text size, theme, voice, verbosity…), as the pages tell
// the worker (js/app.js: readSettings), kept in IndexedDB and handed to the engine
// directly (tavoloSettings), once after each change: its pages are drawn in them.

/* global getMeta, putMeta */
/* exported keepSettings, handSettings */

let settings; // the device's settings as the pages last told them, once read
let handed = ''; // the settings the engine was last handed, as JSON

function keepSettings(s) {
  settings = s;
  return putMeta('settings', s);
}

// handSettings gives the running engine the device's settings, if they changed since.
async function handSettings() {
  settings ||= await getMeta('settings');
  if (!settings) return;
  const json = JSON.stringify(settings);
  if (json === handed) return;
  const refused = self.tavoloSettings(json);
  if (refused) console.error('tavolo engine: settings refused:', refused);
  handed = json;
}
