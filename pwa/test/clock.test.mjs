import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  createClock, restoreClock, normalizeSettings, makeTimeSource, THRESHOLDS_S, LIMITS,
} from '../static/js/clock.js';
import { formatClock, wholeSeconds } from '../static/js/timewords.js';

const EPOCH = 1_700_000_000_000;
const MIN = 60_000;

// fakeTime is an injected time source the test moves by hand.
function fakeTime(start = EPOCH) {
  let t = start;
  const now = () => t;
  now.advance = (ms) => { t += ms; };
  now.set = (v) => { t = v; };
  return now;
}

// rng is a small seeded generator (mulberry32) so every run is the same.
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
const fresh = (events) => events.filter((e) => !e.stale);

describe('settings', () => {
  test('defaults: 5 minutes, no increment, team 1 starts, 2 teams', () => {
    assert.deepEqual(normalizeSettings({}), {
      teams: 2,
      budgetMs: 5 * MIN,
      incrementMs: 0,
      untimed: false,
      starter: 0,
      // Since the time controls, handicaps and alerts: the same game, said the same way.
      budgetsMs: [5 * MIN, 5 * MIN],
      control: 'increment',
      delayMs: 0,
      alerts: [60, 30, 10],
      countdown: true,
    });
  });

  const bad = [
    { name: 'budget under 1 minute', s: { budgetMs: 59_999 } },
    { name: 'budget over 60 minutes', s: { budgetMs: 60 * MIN + 1 } },
    { name: 'increment over 30 s', s: { incrementMs: 30_001 } },
    { name: 'negative increment', s: { incrementMs: -1 } },
    { name: 'starter out of range', s: { starter: 2 } },
    { name: 'one team', s: { teams: 1 } },
  ];
  for (const c of bad) {
    test(`refuses ${c.name}`, () => {
      assert.throws(() => createClock(c.s, fakeTime()), RangeError);
    });
  }

  test('accepts the limits', () => {
    assert.doesNotThrow(() => createClock({ budgetMs: LIMITS.minBudgetMs, incrementMs: 30_000 }, fakeTime()));
    assert.doesNotThrow(() => createClock({ budgetMs: LIMITS.maxBudgetMs }, fakeTime()));
  });

  test('requires a time source', () => {
    assert.throws(() => createClock({}), TypeError);
  });
});

describe('phases', () => {
  test('start runs the starter team', () => {
    const now = fakeTime();
    const c = createClock({ starter: 1 }, now);
    assert.equal(c.phase, 'ready');
    assert.deepEqual(c.switchTurn(), [], 'no switch before start');
    const ev = c.start();
    assert.deepEqual(ev, [{ type: 'start', team: 1, remainingMs: 5 * MIN, at: EPOCH }]);
    assert.equal(c.phase, 'running');
    assert.equal(c.active, 1);
    assert.deepEqual(c.start(), [], 'start twice does nothing');
  });

  test('switchTurn settles time at the call and counts moves', () => {
    const now = fakeTime();
    const c = createClock({}, now);
    c.start();
    now.advance(12_345);
    assert.equal(c.remaining(0), 5 * MIN - 12_345);
    assert.equal(c.remaining(1), 5 * MIN);
    const ev = c.switchTurn();
    assert.deepEqual(ev, [{ type: 'turn', team: 1, from: 0, remainingMs: 5 * MIN, at: EPOCH + 12_345 }]);
    now.advance(1_000);
    assert.equal(c.remaining(0), 5 * MIN - 12_345, 'the waiting team does not lose time');
    assert.equal(c.remaining(1), 5 * MIN - 1_000);
    c.switchTurn();
    assert.deepEqual(c.view().moves, [1, 1]);
    assert.equal(c.active, 0);
  });

  test('gameOver records the end and freezes the times', () => {
    const now = fakeTime();
    const c = createClock({}, now);
    assert.deepEqual(c.gameOver(), [], 'no game over before start');
    c.start();
    now.advance(7_000);
    assert.deepEqual(types(c.gameOver()), ['over']);
    now.advance(50_000);
    const v = c.view();
    assert.equal(v.phase, 'over');
    assert.equal(v.endedAt, EPOCH + 7_000);
    assert.deepEqual(v.remainingMs, [5 * MIN - 7_000, 5 * MIN]);
    assert.deepEqual(c.switchTurn(), []);
    assert.deepEqual(c.pause(), []);
    assert.equal(c.msUntilNextTick(), null);
  });

  test('reset returns to ready, with new settings if given', () => {
    const now = fakeTime();
    const c = createClock({}, now);
    c.start();
    now.advance(9_000);
    c.switchTurn();
    assert.deepEqual(types(c.reset()), ['reset']);
    let v = c.view();
    assert.equal(v.phase, 'ready');
    assert.deepEqual(v.remainingMs, [5 * MIN, 5 * MIN]);
    assert.deepEqual(v.moves, [0, 0]);
    c.reset({ budgetMs: 10 * MIN, incrementMs: 2_000, starter: 1 });
    v = c.view();
    assert.deepEqual(v.remainingMs, [10 * MIN, 10 * MIN]);
    assert.equal(c.settings.incrementMs, 2_000);
    c.start();
    assert.equal(c.active, 1);
  });

  test('an untimed game switches turns and counts moves without time', () => {
    const now = fakeTime();
    const c = createClock({ untimed: true }, now);
    assert.deepEqual(c.start(), [{ type: 'start', team: 0, remainingMs: null, at: EPOCH }]);
    now.advance(3 * 60 * MIN);
    assert.deepEqual(c.tick(), [], 'no thresholds, no flag');
    assert.equal(c.remaining(0), null);
    assert.equal(c.msUntilNextEvent(), null);
    assert.equal(c.msUntilNextTick(), null);
    const ev = c.switchTurn();
    assert.deepEqual(ev, [{ type: 'turn', team: 1, from: 0, remainingMs: null, at: now() }]);
    assert.deepEqual(c.view().moves, [1, 0]);
  });
});

describe('flag', () => {
  test('falls at exactly zero even when the tick comes late', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(MIN + 3_700);
    const ev = c.tick();
    const flag = ev.at(-1);
    assert.deepEqual(flag, { type: 'flag', team: 0, at: EPOCH + MIN });
    const v = c.view();
    assert.equal(v.phase, 'flagged');
    assert.equal(v.flagged, 0);
    assert.equal(v.flagAt, EPOCH + MIN);
    assert.deepEqual(v.remainingMs, [0, MIN]);
    assert.deepEqual(c.tick(), [], 'the flag is reported once');
  });

  test('a switch after zero does not switch: the flag fell at zero', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, incrementMs: 5_000 }, now);
    c.start();
    now.advance(MIN + 250);
    const ev = c.switchTurn();
    assert.deepEqual(ev.at(-1), { type: 'flag', team: 0, at: EPOCH + MIN });
    assert.ok(!ev.some((e) => e.type === 'turn'));
    const v = c.view();
    assert.equal(v.phase, 'flagged');
    assert.deepEqual(v.moves, [0, 0]);
    assert.deepEqual(v.remainingMs, [0, MIN], 'no increment for a move made after the flag');
  });

  test('a switch at exactly zero is too late; one millisecond before is in time', () => {
    const late = fakeTime();
    const a = createClock({ budgetMs: MIN }, late);
    a.start();
    late.advance(MIN);
    assert.equal(a.switchTurn().at(-1).type, 'flag');

    const inTime = fakeTime();
    const b = createClock({ budgetMs: MIN }, inTime);
    b.start();
    inTime.advance(MIN - 1);
    assert.equal(b.switchTurn().at(-1).type, 'turn');
    assert.equal(b.remaining(0), 1);
  });

  test('reading the phase sees the flag without any tick', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(MIN + 10);
    assert.equal(c.phase, 'flagged');
    assert.equal(c.remaining(0), 0);
    assert.equal(c.msUntilNextEvent(), 0, 'the flag is still to be reported');
    assert.deepEqual(types(fresh(c.tick())), ['flag']);
    assert.equal(c.msUntilNextEvent(), null);
  });

  test('continue without clock after the flag', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(MIN + 10);
    c.tick();
    assert.deepEqual(c.continueUntimed(), [{ type: 'untimed', team: 0, at: now() }]);
    assert.equal(c.phase, 'running');
    assert.equal(c.untimed, true);
    assert.equal(c.active, 0, 'the flagged team still has its move to make');
    now.advance(10 * MIN);
    assert.deepEqual(c.tick(), []);
    assert.equal(types(c.switchTurn())[0], 'turn');
    assert.equal(c.active, 1);
    assert.equal(c.view().flagged, 0, 'the flag stays on record');
    assert.deepEqual(types(c.gameOver()), ['over']);
  });
});

describe('increment', () => {
  test('is added after each move (Fischer)', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, incrementMs: 5_000 }, now);
    c.start();
    now.advance(10_000);
    c.switchTurn();
    assert.equal(c.remaining(0), 55_000);
    now.advance(2_000);
    const ev = c.switchTurn();
    assert.equal(c.remaining(1), 63_000, 'a quick move can gain time');
    assert.deepEqual(ev.at(-1), { type: 'turn', team: 0, from: 1, remainingMs: 55_000, at: EPOCH + 12_000 });
  });

  test('is never added in an untimed game', () => {
    const now = fakeTime();
    const c = createClock({ untimed: true, incrementMs: 5_000 }, now);
    c.start();
    now.advance(1_000);
    c.switchTurn();
    assert.equal(c.remaining(0), null);
  });
});

describe('pause', () => {
  test('time stands still while paused', () => {
    const now = fakeTime();
    const c = createClock({}, now);
    c.start();
    now.advance(20_000);
    assert.deepEqual(c.pause(), [{ type: 'pause', team: 0, remainingMs: 5 * MIN - 20_000, at: now() }]);
    assert.deepEqual(c.pause(), [], 'pause twice does nothing');
    now.advance(30 * MIN);
    assert.equal(c.remaining(0), 5 * MIN - 20_000);
    assert.deepEqual(c.tick(), []);
    assert.deepEqual(c.switchTurn(), [], 'no switch while paused');
    assert.equal(c.msUntilNextTick(), null);
    assert.deepEqual(c.resume(), [{ type: 'resume', team: 0, remainingMs: 5 * MIN - 20_000, at: now() }]);
    assert.deepEqual(c.resume(), []);
    now.advance(5_000);
    assert.equal(c.remaining(0), 5 * MIN - 25_000);
  });

  test('many pauses lose no time', () => {
    const now = fakeTime();
    const c = createClock({}, now);
    const r = rng(7);
    c.start();
    let used = 0;
    for (let i = 0; i < 200; i++) {
      const run = r.int(1, 700);
      now.advance(run);
      used += run;
      c.pause();
      now.advance(r.int(0, 5_000));
      c.resume();
    }
    assert.equal(c.remaining(0), 5 * MIN - used);
  });
});

describe('thresholds', () => {
  test('a full turn ticked often gives each threshold once, on time, then the flag', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: 2 * MIN }, now);
    c.start();
    const all = [];
    for (let i = 0; i < 2 * MIN / 100 + 5; i++) {
      now.advance(100);
      all.push(...c.tick());
    }
    assert.deepEqual(
      all.map((e) => e.type === 'threshold' ? e.secondsLeft : e.type),
      [...THRESHOLDS_S, 'flag'],
    );
    for (const e of all) {
      if (e.type === 'threshold') {
        assert.equal(e.at, EPOCH + 2 * MIN - e.secondsLeft * 1000, `due when ${e.secondsLeft}s remain`);
        assert.equal(e.stale, false);
      }
    }
  });

  test('they are crossings: a turn begun with 45 s skips 60', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(15_000);
    c.switchTurn(); // team 0 keeps 45 s
    now.advance(1_000);
    c.switchTurn();
    const got = [];
    for (let i = 0; i < 50; i++) {
      now.advance(1_000);
      got.push(...c.tick().filter((e) => e.type === 'threshold').map((e) => e.secondsLeft));
    }
    assert.deepEqual(got, [30, 10, 5, 4, 3, 2, 1]);
  });

  test('a turn begun with exactly 60 s does not announce 60', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(1);
    assert.deepEqual(c.tick(), []);
    now.advance(29_999);
    assert.deepEqual(c.tick().map((e) => e.secondsLeft), [30]);
  });

  test('throttled ticks report skipped thresholds once, only the newest fresh', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(50_500); // 9.5 s left: 30 and 10 crossed in one late tick
    const ev = c.tick();
    assert.deepEqual(ev.map((e) => [e.secondsLeft, e.stale]), [[30, true], [10, false]]);
    now.advance(5_000); // 4.5 s left: 5 crossed 500 ms ago
    assert.deepEqual(c.tick().map((e) => [e.secondsLeft, e.stale]), [[5, false]]);
    now.advance(2_000); // 2.5 s left: 4 and 3
    assert.deepEqual(c.tick().map((e) => [e.secondsLeft, e.stale]), [[4, true], [3, false]]);
    now.advance(10_000); // flag long ago
    const last = c.tick();
    assert.deepEqual(last.map((e) => e.type === 'flag' ? 'flag' : [e.secondsLeft, e.stale]), [[2, true], [1, true], 'flag']);
    assert.equal(last.at(-1).stale, undefined, 'a flag is never stale');
  });

  test('a threshold reported too late to be true is stale', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(31_000); // 29 s left: 30 was due 1000 ms ago, still fresh
    assert.deepEqual(c.tick().map((e) => e.stale), [false]);
    now.advance(20_000 + 1_001); // 7.999 s left: 10 was due 1001 ms ago
    assert.deepEqual(c.tick().map((e) => [e.secondsLeft, e.stale]), [[10, true]]);
  });

  test('a switch supersedes a threshold it overtook', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(30_200);
    const ev = c.switchTurn();
    assert.deepEqual(ev.map((e) => [e.type, e.stale]), [['threshold', true], ['turn', undefined]]);
  });

  test('pause and resume never repeat one', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(31_000);
    assert.equal(c.tick().length, 1);
    c.pause();
    now.advance(MIN);
    c.resume();
    now.advance(500);
    assert.deepEqual(c.tick(), []);
  });

  test('they fire again in a later turn that crosses again', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN, incrementMs: 10_000 }, now);
    c.start();
    now.advance(5_000); // team 0 crosses nothing: 55 s
    assert.deepEqual(c.tick(), []);
    c.switchTurn(); // team 0: 65 s
    now.advance(1_000);
    c.switchTurn();
    now.advance(6_000); // 59 s
    assert.deepEqual(c.tick().map((e) => e.secondsLeft), [60]);
  });

  test('msUntilNextEvent schedules the next threshold or the flag', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: 5 * MIN }, now);
    assert.equal(c.msUntilNextEvent(), null, 'nothing before start');
    c.start();
    assert.equal(c.msUntilNextEvent(), 4 * MIN);
    now.advance(4 * MIN + 15_000); // 45 s left
    assert.equal(c.msUntilNextEvent(), 0, '60 is due');
    c.tick();
    assert.equal(c.msUntilNextEvent(), 15_000);
    now.advance(40_500); // 4.5 s left
    c.tick();
    assert.equal(c.msUntilNextEvent(), 500);
    now.advance(3_600); // 0.9 s left
    c.tick();
    assert.equal(c.msUntilNextEvent(), 900, 'then the flag');
  });

  test('msUntilDisplayChange follows the shown whole seconds', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    assert.equal(c.msUntilDisplayChange(), null);
    c.start();
    assert.equal(c.msUntilDisplayChange(), 1_000);
    now.advance(500);
    assert.equal(c.msUntilDisplayChange(), 500);
    now.advance(0.25);
    assert.equal(c.msUntilDisplayChange(), 500, 'rounded up, so a timer is never early');
    assert.equal(c.msUntilNextTick(), 500);
  });
});

// play runs a scripted game: each turn lasts turns[i] ms, with ticks at the gaps the
// script gives (or none). It returns the clock, the events and the true use per team.
function play({ settings, turns, ticks }) {
  const now = fakeTime();
  const c = createClock(settings, now);
  const events = [...c.start()];
  const used = Array(2).fill(0);
  const inc = settings.incrementMs ?? 0;
  let team = 0;
  const samples = [];
  for (const length of turns) {
    let left = length;
    for (const gap of ticks ? ticks() : []) {
      if (gap >= left) break;
      now.advance(gap);
      left -= gap;
      used[team] += gap;
      events.push(...c.tick());
      samples.push({ team, clock: c.remaining(team), truth: settings.budgetMs - used[team] });
      if (c.phase !== 'running') break;
    }
    if (c.phase !== 'running') break;
    now.advance(left);
    used[team] += left;
    events.push(...c.switchTurn());
    if (c.phase !== 'running') break;
    used[team] -= inc;
    team = 1 - team;
  }
  return { c, now, events, used, samples };
}

describe('a full 5-minute game', () => {
  // Turns of 1 to 20 s, and now and then a long think of 30 to 90 s, until someone
  // flags; the same turns are played with four tick patterns. Time is integer ms, so
  // "no drift" means equal, not nearly equal.
  const r = rng(2024);
  const turns = Array.from({ length: 80 }, () => (r() < 0.1 ? r.int(30_000, 90_000) : r.int(1_000, 20_000)));
  const settings = { budgetMs: 5 * MIN };

  function irregular(seed) {
    const g = rng(seed);
    return () => {
      const gaps = [];
      for (let i = 0; i < 40; i++) gaps.push(g() < 0.03 ? 60_000 : g.int(1, 2_000));
      return gaps;
    };
  }
  const patterns = {
    none: null,
    irregular: irregular(1),
    throttled: () => Array(40).fill(1_000),
    background: () => Array(40).fill(60_000),
  };

  const results = Object.fromEntries(
    Object.entries(patterns).map(([name, ticks]) => [name, play({ settings, turns, ticks })]),
  );

  for (const [name, { c, events, used, samples }] of Object.entries(results)) {
    test(`no drift with ${name} ticks`, () => {
      const v = c.view();
      assert.equal(v.phase, 'flagged');
      const loser = v.flagged;
      assert.equal(used[loser] >= settings.budgetMs, true);
      assert.equal(v.remainingMs[loser], 0);
      assert.equal(v.remainingMs[1 - loser], settings.budgetMs - used[1 - loser], 'exact, to the millisecond');
      if (name !== 'none') assert.ok(samples.length > 0, 'some ticks came');
      for (const s of samples) assert.equal(s.clock, Math.max(0, s.truth));
      assert.equal(events.filter((e) => e.type === 'flag').length, 1);
    });
  }

  test('the tick pattern changes nothing but when events are reported', () => {
    const base = results.none.c.view();
    for (const name of Object.keys(patterns)) {
      assert.deepEqual(results[name].c.view(), base, name);
    }
  });

  test('the flag falls at the exact moment the time runs out', () => {
    // Replay the turns by hand to find that moment.
    const used = [0, 0];
    let t = EPOCH;
    let team = 0;
    for (const length of turns) {
      if (used[team] + length >= settings.budgetMs) {
        t += settings.budgetMs - used[team];
        break;
      }
      used[team] += length;
      t += length;
      team = 1 - team;
    }
    for (const name of Object.keys(patterns)) {
      const { c, events } = results[name];
      assert.equal(c.view().flagAt, t, name);
      assert.equal(events.find((e) => e.type === 'flag').at, t, name);
    }
  });

  test('no threshold is reported twice in a turn', () => {
    for (const name of Object.keys(patterns)) {
      let seen = new Set();
      for (const e of results[name].events) {
        if (e.type === 'turn') seen = new Set();
        if (e.type !== 'threshold') continue;
        assert.ok(!seen.has(e.secondsLeft), `${name}: ${e.secondsLeft} twice`);
        seen.add(e.secondsLeft);
      }
    }
  });

  test('fractional performance.now times: no drift beyond float rounding', () => {
    // Epoch-sized times carry about 0.25 µs of resolution; the clock only ever takes
    // one difference per turn, so its error stays at that size however many ticks.
    const g = rng(77);
    let t = EPOCH + 0.123456;
    const c = createClock({ budgetMs: 5 * MIN }, () => t);
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
      used[team] += t - turnStart;
      c.switchTurn();
      team = 1 - team;
    }
    const v = c.view();
    assert.equal(v.flagged, team);
    assert.ok(Math.abs(v.remainingMs[1 - team] - (5 * MIN - used[1 - team])) < 0.01);
  });

  test('with increment, no drift either', () => {
    const inc = { budgetMs: 5 * MIN, incrementMs: 3_000 };
    const { c, used } = play({ settings: inc, turns, ticks: irregular(9) });
    const v = c.view();
    for (const team of [0, 1]) {
      if (v.flagged === team) assert.equal(v.remainingMs[team], 0);
      else assert.equal(v.remainingMs[team], inc.budgetMs - used[team]);
    }
  });
});

describe('save and restore', () => {
  test('a running clock keeps running while away', () => {
    const now = fakeTime();
    const c = createClock({}, now);
    c.start();
    now.advance(40_000);
    c.switchTurn();
    now.advance(12_500);
    const saved = JSON.stringify(c);

    const later = fakeTime(now() + 42_250); // the page reloads 42.25 s later
    const d = restoreClock(saved, later);
    assert.equal(d.phase, 'running');
    assert.equal(d.active, 1);
    assert.equal(d.remaining(1), 5 * MIN - 12_500 - 42_250);
    assert.equal(d.remaining(0), 5 * MIN - 40_000);
    later.advance(1_000);
    d.switchTurn();
    assert.equal(d.remaining(1), 5 * MIN - 12_500 - 43_250);
    assert.deepEqual(d.view().moves, [1, 1]);
  });

  test('a paused clock stays paused however long away', () => {
    const now = fakeTime();
    const c = createClock({ incrementMs: 2_000 }, now);
    c.start();
    now.advance(3_000);
    c.pause();
    const saved = c.toJSON();
    const d = restoreClock(saved, fakeTime(now() + 24 * 60 * MIN));
    assert.equal(d.phase, 'paused');
    assert.equal(d.remaining(0), 5 * MIN - 3_000);
    assert.deepEqual(types(d.resume()), ['resume']);
    assert.equal(d.settings.incrementMs, 2_000);
  });

  test('time that ran out while away flags at the exact moment', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(20_000);
    const saved = JSON.stringify(c);
    const later = fakeTime(now() + 10 * MIN);
    const d = restoreClock(saved, later);
    assert.equal(d.phase, 'flagged');
    assert.equal(d.view().flagAt, EPOCH + MIN);
    const ev = d.tick();
    assert.deepEqual(fresh(ev), [{ type: 'flag', team: 0, at: EPOCH + MIN }], 'old thresholds are not spoken');
    assert.deepEqual(ev.filter((e) => e.type === 'threshold').map((e) => e.secondsLeft), [30, 10, 5, 4, 3, 2, 1]);
    assert.deepEqual(d.tick(), []);
  });

  test('a threshold already reported is not repeated after a reload', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(31_000);
    assert.equal(c.tick().length, 1);
    const d = restoreClock(JSON.stringify(c), fakeTime(now() + 500));
    assert.deepEqual(d.tick(), []);
  });

  test('an event due but not yet reported survives a reload', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: MIN }, now);
    c.start();
    now.advance(MIN + 1);
    assert.equal(c.phase, 'flagged'); // settled by reading, not yet reported
    const d = restoreClock(JSON.stringify(c), fakeTime(now() + 5));
    assert.deepEqual(types(fresh(d.tick())), ['flag']);
  });

  test('a wall clock set back does not give time back or freeze it', () => {
    const now = fakeTime();
    const c = createClock({}, now);
    c.start();
    now.advance(10_000);
    const saved = JSON.stringify(c);
    const earlier = fakeTime(now() - 3_600_000);
    const d = restoreClock(saved, earlier);
    assert.equal(d.remaining(0), 5 * MIN - 10_000);
    earlier.advance(1_000);
    assert.equal(d.remaining(0), 5 * MIN - 11_000);
  });

  test('the saved state is plain JSON and round-trips', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: 3 * MIN, incrementMs: 1_000, starter: 1 }, now);
    c.start();
    now.advance(777);
    c.switchTurn();
    const json = JSON.stringify(c);
    const d = restoreClock(JSON.parse(json), fakeTime(now()));
    assert.deepEqual(d.toJSON(), JSON.parse(json));
    assert.deepEqual(d.view(), c.view());
  });

  test('an unknown state is refused', () => {
    assert.throws(() => restoreClock({ version: 99 }, fakeTime()));
    assert.throws(() => restoreClock(null, fakeTime()));
  });

  test('onChange fires on every change, to save', () => {
    const now = fakeTime();
    const saves = [];
    const c = createClock({ budgetMs: MIN }, now, { onChange: (clock) => saves.push(JSON.stringify(clock)) });
    c.start();
    assert.equal(saves.length, 1);
    c.tick();
    assert.equal(saves.length, 1, 'nothing changed');
    now.advance(1_000);
    c.switchTurn();
    assert.equal(saves.length, 2);
    now.advance(MIN + 1);
    assert.equal(c.phase, 'flagged');
    assert.equal(saves.length, 3, 'the flag falling is a change');
    const d = restoreClock(saves.at(-1), fakeTime(now()));
    assert.equal(d.phase, 'flagged');
  });

  test('reading a running clock saves nothing until a threshold or the flag', () => {
    const now = fakeTime();
    const saves = [];
    const c = createClock({ budgetMs: 2 * MIN }, now, { onChange: () => saves.push(1) });
    c.start();
    assert.equal(saves.length, 1);
    for (let i = 0; i < 50; i++) {
      now.advance(100);
      c.view();
      c.msUntilNextTick();
      c.tick();
    }
    assert.equal(saves.length, 1, 'time passing alone is not a change to save');
    now.advance(MIN - 5_000 + 1);
    const events = c.tick();
    assert.deepEqual(events.map((e) => e.secondsLeft), [60]);
    assert.equal(saves.length, 2, 'a threshold crossed is');
    now.advance(500);
    assert.deepEqual(c.tick(), [], 'and fires once');
  });
});

describe('display accuracy', () => {
  // shownError: how far the true remaining time r lies outside what the digits say.
  // "m:ss" with S whole seconds (rounded up) is right for any r in (S-1 s, S s].
  function shownError(text, r) {
    const [m, s] = text.split(':').map(Number);
    const hi = (m * 60 + s) * 1000;
    const lo = hi - 1000;
    if (hi === 0) return r; // 0:00 only at the flag
    if (r > hi) return r - hi;
    if (r <= lo) return lo - r;
    return 0;
  }

  // simulate drives a page loop: it redraws whenever a timer fires, and asks the clock
  // when to fire next; lateness(delay) says when the browser really fires it.
  function simulate(lateness, budgetMs = 2 * MIN) {
    const now = fakeTime();
    const c = createClock({ budgetMs }, now);
    c.start();
    let shown = formatClock(c.remaining());
    let worst = 0;
    let renders = 0;
    let wrongAtRender = 0;
    while (c.phase === 'running') {
      const delay = c.msUntilNextTick();
      const fire = Math.max(delay, lateness(delay));
      for (let i = 0; i < fire; i++) {
        now.advance(1);
        const truth = Math.max(0, budgetMs - (now() - EPOCH));
        if (truth === 0) break;
        worst = Math.max(worst, shownError(shown, truth));
      }
      if (now() - EPOCH >= budgetMs) break;
      c.tick();
      shown = formatClock(c.remaining());
      renders++;
      wrongAtRender += shownError(shown, Math.max(0, budgetMs - (now() - EPOCH)));
    }
    return { worst, renders, wrongAtRender };
  }

  test('timers up to 50 ms late: the digits are never off by more than 50 ms', () => {
    const g = rng(5);
    const { worst, renders } = simulate((d) => d + g.int(0, 50));
    assert.ok(renders > 100);
    assert.ok(worst <= 50, `worst ${worst} ms`);
  });

  test('timers exact: the digits are never off at all', () => {
    const { worst } = simulate((d) => d);
    assert.equal(worst, 0);
  });

  for (const [name, late] of [
    ['throttled to 1 s', (d) => Math.max(1_000, Math.ceil(d / 1_000) * 1_000)],
    ['background, once a minute', () => 60_000],
    ['irregular', ((g) => (d) => d + g.int(0, 2_000))(rng(11))],
  ]) {
    test(`timers ${name}: every redraw shows the true time`, () => {
      const { renders, wrongAtRender } = simulate(late);
      assert.ok(renders > 0);
      assert.equal(wrongAtRender, 0);
    });
  }

  test('the clock\'s reading is the true remaining time at any moment', () => {
    const now = fakeTime();
    const c = createClock({ budgetMs: 5 * MIN }, now);
    c.start();
    const g = rng(3);
    let elapsed = 0;
    while (elapsed < 5 * MIN) {
      const step = g.int(1, 2_000);
      now.advance(step);
      elapsed += step;
      assert.equal(c.remaining(), Math.max(0, 5 * MIN - elapsed));
      assert.equal(wholeSeconds(c.remaining()), Math.ceil(Math.max(0, 5 * MIN - elapsed) / 1000));
    }
  });
});

describe('time source', () => {
  function fakes() {
    const f = { perf: 1_000, date: EPOCH };
    return { f, source: makeTimeSource({ perfNow: () => f.perf, dateNow: () => f.date }) };
  }

  test('runs on performance.now from the epoch', () => {
    const { f, source } = fakes();
    assert.equal(source(), EPOCH);
    f.perf += 1_234.5;
    f.date += 1_235;
    assert.equal(source(), EPOCH + 1_234.5);
  });

  test('follows Date.now forward after the machine slept', () => {
    const { f, source } = fakes();
    f.date += 10 * MIN; // performance.now stood still during sleep
    assert.equal(source(), EPOCH + 10 * MIN);
    f.perf += 100;
    f.date += 100;
    assert.equal(source(), EPOCH + 10 * MIN + 100);
  });

  test('ignores small drift and never runs backwards', () => {
    const { f, source } = fakes();
    f.perf += 1_000;
    f.date += 1_020; // within tolerance
    assert.equal(source(), EPOCH + 1_000);
    f.perf += 1_000;
    f.date -= 3_600_000; // wall clock set back an hour
    assert.equal(source(), EPOCH + 2_000);
    assert.equal(source.resync(), EPOCH + 2_000);
  });

  test('a clock on it survives a sleep with the right time', () => {
    const { f, source } = fakes();
    const c = createClock({ budgetMs: 5 * MIN }, source);
    c.start();
    f.perf += 1_000;
    f.date += 1_000;
    f.date += 2 * MIN; // asleep
    source.resync();
    assert.equal(c.remaining(), 5 * MIN - 1_000 - 2 * MIN);
  });
});
