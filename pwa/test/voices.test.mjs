// The device's voices for the page's language, and the choice kept on the device.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  langOf, voiceId, voicesFor, voiceState, chosenVoice, readChoice, keepChoice, noticeDue, noticeSaid,
} from '../static/js/voices.js';

const VOICES = [
  { name: 'Zuzana', lang: 'sk-SK', voiceURI: 'urn:zuzana' },
  { name: 'Google italiano', lang: 'it-IT', voiceURI: 'urn:google-it' },
  { name: 'Alice', lang: 'it_IT', voiceURI: 'urn:alice' },
  { name: 'Amélie', lang: 'fr-CA', voiceURI: '' },
  { name: 'Thomas', lang: 'fr-FR', voiceURI: 'urn:thomas' },
  { name: 'Daniel', lang: 'en-GB', voiceURI: 'urn:daniel' },
  { name: 'Anna', lang: 'de-DE', voiceURI: 'urn:anna' },
  { name: 'Luca', lang: 'IT', voiceURI: 'urn:luca' },
];

/** A storage like localStorage, kept in a Map; broken: every call throws, as a refused storage does. */
function storage({ broken = false } = {}) {
  const m = new Map();
  const check = () => { if (broken) throw new Error('SecurityError'); };
  return {
    getItem: (k) => { check(); return m.has(k) ? m.get(k) : null; },
    setItem: (k, v) => { check(); m.set(k, String(v)); },
    removeItem: (k) => { check(); m.delete(k); },
    map: m,
  };
}

test('a tag\'s language, whatever its case and separator', () => {
  assert.equal(langOf('en-GB'), 'en');
  assert.equal(langOf('it_IT'), 'it');
  assert.equal(langOf('FR'), 'fr');
  assert.equal(langOf(''), '');
  assert.equal(langOf(undefined), '');
});

test('only the page language\'s voices are offered, sorted by name', () => {
  assert.deepEqual(voicesFor(VOICES, 'it').map((v) => v.name), ['Alice', 'Google italiano', 'Luca']);
  assert.deepEqual(voicesFor(VOICES, 'fr').map((v) => v.name), ['Amélie', 'Thomas']);
  assert.deepEqual(voicesFor(VOICES, 'en-US').map((v) => v.name), ['Daniel'], 'the page\'s region does not narrow the list');
  assert.deepEqual(voicesFor(VOICES, 'es'), []);
  assert.deepEqual(voicesFor(undefined, 'en'), []);
  assert.equal(VOICES[0].name, 'Zuzana', 'the device\'s list is left as it was');
});

test('what the page can tell: choose, none for the language, or the device decides', () => {
  assert.equal(voiceState(VOICES, 'sk'), 'choose');
  assert.equal(voiceState(VOICES.filter((v) => !v.lang.startsWith('sk')), 'sk'), 'none');
  assert.equal(voiceState([], 'sk'), 'device', 'Chrome on Android lists no voice: a page cannot pick one');
  assert.equal(voiceState(null, 'en'), 'device');
});

test('a voice is known by its URI, else by its name', () => {
  assert.equal(voiceId(VOICES[1]), 'urn:google-it');
  assert.equal(voiceId(VOICES[3]), 'Amélie');
});

test('the chosen voice, among the language\'s; gone or of another language, the default', () => {
  assert.equal(chosenVoice(VOICES, 'it', 'urn:alice').name, 'Alice');
  assert.equal(chosenVoice(VOICES, 'fr', 'Amélie').name, 'Amélie');
  assert.equal(chosenVoice(VOICES, 'it', ''), null);
  assert.equal(chosenVoice(VOICES, 'it', 'urn:thomas'), null, 'a French voice does not read Italian');
  assert.equal(chosenVoice(VOICES, 'it', 'urn:gone'), null);
  assert.equal(chosenVoice([], 'it', 'urn:alice'), null);
});

test('the choice is kept per language on the device, and can go back to the default', () => {
  const s = storage();
  assert.equal(readChoice('it', s), '');
  keepChoice('it-IT', 'urn:alice', s);
  keepChoice('fr', 'urn:thomas', s);
  assert.equal(readChoice('it', s), 'urn:alice');
  assert.equal(readChoice('fr-BE', s), 'urn:thomas');
  assert.equal(readChoice('en', s), '');
  keepChoice('it', '', s);
  assert.equal(readChoice('it', s), '');
  assert.equal(s.map.size, 1, 'the default is not kept');
});

test('the no-voice notice is due once a device and language', () => {
  const s = storage();
  assert.equal(noticeDue('sk', s), true);
  noticeSaid('sk', s);
  assert.equal(noticeDue('sk', s), false);
  assert.equal(noticeDue('sk-SK', s), false);
  assert.equal(noticeDue('fr', s), true, 'another language has its own');
  assert.equal(noticeDue('sk', storage()), false, 'said on this page already');
});

test('a storage that refuses keeps nothing and breaks nothing', () => {
  const s = storage({ broken: true });
  assert.doesNotThrow(() => keepChoice('it', 'urn:alice', s));
  assert.equal(readChoice('it', s), '');
  assert.equal(noticeDue('it', s), true);
  assert.doesNotThrow(() => noticeSaid('it', s));
  assert.equal(noticeDue('it', s), false, 'not twice on one page');
});
