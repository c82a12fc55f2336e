// The web app manifest: linked from every page, valid JSON, and its icons really exist.
import { test, expect } from '@playwright/test';

test('the manifest parses and every icon answers with an image', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const res = await request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/(manifest\+)?json/);
  const manifest = JSON.parse(await res.text());

  expect(manifest.name).toBeTruthy();
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  expect(Array.isArray(manifest.icons)).toBe(true);

  for (const icon of manifest.icons) {
    const r = await request.get(new URL(icon.src, res.url()).href);
    expect(r.status(), icon.src).toBe(200);
    expect(r.headers()['content-type'], icon.src).toMatch(/^image\//);
    if (icon.type) expect(r.headers()['content-type'], icon.src).toContain(icon.type);
  }
  const sizes = manifest.icons.flatMap((i) => (i.sizes || '').split(/\s+/));
  expect(sizes).toContain('192x192');
  expect(sizes).toContain('512x512');
  expect(manifest.icons.some((i) => (i.purpose || '').split(/\s+/).includes('maskable'))).toBe(true);
});

// The browser fetches the manifest without cookies, so it follows Accept-Language.
test('the manifest follows the device language', async ({ request }) => {
  for (const lang of ['en', 'it', 'fr', 'sk']) {
    const res = await request.get('/manifest.webmanifest', { headers: { 'Accept-Language': lang } });
    expect((await res.json()).lang).toBe(lang);
  }
});
