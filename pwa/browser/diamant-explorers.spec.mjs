// Diamant with computer explorers on one phone (issue #28): one person plays a whole game
// with two explorers by keyboard, the explorers' votes are never asked and never shown
// before the reveal, undo takes them back with the person's vote; the setup form with
// explorers in four languages. axe on every kind of screen.
import { test, expect } from '@playwright/test';
import { playGame, pluralPatterns, newExplorersGame, explorerPattern } from './diamant-play.mjs';
import {
  LANGS, expectNoAxeViolations, expectDark, escapeRe, postSettings, catalog, msg, h1, pressAndWait, newPhone, openTable, join, expectSeated, plural,
} from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

test('one person plays a whole game with two explorers by keyboard', async ({ page }) => {
  test.setTimeout(300_000);
  await postSettings(page, { lang: 'en' });
  await page.goto('/diamant');
  const cat = await catalog(page);
  await newExplorersGame(page, cat, { explorers: 2, level: 'hard', axe: true });
  const main = page.getByRole('main');
  const marker = explorerPattern(cat, 'hard');
  await expect(main.getByRole('row').filter({ hasText: marker })).toHaveCount(2);
  await expectNoAxeViolations(page);

  // The first vote by hand: Ada only is asked; her vote reveals the explorers' with hers.
  await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
  // Ada is the only person: her own vote screen, the choices by name (no phone to pass).
  await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.vote.alone') }));
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Ada' }));
  await expect(page.locator('form.vote')).not.toContainText(marker); // nobody else is asked
  await expectNoAxeViolations(page);
  await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
  const revealed = await h1(page).textContent();
  expect([msg(cat, 'diamant.reveal.heading'), msg(cat, 'diamant.roundend.heading', { Round: 1 })]).toContain(revealed);
  await expectNoAxeViolations(page);
  const news = await page.locator('#news').innerText();

  // Undo takes back Ada's vote and the explorers' with it; the same vote, the same reveal.
  await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.undo.link') }));
  await expect(main).toContainText(msg(cat, 'diamant.undo.vote', { Name: 'Ada' }));
  await expectNoAxeViolations(page);
  await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.undo.confirm') }));
  await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.vote.alone') }));
  await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
  await expect(h1(page)).toHaveText(revealed);
  await expect(page.locator('#news')).toHaveText(news);

  // The rest of the game: only Ada is ever asked (playGame knows no other voter).
  const checked = new Set();
  await playGame(page, cat, async (screen) => {
    checked.add(screen);
    await expectNoAxeViolations(page);
  });
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.final.heading'));
  await expect(main.getByRole('row').filter({ hasText: marker })).toHaveCount(2);
  await expectNoAxeViolations(page);
  expect([...checked].sort()).toEqual(['vote']);
});

for (const lang of LANGS) {
  test(`the setup form with explorers, in ${lang}`, async ({ page }) => {
    test.setTimeout(90_000);
    await postSettings(page, { lang });
    await page.goto('/diamant');
    const cat = await catalog(page);
    await newExplorersGame(page, cat, { explorers: 2, level: 'easy', seed: '7', axe: true });
    const marker = explorerPattern(cat, 'easy');
    await expect(page.getByRole('main').getByRole('row').filter({ hasText: marker })).toHaveCount(2);
    await expect(page.getByRole('main').getByRole('row').filter({ hasText: 'Ada' })).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
}

// ---- a phone each, with a computer explorer ----

/** The host adds a computer explorer of a level in the lobby, by keyboard. */
async function addExplorer(host, cat, level) {
  const form = host.getByRole('group', { name: msg(cat, 'diamant.seat.explorer.heading') });
  await form.getByRole('radio', { name: msg(cat, `diamant.setup.explorers.${level}`), exact: true }).press('Space');
  await pressAndWait(form.getByRole('button', { name: msg(cat, 'diamant.seat.explorer.add') }));
  await expect(host.getByRole('listitem').filter({ hasText: explorerPattern(cat, level) })).toHaveCount(1);
}

test('two people play a phone-each game with a hard explorer through to the end', async ({ browser }) => {
  test.setTimeout(300_000);
  const lang = 'en';
  const phones = [];
  try {
    for (let i = 0; i < 2; i++) phones.push(await newPhone(browser, lang));
    const [host, bruno] = phones.map((p) => p.page);
    await host.goto('/diamant');
    const cat = await catalog(host);
    const code = await openTable(host, cat, 'Ada');
    // An easy one added and removed, then a hard one.
    await addExplorer(host, cat, 'easy');
    const easy = host.getByRole('listitem').filter({ hasText: explorerPattern(cat, 'easy') });
    const easyName = (await easy.locator('.name').textContent()).trim();
    await pressAndWait(easy.getByRole('button', { name: msg(cat, 'diamant.seat.remove', { Name: easyName }) }));
    await expect(easy).toHaveCount(0);
    await addExplorer(host, cat, 'hard');
    await expectNoAxeViolations(host); // the lobby with an explorer, on the host's phone
    const marker = explorerPattern(cat, 'hard');
    await join(bruno, cat, code, 'Bruno', { axe: true });
    // Bruno's phone sees the explorer as a player of the table.
    await expect(bruno.getByRole('listitem').filter({ hasText: `${marker}: ${msg(cat, 'diamant.seat.explorer')}` })).toHaveCount(1);
    await expectNoAxeViolations(bruno);
    await expectSeated(host, cat, 'Bruno');
    await expect(host.getByRole('main')).toContainText(plural(cat, lang, 'diamant.n.lobby', 3));
    await host.getByRole('button', { name: msg(cat, 'diamant.lobby.start') }).click();
    for (const p of [host, bruno]) {
      await expect(h1(p)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
      await expect(p.getByRole('main').getByRole('row').filter({ hasText: marker })).toHaveCount(1);
    }

    // The game to its end: each person votes on their own phone, the explorer by itself.
    const final = msg(cat, 'diamant.final.heading');
    const draw = host.getByRole('button', { name: msg(cat, 'diamant.draw.app') });
    const people = [[host, 'Ada', 6], [bruno, 'Bruno', 10]];
    const carries = pluralPatterns(cat, 'diamant.n.carries');
    const checked = new Set();
    const axeOnce = async (p, who) => {
      const kind = `${who}:${await p.locator('[data-screen]').first().getAttribute('data-screen')}`;
      if (checked.has(kind)) return;
      checked.add(kind);
      await expectNoAxeViolations(p);
    };
    let revealed = false;
    for (let step = 0; step < 1000; step++) {
      if ((await h1(host).textContent()) === final && (await h1(bruno).textContent()) === final) break;
      let acted = false;
      for (const [p, name, enough] of people) {
        if ((await h1(p).textContent()) !== msg(cat, 'diamant.vote.heading', { Name: name })) continue;
        await axeOnce(p, name);
        const text = await p.getByRole('main').innerText();
        const hand = Number(carries.map((re) => text.match(re)).find(Boolean)[1]);
        const choice = hand >= enough ? 'leave' : 'continue';
        await pressAndWait(p.getByRole('button', { name: msg(cat, `diamant.vote.${choice}`) }), { timeout: 10_000 });
        acted = true;
        break;
      }
      if (acted) continue;
      if (await draw.count()) {
        const heading = await h1(host).textContent();
        if (heading === msg(cat, 'diamant.reveal.heading')) {
          revealed = true;
          for (const p of [host, bruno]) await axeOnce(p, 'reveal');
        } else {
          await axeOnce(host, 'host');
          await axeOnce(bruno, 'guest');
        }
        await pressAndWait(draw, { timeout: 10_000 });
        continue;
      }
      await host.waitForTimeout(100); // a live update on its way
    }
    for (const p of [host, bruno]) {
      await expect(h1(p)).toHaveText(final);
      await expect(p.getByRole('main').getByRole('row').filter({ hasText: marker })).toHaveCount(1);
      await axeOnce(p, 'final');
    }
    expect(revealed).toBe(true);
  } finally {
    for (const p of phones) await p.context.close();
  }
});

for (const lang of LANGS.filter((l) => l !== 'en')) {
  test(`the lobby with an explorer, in ${lang}`, async ({ browser }) => {
    test.setTimeout(60_000);
    const phones = [];
    try {
      for (let i = 0; i < 2; i++) phones.push(await newPhone(browser, lang));
      const [host, bruno] = phones.map((p) => p.page);
      await host.goto('/diamant');
      const cat = await catalog(host);
      const code = await openTable(host, cat, 'Ada');
      await addExplorer(host, cat, 'easy');
      await expectNoAxeViolations(host);
      await join(bruno, cat, code, 'Bruno');
      const marker = explorerPattern(cat, 'easy');
      await expect(bruno.getByRole('listitem').filter({ hasText: `${marker}: ${msg(cat, 'diamant.seat.explorer')}` })).toHaveCount(1);
      await expectNoAxeViolations(bruno);
    } finally {
      for (const p of phones) await p.context.close();
    }
  });
}

// ---- practice: "what would the expert do?" ----

test('practice: the expert is asked on one\'s own vote screen only, by button and key', async ({ page }) => {
  test.setTimeout(120_000);
  await postSettings(page, { lang: 'en' });
  await page.goto('/diamant');
  const cat = await catalog(page);
  await newExplorersGame(page, cat, { explorers: 2, level: 'normal' });
  const main = page.getByRole('main');
  const ask = main.getByRole('button', { name: msg(cat, 'diamant.expert.button') });
  const advice = new RegExp(`^(${escapeRe(msg(cat, 'diamant.expert.leave'))}|${escapeRe(msg(cat, 'diamant.expert.continue'))}) .+\\.$`);

  // Never offered on a screen the table sees: the cave.
  await pressAndWait(main.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
  await expect(ask).toHaveCount(0);
  await pressAndWait(main.getByRole('link', { name: msg(cat, 'diamant.vote.alone') }));
  // Ada's own vote screen (the only person at the table): offered, never shown unasked; the button asks, the answer said.
  await expect(ask).toHaveAttribute('aria-keyshortcuts', 'E');
  await expect(main.locator('#expert')).toHaveCount(0);
  await ask.press('Enter');
  await expect(main.locator('#expert')).toHaveText(advice);
  // Seed 2026 deals a snake first: the expert goes on with one card in fifteen ending the round.
  await expect(main.locator('#expert')).toHaveText('The expert would continue. Snake: 2 cards in 30 would end the round; you carry 0 diamonds.');
  await expect(page.getByRole('status').filter({ hasText: advice })).toHaveCount(1);
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Ada' }));
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectDark(page);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });

  // The vote goes on as ever; the advice is gone with the vote screen.
  await pressAndWait(main.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.reveal.heading'));
  await expect(ask).toHaveCount(0);
  await expect(main.locator('#expert')).toHaveCount(0);

  // The next vote by the E key.
  await pressAndWait(main.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
  await pressAndWait(main.getByRole('link', { name: msg(cat, 'diamant.vote.alone') }));
  await expect(main.locator('#expert')).toHaveCount(0);
  await page.keyboard.press('e');
  await expect(main.locator('#expert')).toHaveText(advice);
});
