// The version guard of screen.js, and what a reply says and sounds: pure, without a page.
// The race it guards against: the acting phone's own live event (SSE) may arrive before
// its action's reply, both at the same version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGuard, sentences, sameSentence, beyondHeading, FEEL, HAZARDS, diamantSounds } from '../static/js/screen.js';
import { SOUNDS, HAPTICS } from '../static/js/feedback.js';

const at = (version, table = 'ttt') => ({ table, version, announce: [] });

/**
 * Plays arrivals into a guard as screen.js does, and returns what was drawn (version and
 * by what). A reply's ticket is taken when its request is sent (sent: the step before
 * which it was sent).
 */
function play(guard, steps) {
  const drawn = [];
  const tickets = {};
  for (const s of steps) {
    if (s.send) {
      tickets[s.send] = guard.ask(s.options);
      continue;
    }
    const what = s.live ? guard.live(s.r, s) : guard.reply(s.r, tickets[s.reply], s);
    if (what === 'draw') {
      guard.drawn(s.r);
      drawn.push(`${s.live ? 'live' : 'reply'} ${s.r.version}`);
    } else if (what === 'say') {
      drawn.push(`said ${s.r.version}`);
    }
  }
  return drawn;
}

test('the live event before the reply: drawn once, by whichever comes first', () => {
  const guard = createGuard({ version: 6, path: '/diamant/ttt' });
  assert.deepEqual(play(guard, [{ send: 'draw' }, { live: true, r: at(7) }, { reply: 'draw', r: at(7) }]), ['live 7']);
  assert.equal(guard.version(), 7);
});

test('the reply before the live event: drawn once', () => {
  const guard = createGuard({ version: 6, path: '/diamant/ttt' });
  assert.deepEqual(play(guard, [{ send: 'draw' }, { reply: 'draw', r: at(7) }, { live: true, r: at(7) }]), ['reply 7']);
});

test('never back: an older reply or event after a newer one is dropped', () => {
  const guard = createGuard({ version: 6, path: '/donuts/t/ttt' });
  assert.deepEqual(play(guard, [
    { send: 'a' },
    { live: true, r: at(8) },
    { reply: 'a', r: at(7) },
    { live: true, r: at(7) },
    { live: true, r: at(8) },
  ]), ['live 8']);
});

test('a reply that changes no version is drawn when nothing else was meanwhile', () => {
  // A refused action: the same version, the reason said as an alarm.
  const guard = createGuard({ version: 6, path: '/donuts/t/ttt' });
  assert.deepEqual(play(guard, [{ send: 'a' }, { reply: 'a', r: at(6), refused: true }]), ['reply 6']);
  // Refused after the table moved on by the stream: said, not drawn over the newer view.
  assert.deepEqual(play(guard, [{ send: 'b' }, { live: true, r: at(7) }, { reply: 'b', r: at(7), refused: true }]), ['live 7', 'said 7']);
  assert.deepEqual(play(guard, [{ send: 'c' }, { live: true, r: at(8) }, { reply: 'c', r: at(7), refused: true }]), ['live 8', 'said 7']);
});

test('a screen asked for by a link (the same version, another screen) is drawn', () => {
  const guard = createGuard({ version: 6, path: '/diamant/ttt' });
  assert.deepEqual(play(guard, [
    { send: 'pass', options: { navigation: true } },
    { live: true, r: at(6) },
    { reply: 'pass', r: at(6) },
  ]), ['reply 6']);
  // But never an older one.
  assert.deepEqual(play(guard, [{ send: 'vote', options: { navigation: true } }, { live: true, r: at(7) }, { reply: 'vote', r: at(6) }]), ['live 7']);
});

test('presence: only a view of the same version, and once per event', () => {
  const guard = createGuard({ version: 6, path: '/diamant/ttt' });
  assert.deepEqual(play(guard, [
    { live: true, same: true, r: at(5) },
    { live: true, same: true, r: at(6) },
    { live: true, same: true, r: at(7) },
  ]), ['live 6']);
});

test('another table (play again) is drawn whatever its version; the page\'s own table is known by its address', () => {
  const guard = createGuard({ version: 12, path: '/diamant/old' });
  assert.deepEqual(play(guard, [{ send: 'a' }, { reply: 'a', r: at(12, 'old') }]), ['reply 12']);
  assert.deepEqual(play(guard, [{ send: 'again' }, { reply: 'again', r: at(0, 'new') }]), ['reply 0']);
  // From then on the new table's versions count; a late event of the old one is dropped.
  assert.deepEqual(play(guard, [{ live: true, r: at(13, 'old') }, { live: true, r: at(1, 'new') }]), ['live 1']);
});

test('a reply or event without a version is dropped', () => {
  const guard = createGuard({ version: 1 });
  assert.equal(guard.reply(null), 'drop');
  assert.equal(guard.reply({ announce: [] }), 'drop');
  assert.equal(guard.live({ version: 'x' }), 'drop');
});

test('sentences: alarms apart from the rest, sounds in order', () => {
  assert.deepEqual(sentences([
    { text: 'Bruno draws a snake.', sound: 'hazard' },
    { text: 'Second snake!', assertive: true, sound: 'lost' },
    { text: 'Round 2.' },
  ]), { alarms: 'Second snake!', polite: 'Bruno draws a snake. Round 2.', sounds: ['hazard', 'lost'] });
  assert.deepEqual(sentences(null), { alarms: '', polite: '', sounds: [] });
});

test('Diamant sounds the most telling sound only; Donuts every sound, a refusal as one', () => {
  const d = (list) => FEEL.loudest({}, sentences(list));
  assert.deepEqual(d([{ text: 'a', sound: 'treasure' }, { text: 'b', sound: 'lost' }]), { sounds: ['lost'], haptic: 'lost' });
  assert.deepEqual(d([{ text: 'a', sound: 'treasure' }, { text: 'b', sound: 'lost:ram' }]), { sounds: ['ram', 'lost'], haptic: 'lost' });
  assert.deepEqual(d([{ text: 'a', sound: 'treasure' }]), { sounds: ['treasure'], haptic: null });
  assert.deepEqual(d([{ text: 'a' }]), { sounds: [], haptic: null });
  const n = (list, finished = false) => FEEL.each({ finished }, sentences(list));
  assert.deepEqual(n([{ text: 'a', sound: 'place' }, { text: 'b', sound: 'flip' }]), { sounds: ['place', 'flip'], haptic: 'move' });
  assert.deepEqual(n([{ text: 'a', sound: 'win' }], true), { sounds: ['win'], haptic: 'end' });
  assert.deepEqual(n([{ text: 'No.', assertive: true }]), { sounds: ['hazard'], haptic: 'refused' });
  assert.deepEqual(n([]), { sounds: [], haptic: null });
});

test('Diamant: each hazard its own sound, a treasure, an idol, the reveal first; the lost round after its hazard', () => {
  const d = (list) => FEEL.loudest({}, sentences(list));
  for (const card of HAZARDS) {
    assert.deepEqual(d([{ text: 'a', sound: `hazard:${card}` }]), { sounds: [card], haptic: 'hazard' }, card);
    assert.deepEqual(d([{ text: 'a', sound: 'treasure' }, { text: 'b', assertive: true, sound: `lost:${card}` }]),
      { sounds: [card, 'lost'], haptic: 'lost' }, `second ${card}`);
  }
  assert.equal(new Set(HAZARDS).size, 5);
  assert.deepEqual(d([{ text: 'a', sound: 'idol' }]), { sounds: ['idol'], haptic: null });
  assert.deepEqual(d([{ text: 'a', sound: 'idol' }, { text: 'b', sound: 'hazard:lava' }]), { sounds: ['lava'], haptic: 'hazard' });
  // The votes turned, then the card drawn: the reveal's sound, then the card's.
  assert.deepEqual(d([{ text: 'All go on.', sound: 'reveal' }, { text: 'Snake!', sound: 'hazard:snake' }]), { sounds: ['reveal', 'snake'], haptic: 'hazard' });
  assert.deepEqual(d([{ text: 'Ada leaves.', sound: 'reveal' }, { text: 'Ada takes the idol.', sound: 'idol' }]), { sounds: ['reveal', 'idol'], haptic: null });
  assert.deepEqual(d([{ text: 'All go on.', sound: 'reveal' }]), { sounds: ['reveal'], haptic: null });
  // A hazard not named keeps the general sound.
  assert.deepEqual(d([{ text: 'a', sound: 'hazard:unknown' }]), { sounds: ['hazard'], haptic: 'hazard' });
  assert.deepEqual(diamantSounds(), { sounds: [], haptic: null });
});

test('every sound Diamant picks is one feedback.js can play, each hazard different; the vibrations stay', () => {
  for (const name of [...HAZARDS, 'hazard', 'lost', 'treasure', 'idol', 'reveal']) assert.ok(SOUNDS[name], name);
  const shapes = HAZARDS.map((h) => JSON.stringify(SOUNDS[h]));
  assert.equal(new Set(shapes).size, HAZARDS.length, 'five different hazard sounds');
  for (const notes of Object.values(SOUNDS)) {
    const length = notes.reduce((sum, [, len]) => sum + len, 0);
    assert.ok(length > 0 && length <= 0.8, `short: ${JSON.stringify(notes)}`);
  }
  assert.deepEqual(HAPTICS.hazard, [80, 60, 80, 60, 80]);
  assert.deepEqual(HAPTICS.lost, [600, 200, 600]);
});

test('a sentence that only says the heading again is known (each fact once)', () => {
  assert.equal(sameSentence('Pass the phone to Anna.', 'Pass the phone to Anna'), true);
  assert.equal(sameSentence('Passez le téléphone à Anna\u202f!', 'Passez le téléphone à Anna'), true);
  assert.equal(sameSentence('Vote recorded. Pass the phone to Anna.', 'Pass the phone to Anna'), false);
  assert.equal(sameSentence('', ''), false);
});

test('the live region leaves out a last sentence that only says the heading again', () => {
  const vote = 'Ada: continue or leave?';
  assert.equal(beyondHeading(`Treasure of 14: 4 diamonds each, and 2 stay on the card. ${vote}`, vote), 'Treasure of 14: 4 diamonds each, and 2 stay on the card.');
  assert.equal(beyondHeading('Ada\u00a0: continuer ou partir\u202f?', 'Ada\u00a0: continuer ou partir'), '');
  assert.equal(beyondHeading('Trésor de 7. Ada\u00a0: continuer ou partir\u202f?', 'Ada\u00a0: continuer ou partir\u202f?'), 'Trésor de 7.');
  // Not a whole sentence of its own, or no heading heard: the text as it is.
  assert.equal(beyondHeading('Bruno wins with 9 points. Round 1 is over', 'Round 1 is over'), 'Bruno wins with 9 points.');
  assert.equal(beyondHeading('Everyone continues and Round 1 is over', 'Round 1 is over'), 'Everyone continues and Round 1 is over');
  assert.equal(beyondHeading('Vote recorded. Pass the phone to Anna.', ''), 'Vote recorded. Pass the phone to Anna.');
});
