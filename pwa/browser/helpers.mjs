// Shared helpers of the browser tests: axe checks, the app's catalog, settings through the
// settings form (as a person would) or by posting it (to set up a test fast), and a
// speechSynthesis stub (headless Chromium has no voices).
import { expect } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { createServer } from 'node:net';

export const LANGS = ['en', 'it', 'fr', 'sk'];

// Each language named in itself, as the language switcher shows it.
export const LANG_NAMES = { en: 'English', it: 'Italiano', fr: 'Français', sk: 'Slovenčina' };

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// The foundation's pages. Game pages are "coming soon" for now; when a game screen
// replaces one, this list still holds: the tests look only at roles and names.
export const PAGES = [
  { name: 'home', path: '/' },
  { name: 'settings', path: '/settings' },
  { name: 'about', path: '/about' },
  { name: 'rules diamant', path: '/rules/diamant' },
  { name: 'rules donaz', path: '/rules/donaz' },
  { name: 'rules donuts', path: '/rules/donuts' },
  { name: 'diamant', path: '/diamant' },
  { name: 'donaz', path: '/donaz' },
  { name: 'donuts', path: '/donuts' },
  { name: 'not found', path: '/no-such-page', status: 404 },
  { name: 'offline', path: (lang) => `/offline/${lang}` },
];

/** Formats axe violations so that a failing CI log says what, where and why. */
export function formatViolations(violations) {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    at ${n.target.join(' ')}\n      ${n.html}\n      ${n.failureSummary.replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `[${v.impact}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

/** Runs axe on the page with the WCAG 2.2 AA rules and fails with a readable list. */
export async function expectNoAxeViolations(page, { exclude = [] } = {}) {
  // Legacy mode runs axe in the page itself; the default opens a second page to merge
  // frames' results, which costs time and which pages without iframes do not need.
  // Only violations are collected in detail: passes are not reported anyway.
  // Colours are read once the screen's animations have ended (a podium fading in is not yet
  // its colour).
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => {}))));
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const sel of exclude) builder = builder.exclude(sel);
  const { violations } = await builder.analyze();
  expect(violations, `axe found ${violations.length} violation(s) on ${page.url()}:\n${formatViolations(violations)}`).toEqual([]);
}

/** The page is drawn dark (the phone set to dark, the standard theme): its background and
 * its main text are as the dark theme has them, light text on a dark ground. */
export async function expectDark(page) {
  const { bg, fg } = await page.evaluate(() => {
    const lum = (css) => {
      const [r, g, b] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((c) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(document.body);
    return { bg: lum(style.backgroundColor), fg: lum(style.color) };
  });
  expect(bg, 'a dark background').toBeLessThan(0.05);
  expect(fg, 'light text').toBeGreaterThan(0.7);
}

/** Posts a game's setup form with the page's session (its CSRF token); returns the table's address. */
export async function createTable(page, path, fields) {
  const html = await (await page.request.get(path)).text();
  const token = html.match(/name="_csrf" value="([^"]+)"/)[1];
  const body = new URLSearchParams({ _csrf: token });
  for (const [k, v] of Object.entries(fields)) for (const x of [].concat(v)) body.append(k, x);
  const res = await page.request.post(path, {
    data: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, maxRedirects: 0,
  });
  expect(res.status(), `${path} makes a table`).toBe(303);
  return res.headers().location;
}

/** The catalog the server hands this page (the same strings the page shows). */
export async function catalog(page) {
  return page.evaluate(async () => {
    const res = await fetch(document.documentElement.dataset.catalog);
    return res.json();
  });
}

/** A catalog message with its {{.Name}} parameters filled in. */
export function msg(cat, id, params = {}) {
  const text = cat[id];
  if (typeof text !== 'string') throw new Error(`no message ${id} in the catalog`);
  return text.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, k) => String(params[k]));
}

export const DEFAULT_SETTINGS = {
  lang: 'en', text: '100', contrast: 'standard', motion: 'system', speak: false, rate: '1', sound: true, vibrate: true, verbosity: 'full',
};

/**
 * Saves settings by posting the settings form with its CSRF token, through the page's
 * context (so the session cookie is the browser's). For setting up a test, not testing the form.
 */
export async function postSettings(page, settings) {
  const st = { ...DEFAULT_SETTINGS, ...settings };
  const html = await (await page.request.get('/settings')).text();
  const token = html.match(/name="_csrf" value="([^"]+)"/)?.[1];
  if (!token) throw new Error('no CSRF field on the settings page');
  const form = { _csrf: token, lang: st.lang, text: st.text, contrast: st.contrast, motion: st.motion, rate: st.rate, verbosity: st.verbosity };
  for (const k of ['speak', 'sound', 'vibrate']) if (st[k]) form[k] = 'on';
  const res = await page.request.post('/settings', { form, maxRedirects: 0 });
  expect(res.status(), 'settings saved (303 See Other)').toBe(303);
}

/**
 * Sets settings through the settings form, finding every control by role and accessible
 * name in the page's language, as a screen-reader user would; then checks the saved message.
 */
export async function setSettingsByForm(page, settings) {
  await page.goto('/settings');
  let cat = await catalog(page);
  if (settings.lang) {
    await page.getByRole('combobox', { name: msg(cat, 'settings.language') }).selectOption(settings.lang);
  }
  const group = (id) => page.getByRole('group', { name: msg(cat, id) });
  if (settings.text) {
    await group('settings.text').getByRole('radio', { name: msg(cat, 'settings.text.option', { Size: settings.text }) }).check();
  }
  if (settings.contrast) {
    await group('settings.contrast').getByRole('radio', { name: msg(cat, `settings.contrast.${settings.contrast}`) }).check();
  }
  if (settings.motion) {
    await group('settings.motion').getByRole('radio', { name: msg(cat, `settings.motion.${settings.motion}`) }).check();
  }
  if (settings.verbosity) {
    await group('settings.verbosity').getByRole('radio', { name: msg(cat, `settings.verbosity.${settings.verbosity}`) }).check();
  }
  if (settings.rate) {
    await page.getByRole('combobox', { name: msg(cat, 'settings.rate') }).selectOption(settings.rate);
  }
  for (const k of ['speak', 'sound', 'vibrate']) {
    if (settings[k] !== undefined) {
      await page.getByRole('checkbox', { name: msg(cat, `settings.${k}`) }).setChecked(settings[k]);
    }
  }
  await page.getByRole('button', { name: msg(cat, 'settings.save') }).click();
  await page.waitForURL(/\/settings\?saved=1/);
  if (settings.lang) cat = await catalog(page);
  // Shown, and heard: said in the live region once the page is loaded, focus on the heading.
  await expect(page.getByRole('main').getByText(msg(cat, 'settings.saved'))).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: msg(cat, 'settings.saved') })).toHaveCount(1);
  await expect(h1(page)).toBeFocused();
}

// The stub's voices: one a language of the app's.
export const STUB_VOICES = [
  { name: 'Stub English', lang: 'en-GB', default: true, localService: true, voiceURI: 'stub-en' },
  { name: 'Stub Italiano', lang: 'it-IT', default: false, localService: true, voiceURI: 'stub-it' },
  { name: 'Stub Français', lang: 'fr-FR', default: false, localService: true, voiceURI: 'stub-fr' },
  { name: 'Stub Slovenčina', lang: 'sk-SK', default: false, localService: true, voiceURI: 'stub-sk' },
];

/**
 * Replaces speechSynthesis before any page script runs. What would be spoken is recorded
 * in window.__spoken as {text, lang, rate, voice} (voice: the name of the utterance's voice,
 * null for the device's default); utterances end at once (onstart, onend fire). voices are
 * what getVoices() lists; with late (ms), it lists none until then, then fires
 * voiceschanged, as Chrome does.
 */
export async function stubSpeech(page, { voices = STUB_VOICES, late = 0 } = {}) {
  await page.addInitScript(({ voices, late }) => {
    const spoken = [];
    const queue = [];
    Object.defineProperty(window, '__spoken', { value: spoken, configurable: true });
    let listed = late > 0 ? [] : voices;
    const fire = (u, type) => {
      const ev = new Event(type);
      ev.utterance = u;
      if (typeof u[`on${type}`] === 'function') u[`on${type}`](ev);
      u.dispatchEvent(ev);
    };
    const synth = new EventTarget();
    Object.assign(synth, {
      speaking: false,
      pending: false,
      paused: false,
      getVoices: () => listed,
      speak(u) {
        spoken.push({ text: u.text, lang: u.lang, rate: u.rate, voice: u.voice ? u.voice.name : null });
        queue.push(u);
        // Asynchronous like the real thing, but instant.
        setTimeout(() => {
          if (!queue.includes(u)) return;
          queue.splice(queue.indexOf(u), 1);
          fire(u, 'start');
          fire(u, 'end');
        }, 0);
      },
      cancel() {
        queue.splice(0, queue.length);
      },
      pause() { synth.paused = true; },
      resume() { synth.paused = false; },
    });
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    if (late > 0) {
      setTimeout(() => {
        listed = voices;
        synth.dispatchEvent(new Event('voiceschanged'));
      }, late);
    }
    // Our own utterance too, so that its on* handlers are plain properties fired once.
    window.SpeechSynthesisUtterance = class extends EventTarget {
      constructor(text = '') {
        super();
        Object.assign(this, { text, lang: '', rate: 1, pitch: 1, volume: 1, voice: null });
      }
    };
  }, { voices, late });
}

/** What the page would have spoken so far (with stubSpeech installed). */
export async function spoken(page) {
  return page.evaluate(() => window.__spoken.map((s) => s.text));
}

// ---- Diamant's screens, on one phone and with a phone each ----

/** The screen's one h1. */
export const h1 = (page) => page.getByRole('heading', { level: 1 });

/**
 * A text as a regular expression that matches it literally; any space in it matches any
 * space, for an accessible name is computed with French no-break spaces made plain.
 */
export const escapeRe = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s');

/**
 * Focus is where a new Diamant screen puts it (issue #23): on its primary control, in the
 * game's controls (a toolbar named by the heading), else on its heading.
 */
export async function expectScreenFocus(page) {
  await expect.poll(() => page.evaluate(() => {
    const want = document.querySelector('main [role="toolbar"] [data-primary]') ?? document.querySelector('main h1');
    return document.activeElement === want;
  }), { message: 'focus on the primary control, else the heading' }).toBe(true);
}

/** Presses a control with the keyboard and waits for the next screen to take focus. */
export async function pressAndWait(locator, { timeout = 5000 } = {}) {
  const page = locator.page();
  // The screen shown: its version, kind and heading.
  const before = await page.evaluate(() => {
    const d = document.querySelector('[data-version]');
    return `${d?.dataset.version} ${d?.dataset.screen} ${document.querySelector('main h1')?.textContent}`;
  });
  await locator.press('Enter');
  // Another screen, focus on its primary control or heading. Polled every animation
  // frame: expect's own polling waits 100 ms and more between tries.
  await page.waitForFunction((was) => {
    const d = document.querySelector('[data-version]');
    const now = `${d?.dataset.version} ${d?.dataset.screen} ${document.querySelector('main h1')?.textContent}`;
    const a = document.activeElement;
    return now !== was && (a?.tagName === 'H1' || Boolean(a?.matches('main [role="toolbar"] [data-primary]')));
  }, before, { timeout });
  await expectScreenFocus(page);
}

/** Fails when anything sticks out sideways (WCAG 1.4.10); names what does. */
export async function expectNoSidewaysScroll(page, where) {
  const { scrollWidth, clientWidth, wide } = await page.evaluate(() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1 && !el.closest('.scroll'))
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()}> ${el.textContent.trim().slice(0, 40)}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
  expect(scrollWidth, `${where} scrolls sideways; too wide: ${wide.join(' | ')}`).toBeLessThanOrEqual(clientWidth + 1);
}

/**
 * A Donuts plate's accessible name of a kind (donuts.cell.label, .playable, .last) as a
 * regular expression, in the page's language: any row, column, donut and line.
 */
export function plateName(cat, id) {
  const text = escapeRe(msg(cat, id, { Row: '§', Col: '¤', Donut: '~', Line: '~' }));
  return new RegExp(`^${text.replace('§', '(\\d)').replace('¤', '(\\d)').replaceAll('~', '.+?')}$`);
}

/** A plural message for a count, in the form the language's CLDR rules pick. */
export function plural(cat, lang, id, count, params = {}) {
  const forms = cat[id];
  if (!forms || typeof forms !== 'object') throw new Error(`no plural message ${id}`);
  const text = forms[new Intl.PluralRules(lang).select(count)] ?? forms.other;
  return text.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, k) => String(k === 'Count' ? count : params[k]));
}

/** Waits until a server a test started answers its health check. */
export async function serverReady(base) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server at ${base} did not start`);
}

/** A port nobody listens on at 127.0.0.1, for a server a test starts of its own. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A new phone: its own browser context (its own session cookie), in a language; prepare,
 * if given, is called with the context before its first page opens (a recorder's script);
 * baseURL, a server of the test's own.
 */
export async function newPhone(browser, lang, settings = {}, { prepare, baseURL } = {}) {
  const context = await browser.newContext({ serviceWorkers: 'block', ...(baseURL ? { baseURL } : {}) });
  if (prepare) await prepare(context);
  const page = await context.newPage();
  await postSettings(page, { lang, ...settings });
  return { context, page };
}

/** The host opens a table for a phone each from the Diamant setup page; returns its code. */
export async function openTable(page, cat, name, { axe = false } = {}) {
  await page.goto('/diamant');
  await page.getByRole('link', { name: msg(cat, 'diamant.phones.link') }).click();
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.phones.title'));
  await page.getByRole('textbox', { name: msg(cat, 'diamant.phones.name') }).fill(name);
  await page.getByRole('button', { name: msg(cat, 'diamant.phones.create') }).click();
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.lobby.heading'));
  // The code as the host reads it out: letter by letter.
  const spaced = new RegExp(escapeRe(msg(cat, 'diamant.join.spaced', { Spaced: '@' })).replace('@', '([0-9A-Z](?: [0-9A-Z]){5})'));
  const line = page.getByRole('main').getByText(spaced);
  await expect(line).toBeVisible();
  const letters = (await line.textContent()).match(spaced)[1];
  await expect(page.getByRole('img', { name: msg(cat, 'diamant.join.qr', { Code: letters }) })).toBeVisible();
  const code = letters.replaceAll(' ', '');
  if (axe) await expectNoAxeViolations(page); // the lobby on the host's phone: code and QR
  return code;
}

/** A phone joins by typing the code, finding the field by its label, and takes a new seat. */
export async function join(page, cat, code, name, { typed = code, axe = false } = {}) {
  await page.goto('/join');
  await expect(h1(page)).toHaveText(msg(cat, 'join.title'));
  if (axe) await expectNoAxeViolations(page); // join: the code
  const field = page.getByRole('textbox', { name: msg(cat, 'join.code') });
  await field.click();
  await field.pressSequentially(typed);
  await field.press('Enter');
  await expect(h1(page)).toHaveText(msg(cat, 'join.table.heading'));
  await expect(page.getByRole('main')).toContainText(code.split('').join(' '));
  if (axe) await expectNoAxeViolations(page); // join: the table found
  await page.getByRole('textbox', { name: msg(cat, 'join.name') }).fill(name);
  await page.getByRole('button', { name: msg(cat, 'join.new') }).click();
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.lobby.heading'));
  await expect(page.getByRole('main')).toContainText(msg(cat, 'diamant.lobby.wait'));
}

/** The host's seat list says a seat is held by another phone (a live update). */
export async function expectSeated(page, cat, name) {
  await expect(page.getByRole('listitem').filter({ hasText: `${name}: ${msg(cat, 'diamant.seat.other')}` })).toBeVisible();
}

/**
 * A table with a phone each, its game started: one phone (browser context) a name, the
 * first the host's, added to phones (so that the caller closes them whatever happens).
 * The host opens the table, each other phone joins by typing the code (typed[i] says how
 * phone i+1 types it), the host starts, and every phone is in round 1. prepare, baseURL:
 * as newPhone's (baseURL may be a list, a server for each phone).
 */
export async function startPhonesTable(browser, phones, { lang = 'en', names, typed = [], prepare, baseURL }) {
  const at = (i) => (Array.isArray(baseURL) ? baseURL[i] : baseURL); // a server each phone, or one for all
  for (let i = 0; i < names.length; i++) phones.push(await newPhone(browser, lang, {}, { prepare, baseURL: at(i) }));
  const pages = phones.map((p) => p.page);
  const [host] = pages;
  await host.goto('/diamant');
  const cat = await catalog(host);
  const code = await openTable(host, cat, names[0]);
  for (let i = 1; i < names.length; i++) {
    await join(pages[i], cat, code, names[i], { typed: typed[i - 1]?.(code) ?? code });
    await expectSeated(host, cat, names[i]);
  }
  await expect(host.getByRole('main')).toContainText(plural(cat, lang, 'diamant.n.lobby', names.length));
  // The host starts: every phone goes to the game by itself.
  await host.getByRole('button', { name: msg(cat, 'diamant.lobby.start') }).click();
  for (const p of pages) await expect(h1(p)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
  return { phones, pages, cat, code };
}

// Installs the app online in a language, and waits until the engine is kept and the
// service worker knows the device's settings: from then on the network may go. byLink:
// the language chosen by the page's own link, by the browser alone (for a host name that
// only the browser resolves), with the other settings left as they are.
export async function install(page, lang, settings = {}, { byLink = false } = {}) {
  if (byLink) await page.goto(`/?lang=${lang}`);
  else await postSettings(page, { lang, ...settings });
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => page.evaluate(async () => {
    for (const name of await caches.keys()) {
      for (const r of await (await caches.open(name)).keys()) if (r.url.endsWith('.wasm')) return true;
    }
    return false;
  }), { timeout: 60_000 }).toBe(true);
  await expect.poll(() => page.evaluate(() => new Promise((resolve) => {
    const open = indexedDB.open('tavolo', 1);
    open.onsuccess = () => {
      const get = open.result.transaction('meta').objectStore('meta').get('settings');
      get.onsuccess = () => resolve(get.result?.value ? `${get.result.value.lang} ${get.result.value.text}` : null);
      get.onerror = () => resolve(null);
    };
    open.onerror = () => resolve(null);
  })), { timeout: 10_000 }).toBe(`${lang} ${settings.text ?? '100'}`);
}
