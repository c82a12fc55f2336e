// Heard right (issue #23): what a screen-reader user holds survives the other phones' moves.
// A recorder on every phone notes, from the page's first script on, each time focus is
// found on <body> after the page changed (a live update, a reply, a pressed button), and
// each sentence the live regions are given with the table version shown then. A round of
// Diamant with a phone each is played by keyboard; no phone may lose its focus, and no
// phone may hear one sentence twice for one version (its reply and its own live event).
import { test, expect } from '@playwright/test';
import { LANGS, catalog, createTable, msg, h1, plural, plateName, postSettings, setSettingsByForm, startPhonesTable, expectScreenFocus } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

/** Installs the recorder in every page of a phone, before any of the page's scripts. */
async function record(context) {
  await context.addInitScript(() => {
    const r = { drops: [], said: [], updates: 0 };
    window.__heard = r;
    const describe = (el) => (el ? `${el.tagName} ${(el.textContent || '').trim().slice(0, 40)}` : 'none');
    let held = null; // the element that had focus, as long as it was not <body>
    const check = (why) => {
      const a = document.activeElement;
      if (!a || a === document.body) {
        if (held) r.drops.push({ why, was: describe(held) });
        held = null;
      } else {
        held = a;
      }
    };
    document.addEventListener('focusin', () => check('focus'), true);
    document.addEventListener('DOMContentLoaded', () => {
      const main = document.getElementById('main');
      if (main) {
        new MutationObserver(() => {
          r.updates += 1;
          check('update');
        }).observe(main, {
          childList: true, subtree: true, attributes: true, characterData: true,
        });
      }
      for (const id of ['live-polite', 'live-assertive']) {
        const region = document.getElementById(id);
        if (!region) continue;
        new MutationObserver(() => {
          const text = region.textContent.trim();
          const version = document.querySelector('[data-version]')?.dataset.version ?? '';
          if (text) r.said.push({ text, version, region: id });
        }).observe(region, { childList: true, characterData: true, subtree: true });
      }
    });
  });
}

const heard = (page) => page.evaluate(() => window.__heard);

/** The sentences said twice at one version, as "version: text". */
function duplicates(said) {
  const seen = new Map();
  for (const s of said) {
    const k = `${s.version}: ${s.text}`;
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([k, n]) => `${k} (×${n})`);
}

// Every language plays a round to its end (a second hazard, or six cards).
for (const lang of LANGS) {
  test(`a phone each, ${lang}: focus never falls to <body>, nothing said twice at one version`, async ({ browser }) => {
    test.setTimeout(180_000);
    const phones = [];
    const names = ['Ada', 'Bruno', 'Chiara'];
    const cards = 6;
    try {
      const { cat } = await startPhonesTable(browser, phones, { lang, names, prepare: record });
      const pages = phones.map((p) => p.page);
      const ended = new RegExp(msg(cat, 'diamant.roundend.heading', { Round: 1 }));
      const roundOver = async () => (await h1(pages[0]).textContent()).match(ended);
      // Focus where a new screen puts it: its primary control (the draw), before the round starts.
      for (const p of pages) await expectScreenFocus(p);

      let played = 0;
      for (let card = 0; card < cards; card++) {
        const drawer = pages[card % 3];
        const draw = drawer.getByRole('button', { name: msg(cat, 'diamant.draw.app') });
        if (card === 0) {
          // While the draw is out (held back here), the button says it is unavailable, keeps
          // focus, and a second press sends nothing.
          let sent = 0;
          let go;
          const held = new Promise((resolve) => { go = resolve; });
          await drawer.route(/\/draw$/, async (route) => {
            sent += 1;
            await held;
            await route.continue();
          });
          await draw.press('Enter');
          await expect(draw).toHaveAttribute('aria-disabled', 'true');
          await expect(draw).toBeFocused();
          await drawer.keyboard.press('Enter');
          await drawer.waitForTimeout(200);
          expect(sent, 'one draw sent for two presses').toBe(1);
          const answered = drawer.waitForResponse(/\/draw$/);
          go();
          await answered;
          await drawer.unroute(/\/draw$/);
        } else {
          await draw.press('Enter');
        }
        played += 1;
        // Every phone on its own vote, or the round over (a second hazard).
        await expect.poll(async () => {
          const seen = await Promise.all(pages.map((p) => h1(p).textContent()));
          return seen.every((t, i) => t === msg(cat, 'diamant.vote.heading', { Name: names[i] }) || ended.test(t));
        }, { timeout: 10_000 }).toBe(true);
        if (await roundOver()) break;
        const last = card === cards - 1;
        // Chiara reads her screen while the others vote: her heading stays the very element
        // she is on (updated in place, not drawn anew), with focus.
        await pages[2].evaluate(() => { window.__mine = document.querySelector('h1'); });
        for (let i = 0; i < 3; i++) {
          const choice = last ? 'leave' : 'continue';
          await pages[i].getByRole('button', { name: msg(cat, `diamant.vote.${choice}`) }).press('Enter');
          if (i < 2) {
            // The vote counted on every phone before the next one votes.
            const voted = plural(cat, lang, 'diamant.n.voted', i + 1, { Total: 3 });
            for (const p of pages) await expect(p.getByRole('main')).toContainText(voted);
            expect(await pages[2].evaluate(() => document.activeElement === window.__mine && window.__mine.isConnected),
              'Chiara still on the same heading').toBe(true);
          }
        }
        const next = last ? ended : new RegExp(msg(cat, 'diamant.reveal.heading'));
        for (const p of pages) await expect(h1(p)).toHaveText(next, { timeout: 10_000 });
        if (last) break;
      }
      // Anything still on its way (a late live event) is heard before counting.
      await pages[0].waitForTimeout(1000);

      let drops = 0;
      let twice = 0;
      const report = [];
      for (let i = 0; i < 3; i++) {
        const r = await heard(pages[i]);
        const dup = duplicates(r.said);
        drops += r.drops.length;
        twice += dup.length;
        report.push(`${names[i]}: ${r.updates} updates, ${r.drops.length} drops ${JSON.stringify(r.drops)}; ${dup.length} said twice ${JSON.stringify(dup)}; ${r.said.length} said`);
      }
      console.log(`heard ${lang}, ${played} cards: ${drops} focus drops to <body>, ${twice} sentences said twice at one version\n  ${report.join('\n  ')}`);
      expect(drops, `focus fell to <body>:\n${report.join('\n')}`).toBe(0);
      expect(twice, `said twice at one version:\n${report.join('\n')}`).toBe(0);
      for (const p of pages) await expectScreenFocus(p);
      // No accessible name carries a key or a mark in parentheses (issue #23).
      for (const p of pages) {
        await expect(p.getByRole('button', { name: msg(cat, 'diamant.where.button'), exact: true })).toHaveAttribute('aria-keyshortcuts', 'S');
        for (const role of ['button', 'link', 'rowheader', 'heading']) await expect(p.getByRole(role, { name: /[()]/ })).toHaveCount(0);
      }
    } finally {
      for (const p of phones) await p.context.close();
    }
  });
}

// Page loads say their news: "Settings saved." is heard (the live region, focus on the
// heading), and Diamant's number of players (its chips) keeps the names typed, focus back on the chip.
for (const lang of LANGS) {
  test(`page loads, ${lang}: settings saved heard, names kept when the number changes`, async ({ page, context }) => {
    await record(context);
    await postSettings(page, { lang });
    await setSettingsByForm(page, { verbosity: 'brief' });
    const cat = await catalog(page);
    const r = await heard(page);
    expect(r.said.map((s) => s.text)).toContain(msg(cat, 'settings.saved'));

    await page.goto('/diamant');
    const name = (n) => page.getByRole('textbox', { name: msg(cat, 'diamant.setup.player.label', { N: n }) });
    await name(1).fill('Ada');
    await name(2).fill('Bruno');
    // The number of players as chips (issue #24): the names typed stay, focus on the chip.
    const five = page.getByRole('group', { name: msg(cat, 'diamant.setup.count') }).getByRole('button', { name: '5', exact: true });
    await five.press('Enter');
    await expect(name(5)).toBeVisible();
    await expect(name(1)).toHaveValue('Ada');
    await expect(name(2)).toHaveValue('Bruno');
    await expect(name(5)).toHaveValue(msg(cat, 'diamant.setup.player.default', { N: 5 }));
    await expect(five).toBeFocused();
    await expect(five).toHaveAttribute('aria-pressed', 'true');
  });
}

// The Donuts board: a plate's name says its state before where it is; A on an empty board
// says "any plate" rather than 36 plates; an arrow at the board's edge says so, and focus
// stays on the plate.
for (const lang of LANGS) {
  test(`Donuts board, ${lang}: the state first, any plate, and the edge said`, async ({ page }) => {
    await postSettings(page, { lang });
    await page.goto(await createTable(page, '/donuts', { mode: 'two', first: 'chocolate', board: 'number', seed: '7' }));
    const cat = await catalog(page);
    const plate = page.getByRole('gridcell').first();
    // Its name says what matters first: playable, then where it is.
    await expect(plate).toHaveAccessibleName(plateName(cat, 'donuts.cell.label.playable'));
    const where = msg(cat, 'donuts.plate', { Row: 1, Col: 1 }).toLowerCase();
    const name = (await plate.textContent()).trim().toLowerCase();
    expect(name.indexOf(where), `"${where}" after the state in "${name}"`).toBeGreaterThan(0);
    await plate.focus();
    const polite = page.locator('#live-polite');
    await page.keyboard.press('a');
    await expect(polite).toHaveText(msg(cat, 'donuts.playable.any'));
    await page.keyboard.press('ArrowUp');
    await expect(polite).toHaveText(msg(cat, 'donuts.edge'));
    await expect(plate).toBeFocused();
    await page.keyboard.press('a');
    await expect(polite).toHaveText(msg(cat, 'donuts.playable.any'));
    await page.keyboard.press('ArrowLeft');
    await expect(polite).toHaveText(msg(cat, 'donuts.edge'));
    await expect(plate).toBeFocused();
  });
}
