// Two servers, one table (issue 27): two Tavolo processes on one PostgreSQL database (a
// server of the test's own, started by internal/pgtest/pgserve: never skipped), each
// behind a balancer of the test's that sends its phones to it, or to the other once it
// is gone. A Diamant table with phones on both servers plays a whole game live: every
// phone hears every card and every reveal, wherever it was drawn or voted. Mid-game one
// server is killed (kill -9): its phones move to the other and the game goes on, with no
// action lost or applied twice (the table's version counts them).
import { test, expect } from '@playwright/test';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { msg, h1, escapeRe, startPhonesTable, freePort, pressAndWait, serverReady } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const press = (locator) => pressAndWait(locator, { timeout: 10_000 });

/** A PostgreSQL server of the test's own, and the URL of an empty database on it. */
async function startPostgres(dir) {
  const bin = path.join(dir, 'pgserve');
  execFileSync('go', ['build', '-o', bin, './internal/pgtest/pgserve'], { stdio: 'inherit' });
  // Its standard input is the test's: the server stops when the test ends, however it ends.
  const proc = spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: proc.stdout }).once('line', resolve);
    proc.once('exit', (code) => reject(new Error(`PostgreSQL for the test did not start (exit ${code})`)));
  });
  return { proc, url };
}

function startTavolo(port, database, dir) {
  return spawn(process.env.TAVOLO_BIN || 'bin/tavolo', ['--addr', `127.0.0.1:${port}`, '--data', dir, '--database', database], {
    stdio: 'ignore',
    env: { ...process.env, TAVOLO_SESSION_KEY: 's'.repeat(32) },
  });
}

/**
 * A balancer on its own port: each connection goes to the first server of ports that
 * takes it (its own first, the other once it is gone), as a balancer's health checks would.
 */
async function balancer(ports) {
  const port = await freePort();
  const server = createServer((client) => {
    const tryPort = (i) => {
      const upstream = connect(ports[i], '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        client.pipe(upstream);
        upstream.pipe(client);
      });
      upstream.on('error', () => {
        if (!connected && i + 1 < ports.length) tryPort(i + 1);
        else client.destroy();
      });
      upstream.once('close', () => {
        if (connected) client.destroy();
      });
      client.once('close', () => upstream.destroy());
    };
    client.on('error', () => {});
    tryPort(0);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** The version of the table a page shows. */
const version = async (page) => Number(await page.locator('[data-version]').first().getAttribute('data-version'));

test('two servers on one database: a whole game with phones on both, one server killed mid-game', async ({ browser }) => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'tavolo-two-'));
  const pg = await startPostgres(dir);
  const [portA, portB] = [await freePort(), await freePort()];
  const servers = { A: startTavolo(portA, pg.url, mkdtempSync(path.join(dir, 'a-'))), B: startTavolo(portB, pg.url, mkdtempSync(path.join(dir, 'b-'))) };
  const phones = [];
  const lbs = [];
  try {
    await serverReady(`http://127.0.0.1:${portA}`);
    await serverReady(`http://127.0.0.1:${portB}`);
    const toA = await balancer([portA, portB]);
    const toB = await balancer([portB, portA]);
    lbs.push(toA, toB);
    // Ada (the host) and Chiara on A, Bruno on B.
    // The code given on A is found on B at once.
    const names = ['Ada', 'Bruno', 'Chiara'];
    const { pages, cat } = await startPhonesTable(browser, phones, { names, baseURL: [toA.url, toB.url, toA.url] });
    const [host] = pages;
    const start = await version(host);

    // Five rounds, the fewest steps: a card drawn (by a phone on either server), everyone
    // leaves at once. After the first round's card, A is killed: Ada and Chiara vote
    // through B.
    let actions = 0;
    const final = msg(cat, 'diamant.final.heading');
    for (let round = 1; round <= 5; round++) {
      await press(pages[round % names.length].getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
      actions++;
      // Every phone hears the card: each is on its own seat's vote.
      for (let i = 0; i < names.length; i++) {
        await expect(h1(pages[i])).toHaveText(msg(cat, 'diamant.vote.heading', { Name: names[i] }), { timeout: 10_000 });
      }
      if (round === 1) {
        const gone = new Promise((r) => servers.A.once('exit', r));
        servers.A.kill('SIGKILL');
        await gone;
      }
      // All vote at once, on both servers.
      await Promise.all(pages.map((p) => press(p.getByRole('button', { name: msg(cat, 'diamant.vote.leave') }))));
      actions += names.length;
      // Every phone hears the reveal: everyone has left, the round is over.
      const over = msg(cat, 'diamant.roundend.heading', { Round: round });
      for (const p of pages) {
        await expect(h1(p)).toHaveText(round < 5 ? over : new RegExp(`^(${escapeRe(over)}|${escapeRe(final)})$`), { timeout: 10_000 });
        await expect(p.getByRole('main')).toContainText(msg(cat, 'diamant.say.end.empty'));
      }
    }
    // The game is over on every phone, at one version: every action counted once.
    for (const p of pages) await expect(h1(p)).toHaveText(final, { timeout: 10_000 });
    const versions = await Promise.all(pages.map(version));
    expect(new Set(versions).size).toBe(1);
    console.log(`two servers: ${actions} actions, the table from version ${start} to ${versions[0]}`);
    expect(versions[0] - start).toBe(actions);
  } finally {
    for (const p of phones) await p.context.close().catch(() => {});
    for (const lb of lbs) lb.close();
    const ended = (proc) => (proc.exitCode !== null || proc.signalCode !== null ? Promise.resolve() : new Promise((r) => proc.once('exit', r)));
    for (const s of Object.values(servers)) s.kill('SIGTERM');
    pg.proc.stdin.end();
    await Promise.all([...Object.values(servers), pg.proc].map(ended));
    rmSync(dir, { recursive: true, force: true });
  }
});
