// Diamant's cards as pictures (issue 24, points 2 and 4): each of the five hazards its own
// picture and colour, with the card's name still as text; the reveal's vote cards, the
// second hazard beside its twin with the round's standings, the game's podium, each
// checked by axe in the light and the dark theme. One game, drawn from the box in English.
import { test, expect } from '@playwright/test';
import {
  catalog, expectDark, expectNoAxeViolations, h1, msg, postSettings, pressAndWait,
} from './helpers.mjs';
import { newGame } from './diamant-play.mjs';

test.use({ serviceWorkers: 'block' });

/**
 * The players' chips in a part of the screen, in order: each one's mark and colour, seen
 * only (aria-hidden), so that the name beside it is said once (issue 24, point 3).
 */
async function chips(part) {
  return part.locator('.chip').evaluateAll((els) => els.map((el) => ({
    mark: el.textContent.trim(),
    colour: getComputedStyle(el).getPropertyValue('--chip'), // filled, or its border at camp
    hidden: el.closest('[aria-hidden="true"]') !== null,
  })));
}

/** Runs axe on the screen in the light theme, then in the dark one. */
async function axeLightAndDark(page) {
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectDark(page);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the five hazards have five pictures beside their names; the reveal, the round end and the podium', async ({ page }) => {
  test.setTimeout(90_000);
  await postSettings(page, { lang: 'en' });
  await page.goto('/diamant');
  const cat = await catalog(page);
  await newGame(page, cat, { draw: 'box', vote: 'cards' });
  const typed = page.getByRole('textbox', { name: msg(cat, 'diamant.draw.box.search') });
  const enter = async (text) => {
    await typed.fill(text);
    await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.box.submit') }));
  };
  const exits = async (...leavers) => {
    for (const name of leavers) await page.getByRole('checkbox', { name: msg(cat, 'diamant.exits.leaves', { Name: name }) }).press('Space');
    await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.exits.confirm') }));
  };
  // The card drawn: its name shown as text, and beside it its pictures, seen only.
  const pictures = async (hazard) => {
    const name = page.getByRole('main').getByText(msg(cat, `diamant.card.${hazard}`), { exact: true });
    await expect(name).toBeVisible();
    const card = name.locator('..');
    const pics = card.locator('[aria-hidden="true"] > svg');
    await expect(pics.first()).toBeVisible();
    return pics.evaluateAll((svgs) => svgs.map((svg) => {
      const box = svg.getBoundingClientRect();
      return { symbol: svg.querySelector('use').getAttribute('href').split('#')[1], colour: getComputedStyle(svg).color, size: Math.min(box.width, box.height) };
    }));
  };

  // A treasure shows its diamonds on its picture.
  await enter('11');
  const treasure = page.getByRole('main').getByText(msg(cat, 'diamant.card.treasure', { Value: 11 }), { exact: true }).locator('..');
  await expect(treasure.locator('[aria-hidden="true"]').filter({ has: page.locator('svg') })).toHaveText('11');
  const seen = [];
  for (const hazard of ['spider', 'snake', 'lava', 'boulder', 'ram']) {
    await exits();
    await enter(hazard);
    const [pic, ...more] = await pictures(hazard);
    expect(more, `${hazard}: one picture, the first of its kind`).toEqual([]);
    expect(pic.size, `${hazard}: a picture one can see`).toBeGreaterThan(40);
    seen.push(pic);
  }
  expect(new Set(seen.map((p) => p.symbol)).size, 'five pictures').toBe(5);
  expect(new Set(seen.map((p) => p.colour)).size, 'five colours').toBe(5);
  // Every picture is one of the file's.
  const sprite = await page.evaluate(async () => (await fetch(document.querySelector('use').getAttribute('href').split('#')[0])).text());
  for (const p of seen) expect(sprite).toContain(`<symbol id="${p.symbol}"`);

  // The reveal: every vote card turned, with its player's name and vote in words, seen
  // only; the news says who leaves, once.
  await exits('Ada');
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.reveal.heading'));
  await expect(page.getByRole('main')).toContainText('Ada leaves.');
  const votes = page.getByRole('main').locator('ul[aria-hidden="true"] > li');
  await expect(votes).toHaveText(['Ada', 'Bruno', 'Chiara'].map((name, i) => `${name[0]} ${name} ${msg(cat, i ? 'diamant.vote.continue' : 'diamant.vote.leave')}`));
  // Each player's colour and initial beside the name, the same on the vote cards, in the
  // cave's scene and in the table of players; three seats, three colours.
  const colours = await chips(votes);
  expect(colours.map((c) => c.mark)).toEqual(['A', 'B', 'C']);
  expect(new Set(colours.map((c) => c.colour)).size, 'a colour a seat').toBe(3);
  expect(colours.every((c) => c.hidden), 'chips are seen only').toBe(true);
  const players = page.getByRole('table');
  await expect(players.getByRole('rowheader')).toHaveText(['Ada', 'Bruno', 'Chiara'].map((n) => new RegExp(`^${n[0]}\\s*${n}`)));
  for (const n of ['Ada', 'Bruno', 'Chiara']) await expect(players.getByRole('rowheader', { name: new RegExp(`^${n}\\b`) })).toBeVisible();
  expect(await chips(players)).toEqual(colours);
  expect(await chips(page.locator('.scene'))).toEqual(colours);
  await axeLightAndDark(page);

  // A second spider: the round's end, the card beside its twin, and the standings.
  await enter('spider');
  await expect(h1(page)).toHaveText('Round 1 is over');
  expect((await pictures('spider')).map((p) => p.symbol)).toEqual(['spider', 'spider']);
  const standings = page.getByRole('region', { name: msg(cat, 'diamant.standings.heading', { Round: 1 }) });
  await expect(standings.getByRole('listitem')).toHaveText([/^1\s*A\s*Ada with \d+ points$/, /^2\s*B\s*Bruno with 0 points$/, /^2\s*C\s*Chiara with 0 points$/]);
  expect(await chips(standings)).toEqual(colours);
  await axeLightAndDark(page);

  // Four rounds more, each ended by a second hazard: the podium.
  for (const hazard of ['snake', 'lava', 'boulder', 'ram']) {
    await enter(hazard);
    await exits();
    await enter(hazard);
  }
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.final.heading'));
  const podium = page.getByRole('main').locator('ol[aria-hidden="true"]');
  await expect(podium.locator('li')).toHaveText([/^1\s*A\s*Ada with \d+ points$/, /^2\s*B\s*Bruno with 0 points$/, /^2\s*C\s*Chiara with 0 points$/]);
  expect(await chips(podium)).toEqual(colours);
  await axeLightAndDark(page);
});
