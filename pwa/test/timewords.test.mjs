import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { makeT } from '../static/js/plural.js';
import {
  formatClock, durationWords, switchSentence, thresholdSentence, flagSentence,
  bothTimesSentence, announcement, wholeSeconds, formatShown, msUntilShownChange,
} from '../static/js/timewords.js';
import { createClock } from '../static/js/clock.js';

// The English texts the catalogs must carry (see the report for the full list).
const en = makeT({
  'time.minutes': { one: '{{.Count}} minute', other: '{{.Count}} minutes' },
  'time.seconds': { one: '{{.Count}} second', other: '{{.Count}} seconds' },
  'time.minutesSeconds': '{{.Minutes}} {{.Seconds}}',
  'donaz.time.untimed': 'no time limit',
  'donaz.announce.turn': '{{.Team}}, {{.Time}}',
  'donaz.announce.turnUntimed': '{{.Team}}, your turn',
  'donaz.announce.left': '{{.Team}}: {{.Time}} left.',
  'donaz.announce.countdown': '{{.Count}}',
  'donaz.announce.flag': 'Time is up for {{.Team}}.',
  'donaz.announce.both': '{{.Team1}}: {{.Time1}}. {{.Team2}}: {{.Time2}}.',
  'donaz.announce.paused': 'Clock paused.',
  'donaz.announce.resumed': 'Clock running. {{.Team}}, {{.Time}}.',
  'donaz.announce.untimed': 'Playing on without the clock. {{.Team}}, your turn.',
  'donaz.announce.over': 'Game over.',
  'donaz.announce.reset': 'Clock reset.',
  'donaz.announce.both.untimed': 'No time is kept: the teams play on without the clock.',
}, 'en');

// A Slovak sample, to see the plural forms flow through the sentences.
const sk = makeT({
  'time.minutes': { one: '{{.Count}} minúta', few: '{{.Count}} minúty', many: '{{.Count}} minúty', other: '{{.Count}} minút' },
  'time.seconds': { one: '{{.Count}} sekunda', few: '{{.Count}} sekundy', many: '{{.Count}} sekundy', other: '{{.Count}} sekúnd' },
  'time.minutesSeconds': '{{.Minutes}} {{.Seconds}}',
  'donaz.announce.turn': '{{.Team}}, {{.Time}}',
}, 'sk');

describe('formatClock', () => {
  const cases = [
    [252_000, '4:12'],
    [251_001, '4:12'],
    [251_000, '4:11'],
    [300_000, '5:00'],
    [299_999.5, '5:00'],
    [60_000, '1:00'],
    [59_999, '1:00'],
    [59_000, '0:59'],
    [1, '0:01'],
    [0.001, '0:01'],
    [0, '0:00'],
    [-40, '0:00'],
    [3_600_000, '60:00'],
    [3_599_001, '60:00'],
    [null, '--:--'],
  ];
  for (const [ms, want] of cases) {
    test(`${ms} ms → ${want}`, () => assert.equal(formatClock(ms), want));
  }
});

describe('durationWords', () => {
  const cases = [
    [252_000, '4 minutes 12 seconds'],
    [60_000, '1 minute'],
    [30_000, '30 seconds'],
    [61_000, '1 minute 1 second'],
    [120_000, '2 minutes'],
    [1_000, '1 second'],
    [500, '1 second'],
    [0, '0 seconds'],
    [3_600_000, '60 minutes'],
    [null, 'no time limit'],
  ];
  for (const [ms, want] of cases) {
    test(`${ms} ms → ${want}`, () => assert.equal(durationWords(ms, en), want));
  }

  test('Slovak plural forms', () => {
    assert.equal(durationWords(252_000, sk), '4 minúty 12 sekúnd');
    assert.equal(durationWords(62_000, sk), '1 minúta 2 sekundy');
    assert.equal(durationWords(300_000, sk), '5 minút');
  });

  test('words and digits always agree', () => {
    for (let ms = 0; ms <= 3_600_000; ms += 997) {
      const [m, s] = formatClock(ms).split(':').map(Number);
      const total = m * 60 + s;
      assert.equal(total, wholeSeconds(ms));
      const words = durationWords(ms, en);
      const mins = /(\d+) minutes?/.exec(words);
      const secs = /(\d+) seconds?/.exec(words);
      assert.equal((mins ? Number(mins[1]) * 60 : 0) + (secs ? Number(secs[1]) : 0), total, words);
    }
  });
});

describe('sentences', () => {
  test('switch', () => {
    assert.equal(switchSentence('Team 2', 252_000, en), 'Team 2, 4 minutes 12 seconds');
    assert.equal(switchSentence('Tím 2', 252_000, sk), 'Tím 2, 4 minúty 12 sekúnd');
    assert.equal(switchSentence('Team 1', null, en), 'Team 1, your turn');
  });

  test('thresholds', () => {
    assert.equal(thresholdSentence('Team 1', 60, en), 'Team 1: 1 minute left.');
    assert.equal(thresholdSentence('Team 1', 30, en), 'Team 1: 30 seconds left.');
    assert.equal(thresholdSentence('Team 1', 10, en), 'Team 1: 10 seconds left.');
    assert.equal(thresholdSentence('Team 1', 5, en), '5');
    assert.equal(thresholdSentence('Team 1', 1, en), '1');
  });

  test('flag', () => {
    assert.equal(flagSentence('Team 2', en), 'Time is up for Team 2.');
  });

  test('both times', () => {
    assert.equal(
      bothTimesSentence(['Team 1', 'Team 2'], [240_000, 185_000], en),
      'Team 1: 4 minutes. Team 2: 3 minutes 5 seconds.',
    );
    assert.equal(
      bothTimesSentence(['Team 1', 'Team 2'], [null, null], en),
      'No time is kept: the teams play on without the clock.',
    );
  });

  test('a missing message shows its id', () => {
    const empty = makeT({}, 'en');
    assert.equal(flagSentence('Team 2', empty), 'donaz.announce.flag');
  });
});

describe('announcement', () => {
  const names = ['Team 1', 'Team 2'];
  const cases = [
    [{ type: 'start', team: 0, remainingMs: 300_000 }, { text: 'Team 1, 5 minutes', assertive: false }],
    [{ type: 'turn', team: 1, from: 0, remainingMs: 252_000 }, { text: 'Team 2, 4 minutes 12 seconds', assertive: false }],
    [{ type: 'turn', team: 1, from: 0, remainingMs: null }, { text: 'Team 2, your turn', assertive: false }],
    [{ type: 'threshold', team: 0, secondsLeft: 30, stale: false }, { text: 'Team 1: 30 seconds left.', assertive: false }],
    [{ type: 'threshold', team: 0, secondsLeft: 30, stale: true }, null],
    [{ type: 'threshold', team: 1, secondsLeft: 3, stale: false }, { text: '3', assertive: false }],
    [{ type: 'flag', team: 1 }, { text: 'Time is up for Team 2.', assertive: true }],
    [{ type: 'pause', team: 0, remainingMs: 1_000 }, { text: 'Clock paused.', assertive: false }],
    [{ type: 'resume', team: 0, remainingMs: 61_000 }, { text: 'Clock running. Team 1, 1 minute 1 second.', assertive: false }],
    [{ type: 'untimed', team: 1 }, { text: 'Playing on without the clock. Team 2, your turn.', assertive: false }],
    [{ type: 'over' }, { text: 'Game over.', assertive: false }],
    [{ type: 'reset' }, { text: 'Clock reset.', assertive: false }],
    [{ type: 'unknown' }, null],
  ];
  for (const [event, want] of cases) {
    test(`${event.type}${event.stale ? ' (stale)' : ''}`, () => assert.deepEqual(announcement(event, names, en), want));
  }

  test('a throttled game speaks one sentence per batch, ending with the flag', () => {
    let t = 0;
    const c = createClock({ budgetMs: 60_000 }, () => t);
    c.start();
    t = 50_500;
    const said = c.tick().map((e) => announcement(e, names, en)).filter(Boolean);
    assert.deepEqual(said, [{ text: 'Team 1: 10 seconds left.', assertive: false }]);
    t = 75_000;
    const alarm = c.tick().map((e) => announcement(e, names, en)).filter(Boolean);
    assert.deepEqual(alarm, [{ text: 'Time is up for Team 1.', assertive: true }]);
  });
});

describe('formatShown: tenths under 10 seconds, on screen only', () => {
  test('whole seconds from 10 s up, tenths below, rounded up, zero plain', () => {
    assert.equal(formatShown(300_000), '5:00');
    assert.equal(formatShown(10_000), '0:10');
    assert.equal(formatShown(9_901), '0:10');
    assert.equal(formatShown(9_900), '0:09.9');
    assert.equal(formatShown(8_301), '0:08.4');
    assert.equal(formatShown(1), '0:00.1');
    assert.equal(formatShown(0), '0:00');
    assert.equal(formatShown(null), '--:--');
  });
  test('the next change: a second above 10 s, a tenth below', () => {
    assert.equal(msUntilShownChange(12_500), 500);
    assert.equal(msUntilShownChange(10_000), 100);
    assert.equal(msUntilShownChange(8_301), 1);
    assert.equal(msUntilShownChange(8_300), 100);
    assert.equal(msUntilShownChange(0), null);
  });
});
