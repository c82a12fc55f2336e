// Diamant with a phone each: several browser contexts are several phones at one table.
// They join by the code typed as a person would, vote in secret (each phone sees only how
// many have voted until the reveal), survive a reload and a lost connection, and every
// screen passes axe in four languages. Everything is found by role and accessible name,
// in the page's language.
import { test, expect } from '@playwright/test';
import { LANGS, expectNoAxeViolations, postSettings, catalog, msg } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const h1 = (page) => page.getByRole('heading', { level: 1 });
const escapeRe = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A plural message for a count, in the form the language's CLDR rules pick. */
function plural(cat, lang, id, count, params = {}) {
  const forms = cat[id];
  if (!forms || typeof forms !== 'object') throw new Error(`no plural message ${id}`);
  const text = forms[new Intl.PluralRules(lang).select(count)] ?? forms.other;
  return text.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, k) => String(k === 'Count' ? count : params[k]));
}

/** Presses a control with the keyboard and waits for the next screen's heading to take focus. */
async function pressAndWait(locator) {
  const page = locator.page();
  await locator.press('Enter');
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1', null, { timeout: 10_000 });
  await expect(h1(page)).toBeFocused();
}

/** A new phone: its own browser context (its own session cookie), in a language. */
async function newPhone(browser, lang, settings = {}) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await postSettings(page, { lang, ...settings });
  return { context, page };
}

/** The host opens a table for a phone each from the Diamant setup page; returns its code. */
async function openTable(page, cat, name, { axe = false } = {}) {
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
async function join(page, cat, code, name, { typed = code, axe = false } = {}) {
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
async function expectSeated(page, cat, name) {
  await expect(page.getByRole('listitem').filter({ hasText: `${name}: ${msg(cat, 'diamant.seat.other')}` })).toBeVisible();
}

test('three phones join by code, vote in secret, survive a reload and a lost connection', async ({ browser }) => {
  test.setTimeout(120_000);
  const lang = 'en';
  const phones = [];
  try {
    for (let i = 0; i < 3; i++) phones.push(await newPhone(browser, lang));
    const [host, bruno, chiara] = phones.map((p) => p.page);
    await host.goto('/diamant');
    const cat = await catalog(host);
    const code = await openTable(host, cat, 'Ada');
    // Typed the way people do: lower case, with spaces or a dash.
    await join(bruno, cat, code, 'Bruno', { typed: code.toLowerCase().split('').join(' ') });
    await expectSeated(host, cat, 'Bruno');
    await join(chiara, cat, code, 'Chiara', { typed: `${code.slice(0, 3)}-${code.slice(3)}` });
    await expectSeated(host, cat, 'Chiara');
    await expect(host.getByRole('main')).toContainText(plural(cat, lang, 'diamant.n.lobby', 3));

    // The host starts: every phone goes to the game by itself.
    await host.getByRole('button', { name: msg(cat, 'diamant.lobby.start') }).click();
    const round = msg(cat, 'diamant.round.heading', { Round: 1 });
    for (const p of [host, bruno, chiara]) await expect(h1(p)).toHaveText(round);
    await pressAndWait(bruno.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));

    // Each phone is at once on its own seat's vote.
    const names = ['Ada', 'Bruno', 'Chiara'];
    const pages = [host, bruno, chiara];
    const voted = (n) => plural(cat, lang, 'diamant.n.voted', n, { Total: 3 });
    for (let i = 0; i < 3; i++) {
      await expect(h1(pages[i])).toHaveText(msg(cat, 'diamant.vote.heading', { Name: names[i] }));
      await expect(pages[i].getByRole('main')).toContainText(voted(0));
    }

    // Bruno leaves; the others see only the count, on the vote they are in, and keep
    // their focus.
    const chiaraContinue = chiara.getByRole('button', { name: msg(cat, 'diamant.vote.continue') });
    await chiaraContinue.focus();
    await pressAndWait(bruno.getByRole('button', { name: msg(cat, 'diamant.vote.leave') }));
    await expect(bruno.getByRole('main')).toContainText(msg(cat, 'diamant.vote.mine.leave'));
    await expect(bruno.getByRole('main')).toContainText(voted(1));
    for (const p of [host, chiara]) {
      await expect(p.getByRole('main')).toContainText(voted(1));
      await expect(p.getByRole('main')).not.toContainText(msg(cat, 'diamant.vote.mine.leave'));
      await expect(p.getByRole('main')).not.toContainText(plural(cat, lang, 'diamant.n.leave', 1, { Names: 'Bruno' }));
    }
    await expect(h1(host)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Ada' }));
    await expect(chiaraContinue).toBeFocused();

    // Bruno's phone reloads: same seat, same pending vote.
    await bruno.reload();
    await expect(h1(bruno)).toHaveText(round);
    await expect(bruno.getByRole('main')).toContainText(msg(cat, 'diamant.vote.mine.leave'));
    await expect(bruno.getByRole('main')).toContainText(voted(1));

    // Chiara's phone loses its connection; Ada votes meanwhile; Chiara's comes back and
    // catches up, and says so.
    const chiaraCtx = phones[2].context;
    await chiaraCtx.setOffline(true);
    await expect(chiara.getByRole('status').filter({ hasText: msg(cat, 'diamant.connection.lost') })).toBeVisible({ timeout: 10_000 });
    await pressAndWait(host.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
    await expect(host.getByRole('main')).toContainText(msg(cat, 'diamant.vote.mine.continue'));
    await expect(host.getByRole('main')).toContainText(voted(2));
    await chiara.waitForTimeout(1000);
    await expect(chiara.getByRole('main')).toContainText(voted(1)); // nothing reaches it offline
    await chiaraCtx.setOffline(false);
    await expect(chiara.getByRole('status').filter({ hasText: msg(cat, 'diamant.connection.back') })).toBeVisible({ timeout: 15_000 });
    await expect(chiara.getByRole('main')).toContainText(voted(2));
    await expect(h1(chiara)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Chiara' }));

    // The last vote reveals, on every phone.
    await pressAndWait(chiara.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
    for (const p of pages) {
      await expect(h1(p)).toHaveText(msg(cat, 'diamant.reveal.heading'));
      await expect(p.getByRole('main')).toContainText(plural(cat, lang, 'diamant.n.leave', 1, { Names: 'Bruno' }));
    }
  } finally {
    for (const p of phones) await p.context.close();
  }
});

// ---- axe on the screens of a phone each, in four languages ----

const MODES = [
  ...LANGS.map((lang) => ({ lang, name: lang, settings: {} })),
  { lang: 'fr', name: 'fr, high contrast, 200 % text', settings: { text: '200', contrast: 'high' } },
];

for (const mode of MODES) {
  test(`axe on join, lobby, vote and reveal, ${mode.name}; a phone with two seats keeps its vote`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { lang } = mode;
    const phones = [];
    try {
      for (let i = 0; i < 2; i++) phones.push(await newPhone(browser, lang, mode.settings));
      const [host, bruno] = phones.map((p) => p.page);
      await host.goto('/diamant');
      const cat = await catalog(host);
      const code = await openTable(host, cat, 'Ada', { axe: true });
      // Dario has no phone: he sits on the host's.
      await host.getByRole('textbox', { name: msg(cat, 'diamant.seat.add.label') }).fill('Dario');
      await host.getByRole('button', { name: msg(cat, 'diamant.seat.add') }).click();
      await expect(host.getByRole('listitem').filter({ hasText: `Dario: ${msg(cat, 'diamant.seat.here')}` })).toBeVisible();

      await join(bruno, cat, code, 'Bruno', { axe: true });
      await expectNoAxeViolations(bruno); // waiting in the lobby
      await expectSeated(host, cat, 'Bruno');
      await host.getByRole('button', { name: msg(cat, 'diamant.lobby.start') }).click();
      await expect(h1(bruno)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
      await pressAndWait(host.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));

      // Bruno votes on his own phone; the host passes its phone from Ada to Dario.
      await expect(h1(bruno)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Bruno' }));
      await expectNoAxeViolations(bruno); // vote
      await expect(h1(host)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Ada' }));
      await pressAndWait(host.getByRole('link', { name: msg(cat, 'diamant.pass.confirm', { Name: 'Ada' }) }));
      await expect(h1(host)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Ada' }));
      const voted = (n) => plural(cat, lang, 'diamant.n.voted', n, { Total: 3 });
      await expect(host.getByRole('main')).toContainText(voted(0));
      await pressAndWait(bruno.getByRole('button', { name: msg(cat, 'diamant.vote.leave') }));
      // Ada stays on her vote: only the count changes, and her vote still counts.
      await expect(host.getByRole('main')).toContainText(voted(1));
      await expect(h1(host)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Ada' }));
      await pressAndWait(host.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
      await expect(h1(host)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Dario' }));
      await expect(host.getByRole('main')).toContainText(voted(2));
      await expect(bruno.getByRole('main')).toContainText(voted(2));
      await pressAndWait(host.getByRole('link', { name: msg(cat, 'diamant.pass.confirm', { Name: 'Dario' }) }));
      await pressAndWait(host.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));

      for (const p of [host, bruno]) {
        await expect(h1(p)).toHaveText(msg(cat, 'diamant.reveal.heading'));
        await expect(p.getByRole('main')).toContainText(plural(cat, lang, 'diamant.n.leave', 1, { Names: 'Bruno' }));
      }
      await expectNoAxeViolations(bruno); // reveal
    } finally {
      for (const p of phones) await p.context.close();
    }
  });
}

test.describe('at 300 % text on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  /** Fails when anything sticks out sideways (WCAG 1.4.10); names what does. */
  async function expectNoSidewaysScroll(page, where) {
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

  test('the setup, the lobby with its code and QR, and joining reflow', async ({ page }) => {
    await postSettings(page, { lang: 'sk', text: '300' });
    await page.goto('/diamant');
    const cat = await catalog(page);
    await expectNoSidewaysScroll(page, 'setup');
    const code = await openTable(page, cat, 'Ada');
    await expectNoSidewaysScroll(page, 'lobby');
    await page.goto('/join');
    await expectNoSidewaysScroll(page, 'join');
    await page.goto(`/join/${code}`);
    await expect(h1(page)).toHaveText(msg(cat, 'join.table.heading'));
    await expectNoSidewaysScroll(page, 'join, the table found');
  });
});
