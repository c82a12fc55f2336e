// The settings page's voice picker. When speaking aloud is ticked, it offers this device's
// voices for the page's language (a select, "the device's default voice" first) and a
// button that plays a sample in the chosen voice at the chosen rate. The choice is kept on
// the device at once (voices.js), not sent with the form. When the device lists no voice
// at all (Chrome on Android), the page says the device decides; when it lists none for the
// language, it says so and points to the screen reader. Without this script the picker
// stays hidden and the form works as before.
import { voicesFor, voiceState, chosenVoice, readChoice, keepChoice, voiceId } from './voices.js';
import { speakWith } from './feedback.js';

// How long to wait for a device that lists its voices late (voiceschanged) before telling
// that the device decides.
const VOICES_WAIT_MS = 1000;

const box = document.getElementById('voice');
if (box && 'speechSynthesis' in window) picker(box, window.speechSynthesis);

function picker(box, synth) {
  const lang = document.documentElement.lang || 'en';
  const speak = document.querySelector('input[name="speak"]');
  const rate = document.getElementById('rate');
  const select = document.getElementById('voice-select');
  const sample = document.getElementById('voice-sample');
  const parts = {
    choose: document.getElementById('voice-choose'),
    device: document.getElementById('voice-device'),
    none: document.getElementById('voice-none'),
    sample: document.getElementById('voice-try'),
  };
  let known = false; // the device has listed its voices, or had its time to
  let voices = [];

  const paint = () => {
    voices = synth.getVoices() || [];
    const state = voiceState(voices, lang);
    parts.choose.hidden = state !== 'choose';
    parts.device.hidden = state !== 'device';
    parts.none.hidden = state !== 'none';
    parts.sample.hidden = state === 'none';
    if (state === 'choose') fill();
    box.hidden = !known || !(speak && speak.checked);
  };

  // fill lists the language's voices, the kept choice selected (the default if it is gone).
  const fill = () => {
    const kept = chosenVoice(voices, lang, readChoice(lang));
    const keep = select.options[0];
    select.replaceChildren(keep);
    // The voices are the page's language's: their names need no lang of their own.
    for (const v of voicesFor(voices, lang)) select.append(new Option(v.name, voiceId(v)));
    select.value = kept ? voiceId(kept) : '';
  };

  select.addEventListener('change', () => keepChoice(lang, select.value));
  sample.addEventListener('click', () => {
    speakWith(sample.dataset.sample, { lang, rate: Number(rate?.value || 1), voice: chosenVoice(voices, lang, select.value), interrupt: true });
  });
  speak?.addEventListener('change', paint);

  const ready = () => {
    if (known) return;
    known = true;
    paint();
  };
  synth.addEventListener?.('voiceschanged', () => {
    known = true;
    paint();
  });
  if ((synth.getVoices() || []).length > 0) ready();
  else setTimeout(ready, VOICES_WAIT_MS);
}
