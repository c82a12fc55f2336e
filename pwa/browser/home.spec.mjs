// The home page as a shelf of games (issue 24, point 10): each game a card with its
// picture (seen, not heard: aria-hidden beside the game's name), one filled button per
// card; above them, "continue a game" links to this device's unfinished tables, the most
// recent first, each named with the game, the players and where it stands. In four
// languages, with axe in the light and dark themes.
import { test, expect } from '@playwright/test';
import { LANGS, catalog, createTable, expectDark, expectNoAxeViolations, msg, plural, postSettings } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const NAMES = ['Ada', 'Bruno', 'Chiara'];
const GAMES = ['diamant', 'donaz', 'donuts'];

for (const lang of LANGS) {
  test(`home (${lang}): a card per game with its picture, and links to continue this device's tables, newest first`, async ({ page }) => {
    await postSettings(page, { lang });
    await page.goto('/');
    let cat = await catalog(page);
    // No table yet: nothing to continue.
    await expect(page.getByRole('heading', { level: 2, name: msg(cat, 'home.continue') })).toHaveCount(0);
    const shelf = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) });
    for (const game of GAMES) {
      const name = msg(cat, `game.${game}`);
      const card = shelf.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
      await expect(card).toHaveCount(1);
      // Its picture is drawn, and hidden from screen readers: the heading says it.
      const pic = card.locator('svg');
      await expect(pic).toHaveAttribute('aria-hidden', 'true');
      await expect(pic).toBeVisible();
      await expect(card.getByRole('link', { name: msg(cat, 'home.open', { Game: name }) })).toBeVisible();
    }

    // A Diamant table, then a Donuts game against the computer.
    const diamant = await createTable(page, '/diamant', { name: NAMES, draw: 'app', vote: 'phone', seed: '2026' });
    const donuts = await createTable(page, '/donuts', { mode: 'computer', level: 'easy', color: 'chocolate', first: 'chocolate', board: 'number', seed: '4021' });
    await page.goto('/');
    cat = await catalog(page);
    const section = page.getByRole('region', { name: msg(cat, 'home.continue') });
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(msg(cat, 'home.continue'));
    const names = NAMES.slice(0, -1).join(cat['app.list.sep']) + cat['app.list.and'] + NAMES.at(-1);
    const diamantLink = section.getByRole('link', {
      name: msg(cat, 'diamant.home.round', { Game: msg(cat, 'game.diamant'), Names: names, Round: 1 }), exact: true,
    });
    const donutsLink = section.getByRole('link', {
      name: plural(cat, lang, 'donuts.n.home.computer', 0, { Game: msg(cat, 'game.donuts'), Level: msg(cat, 'donuts.level.easy') }), exact: true,
    });
    await expect(diamantLink).toHaveAttribute('href', diamant);
    await expect(donutsLink).toHaveAttribute('href', donuts);
    // The most recent first: the Donuts game was made last.
    const links = section.getByRole('link');
    await expect(links).toHaveCount(2);
    await expect(links.first()).toHaveAttribute('href', donuts);
    await expect(section.locator('svg[aria-hidden="true"]')).toHaveCount(2);
    await expectNoAxeViolations(page);

    // The link leads back to the table.
    await diamantLink.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
  });
}

test('home, dark: the shelf and the links to continue pass axe', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block', colorScheme: 'dark' });
  const page = await context.newPage();
  await postSettings(page, { lang: 'en' });
  await createTable(page, '/diamant', { name: NAMES, draw: 'app', vote: 'phone', seed: '2026' });
  await page.goto('/');
  const cat = await catalog(page);
  await expect(page.getByRole('region', { name: msg(cat, 'home.continue') }).getByRole('link')).toHaveCount(1);
  await expectDark(page);
  await expectNoAxeViolations(page);
  await context.close();
});

test('home: a few tables at most, the most recent first', async ({ page }) => {
  await postSettings(page, { lang: 'en' });
  const made = [];
  for (const seed of ['1', '2', '3', '4']) {
    made.push(await createTable(page, '/diamant', { name: NAMES, draw: 'app', vote: 'phone', seed }));
  }
  await page.goto('/');
  const cat = await catalog(page);
  const links = page.getByRole('region', { name: msg(cat, 'home.continue') }).getByRole('link');
  await expect(links).toHaveCount(3);
  await expect(links.nth(0)).toHaveAttribute('href', made[3]);
  await expect(links.nth(2)).toHaveAttribute('href', made[1]);
});
