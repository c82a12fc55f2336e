// Transcripts of the Donaz clock (issue #13, "Keep it right"): for each language, every
// sentence the clock page says in a fixed sequence of four clocks (issue #14 added a
// simple delay with a handicap, chosen warnings and the pause when put away, a Bronstein
// delay, and all four again with brief announcements), made with the real
// catalogs (i18n/locales/*.toml) and the real clock (clock.js, timewords.js) on a fake
// time, and compared with web/testdata/transcripts/LANG/donaz.txt. A change to any
// sentence shows up as a diff of those files, which a reviewer reads aloud. The Go test
// web/transcripts_test.go keeps the games' transcripts beside these.
//
// After a change of sentences, on purpose:
//
//   UPDATE_TRANSCRIPTS=1 node --test pwa/test/transcripts.test.mjs
//
// then read the diff (git diff web/testdata/transcripts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeT } from '../static/js/plural.js';
import { readToml, catalog } from './locales.mjs';
import { createClock, DEFAULT_ALERTS_S } from '../static/js/clock.js';
import {
  announcement, bothTimesSentence, awaySentence, drawnSentence, controlSentence,
} from '../static/js/timewords.js';
import { emptyHistory, record, whereSentence, historySummary } from '../static/js/clock-history.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TRANSCRIPTS = join(ROOT, 'web', 'testdata', 'transcripts');
const LANGS = ['en', 'it', 'fr', 'sk'];
const UPDATE = process.env.UPDATE_TRANSCRIPTS === '1';

// ---- the catalogs ----

// readToml and catalog live in locales.mjs, shared with the sentences' own tests.
export { readToml, catalog };

// ---- the clock page, on a fake time ----

const EPOCH = 1_700_000_000_000;
const MIN = 60_000;

// summary is the clock's summary line as the server writes it (web/say/donaz.go,
// DonazSummary, the warnings joined by donaz.alerts.sep and donaz.alerts.and), from the same catalog messages: the time per team or each team's, the
// time control, the warnings when they are not the usual ones, the pause when put away.
function summary(t, names, settings, pauseHidden) {
  const minutes = (ms) => t('time.minutes', { Count: ms / MIN });
  const [a, b] = settings.budgetsMs;
  const parts = [a === b
    ? t('donaz.clock.budget', { Time: minutes(a) })
    : t('donaz.clock.budgets', { Team1: names[0], Time1: minutes(a), Team2: names[1], Time2: minutes(b) })];
  const control = controlSentence(settings, t);
  if (control) parts.push(control);
  const usual = settings.countdown && settings.alerts.join() === DEFAULT_ALERTS_S.join();
  if (!usual) {
    const times = settings.alerts.map((s) => (s % 60 === 0 ? minutes(s * 1000) : t('time.seconds', { Count: s })));
    const list = times.length > 1
      ? times.slice(0, -1).join(t('donaz.alerts.sep')) + t('donaz.alerts.and') + times.at(-1)
      : times.join('');
    if (times.length === 0) parts.push(t(settings.countdown ? 'donaz.clock.countOnly' : 'donaz.clock.noAlerts'));
    else parts.push(t(settings.countdown ? 'donaz.clock.alertsCount' : 'donaz.clock.alerts', { Count: times.length, Times: list }));
  }
  if (pauseHidden) parts.push(t('donaz.clock.pauseHidden'));
  return parts.join(' ');
}

/**
 * A clock page as donaz-clock.js wires it, on a time the test moves: what it says
 * goes into the transcript's lines.
 *   # …            a step: what was done (the test's words, in English)
 *   shown: …       a sentence the page shows (not spoken by the page itself)
 *   alarm: …       a sentence said at once, over the others (the assertive region)
 *   …              a sentence said in the polite region
 * options: names; settings (the clock's, as the page makes them from the setup);
 * drawn (the starter was drawn at random); verbosity ('full' or 'brief', the device's
 * setting); pauseHidden (the setup's pause when put away).
 */
class Page {
  constructor(t, lines, { names, said = names, settings, drawn = false, verbosity = 'full', pauseHidden = false }) {
    this.t = t;
    this.lines = lines;
    this.names = names;
    this.said = said; // the names as sentences say them (a default team's with its article)
    this.verbosity = verbosity;
    this.pauseHidden = pauseHidden;
    this.time = EPOCH;
    this.clock = createClock(settings, () => this.time);
    this.history = emptyHistory(); // the turns, as the page keeps them (clock-history.js)
    const s = this.clock.settings;
    // As the page says on load: the setup (shown), who starts (drawn at random, said aloud).
    this.shown(summary(t, names, s, pauseHidden));
    if (drawn) this.say(drawnSentence(said[s.starter], t, verbosity));
    else this.shown(t('donaz.clock.ready', { Team: said[s.starter] }));
  }

  step(text) {
    if (this.lines.length > 0) this.lines.push('');
    this.lines.push(`# ${text}`);
  }

  say(text, assertive = false) {
    this.lines.push(assertive ? `alarm: ${text}` : text);
  }

  shown(text) {
    this.lines.push(`shown: ${text}`);
  }

  // handle says the events as the page does (stale thresholds are not said).
  handle(events) {
    const options = { verbosity: this.verbosity, settings: this.clock.settings };
    for (const e of events) {
      this.history = record(this.history, e, (team) => this.clock.remaining(team));
      const a = announcement(e, this.said, this.t, options);
      if (a) this.say(a.text, a.assertive);
    }
  }

  // wait lets ms pass with the page awake: its timer calls tick() each time the display
  // or an announcement is due, as loop() does.
  wait(ms) {
    const end = this.time + ms;
    for (;;) {
      const d = this.clock.msUntilNextTick();
      if (d === null || this.time + d > end) break;
      this.time += d;
      this.handle(this.clock.tick());
    }
    this.time = end;
  }

  // asleep lets ms pass with the page's timers held back (a screen turned off): nothing
  // is said until the page wakes and ticks.
  asleep(ms) {
    this.time += ms;
  }

  // away: the page is put away for ms (another app, a locked screen), then comes back.
  // With the pause when put away, the clock pauses as it goes and the page says so on its
  // return; without, it was asleep.
  away(ms) {
    const paused = this.pauseHidden && this.clock.phase === 'running' && !this.clock.untimed;
    if (paused) this.handle(this.clock.pause('hidden'));
    this.time += ms;
    this.tick();
    if (this.clock.pausedBy === 'hidden') {
      const v = this.clock.view();
      this.say(awaySentence(this.said[v.active], v.remainingMs[v.active], this.t, this.verbosity));
    }
  }

  // delayShown: the delay beside the digits of the team to play, as the page shows it.
  delayShown() {
    const v = this.clock.view();
    if (v.delayMs > 0) this.shown(this.t('donaz.clock.delayLeft', { Count: Math.ceil(v.delayMs / 1000) }));
  }

  tick() { this.handle(this.clock.tick()); }
  start() { this.handle(this.clock.start()); }
  endTurn() { this.handle(this.clock.switchTurn()); }
  pause() { this.handle(this.clock.pause()); }
  resume() { this.handle(this.clock.resume()); }
  continueUntimed() { this.handle(this.clock.continueUntimed()); }
  sayTimes() {
    const v = this.clock.view();
    const delay = v.delayMs > 0 ? { team: v.active, ms: v.delayMs } : null;
    this.say(bothTimesSentence(this.said, v.remainingMs, this.t, { verbosity: this.verbosity, delay }));
  }
  // where: "where are we?" (key S or the bar's button): the whole state, said.
  where() { this.say(whereSentence(this.clock.view(), this.history, this.said, this.t)); }
  // showHistory: the history opens (key H or the bar's button); its summary is said.
  showHistory() { this.say(historySummary(this.history, this.said, this.t)); }
  gameOver() {
    this.handle(this.clock.gameOver());
    this.shown(bothTimesSentence(this.said, this.clock.view().remainingMs, this.t));
    this.shown(historySummary(this.history, this.said, this.t));
  }
  reset() { this.handle(this.clock.reset()); }
}

// The clocks of the transcript, each played at a verbosity.

// The rulebook's clock: 5 minutes a team, the teams named as the page names them by default.
function rulebookClock(t, lines, teams, verbosity) {
  let page = new Page(t, lines, { names: teams, said: saidTeams(t), settings: { budgetMs: 5 * MIN }, verbosity });
  page.step('Where are we? (key S)');
  page.where();
  page.step('Start');
  page.start();
  page.step('Where are we? (key S)');
  page.where();
  page.step('After 12.3 seconds, the first team ends its turn');
  page.wait(12_300);
  page.endTurn();
  page.step('After 47 seconds, the second team ends its turn');
  page.wait(47_000);
  page.endTurn();
  page.step('After 20 seconds, the clock is paused');
  page.wait(20_000);
  page.pause();
  page.step('Both times are asked for (key T)');
  page.sayTimes();
  page.step('Where are we? (key S)');
  page.where();
  page.step('A minute later, the clock runs again');
  page.wait(60_000);
  page.resume();
  page.step('The first team plays on until 22.5 seconds are left, then ends its turn');
  page.wait(245_200);
  page.endTurn();
  page.step('The second team plays until 11.5 seconds are left');
  page.wait(241_500);
  page.step('The phone sleeps 8 seconds, its timers held back, then wakes');
  page.asleep(8_000);
  page.tick();
  page.step('The second team ends its turn with 3.1 seconds left');
  page.wait(400);
  page.endTurn();
  page.step('The first team runs out of time');
  page.wait(30_000);
  page.shown(t('donaz.flag.body', { Team: teams[0] }));
  page.step('Where are we? (key S)');
  page.where();
  page.step('The history (key H)');
  page.showHistory();
  page.step('Both times are asked for (key T)');
  page.sayTimes();
  page.step('The teams play on without the clock');
  page.continueUntimed();
  page.step('The first team ends its turn');
  page.wait(30_000);
  page.endTurn();
  page.step('Both times are asked for (key T)');
  page.sayTimes();
  page.step('Game over');
  page.gameOver();
  page.step('The clock is reset');
  page.reset();
}

// 1 minute a team, 5 seconds added after each turn, teams named Ada and Bruno, the second
// drawn at random to start.
function incrementClock(t, lines, verbosity) {
  lines.push('', '# A new clock: 1 minute a team, 5 seconds added after each turn, Ada and Bruno, drawn at random to start');
  const page = new Page(t, lines, {
    names: ['Ada', 'Bruno'], settings: { budgetMs: MIN, incrementMs: 5_000, starter: 1 }, drawn: true, verbosity,
  });
  page.step('Start');
  page.start();
  page.step('After 2 seconds, Bruno ends his turn');
  page.wait(2_000);
  page.endTurn();
  page.step('Ada plays 40 seconds, then ends her turn');
  page.wait(40_000);
  page.endTurn();
  page.step('Bruno plays 10 seconds; the clock is paused and runs again');
  page.wait(10_000);
  page.pause();
  page.resume();
  page.step('Where are we? (key S)');
  page.where();
  page.step('Game over');
  page.wait(1_000);
  page.gameOver();
}

// Issue #14: a simple delay of 5 seconds, Ada 5 minutes and Bruno 3 (a handicap), warnings
// at 2 minutes and 10 seconds with the count, and the pause when put away.
function delayClock(t, lines, verbosity) {
  lines.push('', '# A new clock: a simple delay of 5 seconds; Ada 5 minutes, Bruno 3; warnings at 2 minutes and 10 seconds, then the count; the clock pauses when put away');
  const page = new Page(t, lines, {
    names: ['Ada', 'Bruno'],
    settings: { budgetsMs: [5 * MIN, 3 * MIN], control: 'delay', delayMs: 5_000, alerts: [120, 10], countdown: true },
    pauseHidden: true,
    verbosity,
  });
  page.step('Start');
  page.start();
  page.delayShown();
  page.step('After 2.5 seconds, in the delay, both times are asked for (key T)');
  page.wait(2_500);
  page.delayShown();
  page.sayTimes();
  page.step('Ada ends her turn within the delay: it cost her nothing, what was left of it is lost');
  page.wait(1_000);
  page.endTurn();
  page.delayShown();
  page.step('Bruno plays 70 seconds, the delay and 65 seconds more');
  page.wait(70_000);
  page.step('The phone is put away for 3 minutes, then taken out');
  page.away(3 * MIN);
  page.step('The clock runs again');
  page.resume();
  page.step('Bruno plays until 2.5 seconds are left and ends his turn');
  page.wait(112_500);
  page.endTurn();
  page.step('Both times are asked for (key T), after 1 second of Ada\'s delay');
  page.wait(1_000);
  page.sayTimes();
  page.step('Ada thinks 4 minutes 55 seconds and more: her time runs out');
  page.wait(5 * MIN + 5_000);
}

// Issue #14: a Bronstein delay of 3 seconds, 2 minutes a team, a warning at 1 minute only.
function bronsteinClock(t, lines, verbosity) {
  lines.push('', '# A new clock: a Bronstein delay of 3 seconds, 2 minutes a team, a warning at 1 minute and no count');
  const page = new Page(t, lines, {
    names: ['Ada', 'Bruno'],
    settings: { budgetMs: 2 * MIN, control: 'bronstein', delayMs: 3_000, alerts: [60], countdown: false },
    verbosity,
  });
  page.step('Start');
  page.start();
  page.step('Ada ends her turn after 2 seconds: all of it is given back');
  page.wait(2_000);
  page.endTurn();
  page.step('Bruno ends his turn after 10 seconds: 3 seconds of it are given back');
  page.wait(10_000);
  page.endTurn();
  page.step('Both times are asked for (key T)');
  page.sayTimes();
  page.step('Ada runs out of time');
  page.wait(2 * MIN);
}

// listWords are the words of the server's lists (say.And: app.list.sep, app.list.and),
// which the summary needs and the clock's own catalog does not hold.
function listWords(lang) {
  const app = readToml(readFileSync(join(ROOT, 'i18n', 'locales', `app.${lang}.toml`), 'utf8'), `app.${lang}.toml`);
  return { 'app.list.sep': app['app.list.sep'].other, 'app.list.and': app['app.list.and'].other };
}

// saidTeams are the default teams' names as sentences say them (donaz.team.said).
const saidTeams = (t) => [t('donaz.team.said', { Number: 1 }), t('donaz.team.said', { Number: 2 })];

// donazTranscript plays the fixed sequence in one language: the four clocks with full
// announcements, then again with brief ones.
export function donazTranscript(lang) {
  const t = makeT({ ...catalog(lang), ...listWords(lang) }, lang);
  const lines = [];
  const teams = [t('donaz.team.default', { Number: 1 }), t('donaz.team.default', { Number: 2 })];

  lines.push('# The clock opens: 5 minutes a team, the first team starts');
  rulebookClock(t, lines, teams, 'full');
  incrementClock(t, lines, 'full');
  delayClock(t, lines, 'full');
  bronsteinClock(t, lines, 'full');

  lines.push('', '# ---- Brief announcements (the device\'s setting): the same clocks, the fact alone ----');
  lines.push('', '# The clock opens: 5 minutes a team, the first team starts');
  rulebookClock(t, lines, teams, 'brief');
  incrementClock(t, lines, 'brief');
  delayClock(t, lines, 'brief');
  bronsteinClock(t, lines, 'brief');
  return `${lines.join('\n')}\n`;
}

// firstDifference shows where two texts part.
function firstDifference(want, got) {
  const w = want.replace(/\n$/, '').split('\n');
  const g = got.replace(/\n$/, '').split('\n');
  let first = -1;
  let differ = 0;
  for (let i = 0; i < Math.max(w.length, g.length); i++) {
    if (w[i] !== g[i]) {
      differ++;
      if (first < 0) first = i;
    }
  }
  const at = (lines, i) => (i < lines.length ? lines[i] : '(the end)');
  const before = first > 0 ? `  ${at(w, first - 1)}\n` : '';
  return `First difference at line ${first + 1} (${differ} lines differ, the file has ${w.length}, now ${g.length}):\n`
    + `${before}- ${at(w, first)}\n+ ${at(g, first)}`;
}

for (const lang of LANGS) {
  test(`Donaz clock transcript, ${lang}`, () => {
    const file = join(TRANSCRIPTS, lang, 'donaz.txt');
    const got = donazTranscript(lang);
    if (UPDATE) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, got);
      return;
    }
    const how = 'If the change is meant, rewrite the transcripts with\n'
      + '\tUPDATE_TRANSCRIPTS=1 node --test pwa/test/transcripts.test.mjs\n'
      + 'and read the diff (git diff web/testdata/transcripts) aloud.';
    assert.ok(existsSync(file), `web/testdata/transcripts/${lang}/donaz.txt is missing.\n${how}`);
    const want = readFileSync(file, 'utf8');
    if (want !== got) {
      assert.fail(`web/testdata/transcripts/${lang}/donaz.txt: what the clock says has changed.\n${firstDifference(want, got)}\n${how}`);
    }
  });
}

test('the catalog reader refuses what it does not know', () => {
  assert.deepEqual(readToml('# c\n\n["a.b"]\none = "x {{.Count}}"\nother = "y \\"q\\" \\u00e9"\n', 't'),
    { 'a.b': { one: 'x {{.Count}}', other: 'y "q" é' } });
  for (const bad of [
    'a = "x"', // before a header
    '["a"]\nother = \'literal\'',
    '["a"]\nother = """multi',
    '["a"]\nother = "x" # comment',
    '[a]\nother = "x"',
    '["a"]\nother = "x\\U0001F600"',
    '["a"]\n["a"]',
  ]) {
    assert.throws(() => readToml(bad, 't'), /t:\d+/, bad);
  }
});
