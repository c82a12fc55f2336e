// Text at 200 % and 300 % on a 360 px wide phone: the page reflows, nothing needs
// scrolling sideways (WCAG 1.4.4 and 1.4.10).
import { test, expect } from '@playwright/test';
import { LANGS, postSettings } from './helpers.mjs';

test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });

const PATHS = ['/', '/settings', '/about', '/rules/diamant', '/donuts'];

for (const text of ['200', '300']) {
  for (const lang of LANGS) {
    test(`no horizontal scrolling at ${text} % text in ${lang}`, async ({ page }) => {
      await postSettings(page, { lang, text });
      for (const path of PATHS) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-text', text);
        const { scrollWidth, clientWidth, wide } = await page.evaluate(() => {
          const root = document.documentElement;
          // Name what sticks out, for a useful failure message.
          const wide = [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
            .slice(0, 5)
            .map((el) => `<${el.tagName.toLowerCase()}> ${el.textContent.trim().slice(0, 40)}`);
          return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
        });
        expect(scrollWidth, `${path} scrolls sideways; too wide: ${wide.join(' | ')}`).toBeLessThanOrEqual(clientWidth + 1);
      }
    });
  }
}
