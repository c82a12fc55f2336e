// Donuts, issue #14: "where are we?" (its button, and S anywhere on the screen but in a
// text field) says the whole state in the live region, fresh after every move, the
// computer's and the other phone's too; the history of the moves is a list under its
// heading, one step from the board; a finished game's summary is shared (Web Share, else
// the clipboard). In four languages, with axe; everything found by role and accessible
// name in the page's language, the expected sentences made from the page's own catalog.
import { test, expect } from '@playwright/test';
import { LANGS, expectNoAxeViolations, catalog, msg, plural, escapeRe, h1, newPhone, postSettings , plateName } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const polite = (page) => page.locator('#live-polite');

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

const vsComputer = (seed) => ({ mode: 'computer', level: 'easy', color: 'chocolate', first: 'chocolate', board: 'number', seed });

/**
 * Plays a game to its end as the page's script would, by requests (the person takes the
 * first playable plate each time; the computer answers in the same request), then takes
 * the person's last move back: the page then ends the game with that plate, and the
 * computer, whose choice depends only on the game and its seed, answers as before.
 * Returns the number of moves of the whole game and the plate that ends it.
 */
async function playToTheEnd(page, url) {
  const html = await (await page.request.get(url)).text();
  const token = html.match(/name="_csrf" value="([^"]+)"/)[1];
  let version = html.match(/name="version" value="(\d+)"/)[1];
  let plate = html.match(/name="plate" value="(\d,\d)"/)[1];
  for (let i = 0; i < 20; i += 1) {
    const res = await page.request.post(`${url}/place`, {
      form: { _csrf: token, version, plate }, headers: { Accept: 'application/json' },
    });
    expect(res.status()).toBe(200);
    const r = await res.json();
    if (r.finished) {
      const undo = await page.request.post(`${url}/undo`, {
        form: { _csrf: token, version: String(r.version) }, headers: { Accept: 'application/json' },
      });
      expect(undo.status()).toBe(200);
      return { moves: r.cells.filter((c) => c.d).length, plate: plate.split(',').map(Number) };
    }
    version = String(r.version);
    const k = r.cells.findIndex((c) => c.p);
    plate = `${Math.floor(k / 6) + 1},${(k % 6) + 1}`;
  }
  throw new Error('the game did not end within 20 moves of the person');
}

/**
 * A catalog message as a regular expression: each placeholder given in params is matched
 * literally, any other as some text (a count as digits). A plural message takes the form of count, or
 * when count is undefined any of its forms.
 */
function msgRe(cat, lang, id, params = {}, count = undefined) {
  const text = cat[id];
  let forms = [text];
  if (typeof text === 'object') forms = count === undefined ? Object.values(text) : [text[new Intl.PluralRules(lang).select(count)] ?? text.other];
  const one = (t) => t.split(/(\{\{\s*\.\w+\s*\}\})/).map((part) => {
    const m = part.match(/^\{\{\s*\.(\w+)\s*\}\}$/);
    if (!m) return escapeRe(part);
    const v = m[1] === 'Count' ? count : params[m[1]];
    if (v === undefined) return m[1] === 'Count' ? '\\d+' : '.+?';
    return escapeRe(String(v));
  }).join('');
  return `(?:${forms.map(one).join('|')})`;
}

const history = (page, cat) => page.getByRole('region', { name: msg(cat, 'donuts.history.heading') });
const cells = (page) => page.getByRole('gridcell');
const playable = (page, cat) => page.getByRole('gridcell', { name: plateName(cat, 'donuts.cell.label.playable') });
const lastPlaced = (page, cat) => page.getByRole('gridcell', { name: plateName(cat, 'donuts.cell.label.last') });

/** The row and the column a plate's accessible name begins with. */
async function rowCol(locator) {
  const [, r, c] = (await locator.textContent()).match(/(\d)\D+(\d)/);
  return { Row: r, Col: c };
}

/**
 * What "where are we?" says while the game goes on, as a regular expression: whose turn
 * with the playable plates counted on the board, the donuts on the board counted there
 * too, and the last move at the plate marked last, by lastBy (a message's Who, or "you").
 * The playable plates are counted on the board of the phone whose turn it is, playing.
 */
async function whereRe(page, cat, lang, { mine, turn, lastBy, playing = page }) {
  const count = await playable(playing, cat).count();
  const turnRe = mine ? msgRe(cat, lang, 'donuts.where.turn.you', {}, count) : msgRe(cat, lang, 'donuts.where.turn', { Who: turn }, count);
  const donuts = async (c) => cells(page).filter({ hasText: msg(cat, `donuts.cell.${c}`) }).count();
  const score = msgRe(cat, lang, 'donuts.where.score', { Chocolate: await donuts('chocolate'), Vanilla: await donuts('vanilla') });
  const plate = msg(cat, 'donuts.plate', await rowCol(lastPlaced(page, cat)));
  const last = lastBy === 'you'
    ? `${msgRe(cat, lang, 'donuts.where.last.you', { Plate: plate })}|${msgRe(cat, lang, 'donuts.n.where.last.flip.you', { Plate: plate })}`
    : `${msgRe(cat, lang, 'donuts.where.last', { Who: lastBy, Plate: plate })}|${msgRe(cat, lang, 'donuts.n.where.last.flip', { Who: lastBy, Plate: plate })}`;
  return new RegExp(`^${turnRe}\\s${score}\\s(?:${last})$`);
}

for (const lang of LANGS) {
  test(`where are we and the history against the computer (${lang})`, async ({ page }) => {
    test.setTimeout(60_000);
    await postSettings(page, { lang });
    await newGame(page, vsComputer('4021'));
    const cat = await catalog(page);
    const where = page.getByRole('button', { name: msg(cat, 'donuts.where.button') });

    // Before any donut: the button says whose turn and that nothing was placed.
    await where.click();
    await expect(polite(page)).toHaveText(`${plural(cat, lang, 'donuts.where.turn.you', 36)} ${msg(cat, 'donuts.say.last.none')}`);
    await expect(history(page, cat).getByRole('listitem')).toHaveCount(0);
    await expect(history(page, cat)).toContainText(msg(cat, 'donuts.say.last.none'));

    // Three moves of the person's, each answered by the computer: S on the board, then
    // S elsewhere on the screen, say the state after the computer's move.
    const computer = msg(cat, 'donuts.who.computer');
    const moves = [];
    for (let turn = 1; turn <= 3; turn += 1) {
      const plate = playable(page, cat).first();
      const at = await rowCol(plate);
      moves.push(at);
      await plate.click();
      await expect(polite(page)).toContainText(msg(cat, 'donuts.who.computer'));
      await expect(cells(page).filter({ hasText: msg(cat, 'donuts.cell.chocolate') }).or(cells(page).filter({ hasText: msg(cat, 'donuts.cell.vanilla') }))).toHaveCount(turn * 2);
      const expected = await whereRe(page, cat, lang, { mine: true, lastBy: computer });
      await page.keyboard.press('s'); // focus is on the board
      await expect(polite(page)).toHaveText(expected);
    }
    await where.focus();
    await page.keyboard.press('s');
    await expect(polite(page)).toHaveText(await whereRe(page, cat, lang, { mine: true, lastBy: computer }));
    // In the typed field S is a letter, not a command.
    const field = page.getByRole('textbox', { name: msg(cat, 'donuts.typed.label') });
    await polite(page).evaluate((el) => { el.textContent = ''; });
    await field.focus();
    await page.keyboard.press('s');
    await expect(field).toHaveValue('s');
    await page.waitForTimeout(200);
    await expect(polite(page)).toHaveText('');
    await field.fill('');

    // The history: one step from the board by its link, a list of the six moves.
    await page.getByRole('link', { name: msg(cat, 'donuts.history.heading') }).click();
    await expect(page.getByRole('heading', { level: 2, name: msg(cat, 'donuts.history.heading') })).toBeFocused();
    const items = history(page, cat).getByRole('list').getByRole('listitem');
    await expect(items).toHaveCount(6);
    await expect(items.first()).toHaveText(msg(cat, 'donuts.history.move', { Move: 1, Who: msg(cat, 'donuts.history.who.you'), Plate: msg(cat, 'donuts.plate', moves[0]) }));
    const theComputer = msg(cat, 'donuts.history.who.computer');
    await expect(items.nth(1)).toHaveText(new RegExp(`^(?:${msgRe(cat, lang, 'donuts.history.move', { Move: 2, Who: theComputer })}|${msgRe(cat, lang, 'donuts.n.history.flip', { Move: 2, Who: theComputer })})$`));
    await expect(items.nth(4)).toHaveText(new RegExp(`^${escapeRe(msg(cat, 'donuts.history.move', { Move: 5, Who: msg(cat, 'donuts.history.who.you'), Plate: '|' }).split('|')[0])}${escapeRe(msg(cat, 'donuts.plate', moves[2]))}`));
    await expect(history(page, cat).getByText(new RegExp(`^${escapeRe(plural(cat, lang, 'donuts.n.history.moves', 6))}\\s`))).toBeVisible();
    // An undo takes the last two moves out of the history.
    await page.getByRole('button', { name: msg(cat, 'donuts.undo.computer') }).click();
    await expect(items).toHaveCount(4);
    await expectNoAxeViolations(page);
  });

  test(`a finished game's summary is shared, else copied (${lang})`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => {
      window.__shared = [];
      Object.defineProperty(Navigator.prototype, 'share', { value: async (data) => { window.__shared.push(data); }, configurable: true });
    });
    await postSettings(page, { lang });
    const url = await newGame(page, vsComputer('77'));
    const { moves, plate: [row, col] } = await playToTheEnd(page, url);
    await page.goto(url);
    const cat = await catalog(page);
    // The last move, made on the page: the share button comes with the game's end.
    const share = history(page, cat).getByRole('button', { name: msg(cat, 'app.share.button') });
    await expect(share).toHaveCount(0);
    await cells(page).nth((row - 1) * 6 + col - 1).click();
    await expect(share).toBeVisible();
    const summary = history(page, cat).getByText(new RegExp(`^${msgRe(cat, lang, 'donuts.n.history.final.computer', {
      Game: msg(cat, 'game.donuts'), Color: msg(cat, 'donuts.color.chocolate'), Level: msg(cat, 'donuts.level.easy'),
    }, moves)}\\s`));
    await expect(summary).toBeVisible();
    await expect(summary).toContainText(msg(cat, 'donuts.history.board', { Seed: '77' }));
    await expect(history(page, cat).getByRole('listitem')).toHaveCount(moves);
    // "Where are we?" says how it ended.
    await page.keyboard.press('s');
    await expect(polite(page)).toHaveText(new RegExp(`^${escapeRe(await page.locator('#donuts-status').textContent())}\\s`));
    await expectNoAxeViolations(page);

    await share.click();
    await expect(polite(page)).toHaveText(msg(cat, 'app.share.done'));
    const shared = await page.evaluate(() => window.__shared);
    expect(shared).toHaveLength(1);
    expect(shared[0].text).toBe((await summary.textContent()).trim());

    // Without Web Share, the clipboard.
    await page.addInitScript(() => {
      window.__copied = [];
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => ({ writeText: async (t) => { window.__copied.push(t); } }), configurable: true });
    });
    await page.reload();
    await share.click();
    await expect(polite(page)).toHaveText(msg(cat, 'app.share.copied'));
    expect(await page.evaluate(() => window.__copied)).toEqual([(await summary.textContent()).trim()]);
  });

  test(`two phones: the same history, and where are we on each (${lang})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const host = await newPhone(browser, lang);
    const guest = await newPhone(browser, lang);
    try {
      const hp = host.page;
      const gp = guest.page;
      await hp.goto('/donuts');
      const cat = await catalog(hp);
      await hp.getByRole('radio', { name: msg(cat, 'donuts.setup.mode.two') }).check();
      await hp.getByRole('group', { name: msg(cat, 'donuts.setup.first') }).getByRole('radio', { name: msg(cat, 'donuts.who.chocolate') }).check();
      await hp.getByRole('button', { name: msg(cat, 'donuts.setup.start') }).click();
      await hp.getByRole('group', { name: msg(cat, 'donuts.phones.open.keep') }).getByRole('radio', { name: msg(cat, 'donuts.who.chocolate') }).check();
      await hp.getByRole('button', { name: msg(cat, 'donuts.phones.open') }).click();
      const spaced = new RegExp(escapeRe(msg(cat, 'diamant.join.spaced', { Spaced: '@' })).replace('@', '([0-9A-Z](?: [0-9A-Z]){5})'));
      const code = (await hp.getByRole('main').getByText(spaced).textContent()).match(spaced)[1].replaceAll(' ', '');
      await gp.goto('/join');
      await gp.getByRole('textbox', { name: msg(cat, 'join.code') }).fill(code);
      await gp.getByRole('button', { name: msg(cat, 'join.submit') }).click();
      await gp.getByRole('button', { name: msg(cat, 'donuts.join.take', { Color: msg(cat, 'donuts.color.vanilla') }) }).click();
      await expect(h1(gp)).toHaveText(msg(cat, 'donuts.play.title.phones', { Color: msg(cat, 'donuts.color.vanilla') }));
      await expect(h1(hp)).toHaveText(msg(cat, 'donuts.play.title.phones', { Color: msg(cat, 'donuts.color.chocolate') }));

      // Chocolate, then vanilla, then chocolate: each phone hears the other's move live.
      const chocolate = msg(cat, 'donuts.who.chocolate');
      const vanilla = msg(cat, 'donuts.who.vanilla');
      // The third arrives while the vanilla phone reads the history: focus stays on its
      // heading, in the history drawn again.
      const heading = gp.getByRole('heading', { level: 2, name: msg(cat, 'donuts.history.heading') });
      for (const [mover, watcher, n] of [[hp, gp, 1], [gp, hp, 2], [hp, gp, 3]]) {
        if (n === 3) await gp.getByRole('link', { name: msg(cat, 'donuts.history.heading') }).click();
        await playable(mover, cat).first().click();
        await expect(history(watcher, cat).getByRole('listitem')).toHaveCount(n);
        await expect(playable(watcher, cat).first()).toBeVisible();
      }
      await expect(heading).toBeFocused();
      const items = await history(hp, cat).getByRole('listitem').allTextContents();
      expect(items).toHaveLength(3);
      expect(items[1]).toMatch(new RegExp(`^(?:${msgRe(cat, lang, 'donuts.history.move', { Move: 2, Who: vanilla })}|${msgRe(cat, lang, 'donuts.n.history.flip', { Move: 2, Who: vanilla })})$`));
      await expect(history(gp, cat).getByRole('listitem')).toHaveText(items);

      // Vanilla's turn: its phone hears "your turn", chocolate's that vanilla plays and
      // that the last donut was its own.
      await gp.getByRole('button', { name: msg(cat, 'donuts.where.button') }).click();
      await expect(polite(gp)).toHaveText(await whereRe(gp, cat, lang, { mine: true, lastBy: chocolate }));
      await hp.locator('body').press('s');
      await expect(polite(hp)).toHaveText(await whereRe(hp, cat, lang, { mine: false, turn: vanilla, lastBy: 'you', playing: gp }));
      await expectNoAxeViolations(gp);
    } finally {
      await host.context.close().catch(() => {});
      await guest.context.close().catch(() => {});
    }
  });
}
