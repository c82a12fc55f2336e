// Donuts in the browser: a whole game against the computer by keyboard alone, with its
// announcements, speech and sounds; the grid's keys and the commands; refusals; undo,
// reload, the page without scripts; axe on the board in four languages, in high contrast
// with 200 % text. Elements are found by role and accessible name, as a screen reader does.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LANGS, expectDark, expectNoAxeViolations, postSettings, stubSpeech, spoken, catalog } from './helpers.mjs';
import { pluralPatterns } from './diamant-play.mjs';

test.use({ serviceWorkers: 'block' });

// Creates a table by posting the setup form with the page's session, and opens it.
async function newGame(page, form) {
  const html = await (await page.request.get('/donuts')).text();
  const token = html.match(/name="_csrf" value="([^"]+)"/)[1];
  const res = await page.request.post('/donuts', { form: { _csrf: token, ...form }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  const url = res.headers().location;
  await page.goto(url);
  return url;
}

const vsComputer = (level = 'easy', seed = '4021') => ({
  mode: 'computer', level, color: 'chocolate', first: 'chocolate', board: 'number', seed,
});

// Counts the short sounds the page plays (each note is an oscillator started).
async function stubAudio(page) {
  await page.addInitScript(() => {
    window.__notes = 0;
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      createOscillator() {
        window.__notes += 1;
        return super.createOscillator();
      }
    };
  });
}

const polite = (page) => page.locator('#live-polite');
const assertive = (page) => page.locator('#live-assertive');
// A plate by where it is: its name says what it holds first, then its row and column.
const cell = (page, r, c) => page.getByRole('gridcell', { name: new RegExp(`(^|, )row ${r}, column ${c},`) });

// Tabs from the top of the page to the board, as a keyboard user would.
async function tabToBoard(page) {
  for (let i = 0; i < 30; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell')) return;
  }
  throw new Error('the board was not reached by Tab');
}

test('a whole game against the computer with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  await stubSpeech(page);
  await stubAudio(page);
  await postSettings(page, { lang: 'en', speak: true, sound: true });
  await newGame(page, vsComputer('easy'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Donuts: you play chocolate against the computer at easy level');
  await expect(page.getByText('Board number 4021')).toBeVisible();
  await expect(page.getByRole('grid', { name: 'The board: 6 rows of 6 plates' })).toBeVisible();
  await expect(page.getByRole('gridcell')).toHaveCount(36);
  await tabToBoard(page);

  let finished = false;
  for (let turn = 0; turn < 16 && !finished; turn += 1) {
    // A says the playable plates (on the empty board: any plate); the first one is typed
    // as two numbers, and placed.
    await page.keyboard.press('a');
    await expect(polite(page)).toContainText(turn === 0 ? 'Any plate: no donut has been placed yet.' : /playable plates?:|^Any empty plate\.$/);
    const list = await polite(page).textContent();
    const first = list.match(/row (\d), column (\d)/)
      ?? (await page.getByRole('gridcell', { name: /^Playable, / }).first().textContent()).match(/row (\d), column (\d)/);
    const [, r, c] = first;
    await page.keyboard.type(`${r}${c}`);
    await expect(cell(page, r, c)).toBeFocused();
    await page.keyboard.press('Enter');
    const mine = new RegExp(`^You place a donut at row ${r}, column ${c}(\\.| and flip \\d+ donuts?: )`);
    await expect(polite(page)).toHaveText(mine);
    const said = await polite(page).textContent();
    finished = /\bwins?\b|draw/.test(said);
    if (!finished) expect(said).toContain('The computer places a donut at row ');
    expect(said).toMatch(/Your turn|wins? with five in a row\.$|wins?\.$|It is a draw\.$/);
    await expect(cell(page, r, c)).toHaveAccessibleName(/chocolate donut|vanilla donut/i);
    finished = /\bwins?\b|draw/.test(said);
  }
  expect(finished, 'the game ended within 15 donuts each').toBe(true);
  // The end is told, spoken and heard; no donut may be placed any more.
  await expect(page.locator('#donuts-status')).toHaveText(/\bwins?\b|draw/);
  const texts = await spoken(page);
  expect(texts.some((t) => t.startsWith('You place a donut at '))).toBe(true);
  expect(texts.some((t) => /\bwins?\b|draw/.test(t))).toBe(true);
  expect(await page.evaluate(() => window.__notes)).toBeGreaterThan(10);
  await page.keyboard.press('Enter');
  await expect(assertive(page)).toHaveText('The game is over: no more donuts can be placed.');
});

test('the grid: arrows, Home, End, typed plates, commands', async ({ page }) => {
  await stubSpeech(page);
  await postSettings(page, { lang: 'en', speak: true });
  await newGame(page, { mode: 'two', first: 'chocolate', board: 'number', seed: '7' });
  const first = cell(page, 1, 1);
  await expect(first).toHaveAccessibleName(/^Playable, row 1, column 1, (horizontal|vertical|rising diagonal|falling diagonal)$/);
  await tabToBoard(page);
  await expect(first).toBeFocused();
  // Only one plate is in the tab order.
  await expect(page.locator('td[tabindex="0"]')).toHaveCount(1);

  const keys = [
    ['ArrowRight', 1, 2], ['ArrowDown', 2, 2], ['End', 2, 6], ['ArrowRight', 2, 6], ['Home', 2, 1],
    ['ArrowLeft', 2, 1], ['Control+End', 6, 6], ['ArrowDown', 6, 6], ['Control+Home', 1, 1], ['ArrowUp', 1, 1],
  ];
  for (const [key, r, c] of keys) {
    await page.keyboard.press(key);
    await expect(cell(page, r, c), key).toBeFocused();
  }
  for (const [typed, r, c] of [['34', 3, 4], ['d2', 2, 4], ['5a', 5, 1], ['6f', 6, 6]]) {
    await page.keyboard.type(typed);
    await expect(cell(page, r, c), typed).toBeFocused();
  }

  await page.keyboard.press('l');
  await expect(polite(page)).toHaveText('No donut has been placed yet.');
  await page.keyboard.press('p');
  await expect(polite(page)).toHaveText(
    'On the board: chocolate 0, vanilla 0. Largest groups: chocolate 0, vanilla 0. Still to place: chocolate 15, vanilla 15.',
  );
  await page.keyboard.press('s');
  await expect(polite(page)).toHaveText('Chocolate to play: 36 playable plates. No donut has been placed yet.');
  await page.keyboard.press('a');
  await expect(polite(page)).toHaveText('Any plate: no donut has been placed yet.');

  // Place by Space at row 3, column 4; then the next plates are on that plate's line.
  await page.keyboard.type('34');
  await page.keyboard.press('Space');
  await expect(polite(page)).toHaveText(/^Chocolate places a donut at row 3, column 4\. Vanilla to play, on the (horizontal|vertical|rising diagonal|falling diagonal) line from row 3, column 4: /);
  await expect(cell(page, 3, 4)).toHaveAccessibleName(/^Chocolate donut, last move, row 3, column 4, /);
  await page.keyboard.press('l');
  await expect(polite(page)).toHaveText('Last move: Chocolate places a donut at row 3, column 4.');
  await page.keyboard.press('p');
  await expect(polite(page)).toHaveText(/^On the board: chocolate 1, vanilla 0\./);
  await page.keyboard.press('r');
  await expect(polite(page)).toHaveText(/^On the board: chocolate 1, vanilla 0\./);
  const texts = await spoken(page);
  expect(texts).toContain('Last move: Chocolate places a donut at row 3, column 4.');
  // With speak aloud on, moving on the board says each plate too.
  expect(texts.some((t) => /^Playable, row 3, column 4, /.test(t))).toBe(true);

  // Playable plates are marked in the name and in the page, not only by colour.
  const playable = page.getByRole('gridcell', { name: /^Playable, / });
  expect(await playable.count()).toBeGreaterThan(0);
  expect(await playable.count()).toBeLessThan(36);
  await expect(page.locator('td[data-playable] .mark').first()).toBeVisible();

  // Refusals: a taken plate, a plate off the line; nothing changes.
  await page.keyboard.press('Enter');
  await expect(assertive(page)).toHaveText(/^The plate at row 3, column 4 already holds a donut\. The donut may go on row /);
  const off = page.getByRole('gridcell', { name: /^Empty, / }).first();
  const name = await off.getAttribute('data-row');
  await off.focus();
  await page.keyboard.press('Enter');
  await expect(assertive(page)).toHaveText(new RegExp(`^The plate at row ${name}, column \\d is not on the line: the plate at row 3, column 4 shows a [a-z ]+ line\\. The donut may go on `));
  await expect(page.getByRole('gridcell', { name: /donut/ })).toHaveCount(1);

  // The typed field places too, and says why when it cannot.
  await page.getByRole('textbox', { name: 'Place a donut on the plate' }).fill('hello');
  await page.getByRole('button', { name: 'Place', exact: true }).click();
  await expect(assertive(page)).toHaveText(/^The move named no plate: give the row and the column, such as 3 4 or d3\. The donut may go on /);

  // Undo (two players: the last move), then the page after a reload is the same.
  await page.getByRole('button', { name: 'Take back the last move' }).click();
  await expect(polite(page)).toHaveText('1 donut taken back. Chocolate to play: the first donut may go on any plate.');
  await expect(page.locator('td[tabindex="0"]')).toBeFocused();
  await page.keyboard.type('34');
  await page.keyboard.press('Enter');
  await expect(polite(page)).toContainText('Chocolate places a donut at row 3, column 4.');
  await page.reload();
  await expect(cell(page, 3, 4)).toHaveAccessibleName(/^Chocolate donut, last move, row 3, column 4, /);
  await expect(page.getByRole('listitem').filter({ hasText: 'Chocolate places a donut at row 3, column 4.' })).toBeVisible();
});

test('against the computer, undo takes back its reply and the move', async ({ page }) => {
  await postSettings(page, { lang: 'en' });
  await newGame(page, vsComputer('hard', '31'));
  await cell(page, 3, 3).click();
  await expect(polite(page)).toContainText('The computer places a donut at ');
  await expect(page.getByRole('gridcell', { name: /donut/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Take back my last move' }).click();
  await expect(polite(page)).toHaveText('2 donuts taken back. Your turn: the first donut may go on any plate.');
  await expect(page.getByRole('gridcell', { name: /donut/ })).toHaveCount(0);
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });
  test('playable plates are buttons of a form', async ({ page }) => {
    await postSettings(page, { lang: 'en' });
    await newGame(page, { mode: 'two', first: 'vanilla', board: 'number', seed: '12' });
    await expect(page.getByRole('grid')).toHaveCount(0);
    await page.getByRole('button', { name: /^Playable, row 2, column 5, / }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Vanilla places a donut at row 2, column 5.' })).toBeVisible();
    await expect(page.getByText(/^Chocolate to play, on the /)).toBeVisible();
    await page.getByRole('button', { name: 'Take back the last move' }).click();
    await expect(page.getByText('Vanilla to play: the first donut may go on any plate.')).toBeVisible();
  });
});

for (const lang of LANGS) {
  test(`the board in ${lang}, high contrast, 200 % text: no axe violations`, async ({ page }) => {
    await postSettings(page, { lang, text: '200', contrast: 'high' });
    await newGame(page, vsComputer('normal', '99'));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.locator('td.plate').nth(14).click();
    await expect(page.locator('td[data-donut="vanilla"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoAxeViolations(page);
    // A refusal's message is checked too.
    await page.locator('td[data-donut="vanilla"]').click();
    await expect(assertive(page)).not.toBeEmpty();
    await expectNoAxeViolations(page);
  });
}

test('the board with the phone set to dark: dark, no axe violations', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await postSettings(page, { lang: 'fr' });
  await newGame(page, vsComputer('normal', '99'));
  await page.locator('td.plate').nth(14).click();
  await expect(page.locator('td[data-donut="vanilla"]')).toHaveCount(1);
  await expect(page.locator('td[data-donut="chocolate"]')).toHaveCount(1);
  await expectDark(page);
  await expectNoAxeViolations(page);
});

for (const text of ['200', '300']) {
  test(`the board at ${text} % text on a 360 px screen does not scroll sideways`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await postSettings(page, { lang: 'sk', text });
    await newGame(page, vsComputer('easy', '5'));
    await page.locator('td.plate').first().click();
    await expect(page.locator('td[data-donut="vanilla"]')).toHaveCount(1);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth + 1);
    // Plates stay at least 44 px wide, big enough to touch.
    const box = await page.locator('td.plate').first().boundingBox();
    expect(box.width).toBeGreaterThanOrEqual(44);
  });
}

// A server of its own where a device makes 20 actions a minute (3 at once, then one every
// 3 s). The device spends them; its next move is refused (429, held up to a second): the
// page says so in its live region, waits as the server asks, and sends the move again,
// which is made.
test('a move refused for too many: the page says so, waits, and sends it again', async ({ browser }, info) => {
  test.setTimeout(60_000);
  const port = 8700 + info.workerIndex * 10 + info.repeatEachIndex;
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'tavolo-budget-'));
  const server = spawn(process.env.TAVOLO_BIN || 'bin/tavolo', ['--addr', `127.0.0.1:${port}`, '--data', dir],
    { stdio: 'ignore', env: { ...process.env, TAVOLO_ACTIONS_PER_MINUTE_PER_DEVICE: '20' } });
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block' });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        if (i > 100) throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const page = await context.newPage();
    await stubSpeech(page);
    await postSettings(page, { lang: 'en' });
    const url = await newGame(page, { mode: 'two', first: 'chocolate', board: 'number', seed: '4021' });
    const cat = await catalog(page);
    await tabToBoard(page);

    // Stale undos are actions too: they spend the device's budget.
    const token = (await (await page.request.get(url)).text()).match(/name="_csrf" value="([^"]+)"/)[1];
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i += 1) {
      status = (await page.request.post(`${url}/undo`, { form: { _csrf: token, version: '99' }, headers: { Accept: 'application/json' } })).status();
    }
    expect(status).toBe(429);

    const sent = [];
    page.on('request', (req) => { if (req.url().endsWith('/place')) sent.push(Date.now()); });
    await page.keyboard.press('Enter');
    // The sentence in any of its plural forms, with the page's own wait.
    const refused = new RegExp(pluralPatterns(cat, 'app.actions.toomany').map((re) => `^${re.source}$`).join('|'));
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(refused);
    // The server held the refusal up to a second of the wait (3 s at most): less is left.
    const wait = Number((await alert.textContent()).match(/\d+/)[0]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(3);
    await expectNoAxeViolations(page);

    // After the wait, the move is sent again, once, and made.
    const placed = page.getByRole('status').filter({ hasText: 'Chocolate places a donut at row 1, column 1.' });
    await expect(placed).toHaveCount(1, { timeout: 10_000 });
    expect(sent).toHaveLength(2);
    expect(sent[1] - sent[0]).toBeGreaterThanOrEqual(wait * 1000 - 100);
    await expect(cell(page, 1, 1)).toHaveAccessibleName(/chocolate donut/i);
    await expect(cell(page, 1, 1)).toBeFocused();
  } finally {
    await context.close().catch(() => {});
    server.kill('SIGTERM');
  }
});

// Issue 24: what a sighted player needs beside the plates' names, which stay as they are.
// Vanilla starts on board 12; its fifth donut, at row 2, column 4, flips two chocolate
// donuts and sends the next one along the falling diagonal through it.
for (const scheme of ['light', 'dark']) {
  test(`the line that rules the next move is drawn across the board, flipped donuts ringed (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'no-preference' });
    await postSettings(page, { lang: 'en' });
    await newGame(page, { mode: 'two', first: 'vanilla', board: 'number', seed: '12' });
    const board = page.getByRole('grid', { name: 'The board: 6 rows of 6 plates' });
    await expect(board).toHaveAttribute('data-rule', '');
    const moves = [[1, 1], [1, 4], [3, 2], [3, 4], [2, 4]];
    for (const [i, [r, c]] of moves.entries()) {
      await cell(page, r, c).click();
      await expect(page.locator('td.plate[data-donut]:not([data-donut=""])')).toHaveCount(i + 1);
    }
    await expect(board).toHaveAttribute('data-rule', 'falling');
    // The line: the four plates of the diagonal, each drawing its part of one band turned
    // as the diagonal runs; the playable plates are its empty ones. No dashed frame.
    const online = page.locator('td.plate[data-online]');
    await expect(online).toHaveCount(4);
    const playable = page.getByRole('gridcell', { name: /^Playable, / });
    await expect(playable).toHaveCount(3);
    for (const td of await playable.all()) await expect(td).toHaveAttribute('data-online', '');
    const band = await online.first().evaluate((td) => {
      const s = getComputedStyle(td, '::before');
      return { content: s.content, transform: s.transform, width: parseFloat(s.width), td: td.getBoundingClientRect().width };
    });
    expect(band.content).not.toBe('none');
    expect(band.transform).toMatch(/^matrix\(0\.70\d+, 0\.70\d+, -0\.70\d+, 0\.70\d+/);
    expect(band.width).toBeGreaterThan(band.td * 1.4);
    const dashed = await page.locator('td.plate .cell').evaluateAll((cells) => cells.filter((c) => getComputedStyle(c).borderTopStyle === 'dashed').length);
    expect(dashed).toBe(0);
    // The two donuts the move flipped are ringed and turn over; the one placed is not.
    const flipped = page.locator('td.plate[data-flipped]');
    await expect(flipped).toHaveCount(2);
    await expect(cell(page, 1, 4)).toHaveAttribute('data-flipped', '');
    await expect(cell(page, 3, 4)).toHaveAttribute('data-flipped', '');
    await expect(cell(page, 2, 4)).not.toHaveAttribute('data-flipped', '');
    const ring = (loc) => loc.locator('.donut').evaluate((d) => ({ outline: getComputedStyle(d).outlineStyle, animation: getComputedStyle(d).animationName }));
    expect(await ring(cell(page, 1, 4))).toEqual({ outline: 'dashed', animation: 'donut-flip' });
    // The list of playable plates is for screen readers: in the page, not on the screen.
    const list = page.getByText(/^3 playable plates: /);
    await expect(list).toHaveCount(1);
    expect(await list.evaluate((p) => p.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    await expectNoAxeViolations(page);
    // With less motion the ring stays and nothing turns.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await ring(cell(page, 1, 4))).toEqual({ outline: 'dashed', animation: 'none' });
  });
}

test('the board comes first: whole on a 390 x 844 screen, right under the news', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await postSettings(page, { lang: 'en' });
  await newGame(page, vsComputer('easy'));
  await page.locator('td.plate').nth(14).click();
  await expect(page.getByRole('listitem').filter({ hasText: /^The computer places/ })).toHaveCount(1);
  const { bottom, height } = await page.evaluate(() => ({
    bottom: document.getElementById('donuts-board').getBoundingClientRect().bottom + window.scrollY,
    height: window.innerHeight,
  }));
  expect(bottom).toBeLessThanOrEqual(height);
});
