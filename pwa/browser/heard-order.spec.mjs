// Heard in the right order (issue #23): every phone hears what happened before what to do
// next, each fact once, and the tools a touch screen-reader user needs are near the top.
// A recorder notes each sentence the live regions are given, from the page's first script on.
import { test, expect } from '@playwright/test';
import { LANGS, catalog, createTable, msg, h1, escapeRe, plural, newPhone, openTable, join, expectSeated, postSettings } from './helpers.mjs';
import { fastForward, voteCard } from './diamant-play.mjs';

test.use({ serviceWorkers: 'block' });

/** Installs the recorder of the live regions in every page of a phone. */
async function record(context) {
  await context.addInitScript(() => {
    const r = { said: [] };
    window.__heard = r;
    document.addEventListener('DOMContentLoaded', () => {
      for (const id of ['live-polite', 'live-assertive']) {
        const region = document.getElementById(id);
        if (!region) continue;
        new MutationObserver(() => {
          const text = region.textContent.trim();
          if (text) r.said.push({ text, region: id });
        }).observe(region, { childList: true, characterData: true, subtree: true });
      }
    });
  });
}

/** What a page's live regions were given, in order. */
const said = (page) => page.evaluate(() => window.__heard.said);

/** Presses a control with Enter and waits for the request it sends to be answered. */
async function press(locator) {
  const page = locator.page();
  const answered = page.waitForResponse((r) => r.request().method() !== 'OPTIONS' && r.url().includes('/diamant/'));
  await locator.press('Enter');
  await answered;
}

// A phone holding two seats (the host with a player who has no phone) hears the card drawn
// and whom to pass the phone to (its heading), each once; the pass screen shows the card too.
for (const lang of LANGS) {
  test(`a phone with two seats, ${lang}: the card and "pass the phone", each once`, async ({ browser }) => {
    test.setTimeout(120_000);
    const phones = [];
    try {
      for (let i = 0; i < 2; i++) phones.push(await newPhone(browser, lang, {}, { prepare: record }));
      const [host, bruno] = phones.map((p) => p.page);
      await host.goto('/diamant');
      const cat = await catalog(host);
      const code = await openTable(host, cat, 'Ada');
      await host.getByRole('textbox', { name: msg(cat, 'diamant.seat.add.label') }).fill('Dario');
      await host.getByRole('button', { name: msg(cat, 'diamant.seat.add') }).click();
      await expect(host.getByRole('listitem').filter({ hasText: `Dario: ${msg(cat, 'diamant.seat.here')}` })).toBeVisible();
      await join(bruno, cat, code, 'Bruno');
      await expectSeated(host, cat, 'Bruno');
      await host.getByRole('button', { name: msg(cat, 'diamant.lobby.start') }).click();
      await expect(h1(bruno)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
      await expect(h1(host)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));

      const pass = msg(cat, 'diamant.say.pass', { Name: 'Ada' });
      let heardCards = 0;
      for (let card = 0; card < 3; card++) {
        await host.waitForTimeout(300); // the last reveal's sentences are said
        const before = (await said(host)).length;
        const brunoBefore = (await said(bruno)).length;
        await press(host.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
        const ended = msg(cat, 'diamant.roundend.heading', { Round: 1 });
        await expect(h1(host)).toHaveText(new RegExp(`^(${escapeRe(msg(cat, 'diamant.pass.heading', { Name: 'Ada' }))}|${escapeRe(ended)})$`));
        if ((await h1(host).textContent()) === ended) break; // a second hazard
        await expect(h1(bruno)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Bruno' }));
        // Bruno's phone hears his vote (the heading focus moved to) and the card (the news),
        // each once: the live region does not say the heading again.
        const vote = msg(cat, 'diamant.vote.heading', { Name: 'Bruno' });
        await expect(h1(bruno)).toBeFocused();
        await expect.poll(async () => (await said(bruno)).length).toBeGreaterThan(brunoBefore);
        await bruno.waitForTimeout(300);
        const news = (await said(bruno)).slice(brunoBefore).map((s) => s.text).join(' ');
        expect(news, 'Bruno heard the card').not.toBe('');
        expect(news, 'Bruno\'s live region does not say his heading again').not.toContain(vote);
        // The host's phone hears the same card, and whom to pass the phone to from its
        // heading, with focus: each once.
        await expect(h1(host)).toBeFocused();
        await expect.poll(async () => (await said(host)).length).toBeGreaterThan(before);
        await host.waitForTimeout(300);
        const hostHeard = (await said(host)).slice(before).map((s) => s.text).join(' ');
        expect(hostHeard, `the host hears the card (${news}), "${pass}" from the heading`).toBe(news);
        heardCards += 1;
        // The pass screen shows the card.
        await expect(host.getByRole('main')).toContainText(news);
        // Everyone goes on: Ada and Dario on the host's phone, Bruno on his.
        await press(bruno.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
        for (const name of ['Ada', 'Dario']) {
          await expect(h1(host)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: name }));
          await press(voteCard(host, cat, 'continue'));
        }
        await expect(h1(host)).toHaveText(msg(cat, 'diamant.reveal.heading'));
      }
      expect(heardCards).toBeGreaterThan(0);
      console.log(`two seats ${lang}: the card heard on the host's phone after ${heardCards} draws of ${heardCards}`);
    } finally {
      for (const p of phones) await p.context.close();
    }
  });
}

/**
 * Plays a game with the vote cards by plain form posts until the last round starts: in
 * each round, after the first card one explorer leaves alone (Ada in round 1, Bruno in
 * round 2…), after the next everyone left leaves; a hazard may end a round sooner.
 */
async function playToLastRound(page, url) {
  const csrf = (await (await page.request.get('/settings')).text()).match(/name="_csrf" value="([^"]+)"/)[1];
  let round = 1;
  let exits = 0;
  for (let i = 0; i < 100; i++) {
    const html = await (await page.request.get(url)).text();
    const version = html.match(/data-version="(\d+)"/)[1];
    const screen = html.match(/data-screen="(\w+)"/)[1];
    const inCave = [...html.matchAll(/name="leave" value="(\d+)"/g)].map((m) => m[1]);
    if (inCave.length) {
      const leave = exits === 0 && inCave.length > 1 ? [inCave[(round - 1) % inCave.length]] : inCave;
      const body = new URLSearchParams({ _csrf: csrf, version });
      for (const s of leave) body.append('leave', s);
      await page.request.post(`${url}/exits`, { data: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      exits += 1;
    } else {
      if (screen === 'roundend') {
        round += 1;
        exits = 0;
        if (round === 5) return;
      }
      await page.request.post(`${url}/draw`, { form: { _csrf: csrf, version } });
      if (/data-screen="roundend"/.test(await (await page.request.get(url)).text())) continue;
    }
  }
  throw new Error('the last round never came');
}

// The end of the game: the last reveal first, then the game's end with the whole ranking,
// as news (no alarm said before the reveal); the ranking is said once.
for (const lang of LANGS) {
  test(`the end of the game, ${lang}: the last reveal, then who won and the ranking`, async ({ page, context }) => {
    test.setTimeout(90_000);
    await record(context);
    await postSettings(page, { lang });
    const url = await createTable(page, '/diamant', { name: ['Ada', 'Bruno', 'Chiara'], draw: 'app', vote: 'cards', seed: '2026' });
    await playToLastRound(page, url);
    await page.goto(url);
    const cat = await catalog(page);
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.roundend.heading', { Round: 4 }));
    await press(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
    for (const name of ['Ada', 'Bruno', 'Chiara']) {
      await page.getByRole('checkbox', { name: msg(cat, 'diamant.exits.leaves', { Name: name }) }).press('Space');
    }
    const before = (await said(page)).length;
    await press(page.getByRole('button', { name: msg(cat, 'diamant.exits.confirm') }));
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.final.heading'));
    await page.waitForTimeout(500);
    const heard = (await said(page)).slice(before);
    expect(heard.filter((s) => s.region === 'live-assertive'), 'no alarm before the reveal').toEqual([]);
    const text = heard.map((s) => s.text).join(' ');
    // The reveal (everyone leaves), the round's end, then the game's end with the ranking.
    const reveal = text.indexOf(msg(cat, 'diamant.say.end.empty', { Round: 5 }));
    const summary = (await page.locator('#where').textContent()).trim();
    const end = text.indexOf(summary);
    console.log(`end ${lang}: ${text}`);
    expect(reveal, `the round's end in "${text}"`).toBeGreaterThanOrEqual(0);
    expect(end, `the game's end with the ranking ("${summary}") in "${text}"`).toBeGreaterThan(reveal);
    expect(text.endsWith(summary), 'the ranking said last').toBe(true);
    const scores = msg(cat, 'diamant.history.scores', { List: '' }).replace(/\.$/, '');
    expect(summary, 'the ranking').toContain(scores.trim());
    // Said once.
    expect(text.indexOf(summary, end + 1)).toBe(-1);
  });
}

/**
 * The steps a screen reader's virtual cursor takes from the screen's heading to each of
 * the controls named, reading on (a swipe right, the down arrow), as a virtual screen
 * reader's "next item" counts them: every element with a role (a control, a heading, a
 * list and its items, a table, its rows and cells, a named section, a toolbar, a group)
 * or with text of its own is a step; what is hidden (hidden, aria-hidden, not displayed)
 * is skipped, and a label with its control is one step. The count without the "end of
 * list" steps of a real reader.
 */
async function stepsFromHeading(page, names) {
  return page.evaluate((wanted) => {
    const main = document.getElementById('main');
    const controls = 'a[href],button,input:not([type=hidden]),select,textarea,summary';
    const roles = new Set(['H1', 'H2', 'H3', 'H4', 'P', 'UL', 'OL', 'LI', 'TABLE', 'TR', 'TH', 'TD', 'FIELDSET', 'LEGEND']);
    const shown = (el) => el.checkVisibility() && !el.closest('[aria-hidden="true"],[hidden]');
    const bare = (t) => t.trim().replace(/\s+/g, ' ');
    const stops = [];
    const walk = (el) => {
      for (const c of el.children) {
        if (!shown(c)) continue;
        if (c.matches(controls)) {
          stops.push({ el: c, name: bare(c.textContent) });
          continue;
        }
        if (c.tagName === 'LABEL' && c.querySelector(controls)) {
          walk(c);
          continue;
        }
        const text = [...c.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
        const named = c.tagName === 'SECTION' && (c.hasAttribute('aria-labelledby') || c.hasAttribute('aria-label'));
        if (c.hasAttribute('role') || roles.has(c.tagName) || named || text) stops.push({ el: c, name: bare(c.textContent) });
        walk(c);
      }
    };
    walk(main);
    const start = stops.findIndex((s) => s.el.tagName === 'H1');
    const out = {};
    for (const w of wanted) out[w] = stops.findIndex((s) => s.el.matches(controls) && s.name === bare(w)) - start;
    return out;
  }, names);
}

// Repeat and "where are we?" within 15 steps of the heading on every Diamant screen; no
// live sentence equal to the heading; no stale card line on the reveal.
for (const lang of LANGS) {
  test(`every Diamant screen, ${lang}: repeat and "where are we?" near the heading, each fact once`, async ({ page, context }) => {
    test.setTimeout(90_000);
    await record(context);
    await postSettings(page, { lang });
    const url = await createTable(page, '/diamant', { name: ['Ada', 'Bruno', 'Chiara'], draw: 'app', vote: 'phone', seed: '2026' });
    await page.goto(url);
    const cat = await catalog(page);
    const repeat = msg(cat, 'diamant.repeat');
    const where = msg(cat, 'diamant.where.button');
    const steps = {};
    const strip = (t) => t.trim().replace(/[.!?\u00a0\u202f]+$/u, '');
    const measure = async (screen) => {
      await page.waitForTimeout(300);
      const s = await stepsFromHeading(page, [repeat, where]);
      steps[screen] = `${s[repeat]}/${s[where]}`;
      expect.soft(s[repeat], `${screen}: repeat`).toBeGreaterThan(0);
      expect.soft(s[where], `${screen}: where`).toBeGreaterThan(0);
      expect.soft(s[repeat], `${screen}: repeat within 15 steps`).toBeLessThanOrEqual(15);
      expect.soft(s[where], `${screen}: where within 15 steps`).toBeLessThanOrEqual(15);
      const heading = strip(await h1(page).textContent());
      const last = (await said(page)).at(-1);
      if (last) expect.soft(strip(last.text), `${screen}: a live sentence equal to the heading`).not.toBe(heading);
    };
    await measure('cave, start');
    // The key hints say how a key reaches the game from a screen reader's browse mode.
    await expect(page.getByRole('main').getByText(msg(cat, 'diamant.keys.through'))).toBeVisible();
    await press(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
    await measure('cave, a card drawn');
    await press(page.getByRole('link', { name: msg(cat, 'diamant.undo.link') }));
    await measure('undo');
    await press(page.getByRole('link', { name: msg(cat, 'diamant.undo.cancel') }));
    await press(page.getByRole('link', { name: msg(cat, 'diamant.vote.start', { Name: 'Ada' }) }));
    await measure('pass');
    // The phone is shared: a screen reader's user is told to keep the vote from the table's ears.
    await expect(page.getByRole('main')).toContainText(msg(cat, 'diamant.pass.listen'));
    for (const name of ['Ada', 'Bruno', 'Chiara']) {
      await expect(h1(page)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: name }));
      await press(voteCard(page, cat, 'continue'));
      if (name === 'Ada') await measure('pass, a vote recorded');
    }
    // The last vote reveals them all.
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.reveal.heading'));
    await measure('reveal');
    // No stale line of the last card read on the reveal: the news comes first.
    await expect.soft(page.locator('.lastcard:not([aria-hidden="true"])')).toHaveCount(0);
    // Further by plain posts; the last votes are revealed on the page.
    const reach = async (screen, heading) => {
      await fastForward(page, url, screen);
      await page.goto(url);
      await expect(h1(page)).toHaveText(heading);
    };
    await reach('roundend', new RegExp(escapeRe(msg(cat, 'diamant.roundend.heading', { Round: 1 })).replace('1', '\\d')));
    await measure('round end');
    await reach('final', msg(cat, 'diamant.final.heading'));
    await measure('final');
    console.log(`steps from the heading to repeat/where, ${lang}: ${JSON.stringify(steps)}`);
  });
}

// A reply to one's own toggle keeps focus on the toggle: "Show the risk" says the risk and
// stays where the player is, now "Hide the risk"; pressed again, the same.
for (const lang of LANGS) {
  test(`the risk toggle, ${lang}: focus stays on it, the risk said`, async ({ page, context }) => {
    await record(context);
    await postSettings(page, { lang });
    await page.goto(await createTable(page, '/diamant', { name: ['Ada', 'Bruno', 'Chiara'], draw: 'app', vote: 'phone', seed: '2026' }));
    const cat = await catalog(page);
    const show = page.getByRole('button', { name: msg(cat, 'diamant.risk.show') });
    const hide = page.getByRole('button', { name: msg(cat, 'diamant.risk.hide') });
    await press(show);
    await expect(hide).toBeFocused();
    await expect.poll(async () => (await said(page)).at(-1)?.text).toBe(msg(cat, 'diamant.risk.none'));
    await press(hide);
    await expect(show).toBeFocused();
  });
}

// The lobby says who took a seat and, on the host's phone, when the game can start; the
// join page offers a new seat without first saying that none is free.
for (const lang of LANGS) {
  test(`the lobby and the join page, ${lang}: who took a seat, when the game can start`, async ({ browser }) => {
    test.setTimeout(90_000);
    const phones = [];
    try {
      for (let i = 0; i < 3; i++) phones.push(await newPhone(browser, lang, {}, { prepare: record }));
      const [host, bruno, chiara] = phones.map((p) => p.page);
      await host.goto('/diamant');
      const cat = await catalog(host);
      const code = await openTable(host, cat, 'Ada');
      await join(bruno, cat, code, 'Bruno');
      await expectSeated(host, cat, 'Bruno');
      // Chiara's join page: the seat offered, nothing said about seats that are not free.
      await chiara.goto('/join');
      const field = chiara.getByRole('textbox', { name: msg(cat, 'join.code') });
      await field.fill(code);
      await field.press('Enter');
      await expect(h1(chiara)).toHaveText(msg(cat, 'join.table.heading'));
      await expect(chiara.getByRole('textbox', { name: msg(cat, 'join.name') })).toBeVisible();
      await expect(chiara.getByRole('main')).not.toContainText(msg(cat, 'join.nofree'));
      await chiara.getByRole('textbox', { name: msg(cat, 'join.name') }).fill('Chiara');
      await chiara.getByRole('button', { name: msg(cat, 'join.new') }).click();
      await expectSeated(host, cat, 'Chiara');
      const joined = (name) => plural(cat, lang, 'diamant.n.lobby.joined', 1, { Names: name });
      const ready = msg(cat, 'diamant.lobby.ready');
      // (A phone going away and back while its page loads is news of its own, left out here.)
      const news = async () => (await said(host)).map((s) => s.text).filter((t) => [joined('Bruno'), joined('Chiara')].some((j) => t.startsWith(j)));
      await expect.poll(news).toEqual([
        `${joined('Bruno')} ${plural(cat, lang, 'diamant.n.lobby', 2)}`,
        `${joined('Chiara')} ${plural(cat, lang, 'diamant.n.lobby', 3)} ${ready}`,
      ]);
      // The host's page says it too.
      await expect(host.getByRole('main')).toContainText(ready);
    } finally {
      for (const p of phones) await p.context.close();
    }
  });
}

// Keys that work with a screen reader (issue #23): each game puts focus where a screen
// reader is in its focus mode (a control of a toolbar named by the heading, a grid's
// plate), so that its keys reach the page; they are pressed right there.
test('keys where each game puts focus: Diamant, the clock, Donuts', async ({ page, context }) => {
  await record(context);
  await postSettings(page, { lang: 'en' });
  await page.goto(await createTable(page, '/diamant', { name: ['Ada', 'Bruno', 'Chiara'], draw: 'app', vote: 'phone', seed: '2026' }));
  const cat = await catalog(page);
  const last = async () => (await said(page)).at(-1)?.text;
  const controls = page.getByRole('toolbar', { name: msg(cat, 'diamant.round.heading', { Round: 1 }) });
  await expect(controls.getByRole('button', { name: msg(cat, 'diamant.draw.app') })).toBeFocused();
  // S says where we are, R says it again.
  const where = async () => (await page.locator('#where').textContent()).trim().replace(/\s+/g, ' ');
  await page.keyboard.press('s');
  await expect.poll(last).toBe(await where());
  const n = (await said(page)).length;
  await page.keyboard.press('r');
  await expect.poll(async () => (await said(page)).length).toBe(n + 1);
  expect(await last()).toBe(await where());
  // Enter draws; focus goes to the next primary control, in the same toolbar.
  await page.keyboard.press('Enter');
  const vote = controls.getByRole('link', { name: msg(cat, 'diamant.vote.start', { Name: 'Ada' }) });
  await expect(vote).toBeFocused();
  // The arrows go through the toolbar's controls, and round.
  const repeat = controls.getByRole('button', { name: msg(cat, 'diamant.repeat') });
  const whereButton = controls.getByRole('button', { name: msg(cat, 'diamant.where.button') });
  await page.keyboard.press('ArrowRight');
  await expect(repeat).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(whereButton).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(vote).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(whereButton).toBeFocused();
  await page.keyboard.press('s');
  await expect.poll(last).toBe(await where());

  // The clock: Start, in the clock's toolbar; Space starts, focus on the team to play,
  // where Space ends the turn and P pauses.
  await page.goto('/donaz/clock?game=hd1');
  const clock = page.getByRole('toolbar', { name: msg(cat, 'donaz.clock.title') });
  await expect(clock.getByRole('button', { name: msg(cat, 'donaz.clock.start') })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(clock.locator('.half-button:focus')).toHaveCount(1);
  const before = (await said(page)).length;
  await page.keyboard.press('Space');
  await expect.poll(async () => (await said(page)).length, 'the turn ended, said').toBeGreaterThan(before);
  await page.keyboard.press('p');
  await expect.poll(last).toBe(msg(cat, 'donaz.announce.paused'));

  // Donuts: the board's plate, in the grid; A says where a donut may go.
  await page.goto(await createTable(page, '/donuts', { mode: 'two', first: 'chocolate', board: 'number', seed: '7' }));
  await expect(page.getByRole('gridcell').and(page.locator(':focus'))).toHaveCount(1);
  await page.keyboard.press('a');
  await expect.poll(last).toBe(msg(cat, 'donuts.playable.any'));
});
