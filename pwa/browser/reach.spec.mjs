// Where the join link leads (issue 26): a table's page opened at this computer's own
// address (127.0.0.1, localhost) says that its link and QR code reach no other phone, in
// every language, and passes axe; opened at a network address it says nothing. The test
// server listens on 127.0.0.1 only, so it knows no network address to offer instead (the
// Go test web/reach_test.go gives it one); "a network address" here is a name, tavolo.test,
// that a browser of its own resolves to 127.0.0.1: the server judges by the address the
// page was opened at (its Host), which is what a guest's phone would open. There, over
// plain HTTP, the About page says why the app does not install.
import { test, expect, chromium } from '@playwright/test';
import { LANGS, expectNoAxeViolations, catalog, msg, escapeRe, newPhone, openTable, postSettings } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const joinLink = (page) => page.getByRole('main').getByRole('link').filter({ hasText: '/join/' });

for (const lang of LANGS) {
  test(`a lobby opened at 127.0.0.1 says that its link reaches no other phone (${lang})`, async ({ browser, baseURL }) => {
    const phone = await newPhone(browser, lang);
    try {
      const { page } = phone;
      await page.goto('/diamant');
      const cat = await catalog(page);
      await openTable(page, cat, 'Ada');
      const box = page.getByRole('region', { name: msg(cat, 'diamant.join.heading') });
      await expect(box.getByText(msg(cat, 'join.local.none'))).toBeVisible();
      await expect(joinLink(page)).toHaveText(new RegExp(`^${escapeRe(baseURL)}/join/[0-9A-Z]{6}$`));
      await expectNoAxeViolations(page);
      // This device's own address is secure to the browser: the app installs from it.
      await page.goto('/about');
      await expect(page.getByRole('main')).not.toContainText(msg(cat, 'about.install.insecure'));
    } finally {
      await phone.context.close();
    }
  });
}

test('a Donuts game opened to a second phone at localhost says it too', async ({ browser, baseURL }) => {
  const local = baseURL.replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({ baseURL: local, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await postSettings(page, { lang: 'fr' });
    await page.goto('/donuts');
    const cat = await catalog(page);
    await page.getByRole('radio', { name: msg(cat, 'donuts.setup.mode.two') }).check();
    await page.getByRole('button', { name: msg(cat, 'donuts.setup.start') }).click();
    await page.getByRole('button', { name: msg(cat, 'donuts.phones.open') }).click();
    const box = page.getByRole('region', { name: msg(cat, 'donuts.phones.join.heading') });
    await expect(box.getByText(msg(cat, 'join.local.none'))).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
});

test('a lobby opened at a network address says nothing of it', async ({ baseURL }) => {
  const port = new URL(baseURL).port;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP tavolo.test 127.0.0.1'],
  });
  try {
    for (const lang of ['en', 'sk']) {
      const base = `http://tavolo.test:${port}`;
      const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block', locale: 'en-GB' });
      const page = await context.newPage();
      // The page's own language link (the test's requests cannot resolve tavolo.test).
      await page.goto(`/diamant?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const cat = await catalog(page);
      await openTable(page, cat, 'Ada');
      await expect(joinLink(page)).toHaveText(new RegExp(`^${escapeRe(base)}/join/[0-9A-Z]{6}$`));
      await expect(page.getByRole('main')).not.toContainText(msg(cat, 'join.local.none'));
      await expect(page.locator('.joincode .message')).toHaveCount(0);
      await expectNoAxeViolations(page);
      // Plain HTTP at a network address: the About page says why the app does not install.
      await page.goto('/about');
      await expect(page.getByRole('main').getByText(msg(cat, 'about.install.insecure'))).toBeVisible();
      expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
      await expectNoAxeViolations(page);
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
