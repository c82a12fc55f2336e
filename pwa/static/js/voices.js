// The device's voices for the page's language, and the one the player chose: the pure part
// of the settings page's voice picker (settings-voice.js) and of the app's own voice
// (feedback.js). Voices and their names are the device's own, so the choice stays on the
// device (localStorage, one a language), never in the server's session.

const CHOICE = 'tavolo.voice.'; // + language: the chosen voice's id
const NOTICE = 'tavolo.voice.none-said.'; // + language: the game screens said there is no voice

/** The language of a tag, in lower case: "en-GB", "en_gb" and "EN" are "en". */
export function langOf(tag) {
  return String(tag || '').trim().toLowerCase().split(/[-_]/)[0];
}

/** A voice's id: its URI where the device gives one, else its name. */
export function voiceId(voice) {
  return voice.voiceURI || voice.name;
}

/** The voices that speak lang, sorted by name in that language, the device's order kept for equal names. */
export function voicesFor(voices, lang) {
  const want = langOf(lang);
  let collator;
  try {
    collator = new Intl.Collator(want);
  } catch {
    collator = new Intl.Collator('en');
  }
  return [...(voices || [])].filter((v) => langOf(v.lang) === want).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * What a page can tell of the device's voices for lang: "choose" (it lists some), "none"
 * (it lists voices, none for lang: speaking aloud reads with another language's voice, or
 * not at all), or "device" (it lists no voice at all, as Chrome on Android: the device
 * decides, and a page cannot pick one).
 */
export function voiceState(voices, lang) {
  if (!voices || voices.length === 0) return 'device';
  return voicesFor(voices, lang).length > 0 ? 'choose' : 'none';
}

/** The chosen voice for lang among the device's, or null for the device's default (none chosen, or gone). */
export function chosenVoice(voices, lang, id) {
  if (!id) return null;
  return voicesFor(voices, lang).find((v) => voiceId(v) === id) || null;
}

function storageGet(storage, key) {
  try {
    return storage.getItem(key) || '';
  } catch {
    return ''; // private browsing, or storage refused: nothing kept
  }
}

function storageSet(storage, key, value) {
  try {
    if (value) storage.setItem(key, value);
    else storage.removeItem(key);
  } catch {
    // Nothing kept: the device's default voice speaks.
  }
}

/** The id of the voice chosen for lang on this device, "" for the device's default. */
export function readChoice(lang, storage = globalThis.localStorage) {
  return storageGet(storage, CHOICE + langOf(lang));
}

/** Keeps the voice chosen for lang ("" for the device's default). */
export function keepChoice(lang, id, storage = globalThis.localStorage) {
  storageSet(storage, CHOICE + langOf(lang), id);
}

// The languages whose notice this page has said: where the storage keeps nothing, at
// least not twice on one page.
const saidHere = new Set();

/** Whether the game screens have yet to say that this device has no voice for lang: once a device and language. */
export function noticeDue(lang, storage = globalThis.localStorage) {
  return !saidHere.has(langOf(lang)) && storageGet(storage, NOTICE + langOf(lang)) === '';
}

/** Notes that the game screens have said it. */
export function noticeSaid(lang, storage = globalThis.localStorage) {
  saidHere.add(langOf(lang));
  storageSet(storage, NOTICE + langOf(lang), '1');
}
