// donaz-clock.js: the Donaz chess clock page. The state machine (clock.js) and the
// sentences (timewords.js) are pure and tested with node; this module only wires them to
// the page: input, rendering, live regions, speech, sound, vibration, storage, wake lock.
// The turns are kept by clock-history.js (pure too), fed with the clock's events.
//
// Speed: a tap (pointerdown, not release) or Space/Enter settles the time inside the
// handler itself (clock.switchTurn reads the time source there and then), then redraws
// and writes the live region synchronously, so the switch is on screen and in the
// accessibility tree by the next frame. Nothing in that path waits for a timer or a fetch:
// the sentences come with the page (the config block), not from the network.
import { createClock, restoreClock, makeTimeSource } from './clock.js';
import {
  formatClock, formatShown, msUntilShownChange, wholeSeconds, durationWords, announcement, bothTimesSentence, awaySentence, drawnSentence,
} from './timewords.js';
import { makeT } from './plural.js';
import { say, sound, haptic } from './feedback.js';
import { readSettings } from './settings.js';
import {
  emptyHistory, record, restoreHistory, historySummary, whereSentence, shareSummary, usedWords, wholeMs,
} from './clock-history.js';
import { wireShareButtons } from './share.js';
import './awake.js';
import './toolbar.js';

const STORE = 'tavolo.donaz.clock';
const FLIP = 'tavolo.donaz.flip';
const config = JSON.parse(document.getElementById('donaz-config').textContent);
const root = document.documentElement;
const t = makeT(config.messages, root.lang || 'en');
const names = config.names;
// The names as a sentence says them: a default team's with its article ("la squadra 1",
// "l'équipe 1"); the names above label the halves and the history's table.
const said = config.said || names;
const $ = (id) => document.getElementById(id);
// What announcements say: whole sentences ('full') or the fact alone ('brief'), as the
// device's settings say (read each time: cheap, and a test may change it on the page).
const verbosity = () => readSettings(root).verbosity;

const els = {
  halves: $('donaz-halves'),
  half: [$('half-0'), $('half-1')],
  timer: [$('timer-0'), $('timer-1')],
  delay: [$('delay-0'), $('delay-1')], // a simple delay counting down; absent without one
  state: [$('state-0'), $('state-1')],
  button: [$('button-0'), $('button-1')],
  ready: $('donaz-ready'),
  start: $('donaz-start'),
  pause: $('donaz-pause'),
  pauseLabel: $('donaz-pause').querySelector('.bar-label'),
  say: $('donaz-say'),
  where: $('donaz-where'),
  historyButton: $('donaz-history-button'),
  moreButton: $('donaz-more-button'),
  sheet: $('donaz-sheet'),
  history: $('donaz-history'),
  historySummary: $('donaz-history-summary'),
  historyRows: $('donaz-history-rows'),
  historyClose: $('donaz-history-close'),
  more: $('donaz-more'),
  flip: $('donaz-flip'),
  fullscreen: $('donaz-fullscreen'),
  reset: $('donaz-reset'),
  over: $('donaz-over'),
  flagged: $('donaz-flagged'),
  flaggedBody: $('donaz-flagged-body'),
  cont: $('donaz-continue'),
  ended: $('donaz-ended'),
  endedTimes: $('donaz-ended-times'),
  endedSummary: $('donaz-ended-summary'),
  shareText: $('donaz-share-text'),
  confirm: $('donaz-confirm'),
  confirmText: $('donaz-confirm-text'),
  confirmYes: $('donaz-confirm-yes'),
  polite: $('live-polite'),
  assertive: $('live-assertive'),
};

// --- storage -----------------------------------------------------------------------

function loadSaved() {
  try {
    return JSON.parse(localStorage.getItem(STORE) || 'null');
  } catch {
    return null;
  }
}

// save runs on every change of the clock's state (clock.js calls it), so that a reload or
// a killed browser resumes exactly: a running clock keeps running while the page is away.
// The turns so far are kept with it (saved again once the clock's events are recorded).
let drawn = null; // the team drawn at random to start, if it was
let history = emptyHistory();
function save(c) {
  if (forgotten) return;
  try {
    localStorage.setItem(STORE, JSON.stringify({ key: config.key, drawn, state: c.toJSON(), history }));
  } catch {
    // Private browsing or full storage: the clock still runs, it only cannot resume.
  }
}

// saveSoon saves the turns just recorded once the switch is on screen: a switch saves the
// clock at once (clock.js's onChange), and a second write in the same handler would only
// delay the next frame. A page going away saves at once.
let saveTimer = 0;
function saveSoon() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => save(clock), 0);
}
let forgotten = false; // "New game": this clock is not to be kept
window.addEventListener('pagehide', () => {
  clearTimeout(saveTimer);
  if (!forgotten) save(clock);
});

function clearSaved() {
  forgotten = true;
  clearTimeout(saveTimer);
  try { localStorage.removeItem(STORE); } catch { /* nothing kept */ }
}

// --- the clock ---------------------------------------------------------------------

const now = makeTimeSource();

// settings: the clock's, from the setup the server validated (clock.js checks again).
function settings(starter) {
  return {
    teams: 2,
    budgetMs: config.budgetMs,
    budgetsMs: config.budgetsMs,
    control: config.control,
    incrementMs: config.incrementMs,
    delayMs: config.delayMs,
    alerts: config.alerts,
    countdown: config.count,
    untimed: config.untimed,
    starter,
  };
}

// newClock starts a fresh game from the page's setup, drawing the first team if asked.
function newClock() {
  let starter = config.start === '2' ? 1 : 0;
  drawn = null;
  history = emptyHistory();
  if (config.start === 'random') {
    const r = new Uint8Array(1);
    crypto.getRandomValues(r);
    starter = r[0] & 1;
    drawn = starter;
  }
  const c = createClock(settings(starter), now, { onChange: save });
  save(c);
  return c;
}

let clock = null;
const saved = loadSaved();
if (saved && saved.key === config.key) {
  try {
    clock = restoreClock(saved.state, now, { onChange: save });
    drawn = saved.drawn ?? null;
    history = clock.phase === 'ready' ? emptyHistory() : restoreHistory(saved.history);
  } catch {
    clock = null;
  }
}
const fresh = !clock;
if (!clock) clock = newClock();

// --- what the page says ------------------------------------------------------------

// speakOut writes a sentence in a live region at once (no delay: the switch must be
// heard as soon as it is seen) and says it aloud when that setting is on. A sentence equal
// to the region's current one gets a no-break space toggled on, so that it is a change
// and is announced again.
function speakOut(text, assertive = false) {
  const region = assertive ? els.assertive : els.polite;
  if (!region) return;
  const other = assertive ? els.polite : els.assertive;
  if (other && other.textContent) other.textContent = '';
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
  say(text, { interrupt: true });
}

function handle(events) {
  const options = { verbosity: verbosity(), settings: clock.settings };
  const before = history;
  for (const e of events) {
    history = record(history, e, (team) => clock.remaining(team));
    const a = announcement(e, said, t, options);
    if (a) speakOut(a.text, a.assertive);
    if (e.type === 'turn' || e.type === 'start') {
      sound('tick');
      haptic('turn');
    }
    if (e.type === 'threshold' && !e.stale) haptic(e.secondsLeft > 5 ? 'threshold' : 'count');
    if (e.type === 'flag') {
      sound('alarm');
      haptic('timeup');
    }
  }
  if (history !== before) {
    saveSoon();
    if (!els.history.hidden) drawHistory();
  }
}

// --- drawing -----------------------------------------------------------------------

const shown = { timer: ['', ''], delay: ['', ''], state: ['', ''], running: [null, null], phase: '' };

function stateText(v, i) {
  switch (v.phase) {
    case 'ready': return v.active === i ? t('donaz.state.starts') : t('donaz.state.waiting');
    case 'running': return v.active === i ? t('donaz.state.playing') : t('donaz.state.waiting');
    case 'paused': return v.active === i ? t('donaz.state.paused') : t('donaz.state.waiting');
    case 'flagged': return v.flagged === i ? t('donaz.state.flagged') : t('donaz.state.waiting');
    default: return t('donaz.state.over');
  }
}

function render() {
  const v = clock.view();
  for (const i of [0, 1]) {
    // Tenths under 10 s, on screen only: what is said keeps whole seconds.
    const digits = v.untimed ? t('donaz.time.untimed') : formatShown(v.remainingMs[i]);
    if (shown.timer[i] !== digits) {
      els.timer[i].textContent = digits;
      els.timer[i].classList.toggle('words', v.untimed);
      shown.timer[i] = digits;
    }
    if (els.delay[i]) {
      // The delay left, beside the digits of the team whose turn it is, while it lasts.
      const on = v.active === i && (v.phase === 'running' || v.phase === 'paused') && v.delayMs > 0;
      const text = on ? t('donaz.clock.delayLeft', { Count: wholeSeconds(v.delayMs) }) : '';
      if (shown.delay[i] !== text) {
        els.delay[i].textContent = text;
        els.delay[i].hidden = !on;
        shown.delay[i] = text;
      }
    }
    const st = stateText(v, i);
    if (shown.state[i] !== st) {
      els.state[i].lastElementChild.textContent = st;
      shown.state[i] = st;
    }
    const running = (v.phase === 'running' || v.phase === 'paused' || v.phase === 'ready') && v.active === i;
    const canEnd = v.phase === 'running' && v.active === i;
    if (shown.running[i] !== `${running}${canEnd}${v.phase}`) {
      els.half[i].classList.toggle('running', running);
      els.half[i].classList.toggle('flagged', v.phase === 'flagged' && v.flagged === i);
      els.button[i].setAttribute('aria-disabled', String(!canEnd));
      shown.running[i] = `${running}${canEnd}${v.phase}`;
    }
  }
  if (shown.phase !== `${v.phase}${v.untimed}`) {
    shown.phase = `${v.phase}${v.untimed}`;
    els.start.hidden = v.phase !== 'ready';
    els.ready.hidden = v.phase !== 'ready';
    if (v.phase === 'ready') {
      els.ready.textContent = drawn !== null
        ? t('donaz.announce.drawn', { Team: said[v.active] })
        : t('donaz.clock.ready', { Team: said[v.active] });
    }
    els.pause.hidden = v.phase !== 'running' && v.phase !== 'paused';
    els.pause.classList.toggle('paused', v.phase === 'paused');
    els.pauseLabel.textContent = v.phase === 'paused' ? els.pause.dataset.resume : els.pause.dataset.pause;
    els.reset.hidden = v.phase === 'ready';
    els.over.hidden = v.phase === 'ready' || v.phase === 'over';
    els.flagged.hidden = v.phase !== 'flagged';
    if (v.phase === 'flagged') els.flaggedBody.textContent = t('donaz.flag.body', { Team: said[v.flagged] });
    els.ended.hidden = v.phase !== 'over';
    if (v.phase === 'over') {
      els.endedTimes.textContent = bothTimesSentence(said, v.remainingMs, t);
      els.endedSummary.textContent = historySummary(history, said, t);
      els.shareText.textContent = shareSummary(v, history, said, t);
      wireShareButtons(els.ended);
    }
    showSheet();
    root.dataset.clock = v.phase;
  }
  root.toggleAttribute('data-awake', v.phase === 'running'); // awake.js
}

// --- time passing ------------------------------------------------------------------

let timer = 0;

// loop hands out what time alone made due (thresholds, the flag), redraws, and sleeps
// until the next second shown or event due. Time is never counted from these timers:
// a late or skipped one only delays a redraw, never changes the time.
function loop() {
  clearTimeout(timer);
  handle(clock.tick());
  render();
  let d = clock.msUntilNextTick();
  // Under 10 s the running team's tenths change too (clock.js counts whole seconds).
  const v = clock.view();
  if (v.phase === 'running' && !v.untimed && !(v.delayMs > 0)) {
    const tenth = msUntilShownChange(v.remainingMs[v.active]);
    if (tenth !== null) d = d === null ? tenth : Math.min(d, tenth);
  }
  if (d !== null) timer = setTimeout(loop, d);
}

// act applies one change of the clock, says it, redraws at once.
function act(change) {
  clearTimeout(timer);
  handle(change());
  loop();
}

function endTurn(team) {
  if (clock.phase !== 'running' || clock.active !== team) return false;
  act(() => clock.switchTurn());
  return true;
}

function start() {
  if (clock.phase !== 'ready') return;
  act(() => clock.start());
  els.button[clock.active].focus();
}

function togglePause() {
  if (clock.phase === 'running') act(() => clock.pause());
  else if (clock.phase === 'paused') act(() => clock.resume());
}

// sayTimes: both times, and what is left of a simple delay under way.
function sayTimes() {
  const v = clock.view();
  const delay = v.delayMs > 0 ? { team: v.active, ms: v.delayMs } : null;
  speakOut(bothTimesSentence(said, v.remainingMs, t, { verbosity: verbosity(), delay }));
}

// whereAreWe says the whole state: the phase, whose clock runs, both times.
function whereAreWe() {
  speakOut(whereSentence(clock.view(), history, said, t));
}

// --- the sheet: more controls, the history, time up, the end ---------------------------

// showSheet shows the sheet when one of its parts is open, and only then: the halves get
// the whole screen back when it closes.
function showSheet() {
  els.sheet.hidden = [els.flagged, els.ended, els.history, els.more].every((p) => p.hidden);
}

// A part the bar opens (the history, more controls): one at a time; opening moves the
// focus to its heading, closing back to its button in the bar.
const parts = [
  { panel: els.history, button: els.historyButton, heading: $('donaz-history-heading') },
  { panel: els.more, button: els.moreButton, heading: $('donaz-more-heading') },
];

function openPart(part) {
  for (const p of parts) {
    if (p !== part && !p.panel.hidden) closePart(p, false);
  }
  part.panel.hidden = false;
  part.button.setAttribute('aria-expanded', 'true');
  showSheet();
  part.heading.focus();
}

function closePart(part, focusButton = true) {
  part.panel.hidden = true;
  part.button.setAttribute('aria-expanded', 'false');
  showSheet();
  if (focusButton) part.button.focus();
}

function togglePart(part) {
  if (part.panel.hidden) openPart(part);
  else closePart(part);
}

// timeCell writes a time as the eye reads it (4:12) and as a screen reader says it
// ("4 minutes 12 seconds"), or in words alone.
function timeCell(td, digits, words) {
  if (digits === null) {
    td.textContent = words;
    return;
  }
  const seen = document.createElement('span');
  seen.setAttribute('aria-hidden', 'true');
  seen.textContent = digits;
  const heard = document.createElement('span');
  heard.className = 'visually-hidden';
  heard.textContent = words;
  td.append(seen, heard);
}

// drawHistory writes the summary and the table of turns, newest last.
function drawHistory() {
  els.historySummary.textContent = historySummary(history, said, t);
  const rows = history.turns.map((r) => {
    const tr = document.createElement('tr');
    const n = document.createElement('th');
    n.scope = 'row';
    n.textContent = String(r.n);
    const team = document.createElement('td');
    team.textContent = names[r.team];
    const used = document.createElement('td');
    used.className = 'time';
    timeCell(used, formatClock(wholeMs(r.usedMs)), usedWords(r.usedMs, t));
    const left = document.createElement('td');
    left.className = 'time';
    if (r.flagged) timeCell(left, null, t('donaz.state.flagged'));
    else if (r.leftMs === null) timeCell(left, null, t('donaz.time.untimed'));
    else timeCell(left, formatClock(r.leftMs), durationWords(r.leftMs, t));
    tr.append(n, team, used, left);
    return tr;
  });
  els.historyRows.replaceChildren(...rows);
}

// toggleHistory opens the history, its summary said at once (the table follows it), or
// closes it.
function toggleHistory() {
  const part = parts[0];
  if (!part.panel.hidden) {
    closePart(part);
    return;
  }
  drawHistory();
  openPart(part);
  speakOut(historySummary(history, said, t));
}

// primary is Space or Enter on the page: start when ready, else end the running turn.
function primary() {
  if (clock.phase === 'ready') start();
  else if (clock.phase === 'running') endTurn(clock.active);
}

// --- input -------------------------------------------------------------------------

// The moment of the last switch made by a key, so that the click a browser may still
// send for the same key press on a focused half (Space clicks on release) is not a second.
let keyAt = -Infinity;

// A key acts on the clock when focus is nowhere in particular or on a half: on any other
// control Space and Enter keep their own meaning (press that button, follow that link).
function neutralTarget(el) {
  if (!el || el === document.body || el === root) return true;
  if (el.closest('.half-button')) return true;
  // In the sheet (the history, more controls), Space scrolls it or presses its buttons.
  if (el.closest('.donaz-sheet')) return false;
  if (el.closest('a, button, input, select, textarea, summary, dialog, [contenteditable]')) return false;
  return true;
}

document.addEventListener('keydown', (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey || els.confirm.open) return;
  if (e.key === 'Escape') {
    const part = parts.find((p) => !p.panel.hidden);
    if (part) {
      e.preventDefault();
      closePart(part);
    }
    return;
  }
  if (e.key === ' ' || e.key === 'Enter') {
    if (!neutralTarget(e.target)) return;
    e.preventDefault();
    if (e.repeat) return;
    keyAt = performance.now();
    primary();
    return;
  }
  if (e.repeat || e.target.closest?.('input, select, textarea, [contenteditable]')) return;
  const k = e.key.toLowerCase();
  if (k === 'p') {
    e.preventDefault();
    togglePause();
  } else if (k === 't') {
    e.preventDefault();
    sayTimes();
  } else if (k === 's') {
    e.preventDefault();
    whereAreWe();
  } else if (k === 'h') {
    e.preventDefault();
    toggleHistory();
  }
});

// Space "clicks" a focused button on release: the keydown above already acted.
document.addEventListener('keyup', (e) => {
  if (e.key === ' ' && e.target.closest?.('.half-button')) e.preventDefault();
});

for (const i of [0, 1]) {
  // A touch ends the turn as it lands, not when the finger lifts.
  els.half[i].addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    if (endTurn(i)) e.preventDefault();
  });
  // A click with no pointerdown before it: a screen reader's activation, or a keyboard's
  // that the keydown handler did not see. Clicks that follow a tap find the team no longer
  // running and do nothing.
  els.button[i].addEventListener('click', (e) => {
    if (e.detail === 0 && performance.now() - keyAt < 1000) return;
    endTurn(i);
  });
}

els.start.addEventListener('click', start);
els.pause.addEventListener('click', togglePause);
els.say.addEventListener('click', sayTimes);
els.where.addEventListener('click', whereAreWe);
els.historyButton.addEventListener('click', toggleHistory);
els.historyClose.addEventListener('click', () => closePart(parts[0]));
els.moreButton.addEventListener('click', () => togglePart(parts[1]));
els.cont.addEventListener('click', () => {
  act(() => clock.continueUntimed());
  els.button[clock.active].focus();
});

// confirmThen asks before a change that cannot be taken back; the choice is made from More
// controls, which close: on a cancel the focus goes back to the bar's More button.
function confirmThen(kind, then) {
  els.confirmText.textContent = els.confirm.dataset[kind];
  els.confirmYes.textContent = els.confirm.dataset[`${kind}Yes`];
  els.confirm.returnValue = '';
  els.confirm.onclose = () => {
    if (!parts[1].panel.hidden) closePart(parts[1], false);
    if (els.confirm.returnValue === 'yes') then();
    else els.moreButton.focus();
  };
  els.confirm.showModal();
}

els.reset.addEventListener('click', () => confirmThen('reset', () => {
  const events = clock.reset(); // announced as "clock reset"
  clock = newClock();
  handle(events);
  shown.phase = '';
  loop();
  els.start.focus();
}));

els.over.addEventListener('click', () => confirmThen('over', () => {
  act(() => clock.gameOver());
  $('donaz-ended-heading').focus();
}));

// "New game" forgets this clock; the setup page makes the next one.
for (const a of document.querySelectorAll('.donaz-new')) a.addEventListener('click', clearSaved);

// The far half, turned to face the team across the table (teammates sit facing each
// other): turned unless this device was set to keep it upright.
function applyFlip(on) {
  els.halves.classList.toggle('flipped', on);
  els.flip.setAttribute('aria-pressed', String(on));
}
els.flip.addEventListener('click', () => {
  const on = els.flip.getAttribute('aria-pressed') !== 'true';
  applyFlip(on);
  try { localStorage.setItem(FLIP, on ? '1' : '0'); } catch { /* kept for this page only */ }
});
let upright = false;
try {
  const kept = localStorage.getItem(FLIP);
  upright = kept === '0' || kept === ''; // '' was an upright half before it was the default
} catch { /* default: turned */ }
applyFlip(!upright);

// Full screen, where the browser offers it: the button's pressed state follows the
// screen's (Escape or the system's gesture leave it too).
if (document.fullscreenEnabled) {
  els.fullscreen.hidden = false;
  els.fullscreen.addEventListener('click', () => {
    const leaving = Boolean(document.fullscreenElement);
    (leaving ? document.exitFullscreen() : root.requestFullscreen({ navigationUI: 'hide' })).catch(() => {
      // Refused (no user gesture recognised, a policy): the page stays as it is.
    });
  });
  document.addEventListener('fullscreenchange', () => {
    els.fullscreen.setAttribute('aria-pressed', String(Boolean(document.fullscreenElement)));
  });
}

// --- the page coming and going -------------------------------------------------------

// With the setup's pause when put away: the page hidden (another app, a call, a locked
// screen) while the clock runs pauses it at that very moment; nothing is said then.
let awayTold = false;
function goAway() {
  if (!config.pauseHidden || document.visibilityState !== 'hidden') return;
  if (clock.phase !== 'running' || clock.untimed) return;
  awayTold = false;
  act(() => clock.pause('hidden'));
}

// tellAway: back to a clock paused that way (or reloaded paused that way), say so once,
// with the time of the team to play: it stays paused until someone resumes it.
function tellAway() {
  if (awayTold || clock.pausedBy !== 'hidden') return;
  awayTold = true;
  const v = clock.view();
  speakOut(awaySentence(said[v.active], v.remainingMs[v.active], t, verbosity()));
}

// A page coming back (tab shown, phone woken, restored from the back-forward cache) may
// have missed timers, and the monotonic clock may have slept: follow the wall clock.
function comeBack() {
  if (document.visibilityState !== 'visible') return;
  now.resync();
  loop();
  tellAway();
}
document.addEventListener('visibilitychange', goAway);
document.addEventListener('visibilitychange', comeBack);
window.addEventListener('pageshow', comeBack);

// --- offline -----------------------------------------------------------------------

// The service worker keeps a copy of pages fetched through it; the very first visit was
// not, so keep this page now, for a reload without network.
if ('caches' in window && navigator.onLine) {
  caches.open('tavolo-pages').then(async (c) => {
    if (!(await c.match(location.href))) await c.add(location.href);
  }).catch(() => {});
}

// --- go ----------------------------------------------------------------------------

if (fresh && drawn !== null) speakOut(drawnSentence(said[drawn], t, verbosity()));
loop();
// Focus starts on the clock's controls, a toolbar named by the page's heading: a screen
// reader is in its focus mode there, so Space and the letter keys reach the clock instead
// of clicking what its virtual cursor is on or being its own keys (issue #23). Start when
// ready, else the button of the team to play.
if (clock.phase === 'ready') els.start.focus();
else if (clock.phase === 'running' || clock.phase === 'paused') els.button[clock.active].focus();
