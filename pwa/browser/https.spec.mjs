// HTTPS without a proxy (issue 26): the server started with --tls-cert (a certificate the
// test makes with Go's crypto/x509 for the name tavolo.test, trusted by a browser of its
// own as a phone trusts a real one, and that name resolved to 127.0.0.1: not a loopback
// name, which a browser would take as secure over plain HTTP too), the app installs over
// it (its service worker registers and keeps the offline engine) and, the network gone,
// plays a whole one-phone Diamant game.
import { test, expect, chromium } from '@playwright/test';
import { X509Certificate, createHash } from 'node:crypto';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { catalog, h1, install, freePort } from './helpers.mjs';
import { KNOWN_END, newGame, playGame } from './diamant-play.mjs';

/** Resolves once GET url answers 200 over TLS with the test's certificate. */
async function ready(url, ca, servername) {
  for (let i = 0; i < 200; i++) {
    const ok = await new Promise((resolve) => {
      const req = request(url, { ca, servername }, (res) => { res.resume(); resolve(res.statusCode === 200); });
      req.on('error', () => resolve(false));
      req.end();
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

// eslint-disable-next-line no-empty-pattern -- Playwright's fixtures: none needed
test('over HTTPS with --tls-cert, the app installs and plays a one-phone game offline', async ({}) => {
  test.setTimeout(300_000);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'tavolo-https-'));
  execFileSync('go', ['run', './internal/testcert/write', dir, 'tavolo.test', '127.0.0.1']);
  const pem = readFileSync(path.join(dir, 'cert.pem'));
  // The certificate trusted by its public key's hash, as Chromium allows.
  const spki = createHash('sha256').update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' })).digest('base64');
  const base = `https://tavolo.test:${port}`;
  const server = spawn(process.env.TAVOLO_BIN || 'bin/tavolo',
    ['--addr', `127.0.0.1:${port}`, '--data', path.join(dir, 'data'),
      '--tls-cert', path.join(dir, 'cert.pem'), '--tls-key', path.join(dir, 'key.pem')],
    { stdio: 'ignore', env: { ...process.env, TAVOLO_ACTIONS_PER_MINUTE_PER_DEVICE: '0', TAVOLO_ACTIONS_PER_MINUTE_PER_ADDRESS: '0' } });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP tavolo.test 127.0.0.1',
      `--ignore-certificate-errors-spki-list=${spki}`],
  });
  const context = await browser.newContext({ baseURL: base, locale: 'en-GB' });
  try {
    await ready(`https://127.0.0.1:${port}/healthz`, pem, 'tavolo.test');
    const page = await context.newPage();
    await install(page, 'en', {}, { byLink: true });
    expect(await page.evaluate(() => window.isSecureContext && location.protocol)).toBe('https:');
    const cat = await catalog(page);
    await context.setOffline(true);
    await page.goto('/diamant');
    await newGame(page, cat);
    await playGame(page, cat);
    await expect(h1(page)).toHaveText(cat['diamant.final.heading']);
    await expect(page.getByRole('main')).toContainText(KNOWN_END.en);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
});
