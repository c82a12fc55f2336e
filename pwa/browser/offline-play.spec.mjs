// Playing with no network (issue #15): after one visit online, the service worker runs the
// offline engine (the server's Go code built to WebAssembly). With the context offline from
// then on: a whole one-phone Diamant game by keyboard and a whole Donuts game against the
// hard computer, in four languages with axe on every screen, each with a reload in the
// middle; the app closed and opened again; then, online again, the move of a table to the
// server.
import { test, expect } from '@playwright/test';
import { LANGS, expectNoAxeViolations, catalog, msg, h1, pressAndWait, install, plateName } from './helpers.mjs';
import { KNOWN_END, newGame, playGame } from './diamant-play.mjs';

// Times each request the page's script sends whose path ends with one of the given
// suffixes (its reply included), with the worker's share of it (its Server-Timing), kept
// across reloads in sessionStorage.
async function timeRequests(page, suffixes) {
  await page.addInitScript((ends) => {
    const real = window.fetch;
    window.fetch = async (input, init) => {
      const t0 = performance.now();
      const res = await real(input, init);
      if (ends.some((e) => String(input.url ?? input).endsWith(e))) {
        const kept = JSON.parse(sessionStorage.getItem('timed') || '[]');
        const worker = Number(/engine;dur=([\d.]+)/.exec(res.headers.get('Server-Timing') || '')?.[1]);
        kept.push([performance.now() - t0, res.headers.get('Content-Type'), worker]);
        sessionStorage.setItem('timed', JSON.stringify(kept));
      }
      return res;
    };
  }, suffixes);
}

// The timed requests' figures: median, p90, max, in ms, in all and in the worker.
async function timings(page) {
  const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('timed') || '[]'));
  expect(kept.every(([, type]) => type.startsWith('application/json')), 'every reply a script\'s JSON, as the server gives').toBe(true);
  expect(kept.every(([, , worker]) => worker >= 0), 'every reply the engine\'s').toBe(true);
  const figures = (ms) => {
    ms.sort((a, b) => a - b);
    return { n: ms.length, median: ms[ms.length >> 1], p90: ms[Math.floor(ms.length * 0.9)], max: ms.at(-1) };
  };
  return { ...figures(kept.map(([t]) => t)), worker: figures(kept.map(([, , w]) => w)) };
}

const ms = (t) => `median ${t.median.toFixed(1)} ms, p90 ${t.p90.toFixed(1)} ms, max ${t.max.toFixed(1)} ms`;
const fmt = (t) => `${ms(t)} over ${t.n} (in the worker: ${ms(t.worker)})`;

const notice = (page, cat) => page.getByRole('region', { name: msg(cat, 'app.offline.table') });

for (const lang of LANGS) {
  test(`offline from the start: a whole Diamant game on one phone by keyboard, in ${lang}`, async ({ page, context }) => {
    test.setTimeout(300_000);
    await timeRequests(page, ['/draw']);
    await install(page, lang);
    const cat = await catalog(page);
    await context.setOffline(true);
    await page.goto('/diamant');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expectNoAxeViolations(page);
    await newGame(page, cat);
    // The table says it is kept on this phone, on screen and aloud once.
    await expect(notice(page, cat)).toBeVisible();
    await expect(page.locator('#live-polite')).toHaveText(msg(cat, 'app.offline.table'));
    await expectNoAxeViolations(page);
    await playGame(page, cat, async (screen) => {
      await expectNoAxeViolations(page);
      if (screen === 'pass') {
        // A reload in the middle of the votes: the same voter's cards again.
        const heading = await h1(page).textContent();
        await page.reload();
        await expect(h1(page)).toHaveText(heading);
      }
    });
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.final.heading'));
    await expect(page.getByRole('main')).toContainText(KNOWN_END[lang]);
    await expectNoAxeViolations(page);
    const draws = await timings(page);
    expect(draws.n).toBeGreaterThan(10);
    console.log(`offline Diamant (${lang}), a draw and its reply: ${fmt(draws)}`);
    const [worker] = context.serviceWorkers();
    const start = await worker.evaluate(() => engineStart); // eslint-disable-line no-undef
    console.log(`offline Diamant (${lang}), the engine's start in the worker: compiled in ${start.compiled} ms, ready ${start.ready} ms later`);
  });
}

for (const lang of LANGS) {
  test(`offline from the start: a whole Donuts game against the hard computer by keyboard, in ${lang}`, async ({ page, context }) => {
    test.setTimeout(300_000);
    // Each move's request and its reply (with the computer's move), timed in the page.
    await timeRequests(page, ['/place']);
    await install(page, lang);
    const cat = await catalog(page);
    await context.setOffline(true);
    await page.goto('/donuts');
    await expect(h1(page)).toHaveText(msg(cat, 'donuts.setup.title'));
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: msg(cat, 'donuts.setup.mode.computer') }).check();
    await page.getByRole('radio', { name: msg(cat, 'donuts.level.hard') }).check();
    await page.getByRole('button', { name: msg(cat, 'donuts.setup.start') }).press('Enter');
    const grid = page.getByRole('grid');
    await expect(grid).toBeVisible();
    await expect(notice(page, cat)).toBeVisible();
    await expectNoAxeViolations(page);
    // A playable plate, found by its name in the page's language; typed as two numbers.
    const playable = plateName(cat, 'donuts.cell.label.playable');
    const plates = page.getByRole('gridcell', { name: playable });
    let turns = 0;
    for (; turns < 40; turns += 1) {
      // Read at once, without waiting: none left means the game is over.
      const names = (await plates.allTextContents()).map((n) => n.replace(/\s+/g, ' ').trim());
      if (names.length === 0) break;
      const [, r, c] = names[0].match(playable);
      await page.getByRole('gridcell').first().focus();
      await page.keyboard.type(`${r}${c}`);
      const before = await page.locator('#live-polite').textContent();
      await page.keyboard.press('Enter');
      await expect(page.locator('#live-polite')).not.toHaveText(before);
      // The board is drawn again: the plate is no longer playable.
      await expect(page.getByRole('gridcell', { name: names[0], exact: true })).toHaveCount(0);
      if (turns === 3) {
        // A reload in the middle: the same board.
        const board = await page.getByRole('grid').innerText();
        await page.reload();
        await expect.poll(() => page.getByRole('grid').innerText()).toBe(board);
      }
    }
    // Over: no plate is playable, and the screen says how it ended.
    expect(turns).toBeGreaterThan(3);
    await expect(plates).toHaveCount(0);
    await expect(page.locator('#donuts-status')).not.toBeEmpty();
    await expectNoAxeViolations(page);
    // The hard computer's replies, in the browser: each reply to a move carries its move.
    const moves = await timings(page);
    expect(moves.n).toBeGreaterThan(3);
    console.log(`offline Donuts (${lang}), a move with the hard computer's reply: ${fmt(moves)}`);
  });
}

test('offline: a reload and a closed app in the middle of a game resume where they were', async ({ page, context }) => {
  test.setTimeout(120_000);
  await install(page, 'en');
  const cat = await catalog(page);
  await context.setOffline(true);
  await newGame(page, cat);
  const draw = page.getByRole('button', { name: msg(cat, 'diamant.draw.app') });
  await pressAndWait(draw);
  const heading = await h1(page).textContent();
  const news = await page.locator('#news').textContent();
  await page.reload();
  await expect(h1(page)).toHaveText(heading);
  await expect(page.locator('#news')).toHaveText(news);
  // Said once: not again after the reload.
  await page.waitForTimeout(300);
  await expect(page.locator('#live-polite')).not.toHaveText(msg(cat, 'app.offline.table'));

  // The app closed and opened again: the game is in the list of this device's games.
  const url = page.url();
  await page.close();
  const again = await context.newPage();
  await again.goto('/diamant');
  const resume = again.getByRole('link', { name: msg(cat, 'diamant.setup.resume.item', { Names: 'Ada, Bruno and Chiara' }) });
  await expect(resume).toBeVisible();
  await resume.press('Enter');
  await expect(again).toHaveURL(url);
  await expect(h1(again)).toHaveText(heading);

  // Online again, the server's own list of this device's games shows it too, as kept here.
  await context.setOffline(false);
  await again.goto('/diamant');
  await expect(again.locator('html')).not.toHaveAttribute('data-offline', 'true');
  const kept = again.getByRole('region', { name: msg(cat, 'app.offline.kept') });
  await expect(kept.getByRole('link', { name: msg(cat, 'diamant.setup.resume.item', { Names: 'Ada, Bruno and Chiara' }) })).toHaveAttribute('href', new URL(url).pathname);
  await expectNoAxeViolations(again);
});

test('online again, a table kept on the phone moves to the server with one button', async ({ page, context }) => {
  test.setTimeout(120_000);
  await install(page, 'fr');
  const cat = await catalog(page);
  await context.setOffline(true);
  await newGame(page, cat);
  await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
  const heading = await h1(page).textContent();
  const table = await page.getByRole('table').textContent();
  const offlineURL = page.url();

  // Still offline: the move is refused with a sentence, and the game stays.
  await page.getByRole('button', { name: msg(cat, 'app.offline.move') }).press('Enter');
  await expect(h1(page)).toHaveText(msg(cat, 'app.offline.move.refused'));
  await expect(page.getByRole('main')).toContainText(msg(cat, 'app.offline.move.network'));
  await expectNoAxeViolations(page);
  await page.goto(offlineURL);
  await expect(h1(page)).toHaveText(heading);

  await context.setOffline(false);
  await page.getByRole('button', { name: msg(cat, 'app.offline.move') }).press('Enter');
  await expect(page).not.toHaveURL(offlineURL);
  await expect(page).toHaveURL(/\/diamant\/[a-z2-7]{26}$/);
  await expect(page.locator('html')).not.toHaveAttribute('data-offline', 'true');
  await expect(h1(page)).toHaveText(heading);
  await expect(page.getByRole('table')).toHaveText(table);
  await expect(notice(page, cat)).toHaveCount(0);
  // It is the server's now: it can be opened to other phones, and goes on.
  await expect(page.getByRole('link', { name: msg(cat, 'diamant.open.submit') })).toBeVisible();
  await expectNoAxeViolations(page);
  // The phone no longer keeps it.
  expect(await page.evaluate(async (u) => (await fetch(u)).status, new URL(offlineURL).pathname)).toBe(404);
});
