// No word split across lines (issue 24, point 1): on every screen of every game, at 100,
// 200 and 300 % text, on a 320×568 and a 390×844 phone, every word of every visible text
// lies on one line, and nothing is wider than the screen except inside a scroll region
// that has a name and takes the keyboard's focus (measureWords in words.mjs).
//
// Each game's screens in full in one language (Diamant in Slovak, whose words are the
// longest; the clock in French; Donuts in Italian; the site's pages in English), and in the
// other three at 300 % on 320 px, the worst case. A screen is reached once and measured at
// every size and text: the page's text setting is only <html data-text> (the server
// writes nothing else from it, and no script reads it), so the test sets that attribute
// in the page instead of saving the setting and loading the page again; each test saves
// its language (and 100 % text) as a person would, through the settings.
import { test, expect } from '@playwright/test';
import {
  LANGS, catalog, createTable, expectNoAxeViolations, h1, msg, openTable, postSettings, pressAndWait,
} from './helpers.mjs';
import { formState, voteCard } from './diamant-play.mjs';
import { measureWords } from './words.mjs';

test.use({ serviceWorkers: 'block' });

const SMALL = { width: 320, height: 568 };
const LARGE = { width: 390, height: 844 };
const FULL = { sizes: [SMALL, LARGE], texts: ['100', '200', '300'] };
const WORST = { sizes: [SMALL], texts: ['300'] };
// The full matrix in one language a game; the worst case in the others.
const FULL_LANG = { diamant: 'sk', donaz: 'fr', donuts: 'it', site: 'en' };

/** Measures the screen at every size and text of the matrix; collects what fails. */
async function measure(page, screen, matrix, found, { axe = false } = {}) {
  for (const size of matrix.sizes) {
    await page.setViewportSize(size);
    for (const text of matrix.texts) {
      await page.evaluate((t) => { document.documentElement.dataset.text = t; }, text);
      const m = await page.evaluate(measureWords);
      const at = `${screen} at ${size.width}×${size.height}, ${text} %`;
      found.counts[`${size.width} ${text}`] = (found.counts[`${size.width} ${text}`] ?? 0) + m.split.length;
      if (m.split.length) found.errors.push(`${at}: ${m.split.length} word(s) split: ${m.split.slice(0, 6).map((s) => `"${s.word}" in ${s.in} on ${s.lines} lines`).join(', ')}`);
      if (m.wide.length || m.scrollWidth > m.clientWidth + 1) found.errors.push(`${at}: wider than the screen (${m.scrollWidth} > ${m.clientWidth}): ${m.wide.join(' | ')}`);
      if (m.unlabelled.length) found.errors.push(`${at}: a region scrolls sideways without a name or focus: ${m.unlabelled.join(', ')}`);
      if (axe && size === SMALL && text === '300') await expectNoAxeViolations(page);
    }
  }
  await page.evaluate(() => { document.documentElement.dataset.text = '100'; });
}

function newFound() {
  return { counts: {}, errors: [] };
}

function expectNone(found, what) {
  // WORDS_REPORT=1 prints the split words by phone and text size (issue 24's figures).
  if (process.env.WORDS_REPORT) console.log(`${what}: split words ${JSON.stringify(found.counts)}`);
  expect(found.errors, `${what}:\n${found.errors.join('\n')}`).toEqual([]);
}

const matrixFor = (game, lang) => (lang === FULL_LANG[game] ? FULL : WORST);

// ---- Diamant ----

/** Plays by form posts (each seat votes choice) until stop(html, screen) holds. */
async function playUntil(page, tableURL, choice, stop) {
  const csrf = (await (await page.request.get('/settings')).text()).match(/name="_csrf" value="([^"]+)"/)[1];
  for (let i = 0; i < 300; i++) {
    let st = { ...(await formState(page, tableURL)), url: tableURL };
    if (stop(st.html, st.screen)) return st.url;
    const seatOf = (html) => html.match(/name="seat" value="(\d+)"/)?.[1];
    const seat = seatOf(st.html) ?? (st.html.includes('?show=pass') ? seatOf((await formState(page, `${tableURL}?show=pass`)).html) : null);
    const form = { _csrf: csrf, version: st.version };
    if (seat !== null) await page.request.post(`${tableURL}/vote`, { form: { ...form, seat, choice: typeof choice === 'function' ? choice(seat) : choice } });
    else await page.request.post(`${tableURL}/draw`, { form });
  }
  throw new Error('the wanted screen never came');
}

for (const lang of LANGS) {
  const matrix = matrixFor('diamant', lang);
  test(`Diamant: no word split on any screen, ${lang}${matrix === FULL ? ', every size' : ', 300 % on 320 px'}`, async ({ page }) => {
    test.setTimeout(90_000);
    const found = newFound();
    await postSettings(page, { lang });
    await page.goto('/diamant');
    const cat = await catalog(page);
    await measure(page, 'setup', matrix, found);

    // A one-phone game with long names, played in the browser to the first reveal.
    const url = await createTable(page, '/diamant', { name: ['Ada', 'Bruno', 'Chiara'], draw: 'app', vote: 'phone', seed: '2026' });
    await page.goto(url);
    await measure(page, 'round start', matrix, found);
    await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
    await measure(page, 'the first card', matrix, found, { axe: matrix === FULL });
    await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.vote.start', { Name: 'Ada' }) }));
    await measure(page, 'hand the phone over, the cards', matrix, found, { axe: matrix === FULL });
    for (const [i, name] of ['Ada', 'Bruno', 'Chiara'].entries()) {
      await expect(h1(page)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: name }));
      await pressAndWait(voteCard(page, cat, i === 0 ? 'leave' : 'continue'));
      if (i === 0) await measure(page, 'a vote recorded, the next cards', matrix, found);
    }
    await measure(page, 'the reveal, one leaves', matrix, found, { axe: matrix === FULL });

    // Then by form posts: a hazard, the second one that ends the round, the end of the game.
    await page.goto(await playUntil(page, url, 'continue', (html) => html.includes('data-kind="hazard"')));
    await measure(page, 'a hazard', matrix, found);
    await page.goto(await playUntil(page, url, 'continue', (html) => html.includes('class="alarm"')));
    await measure(page, 'the round is over', matrix, found);
    await page.goto(`${url}/undo`);
    await measure(page, 'take back', matrix, found);
    await page.goto(await playUntil(page, url, 'leave', (html, screen) => screen === 'final'));
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.final.heading'));
    await measure(page, 'game over', matrix, found, { axe: matrix === FULL });
    await page.goto(`${url}/history`);
    await measure(page, 'the history', matrix, found);

    // A phone each: the table's page with its code, and the join form.
    await page.goto('/diamant');
    const code = await openTable(page, cat, 'Ada');
    await measure(page, 'a phone each: the table', matrix, found);
    await page.goto(`/join/${code}`);
    await measure(page, 'a phone each: join the table', matrix, found);
    expectNone(found, `Diamant in ${lang}`);
  });
}

// A name of 40 letters without a space (the longest a seat takes) is longer than a line of
// a phone at large text: it alone may break, as a last resort (overflow-wrap: break-word
// in app.css), and nothing goes past the screen's edge.
test('Diamant: a name longer than a line breaks, alone, and stays on the screen', async ({ page }) => {
  const long = 'Maximiliánaxbartolomejovičovcováhviezdos';
  expect([...long]).toHaveLength(40);
  await postSettings(page, { lang: 'sk' });
  await page.goto('/diamant');
  const cat = await catalog(page);
  const url = await createTable(page, '/diamant', { name: [long, 'Bruno', 'Chiara'], draw: 'app', vote: 'phone', seed: '2026' });
  await page.goto(url);
  await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
  const screens = [['the card', null], ['the vote', `${url}?show=pass`], ['the end', 'final']];
  for (const [screen, where] of screens) {
    if (where === 'final') await page.goto(await playUntil(page, url, 'leave', (html, s) => s === 'final'));
    else if (where) await page.goto(where);
    for (const size of [SMALL, LARGE]) {
      await page.setViewportSize(size);
      for (const text of ['100', '300']) {
        await page.evaluate((t) => { document.documentElement.dataset.text = t; }, text);
        const m = await page.evaluate(measureWords);
        const at = `${screen} at ${size.width} px, ${text} %`;
        expect(m.split.filter((w) => !w.word.includes(long)), `${at}: only the name breaks`).toEqual([]);
        expect(m.wide, `${at}: nothing past the screen's edge`).toEqual([]);
        expect(m.scrollWidth, `${at}: no sideways scrolling`).toBeLessThanOrEqual(m.clientWidth + 1);
      }
    }
  }
});

// ---- Donaz ----

for (const lang of LANGS) {
  const matrix = matrixFor('donaz', lang);
  test(`Donaz: no word split on the setup and the clock, ${lang}${matrix === FULL ? ', every size' : ', 300 % on 320 px'}`, async ({ page }) => {
    test.setTimeout(60_000);
    const found = newFound();
    await postSettings(page, { lang });
    await page.goto('/donaz');
    await measure(page, 'setup', matrix, found);
    await page.goto(`/donaz/clock?game=w${lang}`);
    await expect(page.locator('html[data-clock]')).toHaveCount(1);
    await measure(page, 'the clock', matrix, found, { axe: matrix === FULL });
    await page.keyboard.press('Space'); // starts the first turn
    await measure(page, 'the clock running', matrix, found);
    expectNone(found, `Donaz in ${lang}`);
  });
}

// ---- Donuts ----

for (const lang of LANGS) {
  const matrix = matrixFor('donuts', lang);
  test(`Donuts: no word split on the setup and the board, ${lang}${matrix === FULL ? ', every size' : ', 300 % on 320 px'}`, async ({ page }) => {
    test.setTimeout(60_000);
    const found = newFound();
    await postSettings(page, { lang });
    await page.goto('/donuts');
    await measure(page, 'setup', matrix, found);
    const url = await createTable(page, '/donuts', { mode: 'computer', level: 'easy', color: 'chocolate', first: 'chocolate', board: 'number', seed: '4021' });
    await page.goto(url);
    await measure(page, 'the board', matrix, found, { axe: matrix === FULL });
    expectNone(found, `Donuts in ${lang}`);
  });
}

// ---- The site's pages ----

const SITE = ['/', '/settings', '/about', '/rules/diamant', '/rules/donaz', '/rules/donuts', '/join'];

for (const lang of LANGS) {
  const matrix = matrixFor('site', lang);
  test(`the site's pages: no word split, ${lang}${matrix === FULL ? ', every size' : ', 300 % on 320 px'}`, async ({ page }) => {
    test.setTimeout(60_000);
    const found = newFound();
    await postSettings(page, { lang });
    for (const path of SITE) {
      await page.goto(path);
      await measure(page, path, matrix, found);
    }
    // The home page with this device's tables to continue, named by game, players and stage.
    await createTable(page, '/diamant', { name: ['Ada', 'Bruno', 'Chiara'], draw: 'app', vote: 'phone', seed: '2026' });
    await createTable(page, '/donuts', { mode: 'computer', level: 'normal', color: 'chocolate', first: 'chocolate', board: 'number', seed: '4021' });
    await page.goto('/');
    await measure(page, 'home, continue a game', matrix, found);
    expectNone(found, `the site in ${lang}`);
  });
}
