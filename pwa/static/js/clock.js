// clock.js: the Donaz chess clock's state machine. Pure: no DOM, no timers, no storage.
//
// Time comes from an injected function now() returning milliseconds on the wall-clock
// epoch (the Date.now() timebase). The page passes makeTimeSource(), which runs on
// performance.now() for smooth monotonic time and reconciles with Date.now() when the
// two disagree (a sleeping machine pauses performance.now in some browsers). Because the
// timebase is the epoch, the saved state is meaningful after a reload or a killed
// browser: a running clock restored later has lost exactly the wall time in between,
// and may have flagged while away, at the exact moment its time hit zero.
//
// Time is never accumulated from ticks. A team's remaining time is stored only at the
// start of a running stretch (turn start or resume) and computed as
//     remaining = stored - (now - since)
// so however irregular, throttled or missing the timers are, every reading and every
// settlement (switch, pause, flag) is exact. tick() only reports what became due.
//
// Phases: ready -> running <-> paused; running -> flagged (time hit zero);
// flagged -> running (continueUntimed); running|paused|flagged -> over (gameOver);
// any -> ready (reset).
//
// Events. Every mutating method, and tick(), returns the list of events that became due
// since the last such call, oldest first, ending with the method's own event:
//   {type: 'start',     team, remainingMs, at}
//   {type: 'turn',      team, from, remainingMs, at}      (remainingMs null when untimed)
//   {type: 'threshold', team, secondsLeft, at, stale}     secondsLeft in THRESHOLDS_S
//   {type: 'flag',      team, at}                         at = the exact moment of zero
//   {type: 'pause' | 'resume', team, remainingMs, at}
//   {type: 'untimed',   team, at}
//   {type: 'over', at} and {type: 'reset', at}
// A method that is not allowed in the current phase changes nothing and returns [].
//
// Thresholds are crossings: a threshold T fires when the active team's remaining time
// reaches T seconds during a turn that began with more than T seconds (a turn begun with
// 45 s gets 30 and 10, not 60; one begun with exactly 60 s does not get 60, the turn
// announcement already said it). Each fires once per turn, even if ticks were missed;
// pausing and resuming, or saving and restoring, never repeats one.
// Stale speech: when a throttled timer lets several become due at once, all are
// reported (in order) but every threshold event except the newest in the batch is marked
// stale: true, as is one that became due more than staleAfterMs ago (default 1000 ms:
// by then the next second is already up). The page speaks only events without stale.
// Flag events are never stale: time up must always be heard.
//
// The page, in outline:
//   const now = makeTimeSource();
//   const clock = saved ? restoreClock(saved, now, {onChange: save})
//                       : createClock(settings, now, {onChange: save});
//   function loop() {
//     clearTimeout(timer);
//     speak(clock.tick());            // events -> announcement() in timewords.js
//     render(clock.view());           // digits from formatClock(remainingMs)
//     const d = clock.msUntilNextTick();
//     if (d !== null) timer = setTimeout(loop, d);
//   }
//   tap: speak(clock.switchTurn()); loop();     (time settled in the handler itself)
//   visibilitychange to visible: now.resync(); loop();

export const THRESHOLDS_S = [60, 30, 10, 5, 4, 3, 2, 1];

export const LIMITS = Object.freeze({
  defaultBudgetMs: 5 * 60_000,
  minBudgetMs: 60_000,
  maxBudgetMs: 60 * 60_000,
  maxIncrementMs: 30_000,
});

const STATE_VERSION = 1;

// normalizeSettings fills defaults and refuses values outside the ranges:
// 1 to 60 minutes per team (or untimed), 0 to 30 s increment, a valid starting team.
export function normalizeSettings(settings = {}) {
  const teams = settings.teams ?? 2;
  const untimed = Boolean(settings.untimed);
  const budgetMs = settings.budgetMs ?? LIMITS.defaultBudgetMs;
  const incrementMs = settings.incrementMs ?? 0;
  const starter = settings.starter ?? 0;
  if (!Number.isInteger(teams) || teams < 2) throw new RangeError(`teams: ${teams}`);
  if (!Number.isFinite(budgetMs) || budgetMs < LIMITS.minBudgetMs || budgetMs > LIMITS.maxBudgetMs) {
    throw new RangeError(`budgetMs: ${budgetMs}`);
  }
  if (!Number.isFinite(incrementMs) || incrementMs < 0 || incrementMs > LIMITS.maxIncrementMs) {
    throw new RangeError(`incrementMs: ${incrementMs}`);
  }
  if (!Number.isInteger(starter) || starter < 0 || starter >= teams) {
    throw new RangeError(`starter: ${starter}`);
  }
  return { teams, budgetMs, incrementMs, untimed, starter };
}

function freshState(settings) {
  return {
    version: STATE_VERSION,
    settings,
    phase: 'ready',
    untimed: settings.untimed,
    active: settings.starter,
    // remaining[i]: team i's time at the start of the current running stretch
    // (for the active team) or at the end of its last turn (for the others).
    remaining: Array(settings.teams).fill(settings.budgetMs),
    since: null, // when the current running stretch began; null unless running
    moves: Array(settings.teams).fill(0),
    checkedMs: settings.budgetMs, // active team's remaining when thresholds were last checked
    flagged: null,
    flagAt: null,
    startedAt: null,
    endedAt: null,
    pending: [], // events due but not yet returned; saved so none is lost on reload
  };
}

export class Clock {
  #now;
  #s;
  #last = -Infinity;
  #onChange;
  #staleAfterMs;

  // settings: {teams, budgetMs, incrementMs, untimed, starter}; now: () => epoch ms.
  // options.onChange(clock) is called after every change of state, to save it.
  constructor(settings, now, options = {}) {
    if (typeof now !== 'function') throw new TypeError('now must be a function');
    this.#now = now;
    this.#onChange = options.onChange;
    this.#staleAfterMs = options.staleAfterMs ?? 1000;
    this.#s = freshState(normalizeSettings(settings));
  }

  // restore resumes a saved state (from toJSON). A clock that was running kept running
  // while away; if its time ran out meanwhile it is flagged at the exact moment, and the
  // next tick() returns the flag.
  static restore(saved, now, options = {}) {
    const data = typeof saved === 'string' ? JSON.parse(saved) : saved;
    if (!data || data.version !== STATE_VERSION) throw new Error('unknown clock state');
    const clock = new Clock(data.settings, now, options);
    const s = structuredClone(data);
    s.settings = normalizeSettings(s.settings);
    s.pending = Array.isArray(s.pending) ? s.pending : [];
    const t = clock.#time();
    // A wall clock set back since the save: the time away is unknown, so count none of
    // it, but keep what had run before the save (rather than freeze or give time back).
    if (s.phase === 'running' && Number.isFinite(s.savedAt) && s.savedAt > t) {
      s.since -= s.savedAt - t;
    }
    delete s.savedAt;
    clock.#s = s;
    clock.#advance(t);
    return clock;
  }

  // --- reading -------------------------------------------------------------------

  get phase() { return this.#read((s) => s.phase); }
  get active() { return this.#read((s) => s.active); }
  get untimed() { return this.#read((s) => s.untimed); }
  get settings() { return { ...this.#s.settings }; }

  // remaining(team) is team's time now in ms (never below 0), or null when untimed.
  remaining(team = this.#s.active) {
    return this.#read((s, t) => this.#remainingAt(team, t));
  }

  // view() is a plain snapshot for rendering.
  view() {
    return this.#read((s, t) => ({
      phase: s.phase,
      active: s.active,
      untimed: s.untimed,
      remainingMs: s.remaining.map((_, i) => this.#remainingAt(i, t)),
      moves: [...s.moves],
      flagged: s.flagged,
      flagAt: s.flagAt,
      startedAt: s.startedAt,
      endedAt: s.endedAt,
      settings: { ...s.settings },
    }));
  }

  // toJSON is the whole state, to save after every change, with the moment it was taken.
  toJSON() { return this.#read((s, t) => ({ ...structuredClone(s), savedAt: t })); }

  // msUntilNextEvent: ms until the next threshold or flag (0 if one is already due),
  // or null when none can come (not running, or untimed). Rounded up, so a timer set
  // to it never fires early.
  msUntilNextEvent() {
    return this.#read((s, t) => {
      if (s.pending.length) return 0;
      if (s.phase !== 'running' || s.untimed) return null;
      const r = this.#remainingAt(s.active, t);
      let next = 0;
      for (const T of THRESHOLDS_S) {
        if (T * 1000 < r) { next = T * 1000; break; }
      }
      return Math.ceil(r - next);
    });
  }

  // msUntilDisplayChange: ms until the shown whole seconds (rounded up) change, or null.
  msUntilDisplayChange() {
    return this.#read((s, t) => {
      if (s.phase !== 'running' || s.untimed) return null;
      const r = this.#remainingAt(s.active, t);
      return Math.ceil(r - (Math.ceil(r / 1000) - 1) * 1000);
    });
  }

  // msUntilNextTick: when the page should call tick() and redraw next, or null.
  msUntilNextTick() {
    const a = this.msUntilNextEvent();
    const b = this.msUntilDisplayChange();
    if (a === null) return b;
    if (b === null) return a;
    return Math.min(a, b);
  }

  // --- changing --------------------------------------------------------------------

  // tick returns the events that became due since the last call (see the header).
  tick() { return this.#change(() => null); }

  start() {
    return this.#change((s, t) => {
      if (s.phase !== 'ready') return null;
      s.phase = 'running';
      s.active = s.settings.starter;
      s.since = t;
      s.startedAt = t;
      s.checkedMs = s.remaining[s.active];
      return { type: 'start', team: s.active, remainingMs: this.#remainingAt(s.active, t), at: t };
    });
  }

  // switchTurn: the running team ends its turn. Its time is settled at this very call;
  // if it had already run out, the flag fell when it hit zero and no switch happens.
  switchTurn() {
    return this.#change((s, t) => {
      if (s.phase !== 'running') return null;
      const from = s.active;
      if (!s.untimed) {
        s.remaining[from] = this.#remainingAt(from, t) + s.settings.incrementMs;
      }
      s.moves[from] += 1;
      s.active = (from + 1) % s.settings.teams;
      s.since = t;
      s.checkedMs = s.remaining[s.active];
      return { type: 'turn', team: s.active, from, remainingMs: this.#remainingAt(s.active, t), at: t };
    });
  }

  pause() {
    return this.#change((s, t) => {
      if (s.phase !== 'running') return null;
      s.remaining[s.active] = this.#remainingAt(s.active, t) ?? s.remaining[s.active];
      s.since = null;
      s.phase = 'paused';
      return { type: 'pause', team: s.active, remainingMs: this.#remainingAt(s.active, t), at: t };
    });
  }

  resume() {
    return this.#change((s, t) => {
      if (s.phase !== 'paused') return null;
      s.phase = 'running';
      s.since = t;
      return { type: 'resume', team: s.active, remainingMs: this.#remainingAt(s.active, t), at: t };
    });
  }

  // reset goes back to ready, with new settings if given (a new game).
  reset(settings) {
    return this.#change((s, t) => {
      this.#s = freshState(normalizeSettings(settings ?? s.settings));
      return { type: 'reset', at: t };
    });
  }

  // continueUntimed: play on without the clock; turns still switch and moves are counted.
  // The flagged team (or the active one) keeps its turn.
  continueUntimed() {
    return this.#change((s, t) => {
      if (!['running', 'paused', 'flagged'].includes(s.phase)) return null;
      s.untimed = true;
      s.phase = 'running';
      s.since = t;
      return { type: 'untimed', team: s.active, at: t };
    });
  }

  // gameOver records the end of the game; the times stay as they were at this moment.
  gameOver() {
    return this.#change((s, t) => {
      if (!['running', 'paused', 'flagged'].includes(s.phase)) return null;
      if (s.phase === 'running' && !s.untimed) s.remaining[s.active] = this.#remainingAt(s.active, t);
      s.since = null;
      s.phase = 'over';
      s.endedAt = t;
      return { type: 'over', at: t };
    });
  }

  // --- inside ----------------------------------------------------------------------

  // #time reads the injected source, never letting time run backwards within a session.
  #time() {
    const t = this.#now();
    if (!Number.isFinite(t)) throw new TypeError(`now() returned ${t}`);
    this.#last = Math.max(this.#last, t);
    return this.#last;
  }

  #remainingAt(team, t) {
    const s = this.#s;
    if (s.untimed) return null;
    if (s.phase === 'running' && team === s.active) {
      return Math.max(0, s.remaining[team] - Math.max(0, t - s.since));
    }
    return s.remaining[team];
  }

  // #advance settles what time alone decides: thresholds crossed and the flag, each
  // dated at its exact moment, queued in the state until a change returns them.
  #advance(t) {
    const s = this.#s;
    if (s.phase !== 'running' || s.untimed) return;
    const start = s.remaining[s.active];
    const r = this.#remainingAt(s.active, t);
    let crossed = false;
    for (const T of THRESHOLDS_S) {
      const ms = T * 1000;
      if (ms < s.checkedMs && ms >= r) {
        s.pending.push({ type: 'threshold', team: s.active, secondsLeft: T, at: s.since + (start - ms) });
        crossed = true;
      }
    }
    // Moved on only past a crossing: between crossings nothing else reads it, and a
    // state that does not change with every reading is saved only when something happens.
    if (crossed) s.checkedMs = r;
    if (r === 0) {
      s.phase = 'flagged';
      s.flagged = s.active;
      s.flagAt = s.since + start;
      s.remaining[s.active] = 0;
      s.since = null;
      s.pending.push({ type: 'flag', team: s.active, at: s.flagAt });
    }
  }

  #read(fn) {
    const before = this.#onChange ? JSON.stringify(this.#s) : '';
    const t = this.#time();
    this.#advance(t);
    const out = fn(this.#s, t);
    if (this.#onChange && JSON.stringify(this.#s) !== before) this.#onChange(this);
    return out;
  }

  // #change settles time, applies op (which returns its own event, or null when the
  // phase does not allow it) and returns every pending event, marking stale speech.
  #change(op) {
    const before = this.#onChange ? JSON.stringify(this.#s) : '';
    const t = this.#time();
    this.#advance(t);
    const own = op(this.#s, t);
    const s = this.#s;
    const events = s.pending;
    s.pending = [];
    if (own) events.push(own);
    const lastIndex = events.length - 1;
    events.forEach((e, i) => {
      if (e.type !== 'threshold') return;
      e.stale = i !== lastIndex || t - e.at > this.#staleAfterMs;
    });
    if (this.#onChange && JSON.stringify(s) !== before) this.#onChange(this);
    return events;
  }
}

export function createClock(settings, now, options) {
  return new Clock(settings, now, options);
}

export function restoreClock(saved, now, options) {
  return Clock.restore(saved, now, options);
}

// makeTimeSource returns now(): epoch ms that advance with performance.now() (smooth,
// monotonic, unaffected by wall-clock adjustments) but follow Date.now() forward when it
// has got ahead by more than toleranceMs, as after the machine slept. now.resync()
// forces that check (call it when the page becomes visible). Never runs backwards.
export function makeTimeSource({
  perfNow = () => performance.now(),
  dateNow = () => Date.now(),
  toleranceMs = 25,
} = {}) {
  let offset = dateNow() - perfNow();
  let last = -Infinity;
  function reconcile(p) {
    const drift = dateNow() - (p + offset);
    if (drift > toleranceMs) offset += drift;
  }
  function now() {
    const p = perfNow();
    reconcile(p);
    last = Math.max(last, p + offset);
    return last;
  }
  now.resync = () => { reconcile(perfNow()); return now(); };
  return now;
}
