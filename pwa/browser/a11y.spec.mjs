// Every page of the foundation, in every language, in the standard theme and in high
// contrast with 200 % text: no axe violations (WCAG 2.2 AA), the right <html lang>, one h1.
import { test, expect } from '@playwright/test';
import { LANGS, PAGES, expectNoAxeViolations, postSettings } from './helpers.mjs';

// These tests look at pages, not at the service worker (offline.spec.mjs does).
test.use({ serviceWorkers: 'block' });

const MODES = [
  { name: 'standard', settings: { text: '100', contrast: 'standard' } },
  { name: 'high contrast, 200 % text', settings: { text: '200', contrast: 'high' } },
];

for (const mode of MODES) {
  for (const lang of LANGS) {
    for (const p of PAGES) {
      test(`${p.name} in ${lang}, ${mode.name}`, async ({ page }) => {
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
        await expectNoAxeViolations(page);
      });
    }
  }
}
