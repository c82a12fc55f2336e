// The clock's time controls (simple delay, Bronstein delay, increment), handicaps, the
// chosen alerts and the pause when the page is put away (issue #14). Like clock.test.mjs:
// time is integer ms on a fake source, so "exact" means equal, whatever the ticks.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  createClock, restoreClock, normalizeSettings, thresholdsOf, ALERT_CHOICES_S, LIMITS,
} from '../static/js/clock.js';
import { formatClock } from '../static/js/timewords.js';

const EPOCH = 1_700_000_000_000;
const MIN = 60_000;

function fakeTime(start = EPOCH) {
  let t = start;
  const now = () => t;
  now.advance = (ms) => { t += ms; };
  return now;
}

// rng: mulberry32, so every run is the same.
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  return next;
}

const types = (events) => events.map((e) => e.type);
const secondsOf = (events) => events.filter((e) => e.type === 'threshold').map((e) => e.secondsLeft);

describe('settings of time controls, handicaps and alerts', () => {
  const bad = [
    ['an unknown control', { control: 'hourglass' }],
    ['a delay over 30 s', { control: 'delay', delayMs: 30_001 }],
    ['a negative delay', { control: 'bronstein', delayMs: -1 }],
    ['a delay that is not a number', { control: 'delay', delayMs: '5' }],
    ['an increment with a delay', { control: 'delay', delayMs: 2_000, incrementMs: 1_000 }],
    ['a delay with an increment', { control: 'increment', delayMs: 2_000 }],
    ['a team under 1 minute', { budgetsMs: [MIN, 59_999] }],
    ['a team over 60 minutes', { budgetsMs: [60 * MIN + 1, MIN] }],
    ['one time for two teams', { budgetsMs: [MIN] }],
    ['times that are not a list', { budgetsMs: 5 * MIN }],
    ['an unknown alert', { alerts: [60, 45] }],
    ['an alert twice', { alerts: [60, 60] }],
    ['the countdown as an alert', { alerts: [5] }],
    ['alerts that are not a list', { alerts: 60 }],
    ['a countdown that is not yes or no', { countdown: 'yes' }],
  ];
  for (const [name, s] of bad) {
    test(`refuses ${name}`, () => {
      assert.throws(() => createClock(s, fakeTime()), RangeError);
      assert.throws(() => normalizeSettings(s), RangeError);
    });
  }

  test('accepts the limits and sorts the alerts', () => {
    const s = normalizeSettings({
      control: 'delay', delayMs: LIMITS.maxDelayMs, budgetsMs: [LIMITS.minBudgetMs, LIMITS.maxBudgetMs],
      alerts: [10, 300, 60], countdown: false,
    });
    assert.deepEqual(s.budgetsMs, [MIN, 60 * MIN]);
    assert.deepEqual(s.alerts, [300, 60, 10]);
    assert.deepEqual(thresholdsOf(s), [300, 60, 10]);
    assert.deepEqual(thresholdsOf(normalizeSettings({ alerts: [], countdown: true })), [5, 4, 3, 2, 1]);
    assert.deepEqual(thresholdsOf(normalizeSettings({ alerts: [...ALERT_CHOICES_S] })), [300, 120, 60, 30, 10, 5, 4, 3, 2, 1]);
    assert.doesNotThrow(() => createClock({ control: 'bronstein', delayMs: 0 }, fakeTime()));
  });
});

describe('simple delay', () => {
  test('the time stands still for the delay, then runs; the delay is shown counting down', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, control: 'delay', delayMs: 5_000 }, now);
    assert.equal(c.view().delayMs, null, 'no delay shown before the start');
    c.start();
    assert.equal(c.view().delayMs, 5_000);
    now.advance(4_999);
    assert.equal(c.remaining(), MIN);
    assert.equal(c.view().delayMs, 1);
    now.advance(1);
    assert.equal(c.remaining(), MIN);
    assert.equal(c.view().delayMs, 0);
    now.advance(1);
    assert.equal(c.remaining(), MIN - 1);
    assert.equal(c.view().delayMs, 0);
  });

  test('a delay not used is lost: the next turn starts with the delay again, not more', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, control: 'delay', delayMs: 5_000 }, now);
    c.start();
    now.advance(2_000);
    const ev = c.switchTurn();
    assert.deepEqual(ev, [{ type: 'turn', team: 1, from: 0, remainingMs: MIN, at: EPOCH + 2_000 }]);
    assert.equal(c.remaining(0), MIN, 'nothing used, nothing added');
    now.advance(7_500);
    c.switchTurn();
    assert.equal(c.remaining(1), MIN - 2_500);
    assert.equal(c.view().delayMs, 5_000, 'a full delay again');
    now.advance(6_000);
    assert.equal(c.remaining(0), MIN - 1_000);
  });

  test('a pause during the delay keeps what is left of it', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, control: 'delay', delayMs: 5_000 }, now);
    c.start();
    now.advance(3_250);
    c.pause();
    now.advance(40_000);
    assert.equal(c.view().delayMs, 1_750);
    assert.equal(c.remaining(), MIN);
    assert.equal(c.msUntilNextTick(), null);
    c.resume();
    now.advance(1_750);
    assert.equal(c.remaining(), MIN);
    now.advance(250);
    assert.equal(c.remaining(), MIN - 250);
  });

  test('thresholds and the flag fall after the delay, at their exact moments', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, control: 'delay', delayMs: 4_000 }, now);
    c.start();
    assert.equal(c.msUntilNextEvent(), 4_000 + 30_000, 'the delay, then to 30 s left');
    now.advance(MIN + 10_000); // one late tick, long after the flag
    const ev = c.tick();
    const at = Object.fromEntries(ev.filter((e) => e.type === 'threshold').map((e) => [e.secondsLeft, e.at]));
    assert.equal(at[30], EPOCH + 4_000 + 30_000);
    assert.equal(at[1], EPOCH + 4_000 + 59_000);
    assert.deepEqual(ev.at(-1), { type: 'flag', team: 0, at: EPOCH + MIN + 4_000 });
    assert.equal(c.view().delayMs, null, 'no delay once flagged');
  });

  test('a switch in the last millisecond before the flag is in time', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, control: 'delay', delayMs: 4_000 }, now);
    c.start();
    now.advance(MIN + 4_000 - 1);
    assert.equal(c.switchTurn().at(-1).type, 'turn');
    assert.equal(c.remaining(0), 1);
  });

  test('the display is redrawn at each whole second of the delay, then of the time', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, control: 'delay', delayMs: 3_000 }, now);
    c.start();
    assert.equal(c.msUntilDisplayChange(), 1_000);
    now.advance(2_400);
    assert.equal(c.msUntilDisplayChange(), 600, 'the delay goes from 1 to 0');
    now.advance(600);
    assert.equal(c.msUntilDisplayChange(), 1_000, 'then 1:00 becomes 0:59');
    assert.equal(formatClock(c.remaining()), '1:00');
    now.advance(1);
    assert.equal(formatClock(c.remaining()), '1:00');
    assert.equal(c.msUntilDisplayChange(), 999);
  });

  test('an untimed game has no delay', () => {
    const now = fakeTime();
    const c = createClock({ untimed: true, control: 'delay', delayMs: 5_000 }, now);
    c.start();
    assert.equal(c.view().delayMs, null);
    assert.equal(c.msUntilNextTick(), null);
  });

  test('playing on untimed after the flag ends the delay', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, control: 'delay', delayMs: 5_000 }, now);
    c.start();
    now.advance(MIN + 5_000);
    c.tick();
    c.continueUntimed();
    c.switchTurn();
    assert.equal(c.view().delayMs, null);
    assert.equal(c.msUntilNextTick(), null);
  });
});

describe('Bronstein delay', () => {
  test('gives back the time used in the turn, up to the delay', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, control: 'bronstein', delayMs: 5_000 }, now);
    c.start();
    now.advance(3_000);
    c.switchTurn();
    assert.equal(c.remaining(0), MIN, 'a quick turn costs nothing');
    now.advance(8_000);
    const ev = c.switchTurn();
    assert.equal(c.remaining(1), MIN - 3_000, 'a long one costs what is over the delay');
    assert.deepEqual(ev.at(-1), { type: 'turn', team: 0, from: 1, remainingMs: MIN, at: EPOCH + 11_000 });
    assert.equal(c.view().delayMs, null, 'nothing to show during the turn');
  });

  test('the time runs from the start of the turn; pauses do not change what is given back', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, control: 'bronstein', delayMs: 5_000 }, now);
    c.start();
    now.advance(2_000);
    assert.equal(c.remaining(), MIN - 2_000);
    c.pause();
    now.advance(MIN);
    c.resume();
    now.advance(2_500);
    c.switchTurn();
    assert.equal(c.remaining(0), MIN, '4.5 s used over two stretches, all given back');
  });

  test('the flag falls at zero, with no time given back', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, control: 'bronstein', delayMs: 10_000 }, now);
    c.start();
    now.advance(MIN + 250);
    const ev = c.switchTurn();
    assert.deepEqual(ev.at(-1), { type: 'flag', team: 0, at: EPOCH + MIN });
    assert.equal(c.remaining(0), 0);
  });
});

describe('handicap', () => {
  test('each team starts with its own time, and a reset gives it back', () => {
    const now = fakeTime();
    const c = createClock({ budgetsMs: [5 * MIN, 2 * MIN], starter: 1 }, now);
    assert.deepEqual(c.view().remainingMs, [5 * MIN, 2 * MIN]);
    assert.deepEqual(c.start(), [{ type: 'start', team: 1, remainingMs: 2 * MIN, at: EPOCH }]);
    assert.equal(c.msUntilNextEvent(), MIN, 'the 60 s warning of its own time');
    now.advance(10_000);
    c.switchTurn();
    now.advance(1_000);
    assert.deepEqual(c.view().remainingMs, [5 * MIN - 1_000, 2 * MIN - 10_000]);
    c.reset();
    assert.deepEqual(c.view().remainingMs, [5 * MIN, 2 * MIN]);
  });

  test('the team with less time flags at its own zero', () => {
    const now = fakeTime();
    const c = createClock({ budgetsMs: [3 * MIN, MIN] }, now);
    c.start();
    now.advance(1_000);
    c.switchTurn();
    now.advance(MIN + 5);
    assert.deepEqual(c.tick().at(-1), { type: 'flag', team: 1, at: EPOCH + 1_000 + MIN });
    assert.deepEqual(c.view().remainingMs, [3 * MIN - 1_000, 0]);
  });
});

describe('chosen alerts', () => {
  function turnAlerts(settings, ms) {
    const now = fakeTime();
    const c = createClock(settings, now);
    c.start();
    const got = [];
    for (let i = 0; i < ms / 250; i++) {
      now.advance(250);
      got.push(...c.tick());
    }
    return got;
  }

  test('5 and 2 minutes, and no count: those, then the flag', () => {
    const ev = turnAlerts({ budgetMs: 6 * MIN, alerts: [300, 120], countdown: false }, 6 * MIN);
    assert.deepEqual(ev.map((e) => e.secondsLeft ?? e.type), [300, 120, 'flag']);
    assert.equal(ev[0].at, EPOCH + MIN);
    assert.ok(ev.every((e) => !e.stale));
  });

  test('none at all: only the flag', () => {
    const ev = turnAlerts({ budgetMs: 2 * MIN, alerts: [], countdown: false }, 2 * MIN);
    assert.deepEqual(types(ev), ['flag']);
  });

  test('the count alone', () => {
    const ev = turnAlerts({ budgetMs: MIN, alerts: [], countdown: true }, MIN);
    assert.deepEqual(ev.map((e) => e.secondsLeft ?? e.type), [5, 4, 3, 2, 1, 'flag']);
  });

  test('msUntilNextEvent skips what was not chosen', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: 10 * MIN, alerts: [10], countdown: false }, now);
    c.start();
    assert.equal(c.msUntilNextEvent(), 10 * MIN - 10_000);
    now.advance(10 * MIN - 10_000);
    assert.deepEqual(secondsOf(c.tick()), [10]);
    assert.equal(c.msUntilNextEvent(), 10_000, 'then the flag');
  });

  test('a saved clock keeps its alerts', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: 3 * MIN, alerts: [120], countdown: false }, now);
    c.start();
    const d = restoreClock(JSON.stringify(c), fakeTime(now() + MIN + 1));
    assert.deepEqual(secondsOf(d.tick()), [120]);
    assert.deepEqual(d.thresholds, [120]);
  });
});

describe('pause when the page is put away', () => {
  test('a pause for that reason says so, is kept in the state, and ends with the resume', () => {
    const now = fakeTime();
    const c = createClock({}, now);
    c.start();
    now.advance(7_000);
    assert.deepEqual(c.pause('hidden'), [{ type: 'pause', team: 0, remainingMs: 5 * MIN - 7_000, at: now(), reason: 'hidden' }]);
    assert.equal(c.pausedBy, 'hidden');
    now.advance(MIN);
    const d = restoreClock(JSON.stringify(c), fakeTime(now() + 3 * MIN));
    assert.equal(d.phase, 'paused');
    assert.equal(d.pausedBy, 'hidden');
    assert.equal(d.view().pausedBy, 'hidden');
    assert.equal(d.remaining(0), 5 * MIN - 7_000);
    d.resume();
    assert.equal(d.pausedBy, null);
    d.pause();
    assert.equal(d.pausedBy, null, 'a pause by hand is not one for being away');
  });
});

describe('save and restore with a delay', () => {
  test('a reload in the middle of a delay resumes it exactly', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, control: 'delay', delayMs: 5_000 }, now);
    c.start();
    now.advance(2_000);
    const saved = JSON.stringify(c);
    const later = fakeTime(now() + 1_000);
    const d = restoreClock(saved, later);
    assert.equal(d.view().delayMs, 2_000);
    assert.equal(d.remaining(), MIN);
    later.advance(4_000);
    assert.equal(d.remaining(), MIN - 2_000);
  });

  test('a state saved before time controls existed still restores', () => {
    const old = {
      version: 1,
      settings: { teams: 2, budgetMs: MIN, incrementMs: 2_000, untimed: false, starter: 0 },
      phase: 'running', untimed: false, active: 1, remaining: [50_000, 40_000], since: EPOCH,
      moves: [1, 0], checkedMs: 40_000, flagged: null, flagAt: null, startedAt: EPOCH - 10_000,
      endedAt: null, pending: [], savedAt: EPOCH,
    };
    const d = restoreClock(old, fakeTime(EPOCH + 1_000));
    assert.equal(d.remaining(1), 39_000);
    assert.equal(d.view().delayMs, null);
    d.switchTurn();
    assert.equal(d.remaining(1), 41_000, 'its increment still counts');
  });
});

// ---- whole games: every control, handicaps and alerts, under any ticks ----

// simulate plays turns of the given lengths (ms of running time each) and keeps its own
// account of the truth, by the rules of each control, beside the clock. ticks() gives the
// gaps between the page's timer calls within a turn; pauses, if given, pause the clock at
// some of those calls for a while (time that must not count).
function simulate({ settings, turns, ticks, pauses }) {
  const s = normalizeSettings(settings);
  const now = fakeTime();
  const c = createClock(settings, now);
  const events = [...c.start()];
  const truth = [...s.budgetsMs];
  const D = s.control === 'delay' ? s.delayMs : 0;
  const log = []; // per turn: {team, startRem, endRem, startAt}
  const samples = [];
  let flagAt = null;
  let team = s.starter;
  for (const length of turns) {
    const startRem = truth[team];
    const startAt = now();
    let e = 0; // running time of this turn
    const left = (x) => Math.max(0, startRem - Math.max(0, x - D));
    const flagE = D + startRem;
    const run = (ms) => {
      if (flagAt === null && e < flagE && e + ms >= flagE) flagAt = now() + (flagE - e);
      now.advance(ms);
      e += ms;
    };
    for (const gap of ticks ? ticks() : []) {
      if (gap >= length - e) break;
      run(gap);
      events.push(...c.tick());
      const v = c.view();
      samples.push({
        clock: v.remainingMs[team], truth: left(e),
        delay: v.delayMs, delayTruth: s.control === 'delay' && v.phase === 'running' ? Math.max(0, D - e) : null,
      });
      if (c.phase !== 'running') break;
      if (pauses?.now()) {
        events.push(...c.pause());
        now.advance(pauses.length());
        events.push(...c.resume());
      }
    }
    if (c.phase === 'running') {
      run(length - e);
      events.push(...c.switchTurn());
    }
    const endRem = left(e);
    log.push({ team, startRem, endRem, startAt });
    truth[team] = endRem;
    if (c.phase !== 'running') break;
    if (s.control === 'increment') truth[team] += s.incrementMs;
    if (s.control === 'bronstein') truth[team] += Math.min(startRem - endRem, s.delayMs);
    team = 1 - team;
  }
  return { s, c, events, truth, log, samples, flagAt };
}

// thresholdsByTurn: the threshold events of each turn, in order (a switch's stale ones
// come before its own turn event, so they count in the turn they belong to).
function thresholdsByTurn(events) {
  const out = [[]];
  for (const e of events) {
    if (e.type === 'turn') out.push([]);
    if (e.type === 'threshold') out.at(-1).push(e);
  }
  return out;
}

describe('whole games: exact under late, throttled and missing ticks', () => {
  const r = rng(14);
  const turns = Array.from({ length: 300 }, () => (r() < 0.12 ? r.int(30_000, 150_000) : r.int(500, 20_000)));

  function irregular(seed) {
    const g = rng(seed);
    return () => Array.from({ length: 60 }, () => (g() < 0.03 ? 60_000 : g.int(1, 2_000)));
  }
  const patterns = {
    none: () => null,
    irregular: () => irregular(1),
    throttled: () => () => Array(60).fill(1_000),
    background: () => () => Array(60).fill(60_000),
    'irregular, with pauses': () => irregular(2),
  };
  const pausing = (seed) => {
    const g = rng(seed);
    return { now: () => g() < 0.05, length: () => g.int(1, 90_000) };
  };

  const games = {
    'simple delay 5 s': { budgetMs: 5 * MIN, control: 'delay', delayMs: 5_000 },
    'Bronstein 5 s': { budgetMs: 5 * MIN, control: 'bronstein', delayMs: 5_000 },
    'increment 3 s, handicap 5 and 2 minutes': { budgetsMs: [5 * MIN, 2 * MIN], incrementMs: 3_000 },
    'simple delay 3 s, handicap 10 and 3 minutes, every alert': {
      budgetsMs: [10 * MIN, 3 * MIN], control: 'delay', delayMs: 3_000, alerts: [...ALERT_CHOICES_S], countdown: true, starter: 1,
    },
    'Bronstein 10 s, 5 minutes and 10 seconds, no count': {
      budgetMs: 8 * MIN, control: 'bronstein', delayMs: 10_000, alerts: [300, 10], countdown: false,
    },
    'simple delay 30 s, no alerts at all': { budgetMs: 3 * MIN, control: 'delay', delayMs: 30_000, alerts: [], countdown: false },
    'simple delay 2 s, 2 minutes and the count': { budgetMs: 4 * MIN, control: 'delay', delayMs: 2_000, alerts: [120], countdown: true },
  };

  for (const [game, settings] of Object.entries(games)) {
    const results = {};
    for (const [name, make] of Object.entries(patterns)) {
      results[name] = simulate({ settings, turns, ticks: make(), pauses: name.includes('pauses') ? pausing(3) : null });
    }

    test(`${game}: every reading and the end are exact, to the millisecond`, () => {
      for (const [name, { c, truth, samples, flagAt, events, log }] of Object.entries(results)) {
        const v = c.view();
        assert.equal(v.phase, 'flagged', `${name}: the game ends on a flag`);
        assert.deepEqual(v.remainingMs, truth, name);
        assert.equal(v.remainingMs[v.flagged], 0);
        assert.equal(v.flagAt, flagAt, `${name}: the flag at its exact moment`);
        assert.equal(events.filter((e) => e.type === 'flag').length, 1);
        assert.equal(events.find((e) => e.type === 'flag').at, flagAt);
        if (name !== 'none') assert.ok(samples.length > 0, `${name}: some ticks came`);
        for (const x of samples) {
          assert.equal(x.clock, x.truth, name);
          assert.equal(x.delay, x.delayTruth, `${name}: the delay shown`);
        }
        assert.ok(log.length > 10, `${name}: a real game (${log.length} turns)`);
      }
    });

    test(`${game}: each chosen alert once in every turn that crosses it, no other`, () => {
      const chosen = thresholdsOf(normalizeSettings(settings));
      for (const [name, { events, log, s }] of Object.entries(results)) {
        const byTurn = thresholdsByTurn(events);
        assert.equal(byTurn.length, log.length, name);
        let fired = 0;
        log.forEach(({ team, startRem, endRem, startAt }, i) => {
          const want = chosen.filter((T) => T * 1000 < startRem && T * 1000 >= endRem);
          assert.deepEqual(byTurn[i].map((e) => e.secondsLeft), want, `${name}, turn ${i + 1}`);
          for (const e of byTurn[i]) {
            assert.equal(e.team, team);
            if (!name.includes('pauses')) {
              const D = s.control === 'delay' ? s.delayMs : 0;
              assert.equal(e.at, startAt + D + startRem - e.secondsLeft * 1000, `${name}, turn ${i + 1}: due at its moment`);
            }
          }
          fired += byTurn[i].length;
        });
        if (chosen.length > 0) assert.ok(fired > 0, `${name}: some alerts were crossed`);
        else assert.equal(fired, 0);
      }
    });

    test(`${game}: the ticks change nothing but when events are reported`, () => {
      const base = results.none.c.view();
      for (const name of ['irregular', 'throttled', 'background']) assert.deepEqual(results[name].c.view(), base, name);
    });
  }

  test('fractional performance.now times with a simple delay: no drift beyond float rounding', () => {
    const g = rng(78);
    let t = EPOCH + 0.123456;
    const c = createClock({ budgetMs: 5 * MIN, control: 'delay', delayMs: 3_000 }, () => t);
    c.start();
    const used = [0, 0];
    let team = 0;
    while (c.phase === 'running') {
      const turnStart = t;
      for (let i = g.int(0, 30); i > 0; i--) {
        t += g() * 2_000;
        c.tick();
      }
      if (c.phase !== 'running') break;
      used[team] += Math.max(0, t - turnStart - 3_000);
      c.switchTurn();
      team = 1 - team;
    }
    const v = c.view();
    assert.equal(v.flagged, team);
    assert.ok(Math.abs(v.remainingMs[1 - team] - (5 * MIN - used[1 - team])) < 0.01);
  });
});
