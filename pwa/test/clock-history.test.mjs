import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { makeT } from '../static/js/plural.js';
import { createClock } from '../static/js/clock.js';
import {
  emptyHistory, record, restoreHistory, turnNumber, teamStats, historySummary, whereSentence, shareSummary, wholeMs,
} from '../static/js/clock-history.js';

// The English texts of the catalog (the transcripts check the four real catalogs).
const en = makeT({
  'time.minutes': { one: '{{.Count}} minute', other: '{{.Count}} minutes' },
  'time.seconds': { one: '{{.Count}} second', other: '{{.Count}} seconds' },
  'time.minutesSeconds': '{{.Minutes}} {{.Seconds}}',
  'donaz.time.untimed': 'no time limit',
  'donaz.share.game': 'Donaz, two teams against the clock.',
  'donaz.announce.both': 'Time left: {{.Team1}}, {{.Time1}}; {{.Team2}}, {{.Time2}}.',
  'donaz.announce.both.untimed': 'No time is kept: the teams play on without the clock.',
  'donaz.history.none': 'No turn has been played yet.',
  'donaz.history.total': { one: '{{.Count}} turn played.', other: '{{.Count}} turns played.' },
  'donaz.history.team': {
    one: '{{.Team}} used {{.Used}} in {{.Count}} turn.',
    other: '{{.Team}} used {{.Used}} in {{.Count}} turns, the longest {{.Longest}}.',
  },
  'donaz.history.teamNone': '{{.Team}} has not played a turn yet.',
  'donaz.where.ready': 'The clock has not started. {{.Team}} starts; each team has {{.Time}}.',
  'donaz.where.readyUntimed': 'The clock has not started. {{.Team}} starts, with no time limit.',
  'donaz.where.running': 'Turn {{.Turn}}: {{.Team}} is playing, {{.Time}} left. {{.Other}} has {{.OtherTime}}.',
  'donaz.where.runningUntimed': 'Turn {{.Turn}}: {{.Team}} is playing, without the clock.',
  'donaz.where.paused': 'The clock is paused in turn {{.Turn}}: {{.Team}} to play, {{.Time}} left. {{.Other}} has {{.OtherTime}}.',
  'donaz.where.pausedUntimed': 'The clock is paused in turn {{.Turn}}: {{.Team}} to play, without the clock.',
  'donaz.where.flagged': 'Time is up for {{.Team}} in turn {{.Turn}}, and the clock is stopped. {{.Other}} has {{.OtherTime}} left.',
  'donaz.where.over': {
    one: 'The game is over after {{.Count}} turn. Time left: {{.Team1}}, {{.Time1}}; {{.Team2}}, {{.Time2}}.',
    other: 'The game is over after {{.Count}} turns. Time left: {{.Team1}}, {{.Time1}}; {{.Team2}}, {{.Time2}}.',
  },
  'donaz.where.overUntimed': {
    one: 'The game is over after {{.Count}} turn, played without the clock.',
    other: 'The game is over after {{.Count}} turns, played without the clock.',
  },
}, 'en');

const NAMES = ['Ada', 'Bruno'];

// A clock on a time the test moves, whose every event goes into a history, as the page does.
function game(settings = {}) {
  let now = 1_000_000;
  const clock = createClock({ teams: 2, budgetMs: 300_000, incrementMs: 0, untimed: false, starter: 0, ...settings }, () => now);
  let h = emptyHistory();
  const feed = (events) => {
    for (const e of events) h = record(h, e, (team) => clock.remaining(team));
  };
  return {
    clock,
    get h() { return h; },
    wait(ms) { now += ms; feed(clock.tick()); },
    do(name) { feed(clock[name]()); },
    where() { return whereSentence(clock.view(), h, NAMES, en); },
  };
}

describe('record', () => {
  test('a turn used the time its clock ran, pauses left out; time left is the clock\'s', () => {
    const g = game({ incrementMs: 5_000 });
    assert.equal(turnNumber(g.h), 0);
    g.do('start');
    assert.equal(turnNumber(g.h), 1);
    g.wait(12_300);
    g.do('switchTurn');
    assert.deepEqual(g.h.turns, [{ n: 1, team: 0, usedMs: 12_300, leftMs: 292_700, flagged: false }]);
    g.wait(20_000);
    g.do('pause');
    g.wait(60_000); // paused: not used
    g.do('resume');
    g.wait(10_000);
    g.do('switchTurn');
    assert.deepEqual(g.h.turns[1], { n: 2, team: 1, usedMs: 30_000, leftMs: 275_000, flagged: false });
    assert.equal(turnNumber(g.h), 3);
  });

  test('a flag ends the time of a turn; played on without the clock, the stopped time is left out', () => {
    const g = game({ budgetMs: 60_000 });
    g.do('start');
    g.wait(61_000); // the flag fell at 60 s
    assert.equal(g.clock.phase, 'flagged');
    g.wait(30_000); // the table talks it over
    g.do('continueUntimed');
    g.wait(4_000);
    g.do('switchTurn');
    assert.deepEqual(g.h.turns, [{ n: 1, team: 0, usedMs: 64_000, leftMs: null, flagged: true }]);
    g.wait(7_000);
    g.do('switchTurn');
    assert.deepEqual(g.h.turns[1], { n: 2, team: 1, usedMs: 7_000, leftMs: null, flagged: false });
  });

  test('game over ends the turn under way as the last one; a flagged game ended too', () => {
    let g = game();
    g.do('start');
    g.wait(5_000);
    g.do('switchTurn');
    g.wait(3_000);
    g.do('pause');
    g.wait(9_000);
    g.do('gameOver');
    assert.equal(g.h.open, null);
    assert.deepEqual(g.h.turns[1], { n: 2, team: 1, usedMs: 3_000, leftMs: 297_000, flagged: false });

    g = game({ budgetMs: 60_000 });
    g.do('start');
    g.wait(70_000);
    g.do('gameOver');
    assert.deepEqual(g.h.turns, [{ n: 1, team: 0, usedMs: 60_000, leftMs: 0, flagged: true }]);
  });

  test('a reset empties it; a start begins afresh; other events change nothing', () => {
    const g = game({ budgetMs: 60_000 });
    g.do('start');
    g.wait(40_000); // thresholds at 30 and 10 s: ignored
    g.do('switchTurn');
    assert.equal(g.h.turns.length, 1);
    g.do('reset');
    assert.deepEqual(g.h, emptyHistory());
    const h = record(emptyHistory(), { type: 'threshold', team: 0, secondsLeft: 30, at: 5 });
    assert.deepEqual(h, emptyHistory());
  });

  test('a turn with no turn open (a history lost) opens the next one without a row', () => {
    let h = emptyHistory();
    h = record(h, { type: 'turn', team: 1, from: 0, remainingMs: 1000, at: 50 });
    assert.deepEqual(h.turns, []);
    assert.equal(h.open.team, 1);
    h = record(h, { type: 'turn', team: 0, from: 1, remainingMs: 1000, at: 2050 }, () => 1000);
    assert.deepEqual(h.turns, [{ n: 1, team: 1, usedMs: 2000, leftMs: 1000, flagged: false }]);
  });

  test('record never changes the history it is given', () => {
    const h = record(emptyHistory(), { type: 'start', team: 0, at: 0 });
    const before = JSON.stringify(h);
    record(h, { type: 'pause', team: 0, at: 10 });
    record(h, { type: 'turn', team: 1, from: 0, at: 10 }, () => 5);
    record(h, { type: 'over', at: 10 }, () => 5);
    assert.equal(JSON.stringify(h), before);
  });
});

describe('restoreHistory', () => {
  test('keeps a saved history, through JSON', () => {
    const g = game();
    g.do('start');
    g.wait(1_000);
    g.do('switchTurn');
    g.wait(500);
    g.do('pause');
    assert.deepEqual(restoreHistory(JSON.parse(JSON.stringify(g.h))), g.h);
  });

  test('gives an empty history for anything it does not know', () => {
    for (const bad of [
      null, 'x', {}, { version: 2, turns: [] }, { version: 1, turns: {} },
      { version: 1, turns: [{ team: 3, usedMs: 1, leftMs: 1 }] },
      { version: 1, turns: [{ team: 0, usedMs: -1, leftMs: 1 }] },
      { version: 1, turns: [{ team: 0, usedMs: 1, leftMs: 'x' }] },
      { version: 1, turns: [], open: { team: 0, at: 'x', pausedMs: 0, pausedAt: null } },
    ]) {
      assert.deepEqual(restoreHistory(bad), emptyHistory(), JSON.stringify(bad));
    }
  });
});

describe('sentences', () => {
  test('the summary: every turn, each team\'s time, its longest turn', () => {
    const g = game();
    assert.equal(historySummary(g.h, NAMES, en), 'No turn has been played yet.');
    g.do('start');
    g.wait(62_400);
    g.do('switchTurn');
    assert.equal(historySummary(g.h, NAMES, en), '1 turn played. Ada used 1 minute 2 seconds in 1 turn. Bruno has not played a turn yet.');
    g.wait(50_000);
    g.do('switchTurn');
    g.wait(187_600);
    g.do('switchTurn');
    assert.deepEqual(teamStats(g.h), [
      { turns: 2, usedMs: 250_000, longestMs: 187_600 },
      { turns: 1, usedMs: 50_000, longestMs: 50_000 },
    ]);
    assert.equal(historySummary(g.h, NAMES, en),
      '3 turns played. Ada used 4 minutes 10 seconds in 2 turns, the longest 3 minutes 8 seconds. Bruno used 50 seconds in 1 turn.');
  });

  test('used time rounds to the nearest second', () => {
    assert.equal(wholeMs(12_499), 12_000);
    assert.equal(wholeMs(12_500), 13_000);
    assert.equal(wholeMs(400), 0);
  });

  test('where are we: every phase', () => {
    const g = game();
    assert.equal(g.where(), 'The clock has not started. Ada starts; each team has 5 minutes.');
    g.do('start');
    g.wait(48_000);
    assert.equal(g.where(), 'Turn 1: Ada is playing, 4 minutes 12 seconds left. Bruno has 5 minutes.');
    g.do('switchTurn');
    g.wait(1_000);
    g.do('pause');
    assert.equal(g.where(), 'The clock is paused in turn 2: Bruno to play, 4 minutes 59 seconds left. Ada has 4 minutes 12 seconds.');
    g.do('resume');
    g.wait(299_000);
    assert.equal(g.where(), 'Time is up for Bruno in turn 2, and the clock is stopped. Ada has 4 minutes 12 seconds left.');
    g.do('gameOver');
    assert.equal(g.where(), 'The game is over after 2 turns. Time left: Ada, 4 minutes 12 seconds; Bruno, 0 seconds.');
    assert.equal(shareSummary(g.clock.view(), g.h, NAMES, en),
      'Donaz, two teams against the clock. Time left: Ada, 4 minutes 12 seconds; Bruno, 0 seconds. 2 turns played. Ada used 48 seconds in 1 turn. Bruno used 5 minutes in 1 turn.');
  });

  test('where are we, without the clock', () => {
    const g = game({ untimed: true });
    assert.equal(g.where(), 'The clock has not started. Ada starts, with no time limit.');
    g.do('start');
    assert.equal(g.where(), 'Turn 1: Ada is playing, without the clock.');
    g.do('pause');
    assert.equal(g.where(), 'The clock is paused in turn 1: Ada to play, without the clock.');
    g.do('gameOver');
    assert.equal(g.where(), 'The game is over after 1 turn, played without the clock.');
  });
});
