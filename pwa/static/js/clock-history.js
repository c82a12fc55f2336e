// clock-history.js: the Donaz clock's turns, kept as the clock's events come, and the
// sentences made from them ("where are we?", the history's summary). Pure: no DOM, no
// timers, no storage; a history is plain data (saved with the clock's state) and every
// function returns a new one.
//
// The page hands every event the clock returns (clock.js: start, turn, pause, resume,
// flag, untimed, over, reset; the rest are ignored) to record(), with leftOf(team): that
// team's time as the clock has it just after the event (clock.remaining(team)), so that a
// turn's "time left" is what its team really kept, increments and any other rule included.
// The time a turn used is the time its clock ran: from its start to its end, less the
// pauses (and, after a flag, the time stopped before playing on without the clock).
//
// A history: {version, turns: [{n, team, usedMs, leftMs, flagged}], open}
//   turns    finished turns, in order; n counts from 1; leftMs null when untimed;
//            flagged: the team's time ran out in this turn
//   open     the turn under way: {team, at, pausedMs, pausedAt, flagged}, or null
import { durationWords, bothTimesSentence } from './timewords.js';

export const HISTORY_VERSION = 1;

export function emptyHistory() {
  return { version: HISTORY_VERSION, turns: [], open: null };
}

const isTeam = (x) => x === 0 || x === 1;
const isTime = (x) => typeof x === 'number' && Number.isFinite(x) && x >= 0;

// restoreHistory checks a saved history, field by field; anything it does not recognise
// gives an empty one (a history is a help, never a reason for the clock not to load).
export function restoreHistory(saved) {
  if (!saved || typeof saved !== 'object' || saved.version !== HISTORY_VERSION || !Array.isArray(saved.turns)) {
    return emptyHistory();
  }
  const turns = [];
  for (const r of saved.turns) {
    if (!r || !isTeam(r.team) || !isTime(r.usedMs) || !(r.leftMs === null || isTime(r.leftMs))) return emptyHistory();
    turns.push({ n: turns.length + 1, team: r.team, usedMs: r.usedMs, leftMs: r.leftMs, flagged: Boolean(r.flagged) });
  }
  let open = null;
  const o = saved.open;
  if (o) {
    if (!isTeam(o.team) || !Number.isFinite(o.at) || !isTime(o.pausedMs) || !(o.pausedAt === null || Number.isFinite(o.pausedAt))) {
      return emptyHistory();
    }
    open = { team: o.team, at: o.at, pausedMs: o.pausedMs, pausedAt: o.pausedAt, flagged: Boolean(o.flagged) };
  }
  return { version: HISTORY_VERSION, turns, open };
}

// ranMs is how long the open turn's clock has run until at.
function ranMs(open, at) {
  const end = open.pausedAt ?? at;
  return Math.max(0, end - open.at - open.pausedMs);
}

// close ends the open turn at the moment at, as the next row.
function close(h, at, leftOf) {
  const o = h.open;
  const left = leftOf(o.team);
  return [...h.turns, {
    n: h.turns.length + 1,
    team: o.team,
    usedMs: ranMs(o, at),
    leftMs: isTime(left) ? left : null,
    flagged: o.flagged,
  }];
}

const opened = (team, at) => ({ team, at, pausedMs: 0, pausedAt: null, flagged: false });

/**
 * record returns the history after one clock event. leftOf(team) is the team's time (ms,
 * or null untimed) just after the event.
 */
export function record(h, event, leftOf = () => null) {
  const at = event.at;
  switch (event.type) {
    case 'start':
      return { ...emptyHistory(), open: opened(event.team, at) };
    case 'turn': {
      // No open turn: a history saved by an older page, or lost; the new turn starts it.
      const turns = h.open && h.open.team === event.from ? close(h, at, leftOf) : h.turns;
      return { ...h, turns, open: opened(event.team, at) };
    }
    case 'pause':
    case 'flag': {
      if (!h.open) return h;
      const o = h.open;
      return { ...h, open: { ...o, pausedAt: o.pausedAt ?? at, flagged: o.flagged || event.type === 'flag' } };
    }
    case 'resume':
    case 'untimed': {
      if (!h.open || h.open.pausedAt === null) return h;
      const o = h.open;
      return { ...h, open: { ...o, pausedMs: o.pausedMs + Math.max(0, at - o.pausedAt), pausedAt: null } };
    }
    case 'over':
      if (!h.open) return h;
      return { ...h, turns: close(h, at, leftOf), open: null };
    case 'reset':
      return emptyHistory();
    default:
      return h;
  }
}

/** The number of the turn under way (counted from 1), or of the last one when none is. */
export function turnNumber(h) {
  return h.turns.length + (h.open ? 1 : 0);
}

// wholeMs rounds a duration to the nearest whole second, as it is shown and said: a turn
// of 12.3 s used 12 seconds (remaining times round up instead: timewords.js).
export const wholeMs = (ms) => Math.round(ms / 1000) * 1000;

/** Each team's finished turns: {turns, usedMs, longestMs}, for teams 0 and 1. */
export function teamStats(h) {
  const out = [0, 1].map(() => ({ turns: 0, usedMs: 0, longestMs: 0 }));
  for (const r of h.turns) {
    const s = out[r.team];
    s.turns += 1;
    s.usedMs += r.usedMs;
    s.longestMs = Math.max(s.longestMs, r.usedMs);
  }
  return out;
}

// usedWords says a time used, rounded to the nearest second.
export function usedWords(ms, t) {
  return durationWords(wholeMs(ms), t);
}

/**
 * The history's summary, in a few sentences: "12 turns played. Team 1 used 4 minutes
 * 10 seconds in 6 turns, the longest 1 minute 2 seconds. Team 2 …". Finished turns only.
 */
export function historySummary(h, names, t) {
  if (h.turns.length === 0) return t('donaz.history.none');
  const parts = [t('donaz.history.total', { Count: h.turns.length })];
  teamStats(h).forEach((s, i) => {
    if (s.turns === 0) {
      parts.push(t('donaz.history.teamNone', { Team: names[i] }));
      return;
    }
    parts.push(t('donaz.history.team', {
      Team: names[i], Count: s.turns, Used: usedWords(s.usedMs, t), Longest: usedWords(s.longestMs, t),
    }));
  });
  return parts.join(' ');
}

/**
 * "Where are we?": the phase, whose clock runs and both times, in one or two sentences.
 * view is clock.view(); h the history (for the turn's number).
 */
export function whereSentence(view, h, names, t) {
  const a = view.active;
  const ms = view.remainingMs;
  const turn = { Turn: Math.max(1, turnNumber(h)) };
  const pair = (i) => ({
    Team: names[i], Time: durationWords(ms[i], t), Other: names[1 - i], OtherTime: durationWords(ms[1 - i], t),
  });
  switch (view.phase) {
    case 'ready':
      if (view.untimed) return t('donaz.where.readyUntimed', { Team: names[a] });
      return t('donaz.where.ready', { Team: names[a], Time: durationWords(ms[a], t) });
    case 'running':
      if (view.untimed) return t('donaz.where.runningUntimed', { ...turn, Team: names[a] });
      return t('donaz.where.running', { ...turn, ...pair(a) });
    case 'paused':
      if (view.untimed) return t('donaz.where.pausedUntimed', { ...turn, Team: names[a] });
      return t('donaz.where.paused', { ...turn, ...pair(a) });
    case 'flagged': {
      const f = isTeam(view.flagged) ? view.flagged : a;
      return t('donaz.where.flagged', { ...turn, Team: names[f], Other: names[1 - f], OtherTime: durationWords(ms[1 - f], t) });
    }
    default: {
      const count = { Count: Math.max(1, h.turns.length) };
      if (view.untimed) return t('donaz.where.overUntimed', count);
      return t('donaz.where.over', {
        ...count, Team1: names[0], Time1: durationWords(ms[0], t), Team2: names[1], Time2: durationWords(ms[1], t),
      });
    }
  }
}

/**
 * The text shared at the end of a game: the game's name (pasted into a chat, it says
 * which game it was), both times, then the summary.
 */
export function shareSummary(view, h, names, t) {
  return `${t('donaz.share.game')} ${bothTimesSentence(names, view.remainingMs, t)} ${historySummary(h, names, t)}`;
}
