// Transcripts of the Donaz clock (issue #13, "Keep it right"): for each language, every
// sentence the clock page says in a fixed sequence of two games, made with the real
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
import { readFileSync, writeFileSync, mkdirSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeT } from '../static/js/plural.js';
import { createClock } from '../static/js/clock.js';
import { announcement, bothTimesSentence } from '../static/js/timewords.js';
import { emptyHistory, record, whereSentence, historySummary } from '../static/js/clock-history.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LOCALES = join(ROOT, 'i18n', 'locales');
const TRANSCRIPTS = join(ROOT, 'web', 'testdata', 'transcripts');
const LANGS = ['en', 'it', 'fr', 'sk'];
const UPDATE = process.env.UPDATE_TRANSCRIPTS === '1';

// ---- the catalogs ----

// readToml reads a catalog file as the locales are written: blank lines, # comments,
// ["id"] section headers and key = "basic string" lines, nothing else (a line of any
// other shape fails loudly: this reader would misread it). Returns {id: {key: text}}.
export function readToml(text, name) {
  const out = {};
  let id = null;
  text.split(/\r?\n/).forEach((line, i) => {
    const where = `${name}:${i + 1}`;
    if (/^\s*(#.*)?$/.test(line)) return;
    let m = line.match(/^\["([^"\\]+)"\]$/);
    if (m) {
      id = m[1];
      if (Object.hasOwn(out, id)) throw new Error(`${where}: ${id} is defined twice`);
      out[id] = {};
      return;
    }
    m = line.match(/^([a-z]+) = ("(?:[^"\\]|\\.)*")$/);
    if (!m) throw new Error(`${where}: a line this reader does not know: ${line}`);
    if (id === null) throw new Error(`${where}: a value before any ["id"] header`);
    if (Object.hasOwn(out[id], m[1])) throw new Error(`${where}: ${id}.${m[1]} is given twice`);
    // A TOML basic string's escapes are JSON's but \U and \e, which JSON.parse refuses:
    // loudly, as it should here.
    try {
      out[id][m[1]] = JSON.parse(m[2]);
    } catch (err) {
      throw new Error(`${where}: ${err.message}`);
    }
  });
  return out;
}

// catalog is a language's messages as the server hands them to the clock's script
// (web/donaz.go, donazMessages; i18n.parseCatalog): the ids of donaz.* and time.*, a
// plain text when "other" is the only form, else the plural forms.
export function catalog(lang) {
  const messages = {};
  const files = readdirSync(LOCALES).filter((f) => f.endsWith(`.${lang}.toml`)).sort();
  assert.ok(files.length > 0, `no catalog files for ${lang} in ${LOCALES}`);
  for (const file of files) {
    const entries = readToml(readFileSync(join(LOCALES, file), 'utf8'), file);
    for (const [id, raw] of Object.entries(entries)) {
      if (Object.hasOwn(messages, id)) throw new Error(`${file}: ${id} is defined in another file too`);
      if (!id.startsWith('donaz.') && !id.startsWith('time.')) continue;
      const forms = Object.fromEntries(Object.entries(raw).filter(([k]) => k !== 'description' && k !== 'hash'));
      const keys = Object.keys(forms);
      messages[id] = keys.length === 1 && keys[0] === 'other' ? forms.other : forms;
    }
  }
  return messages;
}

// ---- the clock page, on a fake time ----

const EPOCH = 1_700_000_000_000;

/**
 * A clock page as donaz-clock.js wires it, on a time the test moves: what it says
 * goes into the transcript's lines.
 *   # …            a step: what was done (the test's words, in English)
 *   shown: …       a sentence the page shows (not spoken by the page itself)
 *   alarm: …       a sentence said at once, over the others (the assertive region)
 *   …              a sentence said in the polite region
 */
class Page {
  constructor(t, lines, { names, budgetMs, incrementMs = 0, starter = 0, drawn = false }) {
    this.t = t;
    this.lines = lines;
    this.names = names;
    this.time = EPOCH;
    this.clock = createClock({ teams: 2, budgetMs, incrementMs, untimed: false, starter }, () => this.time);
    this.history = emptyHistory(); // the turns, as the page keeps them (clock-history.js)
    // As the page says on load: who starts (drawn at random, said aloud), the time per team.
    const summary = [t('donaz.clock.budget', { Time: t('time.minutes', { Count: budgetMs / 60_000 }) })];
    if (incrementMs > 0) summary.push(t('donaz.clock.increment', { Count: incrementMs / 1000 }));
    this.shown(summary.join(' '));
    if (drawn) this.say(t('donaz.announce.drawn', { Team: names[starter] }));
    else this.shown(t('donaz.clock.ready', { Team: names[starter] }));
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
    for (const e of events) {
      this.history = record(this.history, e, (team) => this.clock.remaining(team));
      const a = announcement(e, this.names, this.t);
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

  tick() { this.handle(this.clock.tick()); }
  start() { this.handle(this.clock.start()); }
  endTurn() { this.handle(this.clock.switchTurn()); }
  pause() { this.handle(this.clock.pause()); }
  resume() { this.handle(this.clock.resume()); }
  continueUntimed() { this.handle(this.clock.continueUntimed()); }
  sayTimes() { this.say(bothTimesSentence(this.names, this.clock.view().remainingMs, this.t)); }
  // where: "where are we?" (key S or the bar's button): the whole state, said.
  where() { this.say(whereSentence(this.clock.view(), this.history, this.names, this.t)); }
  // showHistory: the history opens (key H or the bar's button); its summary is said.
  showHistory() { this.say(historySummary(this.history, this.names, this.t)); }
  gameOver() {
    this.handle(this.clock.gameOver());
    this.shown(bothTimesSentence(this.names, this.clock.view().remainingMs, this.t));
    this.shown(historySummary(this.history, this.names, this.t));
  }
  reset() { this.handle(this.clock.reset()); }
}

// donazTranscript plays the fixed sequence in one language.
export function donazTranscript(lang) {
  const t = makeT(catalog(lang), lang);
  const lines = [];
  const teams = [t('donaz.team.default', { Number: 1 }), t('donaz.team.default', { Number: 2 })];

  // A game of 5 minutes a team, the teams named as the page names them by default.
  lines.push('# The clock opens: 5 minutes a team, the first team starts');
  let page = new Page(t, lines, { names: teams, budgetMs: 5 * 60_000 });
  page.step('Where are we? (key S)');
  page.where();
  page.step('Start');
  page.start();
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
  page.step('Where are we? (key S)');
  page.where();
  page.step('The phone sleeps 8 seconds, its timers held back, then wakes');
  page.asleep(8_000);
  page.tick();
  page.step('The second team ends its turn with 3.1 seconds left');
  page.wait(400);
  page.endTurn();
  page.step('The first team runs out of time');
  page.wait(30_000);
  page.shown(t('donaz.flag.body', { Team: teams[0] }));
  page.step('Both times are asked for (key T)');
  page.sayTimes();
  page.step('Where are we? (key S)');
  page.where();
  page.step('The teams play on without the clock');
  page.continueUntimed();
  page.step('The first team ends its turn');
  page.wait(30_000);
  page.endTurn();
  page.step('Both times are asked for (key T)');
  page.sayTimes();
  page.step('Where are we? (key S)');
  page.where();
  page.step('The clock is paused; where are we? (key S); it runs again');
  page.pause();
  page.where();
  page.resume();
  page.step('The history (key H)');
  page.showHistory();
  page.step('Game over');
  page.gameOver();
  page.step('Where are we? (key S)');
  page.where();
  page.step('The clock is reset');
  page.reset();
  page.step('The history (key H)');
  page.showHistory();

  // A game of 1 minute a team, 5 seconds added after each turn, teams named Ada and
  // Bruno, the second drawn at random to start.
  lines.push('', '# A new clock: 1 minute a team, 5 seconds added after each turn, Ada and Bruno, drawn at random to start');
  page = new Page(t, lines, { names: ['Ada', 'Bruno'], budgetMs: 60_000, incrementMs: 5_000, starter: 1, drawn: true });
  page.step('The history (key H)');
  page.showHistory();
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
  page.step('The history (key H)');
  page.showHistory();
  page.step('Game over');
  page.wait(1_000);
  page.gameOver();
  page.step('Where are we? (key S)');
  page.where();
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
