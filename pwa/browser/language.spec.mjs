// The language switcher: each language named in itself, in a navigation named "Language"
// in the page's language; the choice is remembered by the session.
import { test, expect } from '@playwright/test';
import { LANG_NAMES, catalog, msg } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

test('choosing Italiano translates the page and is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const langNav = page.getByRole('navigation', { name: 'Language' });
  // Each language is named in itself and marked with its own lang, for the screen reader's voice.
  for (const [code, name] of Object.entries(LANG_NAMES)) {
    await expect(langNav.getByRole('link', { name, exact: true })).toHaveAttribute('lang', code);
  }

  await langNav.getByRole('link', { name: 'Italiano', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Tavolo, l'assistente da tavolo");
  const itNav = page.getByRole('navigation', { name: 'Lingua' });
  await expect(itNav.getByRole('link', { name: 'Italiano', exact: true })).toHaveAttribute('aria-current', 'true');

  // Next page, no ?lang: still Italian.
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Impostazioni' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impostazioni');
  // The settings form shows the language chosen.
  await expect(page.getByRole('combobox', { name: 'Lingua' })).toHaveValue('it');
});

test('the switcher keeps the page: from a rules page to the same rules in Slovak, then French', async ({ page }) => {
  await page.goto('/rules/donaz');
  const en = await catalog(page);
  await page.getByRole('navigation', { name: msg(en, 'nav.language') }).getByRole('link', { name: 'Slovenčina' }).click();
  await expect(page).toHaveURL(/\/rules\/donaz\?lang=sk$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  const sk = await catalog(page);
  expect(msg(sk, 'nav.language')).toBe('Jazyk');
  await page.getByRole('navigation', { name: 'Jazyk' }).getByRole('link', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(await catalog(page), 'about.title'));
});
