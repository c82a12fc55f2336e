// The acting phone's own live event (Server-Sent Events) may arrive before its action's
// reply, both at the same version. Here it always does: the reply is held back by the
// test until the page has drawn the live event. The screen is then drawn once, announced
// once, and focus moves once (Diamant: to the new heading) or not at all (Donuts: it stays
// on the plate pressed), whichever of the two comes first (screen.js's version guard).
// Everything is found by role and accessible name, as in the other specs.
import { test, expect } from '@playwright/test';
import { catalog, msg, h1, escapeRe, newPhone, startPhonesTable , plateName } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

/**
 * Counts, from now on, what the page does: drawings of the screen (Diamant's content of
 * main replaced; Donuts' panel replaced), what the live regions are given to say, and the
 * moves of focus.
 */
async function watch(page) {
  await page.evaluate(() => {
    const w = { draws: 0, said: [], focus: [] };
    window.__watch = w;
    const main = document.getElementById('main');
    // A drawing adds a heading (Diamant's screen) or the panel above the board (Donuts').
    const drawing = (n) => n.nodeType === 1 && (n.id === 'donuts-panel' || n.matches('h1') || n.querySelector('h1') !== null);
    new MutationObserver((records) => {
      for (const r of records) if ([...r.addedNodes].some(drawing)) w.draws += 1;
    }).observe(main, { childList: true, subtree: true });
    for (const id of ['live-polite', 'live-assertive']) {
      const region = document.getElementById(id);
      new MutationObserver(() => {
        if (region.textContent) w.said.push(region.textContent);
      }).observe(region, { childList: true, characterData: true, subtree: true });
    }
    document.addEventListener('focusin', (e) => w.focus.push(e.target.tagName), true);
  });
}

const watched = (page) => page.evaluate(() => window.__watch);

/**
 * Holds back the replies to actions whose address matches until the page shows their
 * version by other means (its live stream: the element versioned's data-version); records
 * that it did.
 */
async function replyAfterLiveEvent(page, url, versioned) {
  const held = [];
  await page.route(url, async (route) => {
    // As the browser sent it (route.fetch leaves out the fetch metadata the CSRF check reads).
    // Without the page's name (x-tavolo-page), which would spare its stream the version
    // the reply carries (web/kit/answered.go): here the stream must send it, first.
    const request = route.request();
    const headers = request.headers();
    delete headers['x-tavolo-page'];
    const response = await route.fetch({ headers: { ...headers, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }, postData: request.postData() });
    const { version } = await response.json();
    await page.waitForFunction(([sel, v]) => Number(document.querySelector(sel)?.dataset.version) >= v, [versioned, version]);
    held.push(version);
    await route.fulfill({ response });
  });
  return held;
}

/** Waits for the held reply to reach the page, and for anything it would still do. */
async function settle(page, reply) {
  await reply;
  await page.waitForTimeout(600);
}

test('Diamant, a phone each: the draw and the vote are drawn, said and focused once when the phone\'s own live event comes first', async ({ browser }) => {
  test.setTimeout(120_000);
  const phones = [];
  try {
    const { cat } = await startPhonesTable(browser, phones, { lang: 'en', names: ['Ada', 'Bruno', 'Chiara'] });
    const bruno = phones[1].page;
    // Diamant's screens carry their version.
    const held = await replyAfterLiveEvent(bruno, /\/diamant\/[^/]+\/(draw|vote)$/, '[data-version]');

    // Bruno draws; his own live event is drawn before the reply, which then does nothing.
    const draw = bruno.getByRole('button', { name: msg(cat, 'diamant.draw.app') });
    await draw.focus();
    await watch(bruno);
    let reply = bruno.waitForResponse(/\/draw$/);
    await draw.press('Enter');
    await expect(h1(bruno)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Bruno' }));
    await settle(bruno, reply);
    expect(held).toHaveLength(1);
    let w = await watched(bruno);
    expect(w.draws, 'the screen drawn once').toBe(1);
    expect(w.focus, 'focus moved once, to the new heading').toEqual(['H1']);
    await expect(h1(bruno)).toBeFocused();
    // The draw's news, said once.
    const news = await bruno.locator('#live-polite').textContent();
    expect(news).toContain(msg(cat, 'diamant.vote.heading', { Name: 'Bruno' }));
    expect(w.said.filter((s) => s === news), `said once: ${news}`).toHaveLength(1);

    // Bruno votes to leave: the same, his own live event first.
    const leave = bruno.getByRole('button', { name: msg(cat, 'diamant.vote.leave') });
    await leave.focus();
    await watch(bruno);
    reply = bruno.waitForResponse(/\/vote$/);
    await leave.press('Enter');
    await expect(bruno.getByRole('main')).toContainText(msg(cat, 'diamant.vote.mine.leave'));
    await settle(bruno, reply);
    expect(held).toHaveLength(2);
    w = await watched(bruno);
    expect(w.draws, 'the screen drawn once').toBe(1);
    expect(w.focus, 'focus moved once, to the new heading').toEqual(['H1']);
    await expect(h1(bruno)).toBeFocused();
    expect(w.said.filter((s) => s.includes(msg(cat, 'diamant.vote.mine.leave'))), 'the vote said once').toHaveLength(1);
  } finally {
    for (const p of phones) await p.context.close();
  }
});

/** The plates a donut may go on now, by their accessible names. */
const playable = (page, cat) => page.getByRole('gridcell', { name: plateName(cat, 'donuts.cell.label.playable') });

test('Donuts on two phones: a move is drawn and said once, and focus stays on its plate, when the phone\'s own live event comes first', async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await newPhone(browser, 'en');
  const guest = await newPhone(browser, 'en');
  try {
    const hp = host.page;
    const gp = guest.page;
    await hp.goto('/donuts');
    const cat = await catalog(hp);
    const color = (c) => msg(cat, `donuts.color.${c}`);
    // A game of two players, chocolate first, opened to a second phone, which takes vanilla.
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
    await gp.getByRole('button', { name: msg(cat, 'donuts.join.take', { Color: color('vanilla') }) }).click();
    await expect(h1(gp)).toHaveText(msg(cat, 'donuts.play.title.phones', { Color: color('vanilla') }));
    await expect(h1(hp)).toHaveText(msg(cat, 'donuts.play.title.phones', { Color: color('chocolate') }));

    // The board carries its version on its live element.
    const held = await replyAfterLiveEvent(hp, /\/donuts\/t\/[^/]+\/place$/, '[data-live]');
    const plate = playable(hp, cat).first();
    const label = await plate.getAttribute('aria-label') ?? await plate.textContent();
    const [, r, c] = label.match(/(\d)\D+(\d)/);
    await plate.focus();
    await plate.evaluate((el) => { window.__pressed = el; });
    await watch(hp);
    const reply = hp.waitForResponse(/\/place$/);
    await plate.press('Enter');
    const move = msg(cat, 'donuts.plate', { Row: r, Col: c });
    await expect(gp.locator('#live-polite')).toContainText(move);
    await settle(hp, reply);
    expect(held).toHaveLength(1);
    const w = await watched(hp);
    expect(w.draws, 'the board drawn once').toBe(1);
    expect(w.focus, 'focus never moved').toEqual([]);
    expect(await hp.evaluate(() => document.activeElement === window.__pressed), 'focus on the plate pressed').toBe(true);
    expect(w.said.filter((s) => s.includes(move)), `said once: ${move}`).toHaveLength(1);
    await expect(hp.locator('#donuts-status')).toHaveText(msg(cat, 'donuts.phones.wait', { Color: color('vanilla') }));
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});
