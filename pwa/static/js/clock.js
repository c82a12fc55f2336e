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
// Time controls (settings.control): 'increment' (Fischer: incrementMs added to a team's
// time after each of its turns), 'delay' (simple delay: each turn the clock waits delayMs
// before the team's time starts to run; a wait not used is lost) and 'bronstein' (after
// each turn the team gets back the time it used in that turn, up to delayMs). The delay
// left is stored like the time: at the start of a running stretch, and read as
//     delay = delayLeft - (now - since), remaining = stored - max(0, now - since - delayLeft)
// Handicap: settings.budgetsMs gives each team its own starting time.
//
// Phases: ready -> running <-> paused; running -> flagged (time hit zero);
// flagged -> running (continueUntimed); running|paused|flagged -> over (gameOver);
// any -> ready (reset).
//
// Events. Every mutating method, and tick(), returns the list of events that became due
// since the last such call, oldest first, ending with the method's own event:
//   {type: 'start',     team, remainingMs, at}
//   {type: 'turn',      team, from, remainingMs, at}      (remainingMs null when untimed)
//   {type: 'threshold', team, secondsLeft, at, stale}     secondsLeft: a chosen threshold
//   {type: 'flag',      team, at}                         at = the exact moment of zero
//   {type: 'pause' | 'resume', team, remainingMs, at}     a pause has reason: 'hidden'
//                                                         when the page was put away
//   {type: 'untimed',   team, at}
//   {type: 'over', at} and {type: 'reset', at}
// A method that is not allowed in the current phase changes nothing and returns [].
//
// Thresholds are the settings' alerts (seconds left, chosen among ALERT_CHOICES_S; by
// default 60, 30 and 10) and, with countdown, 5 to 1: THRESHOLDS_S by default.
// They are crossings: a threshold T fires when the active team's remaining time
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

// The warnings a setup may choose, in seconds left, and the count of the last seconds.
export const ALERT_CHOICES_S = Object.freeze([300, 120, 60, 30, 10]);
export const DEFAULT_ALERTS_S = Object.freeze([60, 30, 10]);
export const COUNTDOWN_S = Object.freeze([5, 4, 3, 2, 1]);
// The thresholds with the default settings.
export const THRESHOLDS_S = Object.freeze([...DEFAULT_ALERTS_S, ...COUNTDOWN_S]);

export const CONTROLS = Object.freeze(['increment', 'delay', 'bronstein']);

export const LIMITS = Object.freeze({
  defaultBudgetMs: 5 * 60_000,
  minBudgetMs: 60_000,
  maxBudgetMs: 60 * 60_000,
  maxIncrementMs: 30_000,
  maxDelayMs: 30_000,
});

const STATE_VERSION = 1;

// normalizeSettings fills defaults and refuses values outside the ranges:
// 1 to 60 minutes per team (or untimed), each team's own time in the same range
// (budgetsMs, a handicap; by default both budgetMs), a time control with 0 to 30 s of
// increment or delay (the one that is not chosen stays 0), alerts among ALERT_CHOICES_S,
// the countdown on or off, a valid starting team.
export function normalizeSettings(settings = {}) {
  const teams = settings.teams ?? 2;
  const untimed = Boolean(settings.untimed);
  const budgetMs = settings.budgetMs ?? LIMITS.defaultBudgetMs;
  const control = settings.control ?? 'increment';
  const incrementMs = settings.incrementMs ?? 0;
  const delayMs = settings.delayMs ?? 0;
  const starter = settings.starter ?? 0;
  const alerts = settings.alerts ?? DEFAULT_ALERTS_S;
  const countdown = settings.countdown ?? true;
  if (!Number.isInteger(teams) || teams < 2) throw new RangeError(`teams: ${teams}`);
  const budget = (ms) => Number.isFinite(ms) && ms >= LIMITS.minBudgetMs && ms <= LIMITS.maxBudgetMs;
  if (!budget(budgetMs)) throw new RangeError(`budgetMs: ${budgetMs}`);
  const budgetsMs = settings.budgetsMs ?? Array(teams).fill(budgetMs);
  if (!Array.isArray(budgetsMs) || budgetsMs.length !== teams || !budgetsMs.every(budget)) {
    throw new RangeError(`budgetsMs: ${budgetsMs}`);
  }
  if (!CONTROLS.includes(control)) throw new RangeError(`control: ${control}`);
  if (!Number.isFinite(incrementMs) || incrementMs < 0 || incrementMs > LIMITS.maxIncrementMs) {
    throw new RangeError(`incrementMs: ${incrementMs}`);
  }
  if (!Number.isFinite(delayMs) || delayMs < 0 || delayMs > LIMITS.maxDelayMs) {
    throw new RangeError(`delayMs: ${delayMs}`);
  }
  if (control === 'increment' ? delayMs !== 0 : incrementMs !== 0) {
    throw new RangeError(`${control}: incrementMs ${incrementMs}, delayMs ${delayMs}`);
  }
  if (!Array.isArray(alerts) || !alerts.every((a) => ALERT_CHOICES_S.includes(a))
    || new Set(alerts).size !== alerts.length) {
    throw new RangeError(`alerts: ${alerts}`);
  }
  if (typeof countdown !== 'boolean') throw new RangeError(`countdown: ${countdown}`);
  if (!Number.isInteger(starter) || starter < 0 || starter >= teams) {
    throw new RangeError(`starter: ${starter}`);
  }
  return {
    teams,
    budgetMs,
    budgetsMs: [...budgetsMs],
    control,
    incrementMs,
    delayMs,
    untimed,
    starter,
    alerts: [...alerts].sort((a, b) => b - a),
    countdown,
  };
}

// thresholdsOf: the seconds left at which a turn is told its time, from the earliest.
export function thresholdsOf(settings) {
  return [...settings.alerts, ...(settings.countdown ? COUNTDOWN_S : [])];
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
    remaining: [...settings.budgetsMs],
    since: null, // when the current running stretch began; null unless running
    // The active team's delay left at the start of the current running stretch (simple
    // delay only; 0 otherwise), and its time when its turn began (for Bronstein).
    delayLeft: turnDelay(settings),
    turnStartMs: settings.budgetsMs[settings.starter],
    pausedBy: null, // 'hidden' when the page paused it on being put away
    moves: Array(settings.teams).fill(0),
    checkedMs: settings.budgetsMs[settings.starter], // active team's remaining when thresholds were last checked
    flagged: null,
    flagAt: null,
    startedAt: null,
    endedAt: null,
    pending: [], // events due but not yet returned; saved so none is lost on reload
  };
}

// turnDelay: the wait at the start of each turn (simple delay), else 0.
function turnDelay(settings) {
  return settings.control === 'delay' ? settings.delayMs : 0;
}

export class Clock {
  #now;
  #s;
  #thresholds;
  #last = -Infinity;
  #onChange;
  #staleAfterMs;

  // settings: see normalizeSettings ({teams, budgetMs, budgetsMs, control, incrementMs,
  // delayMs, untimed, starter, alerts, countdown}); now: () => epoch ms.
  // options.onChange(clock) is called after every change of state, to save it.
  constructor(settings, now, options = {}) {
    if (typeof now !== 'function') throw new TypeError('now must be a function');
    this.#now = now;
    this.#onChange = options.onChange;
    this.#staleAfterMs = options.staleAfterMs ?? 1000;
    this.#s = freshState(normalizeSettings(settings));
    this.#thresholds = thresholdsOf(this.#s.settings);
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
    // States saved before time controls and handicaps: no delay, turns as they stand.
    s.delayLeft ??= 0;
    s.turnStartMs ??= s.remaining[s.active];
    s.pausedBy ??= null;
    const t = clock.#time();
    // A wall clock set back since the save: the time away is unknown, so count none of
    // it, but keep what had run before the save (rather than freeze or give time back).
    if (s.phase === 'running' && Number.isFinite(s.savedAt) && s.savedAt > t) {
      s.since -= s.savedAt - t;
    }
    delete s.savedAt;
    clock.#s = s;
    clock.#thresholds = thresholdsOf(s.settings);
    clock.#advance(t);
    return clock;
  }

  // --- reading -------------------------------------------------------------------

  get phase() { return this.#read((s) => s.phase); }
  get active() { return this.#read((s) => s.active); }
  get untimed() { return this.#read((s) => s.untimed); }
  // pausedBy: 'hidden' while paused because the page was put away, else null.
  get pausedBy() { return this.#read((s) => (s.phase === 'paused' ? s.pausedBy : null)); }
  get thresholds() { return [...this.#thresholds]; }
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
      // The active team's delay left (simple delay, while its turn is on), else null.
      delayMs: this.#delayShown(t),
      pausedBy: s.phase === 'paused' ? s.pausedBy : null,
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
      for (const T of this.#thresholds) {
        if (T * 1000 < r) { next = T * 1000; break; }
      }
      return Math.ceil(this.#delayAt(t) + r - next);
    });
  }

  // msUntilDisplayChange: ms until the shown whole seconds (rounded up) change, or null.
  // During a simple delay, the delay's own whole seconds are shown, and change first.
  msUntilDisplayChange() {
    return this.#read((s, t) => {
      if (s.phase !== 'running' || s.untimed) return null;
      const d = this.#delayAt(t);
      if (d > 0) return Math.ceil(d - (Math.ceil(d / 1000) - 1) * 1000);
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
      s.turnStartMs = s.remaining[s.active];
      s.delayLeft = turnDelay(s.settings);
      return { type: 'start', team: s.active, remainingMs: this.#remainingAt(s.active, t), at: t };
    });
  }

  // switchTurn: the running team ends its turn. Its time is settled at this very call
  // (with its increment, or what Bronstein gives back); if it had already run out, the
  // flag fell when it hit zero and no switch happens.
  switchTurn() {
    return this.#change((s, t) => {
      if (s.phase !== 'running') return null;
      const from = s.active;
      if (!s.untimed) {
        const r = this.#remainingAt(from, t);
        const { control, incrementMs, delayMs } = s.settings;
        if (control === 'increment') s.remaining[from] = r + incrementMs;
        else if (control === 'bronstein') s.remaining[from] = r + Math.min(s.turnStartMs - r, delayMs);
        else s.remaining[from] = r;
      }
      s.moves[from] += 1;
      s.active = (from + 1) % s.settings.teams;
      s.since = t;
      s.checkedMs = s.remaining[s.active];
      s.turnStartMs = s.remaining[s.active];
      s.delayLeft = s.untimed ? 0 : turnDelay(s.settings);
      return { type: 'turn', team: s.active, from, remainingMs: this.#remainingAt(s.active, t), at: t };
    });
  }

  // pause stops the running clock; reason 'hidden' says the page paused it on being put
  // away (kept until resumed, so a page reloaded meanwhile can say why it is paused).
  pause(reason) {
    return this.#change((s, t) => {
      if (s.phase !== 'running') return null;
      s.remaining[s.active] = this.#remainingAt(s.active, t) ?? s.remaining[s.active];
      s.delayLeft = this.#delayAt(t);
      s.since = null;
      s.phase = 'paused';
      s.pausedBy = reason === 'hidden' ? 'hidden' : null;
      const e = { type: 'pause', team: s.active, remainingMs: this.#remainingAt(s.active, t), at: t };
      if (s.pausedBy) e.reason = s.pausedBy;
      return e;
    });
  }

  resume() {
    return this.#change((s, t) => {
      if (s.phase !== 'paused') return null;
      s.phase = 'running';
      s.since = t;
      s.pausedBy = null;
      return { type: 'resume', team: s.active, remainingMs: this.#remainingAt(s.active, t), at: t };
    });
  }

  // reset goes back to ready, with new settings if given (a new game).
  reset(settings) {
    return this.#change((s, t) => {
      this.#s = freshState(normalizeSettings(settings ?? s.settings));
      this.#thresholds = thresholdsOf(this.#s.settings);
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
      s.delayLeft = 0;
      s.pausedBy = null;
      return { type: 'untimed', team: s.active, at: t };
    });
  }

  // gameOver records the end of the game; the times stay as they were at this moment.
  gameOver() {
    return this.#change((s, t) => {
      if (!['running', 'paused', 'flagged'].includes(s.phase)) return null;
      if (s.phase === 'running' && !s.untimed) {
        s.remaining[s.active] = this.#remainingAt(s.active, t);
        s.delayLeft = this.#delayAt(t);
      }
      s.since = null;
      s.pausedBy = null;
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

  // #remainingAt: the time runs only once the stretch's delay left is used up.
  #remainingAt(team, t) {
    const s = this.#s;
    if (s.untimed) return null;
    if (s.phase === 'running' && team === s.active) {
      return Math.max(0, s.remaining[team] - Math.max(0, t - s.since - s.delayLeft));
    }
    return s.remaining[team];
  }

  // #delayAt: the active team's delay left at t (0 but during a simple delay).
  #delayAt(t) {
    const s = this.#s;
    if (s.untimed || !s.delayLeft) return 0;
    if (s.phase === 'running') return Math.max(0, s.delayLeft - Math.max(0, t - s.since));
    return s.delayLeft;
  }

  // #delayShown: the delay left for the view: a number with a simple delay while a turn
  // is on (running or paused), else null.
  #delayShown(t) {
    const s = this.#s;
    if (s.untimed || s.settings.control !== 'delay') return null;
    if (s.phase !== 'running' && s.phase !== 'paused') return null;
    return this.#delayAt(t);
  }

  // #advance settles what time alone decides: thresholds crossed and the flag, each
  // dated at its exact moment, queued in the state until a change returns them.
  #advance(t) {
    const s = this.#s;
    if (s.phase !== 'running' || s.untimed) return;
    const start = s.remaining[s.active];
    const runsFrom = s.since + s.delayLeft; // when this stretch's time began to run
    const r = this.#remainingAt(s.active, t);
    let crossed = false;
    for (const T of this.#thresholds) {
      const ms = T * 1000;
      if (ms < s.checkedMs && ms >= r) {
        s.pending.push({ type: 'threshold', team: s.active, secondsLeft: T, at: runsFrom + (start - ms) });
        crossed = true;
      }
    }
    // Moved on only past a crossing: between crossings nothing else reads it, and a
    // state that does not change with every reading is saved only when something happens.
    if (crossed) s.checkedMs = r;
    if (r === 0) {
      s.phase = 'flagged';
      s.flagged = s.active;
      s.flagAt = runsFrom + start;
      s.remaining[s.active] = 0;
      s.delayLeft = 0;
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
