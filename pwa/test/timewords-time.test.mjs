// The clock's sentences for issue #14 (time controls, handicap, the pause when put away)
// and the brief verbosity, with the real catalogs of the four languages.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { makeT } from '../static/js/plural.js';
import {
  durationWords, switchSentence, thresholdSentence, flagSentence, bothTimesSentence,
  delaySentence, awaySentence, drawnSentence, controlSentence, announcement,
} from '../static/js/timewords.js';
import { createClock, normalizeSettings } from '../static/js/clock.js';
import { catalog } from './locales.mjs';

const LANGS = ['en', 'it', 'fr', 'sk'];
const T = Object.fromEntries(LANGS.map((l) => [l, makeT(catalog(l), l)]));
const en = T.en;
const names = ['Team 1', 'Team 2'];

describe('brief durations', () => {
  const cases = {
    en: [[252_000, '4 minutes 12'], [61_000, '1 minute 1'], [240_000, '4 minutes'], [30_000, '30 seconds']],
    it: [[252_000, '4 minuti e 12'], [61_000, '1 minuto e 1'], [30_000, '30 secondi']],
    fr: [[252_000, '4 minutes 12'], [61_000, '1 minute 1'], [1_000, '1 seconde']],
    sk: [[252_000, '4 minúty 12'], [300_000, '5 minút'], [2_000, '2 sekundy']],
  };
  for (const [lang, list] of Object.entries(cases)) {
    test(lang, () => {
      for (const [ms, want] of list) assert.equal(durationWords(ms, T[lang], 'brief'), want);
    });
  }
  test('full is the default', () => {
    assert.equal(durationWords(252_000, en), '4 minutes 12 seconds');
    assert.equal(durationWords(252_000, en, 'full'), '4 minutes 12 seconds');
  });
});

describe('brief sentences: the fact alone', () => {
  test('in English', () => {
    assert.equal(switchSentence('Team 2', 270_000, en, 'brief'), 'Team 2, 4 minutes 30');
    assert.equal(switchSentence('Team 2', null, en, 'brief'), 'Team 2');
    assert.equal(thresholdSentence('Team 1', 30, en, 'brief'), '30 seconds left.');
    assert.equal(thresholdSentence('Team 1', 300, en, 'brief'), '5 minutes left.');
    assert.equal(thresholdSentence('Team 1', 4, en, 'brief'), '4');
    assert.equal(flagSentence('Team 1', en, 'brief'), 'Time up: Team 1.');
    assert.equal(bothTimesSentence(names, [268_000, 253_000], en, { verbosity: 'brief' }), 'Team 1, 4 minutes 28; Team 2, 4 minutes 13.');
    assert.equal(bothTimesSentence(names, [null, null], en, { verbosity: 'brief' }), 'No clock.');
    assert.equal(drawnSentence('Bruno', en, 'brief'), 'Bruno starts.');
    assert.equal(awaySentence('Team 2', 192_000, en, 'brief'), 'Paused while put away. Team 2, 3 minutes 12');
  });

  test('announcements, brief and full, in English', () => {
    const say = (e, verbosity) => announcement(e, names, en, { verbosity })?.text ?? null;
    const cases = [
      [{ type: 'turn', team: 1, remainingMs: 270_000 }, 'Team 2, 4 minutes 30 seconds', 'Team 2, 4 minutes 30'],
      [{ type: 'pause', team: 0, remainingMs: 1_000 }, 'Clock paused.', 'Paused.'],
      [{ type: 'resume', team: 0, remainingMs: 61_000 }, 'Clock running. Team 1, 1 minute 1 second.', 'Running. Team 1, 1 minute 1'],
      [{ type: 'untimed', team: 1 }, 'Playing on without the clock. Team 2, your turn.', 'No clock. Team 2'],
      [{ type: 'flag', team: 0 }, 'Time is up for Team 1.', 'Time up: Team 1.'],
      [{ type: 'over' }, 'Game over.', 'Game over.'],
    ];
    for (const [e, full, brief] of cases) {
      assert.equal(say(e, 'full'), full);
      assert.equal(say(e, 'brief'), brief);
    }
    assert.equal(announcement({ type: 'flag', team: 0 }, names, en, { verbosity: 'brief' }).assertive, true, 'time up stays an alarm');
  });

  // Every event a game can give, in every language: the brief sentence is never longer
  // than the full one, and no message is missing (a missing one reads as its id).
  test('never longer than the full sentence, and every message there, in four languages', () => {
    const now = { t: 0 };
    const events = [];
    const c = createClock({ budgetMs: 2 * 60_000, control: 'delay', delayMs: 2_000, alerts: [60, 30, 10] }, () => now.t);
    events.push(...c.start());
    for (let i = 0; i < 200 && c.phase === 'running'; i++) {
      now.t += 997;
      events.push(...c.tick());
      if (i % 37 === 36) events.push(...c.switchTurn());
      if (i === 50) events.push(...c.pause(), ...c.resume());
    }
    events.push(...c.continueUntimed(), ...c.switchTurn(), ...c.gameOver(), ...c.reset());
    for (const lang of LANGS) {
      const t = T[lang];
      for (const e of events) {
        const full = announcement(e, names, t, { verbosity: 'full' });
        const brief = announcement(e, names, t, { verbosity: 'brief' });
        assert.equal(full === null, brief === null);
        if (!full) continue;
        assert.ok(brief.text.length <= full.text.length, `${lang} ${e.type}: "${brief.text}" vs "${full.text}"`);
        assert.equal(brief.assertive, full.assertive);
        for (const text of [full.text, brief.text]) assert.doesNotMatch(text, /donaz\.|time\./, `${lang}: ${text}`);
      }
      const extra = [
        bothTimesSentence(names, [61_000, 5_000], t, { verbosity: 'brief', delay: { team: 1, ms: 3_000 } }),
        bothTimesSentence(names, [null, null], t, { verbosity: 'brief' }),
        awaySentence('X', 61_000, t, 'brief'), drawnSentence('X', t, 'brief'), delaySentence('X', 1_000, t, 'brief'),
      ];
      for (const text of extra) assert.doesNotMatch(text, /donaz\.|time\./, `${lang}: ${text}`);
    }
  });
});

describe('time controls said', () => {
  const s = (o) => normalizeSettings(o);

  test('controlSentence: the one control that runs, or nothing', () => {
    assert.equal(controlSentence(s({}), en), '');
    assert.equal(controlSentence(s({ incrementMs: 5_000 }), en), '5 seconds added after each turn.');
    assert.equal(controlSentence(s({ control: 'delay', delayMs: 1_000 }), en), 'Each turn, the clock waits 1 second before counting down.');
    assert.equal(controlSentence(s({ control: 'bronstein', delayMs: 3_000 }), en), 'After each turn, the time used is given back, up to 3 seconds.');
    assert.equal(controlSentence(s({ control: 'delay', delayMs: 0 }), en), '');
    assert.equal(controlSentence(s({ untimed: true, control: 'delay', delayMs: 5_000 }), en), '');
  });

  test('the start tells the control and the other team\'s time when it differs; turns do not', () => {
    const start = (settings, verbosity = 'full') => {
      const n = s(settings);
      const e = { type: 'start', team: n.starter, remainingMs: n.budgetsMs[n.starter] };
      return announcement(e, names, en, { verbosity, settings: n }).text;
    };
    assert.equal(start({}), 'Team 1, 5 minutes', 'the default start as before');
    assert.equal(start({ control: 'delay', delayMs: 5_000 }),
      'Team 1 starts with 5 minutes. Each turn, the clock waits 5 seconds before counting down.');
    assert.equal(start({ budgetsMs: [180_000, 300_000], starter: 1, control: 'bronstein', delayMs: 2_000 }),
      'Team 2 starts with 5 minutes. Team 1 has 3 minutes. After each turn, the time used is given back, up to 2 seconds.');
    assert.equal(start({ budgetsMs: [180_000, 300_000] }), 'Team 1 starts with 3 minutes. Team 2 has 5 minutes.');
    assert.equal(start({ budgetsMs: [180_000, 300_000], control: 'delay', delayMs: 5_000 }, 'brief'), 'Team 1, 3 minutes');
    const turn = announcement({ type: 'turn', team: 1, remainingMs: 300_000 }, names, en, { settings: s({ control: 'delay', delayMs: 5_000 }) });
    assert.equal(turn.text, 'Team 2, 5 minutes');
  });

  test('both times with a delay under way, and without', () => {
    assert.equal(
      bothTimesSentence(names, [240_000, 185_000], en, { delay: { team: 1, ms: 2_400 } }),
      'Time left: Team 1, 4 minutes; Team 2, 3 minutes 5 seconds. Team 2 still has 3 seconds of delay.',
    );
    assert.equal(
      bothTimesSentence(names, [240_000, 185_000], en, { verbosity: 'brief', delay: { team: 1, ms: 2_400 } }),
      'Team 1, 4 minutes; Team 2, 3 minutes 5. Delay: 3 seconds.',
    );
    assert.equal(
      bothTimesSentence(names, [240_000, 185_000], en, { delay: { team: 1, ms: 0 } }),
      'Time left: Team 1, 4 minutes; Team 2, 3 minutes 5 seconds.',
    );
  });

  test('a pause made as the page was put away is not said then; coming back says it', () => {
    assert.equal(announcement({ type: 'pause', team: 1, remainingMs: 192_000, reason: 'hidden' }, names, en), null);
    assert.equal(awaySentence('Team 2', 192_000, en),
      'The clock paused while Tavolo was put away. Team 2 has 3 minutes 12 seconds; press Resume to play on.');
  });
});
