// The service worker: it takes control, a page already seen still shows without network, a
// page never seen is drawn by the offline engine when it can be (in the device's language
// and settings), and anything else (a page that needs the server) shows the offline page in
// the device's language.
import { test, expect } from '@playwright/test';
import { catalog, msg, postSettings, install } from './helpers.mjs';

test('pages keep working offline; a new page shows the offline page in Slovak', async ({ page, context }) => {
  test.setTimeout(120_000); // the offline engine's first start, on a loaded machine
  // Slovak first: the offline page must follow the language the device last used.
  await install(page, 'sk');
  await page.goto('/?lang=sk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  const sk = await catalog(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto('/');
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page').toBe(true);

  // The service worker keeps its copy of the page, and of the device's language, while
  // answering: wait until both are stored before cutting the network.
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match(location.href, { ignoreVary: true })))).toBe(true);
  await expect.poll(() => page.evaluate(async () => (await caches.match('/__lang'))?.text())).toBe('sk');

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(sk, 'home.title'));
    // Styles and modules come from the precache: the page is styled, not bare HTML.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('system-ui');

    // Never visited, and the offline engine draws it: in Slovak.
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(sk, 'about.title'));
    // Never visited, and only the server can answer: the offline page, in Slovak.
    await page.goto('/join');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(sk, 'offline.title'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ste bez pripojenia');
  } finally {
    await context.setOffline(false);
  }
  // Back online, the real page again.
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(sk, 'about.title'));
});

test('the offline page keeps the device settings', async ({ page, context }) => {
  test.setTimeout(120_000); // the offline engine's first start, on a loaded machine
  await page.goto('/?lang=it');
  // Settings saved on this device: the offline page, precached before they changed,
  // still shows them (app.js applies the copy kept in localStorage).
  await postSettings(page, { lang: 'it', text: '200', contrast: 'high' });
  await install(page, 'it', { text: '200', contrast: 'high' });
  await page.goto('/settings');
  await expect.poll(() => page.evaluate(async () => (await caches.match('/__lang'))?.text())).toBe('it');
  await context.setOffline(true);
  try {
    await page.goto('/join');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sei senza connessione');
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
    await expect(page.locator('html')).toHaveAttribute('data-text', '200');
    // A page the offline engine draws has them too: the service worker gave it the settings.
    await page.goto('/donaz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Donaz: prepara l'orologio");
    await expect(page.locator('html')).toHaveAttribute('data-offline', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
    await expect(page.locator('html')).toHaveAttribute('data-text', '200');
  } finally {
    await context.setOffline(false);
  }
});
