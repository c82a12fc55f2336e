// What the page tells the player besides the screen: the live regions, the app's own voice,
// short sounds and vibration. Each follows the device's settings (read from <html data-*>);
// none is ever the only signal: every announcement is also text in a live region.
import { readSettings } from './settings.js';
import { chosenVoice, readChoice, voiceState, noticeDue, noticeSaid } from './voices.js';
import { loadT } from './catalog.js';

let last = '';
// A sentence to add, once, to what the polite live region says next (that this device has
// no voice for the page's language), and the timer that says it alone if nothing comes.
let notice = '';
let noticeTimer;

// Chrome lists a device's voices only once asked, and late: ask now, so that the first
// sentence already finds the chosen voice; and have the catalog at hand, should the page
// have to say that there is no voice for its language.
if (globalThis.speechSynthesis && globalThis.document && readSettings().speak) {
  globalThis.speechSynthesis.getVoices();
  loadT();
}

let audio;
let sleepTimer;

/**
 * Says a whole sentence: in the polite live region (or the assertive one for alarms), and
 * aloud when "speak aloud" is on. The last sentence can be repeated. live false: aloud
 * only, not in a live region (a screen reader already says it: the heading it was moved to).
 */
export function announce(text, { assertive = false, speak = true, live = true } = {}) {
  if (!text) return;
  last = text;
  const region = live ? document.getElementById(assertive ? 'live-assertive' : 'live-polite') : null;
  if (region) {
    // Emptying first makes a repeated identical sentence be announced again.
    region.textContent = '';
    setTimeout(() => { region.textContent = assertive ? text : withNotice(text); }, 50);
  }
  if (speak) say(text, { interrupt: assertive });
}

// withNotice is text with the pending notice after it, which is then said.
function withNotice(text) {
  if (!notice) return text;
  const out = `${text} ${notice}`;
  clearTimeout(noticeTimer);
  notice = '';
  return out;
}

/** The last announcement, for a "repeat" control. */
export function lastAnnouncement() {
  return last;
}

/** Says the last announcement again. */
export function repeatLast() {
  if (last) announce(last);
}

/**
 * Speaks through speechSynthesis in the page's language, when the setting is on, with the
 * voice chosen on this device for the language (else the device's default). When the device
 * has no voice for the language, the live region says so, the first time on this device.
 */
export function say(text, { interrupt = false } = {}) {
  const s = readSettings();
  if (!s.speak || !('speechSynthesis' in window)) return;
  const voices = window.speechSynthesis.getVoices();
  speakWith(text, { lang: s.lang, rate: s.rate, voice: chosenVoice(voices, s.lang, readChoice(s.lang)), interrupt });
  if (voiceState(voices, s.lang) === 'none' && noticeDue(s.lang)) tellNoVoice(s.lang);
}

/** Speaks a text now, in a language, rate and voice (null: the device's default). */
export function speakWith(text, { lang, rate = 1, voice = null, interrupt = false } = {}) {
  if (!('speechSynthesis' in window)) return;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = lang;
  u.rate = rate;
  if (voice) {
    try {
      u.voice = voice;
    } catch {
      // Not a voice this browser knows: the device's default speaks.
    }
  }
  if (interrupt) window.speechSynthesis.cancel();
  window.speechSynthesis.speak(u);
}

// tellNoVoice puts in the live region, as text since there is no voice to say it, that
// this device has no voice for lang: with the next polite announcement, or alone after a
// second. Once said, never again on this device for this language.
function tellNoVoice(lang) {
  if (notice) return;
  loadT().then((t) => {
    if (notice || !noticeDue(lang)) return;
    notice = t('app.voice.none');
    noticeSaid(lang);
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => {
      const region = document.getElementById('live-polite');
      if (!region || !notice) return;
      region.textContent = notice;
      notice = '';
    }, 1000);
  });
}

// Short sounds, made with Web Audio (no files to download): each note is a frequency (Hz),
// a length (s), and optionally a wave (sine by default) and a frequency it slides to.
// Diamant's cards each sound their own, told apart by pitch, rhythm and timbre: a spider
// skitters (four quick high clicks), a snake hisses (a buzzing slide down), lava bubbles
// (three low blobs), a boulder falls (a long slide to a low thud), the ram's log knocks
// twice on wood; a treasure chimes up, an idol rings three notes, the reveal flips.
export const SOUNDS = {
  tick: [[880, 0.05]],
  treasure: [[660, 0.08], [990, 0.12]],
  idol: [[523, 0.1], [659, 0.1], [784, 0.18]],
  hazard: [[220, 0.18]],
  spider: [[1568, 0.03, 'square'], [1319, 0.03, 'square'], [1568, 0.03, 'square'], [1319, 0.05, 'square']],
  snake: [[700, 0.3, 'sawtooth', 350]],
  lava: [[98, 0.09, 'triangle', 147], [110, 0.09, 'triangle', 165], [87, 0.14, 'triangle', 131]],
  boulder: [[330, 0.28, 'sine', 55], [55, 0.12, 'triangle']],
  ram: [[392, 0.06, 'square', 294], [294, 0.1, 'square', 220]],
  reveal: [[440, 0.05, 'triangle'], [880, 0.09, 'triangle']],
  lost: [[330, 0.15], [247, 0.15], [165, 0.3]],
  alarm: [[988, 0.2], [740, 0.2], [988, 0.2], [740, 0.2]],
  place: [[587, 0.07]],
  flip: [[784, 0.06], [988, 0.08]],
  win: [[523, 0.12], [659, 0.12], [784, 0.12], [1047, 0.3]],
};

/** Plays a named short sound when sounds are on. */
export function sound(name) {
  const notes = SOUNDS[name];
  if (!notes || !readSettings().sound) return;
  // A test's record of what was played, when it asked for one (pwa/browser/sounds.spec.mjs).
  globalThis.__soundsPlayed?.push(name);
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  try {
    // Sounds the player turned on are heard with the ringer off, as the app's voice is
    // (the Audio Session API, where the browser has it: Safari).
    if (navigator.audioSession && navigator.audioSession.type !== 'playback') navigator.audioSession.type = 'playback';
    audio = audio || new Ctx();
    if (audio.state === 'suspended') audio.resume();
    let t = audio.currentTime;
    for (const [freq, len, wave = 'sine', to] of notes) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = wave;
      osc.frequency.setValueAtTime(freq, t);
      if (to) osc.frequency.exponentialRampToValueAtTime(to, t + len);
      // Square and sawtooth waves sound louder than a sine at the same gain.
      gain.gain.setValueAtTime(wave === 'sine' || wave === 'triangle' ? 0.2 : 0.08, t);
      gain.gain.exponentialRampToValueAtTime(0.001, t + len);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + len);
      t += len;
    }
    // A running audio context keeps the phone's audio path awake: let it sleep after.
    clearTimeout(sleepTimer);
    sleepTimer = setTimeout(() => audio.suspend(), (t - audio.currentTime) * 1000 + 500);
  } catch {
    // No audio output: the live region already told it.
  }
}

// One vibration pattern per kind of event (ms on, off, on…), told apart by rhythm alone:
// one short pulse for a turn, two for a threshold, three long for time up, three short for
// a hazard, two long for the second (the round lost).
export const HAPTICS = {
  turn: [50],
  count: [30],
  threshold: [120, 80, 120],
  timeup: [500, 150, 500, 150, 500],
  hazard: [80, 60, 80, 60, 80],
  lost: [600, 200, 600],
  move: [30],
  refused: [60, 40, 60, 40, 60, 40, 60],
  end: [80, 60, 160],
};

/** Vibrates with the pattern of a kind of event, when vibration is on and the device can. */
export function haptic(kind) {
  const pattern = HAPTICS[kind];
  if (pattern && readSettings().vibrate && navigator.vibrate) navigator.vibrate(pattern);
}

/** Moves focus to a new screen's heading, so a screen reader starts reading there. */
export function focusHeading(container = document) {
  const h = container.querySelector('h1');
  if (!h) return;
  if (!h.hasAttribute('tabindex')) h.setAttribute('tabindex', '-1');
  h.focus();
}

/**
 * Moves focus to a new screen: to its primary control when it has one in the game's
 * controls (a toolbar named by the heading, where a screen reader is in focus mode and the
 * game's keys work), else to its heading.
 */
export function focusScreen(container = document) {
  const primary = container.querySelector('[role="toolbar"] [data-primary]');
  if (primary && !primary.closest('[hidden]')) primary.focus();
  else focusHeading(container);
}
