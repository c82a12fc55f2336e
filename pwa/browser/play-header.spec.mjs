// Play screens start with the game (issue #14, point 10): on the Donaz clock, Diamant's play
// screen and Donuts' game, the site's header folds into one menu button, a disclosure
// that opens the menu and the languages, reachable by keyboard; the skip link still leads
// to the content; without scripts the menu is a <details> that still opens. Axe on each
// screen with the menu open, in four languages.
import { test, expect } from '@playwright/test';
import { LANGS, LANG_NAMES, createTable, expectNoAxeViolations, postSettings, catalog, msg, h1, expectScreenFocus } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const SCREENS = {
  'the Donaz clock': async () => '/donaz/clock?game=hd1',
  "Diamant's play screen": (page) => createTable(page, '/diamant', { name: ['Ada', 'Bruno', 'Chiara'], draw: 'app', vote: 'phone', seed: '2026' }),
  "Donuts' game": (page) => createTable(page, '/donuts', {
    mode: 'computer', level: 'easy', color: 'chocolate', first: 'chocolate', board: 'number', seed: '4021',
  }),
};

// The folded menu works: closed at first, opened by its button, every link reached with
// Tab, folded again by Escape with the focus back on the button.
async function checkMenu(page, cat, lang, where) {
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: msg(cat, 'nav.menu'), exact: true });
  await expect(menu, `${where}: the menu button`).toHaveAttribute('aria-expanded', 'false');
  const mainNav = page.getByRole('navigation', { name: msg(cat, 'nav.main') });
  const langNav = page.getByRole('navigation', { name: msg(cat, 'nav.language') });
  await expect(mainNav).toBeHidden();
  await expect(langNav).toBeHidden();
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(mainNav).toBeVisible();
  await expect(langNav.getByRole('link', { name: LANG_NAMES[lang] })).toHaveAttribute('aria-current', 'true');
  // The menu's button controls the menu.
  const controlled = await menu.getAttribute('aria-controls');
  await expect(page.locator(`[id="${controlled}"]`).getByRole('navigation', { name: msg(cat, 'nav.main') })).toBeVisible();
  await expectNoAxeViolations(page); // the menu open
  // Tab visits the site's name, the menu's three links and the four languages.
  const want = ['Tavolo', msg(cat, 'nav.home'), msg(cat, 'nav.settings'), msg(cat, 'nav.about'), ...LANGS.map((l) => LANG_NAMES[l])];
  const seen = [];
  for (let i = 0; i < want.length; i++) {
    await page.keyboard.press('Tab');
    seen.push(await page.evaluate(() => document.activeElement.textContent.trim()));
  }
  expect(seen, `${where}: the links Tab reaches in the menu`).toEqual(want);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(mainNav).toBeHidden();
  // Open again, then Tab out of the header: the menu folds, nothing stays over the game.
  await page.keyboard.press('Enter');
  await expect(mainNav).toBeVisible();
  const inBanner = () => page.evaluate(() => Boolean(document.activeElement.closest('header')));
  for (let i = 0; i < 15 && await inBanner(); i++) await page.keyboard.press('Tab');
  expect(await inBanner(), `${where}: Tab leaves the header`).toBe(false);
  await expect(mainNav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
}

for (const lang of LANGS) {
  test(`play screens start with the game, the menu folded, ${lang}`, async ({ page }) => {
    test.slow(); // three screens, axe on each
    await postSettings(page, { lang, text: '200' });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [where, url] of Object.entries(SCREENS)) {
      await page.goto(await url(page));
      const cat = await catalog(page);
      // The game is the first thing on the screen: at 200 % text on a phone, the heading
      // is near the top (the unfolded header put it 580 px down).
      const top = (await h1(page).boundingBox()).y;
      expect(top, `${where}: the h1's top`).toBeLessThan(200);
      if (where === 'the Donaz clock') {
        // Its h1 is for screen readers; the halves come right under the header.
        const half = await page.getByRole('region', { name: msg(cat, 'donaz.team.default', { Number: 1 }) }).boundingBox();
        expect(half.y, `${where}: the first half's top`).toBeLessThan(200);
        // The way out, beside the menu.
        await expect(page.getByRole('banner').getByRole('link', { name: msg(cat, 'donaz.clock.leave') })).toHaveAttribute('href', /^\/donaz\?/);
      }
      console.log(`${lang}, ${where}, 390×844 at 200 %: h1 top ${Math.round(top)} px`);
      await checkMenu(page, cat, lang, where);

      // The skip link comes first and still leads to the content. A play screen loaded
      // whole puts focus on the game (issue 23): Diamant's primary control or heading,
      // Donuts' board, the clock's Start, where a screen reader's keys reach the game.
      await page.reload();
      const skip = page.getByRole('link', { name: msg(cat, 'nav.skip') });
      if (where === "Diamant's play screen") await expectScreenFocus(page);
      else if (where === "Donuts' game") await expect(page.getByRole('gridcell').and(page.locator(':focus'))).toHaveCount(1);
      else await expect(page.getByRole('button', { name: msg(cat, 'donaz.clock.start') })).toBeFocused();
      expect(await page.evaluate(() => document.querySelector('a[href], button, input, select, textarea, [tabindex]')?.className), `${where}: the first control`).toBe('skip');
      await skip.focus();
      await expect(skip).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
    }
  });
}

test('other pages keep the whole header', async ({ page }) => {
  await postSettings(page, { lang: 'en' });
  for (const path of ['/', '/donaz', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toHaveCount(0);
  }
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });
  test('the folded menu still opens, its links reachable', async ({ page }) => {
    await postSettings(page, { lang: 'en' });
    const url = await createTable(page, '/donuts', {
      mode: 'computer', level: 'easy', color: 'chocolate', first: 'chocolate', board: 'number', seed: '4021',
    });
    await page.goto(url);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav).toBeHidden();
    // A <details>: its summary (no role of its own for Playwright) opens it.
    await page.getByRole('banner').getByText('Menu', { exact: true }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await expect(page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Italiano' })).toBeVisible();
  });
});
