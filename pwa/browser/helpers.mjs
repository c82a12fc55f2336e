// Shared helpers of the browser tests: axe checks, the app's catalog, settings through the
// settings form (as a person would) or by posting it (to set up a test fast), and a
// speechSynthesis stub (headless Chromium has no voices).
import { expect } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

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
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const sel of exclude) builder = builder.exclude(sel);
  const { violations } = await builder.analyze();
  expect(violations, `axe found ${violations.length} violation(s) on ${page.url()}:\n${formatViolations(violations)}`).toEqual([]);
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
  lang: 'en', text: '100', contrast: 'standard', motion: 'system', speak: false, rate: '1', sound: true, vibrate: true,
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
  const form = { _csrf: token, lang: st.lang, text: st.text, contrast: st.contrast, motion: st.motion, rate: st.rate };
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
  await expect(page.getByRole('status').filter({ hasText: msg(cat, 'settings.saved') })).toBeVisible();
}

/**
 * Replaces speechSynthesis before any page script runs. What would be spoken is recorded
 * in window.__spoken as {text, lang, rate}; utterances end at once (onstart, onend fire).
 */
export async function stubSpeech(page) {
  await page.addInitScript(() => {
    const spoken = [];
    const queue = [];
    Object.defineProperty(window, '__spoken', { value: spoken, configurable: true });
    const voices = [
      { name: 'Stub English', lang: 'en-GB', default: true, localService: true, voiceURI: 'stub-en' },
      { name: 'Stub Italiano', lang: 'it-IT', default: false, localService: true, voiceURI: 'stub-it' },
      { name: 'Stub Français', lang: 'fr-FR', default: false, localService: true, voiceURI: 'stub-fr' },
      { name: 'Stub Slovenčina', lang: 'sk-SK', default: false, localService: true, voiceURI: 'stub-sk' },
    ];
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
      getVoices: () => voices,
      speak(u) {
        spoken.push({ text: u.text, lang: u.lang, rate: u.rate });
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
    // Our own utterance too, so that its on* handlers are plain properties fired once.
    window.SpeechSynthesisUtterance = class extends EventTarget {
      constructor(text = '') {
        super();
        Object.assign(this, { text, lang: '', rate: 1, pitch: 1, volume: 1, voice: null });
      }
    };
  });
}

/** What the page would have spoken so far (with stubSpeech installed). */
export async function spoken(page) {
  return page.evaluate(() => window.__spoken.map((s) => s.text));
}
