// Diamant at the table, on one phone: whole games by keyboard in four languages, the box
// drawing with the vote cards, a reload and a server restart in the middle, undo, and axe
// on every screen. Everything is found by role and accessible name, in the page's language.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  NAMES, KNOWN_END, newGame, playGame, fastForward, voteCard,
} from './diamant-play.mjs';
import {
  LANGS, expectDark, expectNoAxeViolations, postSettings, catalog, msg, stubSpeech, h1, pressAndWait, expectNoSidewaysScroll,
} from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

for (const lang of LANGS) {
  test(`a whole game on one phone by keyboard, in ${lang}`, async ({ page }) => {
    test.setTimeout(300_000);
    await postSettings(page, { lang });
    await page.goto('/diamant');
    const cat = await catalog(page);
    await newGame(page, cat);
    // The keys are told beside the buttons, not in their names (issue #23).
    await expect(page.getByRole('button', { name: msg(cat, 'diamant.repeat'), exact: true })).toHaveAttribute('aria-keyshortcuts', 'R');
    await expect(page.getByRole('button', { name: msg(cat, 'diamant.where.button'), exact: true })).toHaveAttribute('aria-keyshortcuts', 'S');
    await expect(page.getByRole('main').getByText(msg(cat, 'diamant.keys.both'))).toBeVisible();
    let checkedOrder = false;
    await playGame(page, cat, async (screen) => {
      if (screen === 'pass' && !checkedOrder) {
        // The two cards are one step from the heading each, before and after it (issue #23).
        await page.keyboard.press('Tab');
        await expect(voteCard(page, cat, 'leave')).toBeFocused();
        await page.keyboard.press('Shift+Tab');
        await expect(voteCard(page, cat, 'continue')).toBeFocused();
        await h1(page).focus();
        checkedOrder = true;
      }
    });
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.final.heading'));
    await expect(page.getByRole('main')).toContainText(KNOWN_END[lang]);
    // The game's end is said after the last reveal, as news, with the ranking (issue #23).
    await expect(page.locator('#live-polite')).toContainText(KNOWN_END[lang]);
    // The winner is said after the name, not in parentheses; no name carries any.
    await expect(page.getByRole('rowheader', { name: msg(cat, 'diamant.row.winner', { Name: 'Chiara' }), exact: true })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Ada', exact: true })).toBeVisible();
    for (const role of ['button', 'link', 'rowheader', 'heading']) await expect(page.getByRole(role, { name: /[()]/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: msg(cat, 'diamant.final.again') })).toBeVisible();
    await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.final.again') }));
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
  });
}

test('the box draws and the vote cards decide, with a refused card', async ({ page }) => {
  test.setTimeout(90_000);
  await postSettings(page, { lang: 'en' });
  await page.goto('/diamant');
  const cat = await catalog(page);
  await newGame(page, cat, { draw: 'box', vote: 'cards' });
  await expectNoAxeViolations(page);
  const typed = page.getByRole('textbox', { name: msg(cat, 'diamant.draw.box.search') });
  const enter = async (text) => {
    await typed.fill(text);
    await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.box.submit') }));
  };
  const pick = async (group, name) => {
    await pressAndWait(page.getByRole('group', { name: msg(cat, group) }).getByRole('button', { name: new RegExp(`^${name},`) }));
  };
  const exits = async (...leavers) => {
    for (const name of leavers) await page.getByRole('checkbox', { name: msg(cat, 'diamant.exits.leaves', { Name: name }) }).press('Space');
    await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.exits.confirm') }));
  };
  const main = page.getByRole('main');

  // Round 1. Typing narrows the list.
  await typed.fill('11');
  await expect(page.getByRole('button', { name: /^Treasure of 11,/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Treasure of 1,/ })).toBeHidden();
  await expect(page.getByRole('button', { name: /^Treasure of 5,/ })).toBeHidden();
  await enter('11');
  await expect(main).toContainText('Treasure of 11: 3 diamonds each, and 2 stay on the card.');
  await expect(page.getByRole('status')).toHaveText('Treasure of 11: 3 diamonds each, and 2 stay on the card.');
  await expectNoAxeViolations(page);
  await exits('Ada');
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.reveal.heading'));
  await expect(main).toContainText('Ada leaves.');
  await expect(main).toContainText('Ada takes 2 diamonds from the cards: 2 red tokens worth 1 each. Everything goes into the chest, which now holds 5 diamonds.');
  await pick('diamant.kind.treasure', 'Treasure of 5');
  await expect(main).toContainText('Treasure of 5: 2 diamonds each, and 1 stays on the card.');
  await exits('Bruno', 'Chiara');
  await expect(h1(page)).toHaveText('Round 1 is over');
  await expect(main).toContainText('Everyone has left the cave.');

  // Round 2: a second spider ends it, said in the assertive region.
  await pick('diamant.kind.hazard', 'Hazard: spider');
  await expect(main).toContainText('Spider! The first this round: a second spider would end the round.');
  await expect(main).toContainText('Spider: a second spider ends the round.');
  await exits();
  await expect(main).toContainText('Everyone continues.');
  await enter('spider');
  await expect(page.getByRole('alert')).toHaveText('A second spider! The round is over.');
  await expect(h1(page)).toHaveText('Round 2 is over');

  // Round 3.
  await enter('17');
  await exits('Ada', 'Bruno', 'Chiara');
  await expect(h1(page)).toHaveText('Round 3 is over');

  // Round 4: a card that cannot come is refused and explained; an idol for a lone leaver.
  // Refused, nothing changes: focus stays on the button pressed, the text typed stays.
  await typed.fill('6');
  const submit = page.getByRole('button', { name: msg(cat, 'diamant.draw.box.submit') });
  await submit.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('No card called “6” can be drawn now. Nothing was changed.');
  await expect(main).toContainText('No card called “6” can be drawn now.');
  await expect(submit).toBeFocused();
  await expect(typed).toHaveValue('6');
  await enter('Idol worth 10');
  await exits('Ada');
  await expect(main).toContainText('Ada leaves alone and takes the idol worth 10.');
  await enter('9');
  await exits('Bruno', 'Chiara');

  // Round 5 ends on two snakes.
  await pick('diamant.kind.hazard', 'Hazard: snake');
  await exits();
  await pick('diamant.kind.hazard', 'Hazard: snake');
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.final.heading'));
  // The second snake is the alarm; the game's end follows it, as news (issue #23).
  await expect(page.getByRole('alert')).toHaveText('A second snake! The round is over.');
  await expect(page.locator('#live-polite')).toContainText('Game over: Ada wins with 20 points.');
  await expect(main).toContainText('Game over: Ada wins with 20 points.');
});

test('a reload in the middle of a vote resumes exactly', async ({ page }) => {
  await postSettings(page, { lang: 'en' });
  await page.goto('/diamant');
  const cat = await catalog(page);
  await newGame(page, cat);
  await pressAndWait(page.getByRole('button', { name: 'Draw the next card' }));
  await pressAndWait(page.getByRole('link', { name: 'Vote: pass the phone to Ada' }));
  await pressAndWait(voteCard(page, cat, 'leave'));
  await expect(h1(page)).toHaveText('Pass the phone to Bruno');
  await expect(page.getByRole('status')).toHaveText('Vote recorded.');
  await page.reload();
  await expect(h1(page)).toHaveText('Pass the phone to Bruno');
  await expect(page.getByRole('main')).toContainText('Vote recorded.');
  await pressAndWait(voteCard(page, cat, 'continue'));
  // The vote recorded is said the same way whatever the vote.
  await expect(page.getByRole('status')).toHaveText('Vote recorded.');
  await pressAndWait(voteCard(page, cat, 'continue'));
  // The last vote reveals them all.
  await expect(h1(page)).toHaveText('The votes are revealed');
  await expect(page.getByRole('main')).toContainText('Ada leaves.');
});

test('a server restart in the middle of a round resumes exactly', async ({ page }, info) => {
  const port = 8800 + info.workerIndex * 10 + info.repeatEachIndex;
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'tavolo-restart-'));
  const bin = process.env.TAVOLO_BIN || 'bin/tavolo';
  const start = async () => {
    const proc = spawn(bin, ['--addr', `127.0.0.1:${port}`, '--data', dir], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return proc;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  };
  let server = await start();
  try {
    await page.goto(`${base}/diamant?lang=en`);
    const cat = await catalog(page);
    await newGame(page, cat, { base });
    await pressAndWait(page.getByRole('button', { name: 'Draw the next card' }));
    for (const name of NAMES) {
      if (name === 'Ada') await pressAndWait(page.getByRole('link', { name: 'Vote: pass the phone to Ada' }));
      await expect(h1(page)).toHaveText(`Pass the phone to ${name}`);
      await pressAndWait(voteCard(page, cat, 'continue'));
    }
    await pressAndWait(page.getByRole('button', { name: 'Draw the next card' }));
    const before = await page.getByRole('main').innerText();
    const url = page.url();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    server = await start();
    await page.goto(url);
    await expect(h1(page)).toHaveText('Round 1 of 5');
    expect(await page.getByRole('main').innerText()).toBe(before);
  } finally {
    server.kill('SIGTERM');
  }
});

test('undo asks first, then takes the last step back', async ({ page }) => {
  await stubSpeech(page);
  await postSettings(page, { lang: 'en', speak: true });
  await page.goto('/diamant');
  const cat = await catalog(page);
  await newGame(page, cat);
  await pressAndWait(page.getByRole('button', { name: 'Draw the next card' }));
  await expect(page.getByRole('status')).not.toBeEmpty();
  const first = await page.getByRole('status').textContent();
  // The same sentence is spoken, in the page's language; R says it again.
  await expect.poll(() => page.evaluate(() => window.__spoken.map((s) => `${s.lang}:${s.text}`))).toContain(`en:${first}`);
  await page.keyboard.press('r');
  await expect.poll(() => page.evaluate(() => window.__spoken.filter((s) => s.text === window.__spoken.at(-1).text).length)).toBe(2);

  await pressAndWait(page.getByRole('link', { name: 'Undo the last step' }));
  await expect(h1(page)).toHaveText('Undo the last step?');
  await expect(page.getByRole('main')).toContainText('The last step was drawing ');
  await expectNoAxeViolations(page);
  await pressAndWait(page.getByRole('link', { name: 'No, go back to the game' }));
  await expect(page.getByRole('link', { name: 'Vote: pass the phone to Ada' })).toBeVisible();
  await pressAndWait(page.getByRole('link', { name: 'Undo the last step' }));
  await pressAndWait(page.getByRole('button', { name: 'Yes, undo it' }));
  await expect(page.getByRole('status')).toContainText(/Undone: .+ is back in the deck\./);
  await expect(page.getByRole('button', { name: 'Draw the next card' })).toBeVisible();
  // The same card comes again: undo is not a way to draw another.
  await pressAndWait(page.getByRole('button', { name: 'Draw the next card' }));
  await expect(page.getByRole('status')).toHaveText(first);
});

// ---- axe on every screen ----

const MODES = [
  { name: 'standard', settings: { text: '100', contrast: 'standard' } },
  { name: 'high contrast, 200 % text', settings: { text: '200', contrast: 'high' } },
  // The dark theme's colours are the same in every language: one is enough.
  { name: 'the phone set to dark', settings: { text: '100', contrast: 'standard' }, scheme: 'dark', langs: ['it'] },
];

for (const mode of MODES) {
  for (const lang of mode.langs ?? LANGS) {
    test(`axe on every Diamant screen in ${lang}, ${mode.name}`, async ({ page }) => {
      test.setTimeout(120_000);
      if (mode.scheme) await page.emulateMedia({ colorScheme: mode.scheme });
      await postSettings(page, { lang, ...mode.settings });
      await page.goto('/diamant');
      const cat = await catalog(page);
      await expectNoAxeViolations(page); // setup
      await newGame(page, cat);
      const tableURL = new URL(page.url()).pathname;
      await expectNoAxeViolations(page); // cave, before the first card
      await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
      await expectNoAxeViolations(page); // cave, a card drawn
      if (mode.scheme === 'dark') await expectDark(page);
      await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.vote.start', { Name: 'Ada' }) }));
      await expectNoAxeViolations(page); // pass: Ada's cards
      for (const name of NAMES) {
        if (name !== 'Ada') await expect(h1(page)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: name }));
        await pressAndWait(voteCard(page, cat, name === 'Ada' ? 'leave' : 'continue'));
        if (name === 'Ada') await expectNoAxeViolations(page); // pass: "vote recorded", Bruno's cards
      }
      // The last vote reveals them all.
      await expect(h1(page)).toHaveText(msg(cat, 'diamant.reveal.heading'));
      await page.getByRole('button', { name: msg(cat, 'diamant.risk.show') }).press('Enter');
      await expect(page.getByRole('button', { name: msg(cat, 'diamant.risk.hide') })).toBeVisible();
      await expectNoAxeViolations(page); // reveal, with the risk shown
      await fastForward(page, tableURL, 'roundend');
      await page.goto(`${tableURL}?show=reveal`);
      await expect(h1(page)).toHaveText(msg(cat, 'diamant.roundend.heading', { Round: 1 }));
      await expectNoAxeViolations(page); // round end
      await fastForward(page, tableURL, 'final');
      await page.goto(`${tableURL}?show=reveal`);
      await expect(h1(page)).toHaveText(msg(cat, 'diamant.final.heading'));
      await expectNoAxeViolations(page); // final
    });
  }
}

test.describe('at 300 % text on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('every screen reflows', async ({ page }) => {
    test.setTimeout(120_000);
    await postSettings(page, { lang: 'sk', text: '300' });
    await page.goto('/diamant');
    const cat = await catalog(page);
    await expectNoSidewaysScroll(page, 'setup');
    await newGame(page, cat, { draw: 'box', vote: 'cards' });
    await expectNoSidewaysScroll(page, 'cave, box');
    await newGame(page, cat);
    const tableURL = new URL(page.url()).pathname;
    await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
    await expectNoSidewaysScroll(page, 'cave');
    await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.vote.start', { Name: 'Ada' }) }));
    await expectNoSidewaysScroll(page, 'vote');
    await fastForward(page, tableURL, 'final');
    await page.goto(`${tableURL}?show=reveal`);
    await expectNoSidewaysScroll(page, 'final');
  });
});
