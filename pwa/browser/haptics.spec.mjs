// Vibration tells events apart by rhythm (issue #14): a clock switch, a threshold, the count
// and time up each have their own pattern, Diamant's hazard and lost round theirs; with
// vibration off in the settings nothing vibrates. navigator.vibrate is recorded, as a phone
// would be told.
import { test, expect } from '@playwright/test';
import { postSettings } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const T0 = new Date('2026-12-01T12:00:00Z').getTime();

// Records every pattern the page asks the phone to vibrate with.
async function recordVibration(page) {
  await page.addInitScript(() => {
    window.__vibrations = [];
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern) => {
        window.__vibrations.push(JSON.stringify([].concat(pattern)));
        return true;
      },
    });
  });
}

const vibrations = (page) => page.evaluate(() => window.__vibrations);

test('a switch, a threshold, the count and time up vibrate each in their own rhythm', async ({ page }) => {
  await recordVibration(page);
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 60_000);
  await page.goto('/donaz/clock?game=h1&lang=en&minutes=1');
  await expect(page.locator('html[data-clock]')).toHaveCount(1);
  await page.keyboard.press('Space'); // start: Team 1's turn
  await page.keyboard.press('Space'); // a switch: Team 2's turn
  const turn = (await vibrations(page)).at(-1);
  // Team 2 plays to its warning at 30 seconds, through the count, and runs out of time.
  await page.clock.runFor(31_000);
  const threshold = (await vibrations(page)).at(-1);
  await page.clock.runFor(25_500);
  const count = (await vibrations(page)).at(-1);
  await page.clock.runFor(5_000);
  await expect(page.locator('html[data-clock="flagged"]')).toHaveCount(1);
  const timeup = (await vibrations(page)).at(-1);
  const kinds = [turn, threshold, count, timeup];
  expect(kinds.every(Boolean), `patterns: ${kinds.join(' ')}`).toBe(true);
  expect(new Set(kinds).size, `patterns: ${kinds.join(' ')}`).toBe(4);
});

test('with vibration off, nothing vibrates', async ({ page }) => {
  await recordVibration(page);
  await postSettings(page, { lang: 'en', vibrate: false });
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 60_000);
  await page.goto('/donaz/clock?game=h2&lang=en&minutes=1');
  await expect(page.locator('html[data-clock]')).toHaveCount(1);
  await page.keyboard.press('Space');
  await page.keyboard.press('Space');
  await page.clock.runFor(62_000);
  await expect(page.locator('html[data-clock="flagged"]')).toHaveCount(1);
  expect(await vibrations(page)).toEqual([]);
});
