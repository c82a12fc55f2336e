// The device's settings as the server applied them to <html>, mirrored in localStorage so
// that pages shown offline (from the service worker's cache) look and sound the same.

const KEY = 'tavolo.settings';
const FIELDS = ['text', 'contrast', 'motion', 'speak', 'rate', 'sound', 'vibrate', 'verbosity'];

/** Reads the settings from the page's <html data-*> attributes. */
export function readSettings(root = document.documentElement) {
  const d = root.dataset;
  return {
    lang: root.lang || 'en',
    text: d.text || '100',
    contrast: d.contrast || 'standard',
    motion: d.motion || 'system',
    speak: d.speak === 'true',
    rate: Number(d.rate || '1'),
    sound: d.sound !== 'false',
    vibrate: d.vibrate !== 'false',
    verbosity: d.verbosity === 'brief' ? 'brief' : 'full', // what announcements say: every sentence, or the fact alone
  };
}

/** Keeps the server's settings for offline use. */
export function mirrorSettings(settings, storage = globalThis.localStorage) {
  try {
    storage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Private browsing or a full storage: offline pages then use the defaults.
  }
}

/** Applies the kept settings to a page the server did not render for this device. */
export function applyStoredSettings(root = document.documentElement, storage = globalThis.localStorage) {
  let saved;
  try {
    saved = JSON.parse(storage.getItem(KEY) || 'null');
  } catch {
    return;
  }
  if (!saved) return;
  for (const f of FIELDS) {
    if (saved[f] !== undefined) root.dataset[f] = String(saved[f]);
  }
}
