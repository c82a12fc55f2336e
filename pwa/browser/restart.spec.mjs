// A restart during a game with a phone each (issue 26): the server of the test's own is
// stopped (SIGTERM: it tells each live stream to reconnect within a second) and started
// again on the same data; every phone follows the table again within a few seconds, and
// none says its connection was lost.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { msg, h1, startPhonesTable, freePort, serverReady } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

function start(port, dir) {
  return spawn(process.env.TAVOLO_BIN || 'bin/tavolo', ['--addr', `127.0.0.1:${port}`, '--data', dir], { stdio: 'ignore' });
}

test('a restart in the middle of a game: every phone follows the table again within a few seconds', async ({ browser }) => {
  test.setTimeout(90_000);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'tavolo-restart-'));
  let server = start(port, dir);
  const phones = [];
  try {
    await serverReady(baseURL);
    const { pages, cat } = await startPhonesTable(browser, phones, { names: ['Ada', 'Bruno', 'Chiara'], baseURL });
    // Each page notes whether it ever said the connection was lost.
    for (const p of pages) {
      await p.evaluate(() => {
        window.saidLost = false;
        new MutationObserver(() => {
          if (document.querySelector('.connection[data-state="lost"], .connection[data-state="failed"]')) window.saidLost = true;
        }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      });
    }

    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
    const t0 = Date.now();
    server = start(port, dir);
    await serverReady(baseURL);

    // The host draws: every phone shows the vote, through its stream opened again.
    await pages[0].getByRole('button', { name: msg(cat, 'diamant.draw.app') }).click();
    const names = ['Ada', 'Bruno', 'Chiara'];
    for (let i = 0; i < 3; i++) {
      await expect(h1(pages[i])).toHaveText(msg(cat, 'diamant.vote.heading', { Name: names[i] }), { timeout: 5_000 });
    }
    const resumed = (Date.now() - t0) / 1000;
    console.log(`restart: every phone on the new card ${resumed.toFixed(1)} s after the server stopped`);
    expect(resumed).toBeLessThan(8);
    for (const p of pages) {
      expect(await p.evaluate(() => window.saidLost)).toBe(false);
      await expect(p.locator('.connection')).toBeHidden();
    }
  } finally {
    for (const p of phones) await p.context.close().catch(() => {});
    server.kill('SIGTERM');
  }
});
