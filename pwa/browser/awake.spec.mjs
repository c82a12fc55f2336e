// The screen stays awake while a game is played (awake.js): a wake lock is held on a
// Diamant round, a Donuts game and the running clock, and let go at the game's end, when
// the clock stops, and while the page is hidden. The browser's wake lock is recorded.
import { test, expect } from '@playwright/test';
import { catalog, createTable, postSettings } from './helpers.mjs';
import { newGame as newDiamant, fastForward } from './diamant-play.mjs';

test.use({ serviceWorkers: 'block' });

// Replaces navigator.wakeLock with a recorder: window.__held is whether a lock is held.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__held = false;
    window.__asked = 0;
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        async request(type) {
          if (type !== 'screen') throw new Error('not a screen lock');
          window.__asked += 1;
          window.__held = true;
          const listeners = [];
          return {
            addEventListener: (_, f) => listeners.push(f),
            async release() { window.__held = false; listeners.forEach((f) => f()); },
          };
        },
      },
    });
  });
});

const held = (page) => page.evaluate(() => window.__held);

test('Diamant: awake through the rounds, let go at the end and while hidden', async ({ page }) => {
  await postSettings(page, { lang: 'en' });
  await page.goto('/diamant');
  const cat = await catalog(page);
  expect(await held(page)).toBe(false); // the setup: nothing in play yet
  await newDiamant(page, cat);
  await expect.poll(() => held(page)).toBe(true);
  // Hidden, the lock goes; back, it is asked again.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => held(page)).toBe(false);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => held(page)).toBe(true);
  expect(await page.evaluate(() => window.__asked)).toBe(2);
  const tableURL = new URL(page.url()).pathname;
  await fastForward(page, tableURL, 'final');
  await page.goto(`${tableURL}?show=reveal`);
  await expect(page.locator('[data-screen="final"]')).toHaveCount(1);
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => window.__asked), 'the final screen asks for no lock').toBe(0);
});

test('Donuts: awake while the game runs', async ({ page }) => {
  await postSettings(page, { lang: 'it' });
  await page.goto(await createTable(page, '/donuts', { mode: 'two', first: 'chocolate', board: 'number', seed: '7' }));
  await expect.poll(() => held(page)).toBe(true);
});

test('the clock: awake while it runs, let go when paused', async ({ page }) => {
  await postSettings(page, { lang: 'fr' });
  await page.goto('/donaz/clock?game=awake1');
  await expect(page.locator('html[data-clock="ready"]')).toHaveCount(1);
  expect(await held(page)).toBe(false);
  await page.keyboard.press('Space');
  await expect(page.locator('html[data-clock="running"]')).toHaveCount(1);
  await expect.poll(() => held(page)).toBe(true);
  await page.keyboard.press('p');
  await expect(page.locator('html[data-clock="paused"]')).toHaveCount(1);
  await expect.poll(() => held(page)).toBe(false);
});
