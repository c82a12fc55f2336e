// Every page of the foundation, in every language, in the standard theme (light, and dark
// as a phone set to dark has it) and in high contrast with 200 % text: no axe violations
// (WCAG 2.2 AA), the right <html lang>, one h1.
import { test as base, expect } from '@playwright/test';
import { LANGS, PAGES, expectDark, expectNoAxeViolations, postSettings } from './helpers.mjs';

// 88 page checks: one page per worker instead of one per test saves a context's start each
// time, and axe's start in a new page (1.7 s against 0.65 s in a page that ran it before,
// measured). Every test sets its own language and settings and loads its page first, so
// none depends on another's; the service worker is blocked (offline.spec.mjs tests it).
const test = base.extend({
  sharedPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, locale, serviceWorkers: 'block' });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ sharedPage }, use) => {
    await use(sharedPage);
  },
});

const MODES = [
  { name: 'standard', settings: { text: '100', contrast: 'standard' } },
  { name: 'standard, the phone set to dark', settings: { text: '100', contrast: 'standard' }, scheme: 'dark' },
  { name: 'high contrast, 200 % text', settings: { text: '200', contrast: 'high' } },
];

for (const mode of MODES) {
  for (const lang of LANGS) {
    for (const p of PAGES) {
      test(`${p.name} in ${lang}, ${mode.name}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: mode.scheme ?? 'light' });
        await postSettings(page, { lang, ...mode.settings });
        const path = typeof p.path === 'function' ? p.path(lang) : p.path;
        const res = await page.goto(path);
        expect(res.status()).toBe(p.status ?? 200);

        const html = page.locator('html');
        await expect(html).toHaveAttribute('lang', lang);
        await expect(html).toHaveAttribute('data-text', mode.settings.text);
        await expect(html).toHaveAttribute('data-contrast', mode.settings.contrast);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByRole('main')).toHaveCount(1);
        if (mode.scheme === 'dark') await expectDark(page);
        await expectNoAxeViolations(page);
      });
    }
  }
}

// The harness itself: a page with known faults must fail the check, and say why.
base('the axe check reports violations readably', async ({ page }) => {
  await page.setContent('<html><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><a href="/x"></a></main></body></html>');
  const err = await expectNoAxeViolations(page).then(() => null, (e) => e);
  expect(err, 'expectNoAxeViolations passed a faulty page').not.toBeNull();
  expect(err.message).toContain('image-alt');
  expect(err.message).toContain('html-has-lang');
  expect(err.message).toContain('link-name');
});
