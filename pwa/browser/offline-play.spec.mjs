// Playing with no network (issue #15): after one visit online, the service worker runs the
// offline engine (the server's Go code built to WebAssembly). With the context offline from
// then on: a whole one-phone Diamant game by keyboard and a whole Donuts game against the
// hard computer, in four languages with axe on every screen; a reload and a closed app in
// the middle; then, online again, the move of a table to the server.
import { test, expect } from '@playwright/test';
import { LANGS, expectNoAxeViolations, catalog, msg, h1, pressAndWait, install } from './helpers.mjs';
import { KNOWN_END, newGame, playGame } from './diamant-play.mjs';

const notice = (page, cat) => page.getByRole('region', { name: msg(cat, 'app.offline.table') });

for (const lang of LANGS) {
  test(`offline from the start: a whole Diamant game on one phone by keyboard, in ${lang}`, async ({ page, context }) => {
    test.setTimeout(300_000);
    await install(page, lang);
    const cat = await catalog(page);
    await context.setOffline(true);
    await page.goto('/diamant');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expectNoAxeViolations(page);
    await newGame(page, cat);
    // The table says it is kept on this phone, on screen and aloud once.
    await expect(notice(page, cat)).toBeVisible();
    await expect(page.locator('#live-polite')).toHaveText(msg(cat, 'app.offline.table'));
    await expectNoAxeViolations(page);
    await playGame(page, cat, async () => {
      await expectNoAxeViolations(page);
    });
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.final.heading'));
    await expect(page.getByRole('main')).toContainText(KNOWN_END[lang]);
    await expectNoAxeViolations(page);
  });
}

test('offline: a reload and a closed app in the middle of a game resume where they were', async ({ page, context }) => {
  test.setTimeout(120_000);
  await install(page, 'en');
  const cat = await catalog(page);
  await context.setOffline(true);
  await newGame(page, cat);
  const draw = page.getByRole('button', { name: msg(cat, 'diamant.draw.app') });
  await pressAndWait(draw);
  const heading = await h1(page).textContent();
  const news = await page.locator('#news').textContent();
  await page.reload();
  await expect(h1(page)).toHaveText(heading);
  await expect(page.locator('#news')).toHaveText(news);
  // Said once: not again after the reload.
  await page.waitForTimeout(300);
  await expect(page.locator('#live-polite')).not.toHaveText(msg(cat, 'app.offline.table'));

  // The app closed and opened again: the game is in the list of this device's games.
  const url = page.url();
  await page.close();
  const again = await context.newPage();
  await again.goto('/diamant');
  const resume = again.getByRole('link', { name: msg(cat, 'diamant.setup.resume.item', { Names: 'Ada, Bruno and Chiara' }) });
  await expect(resume).toBeVisible();
  await resume.press('Enter');
  await expect(again).toHaveURL(url);
  await expect(h1(again)).toHaveText(heading);
});

test('online again, a table kept on the phone moves to the server with one button', async ({ page, context }) => {
  test.setTimeout(120_000);
  await install(page, 'fr');
  const cat = await catalog(page);
  await context.setOffline(true);
  await newGame(page, cat);
  await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
  const heading = await h1(page).textContent();
  const table = await page.getByRole('table').textContent();
  const offlineURL = page.url();

  // Still offline: the move is refused with a sentence, and the game stays.
  await page.getByRole('button', { name: msg(cat, 'app.offline.move') }).press('Enter');
  await expect(h1(page)).toHaveText(msg(cat, 'app.offline.move.refused'));
  await expect(page.getByRole('main')).toContainText(msg(cat, 'app.offline.move.network'));
  await expectNoAxeViolations(page);
  await page.goto(offlineURL);
  await expect(h1(page)).toHaveText(heading);

  await context.setOffline(false);
  await page.getByRole('button', { name: msg(cat, 'app.offline.move') }).press('Enter');
  await expect(page).not.toHaveURL(offlineURL);
  await expect(page).toHaveURL(/\/diamant\/[a-z2-7]{26}$/);
  await expect(page.locator('html')).not.toHaveAttribute('data-offline', 'true');
  await expect(h1(page)).toHaveText(heading);
  await expect(page.getByRole('table')).toHaveText(table);
  await expect(notice(page, cat)).toHaveCount(0);
  // It is the server's now: it can be opened to other phones, and goes on.
  await expect(page.getByRole('link', { name: msg(cat, 'diamant.open.submit') })).toBeVisible();
  await expectNoAxeViolations(page);
  // The phone no longer keeps it.
  expect(await page.evaluate(async (u) => (await fetch(u)).status, new URL(offlineURL).pathname)).toBe(404);
});
