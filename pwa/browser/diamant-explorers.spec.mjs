// Diamant with computer explorers on one phone (issue #28): one person plays a whole game
// with two explorers by keyboard, the explorers' votes are never asked and never shown
// before the reveal, undo takes them back with the person's vote; the setup form with
// explorers in four languages. axe on every kind of screen.
import { test, expect } from '@playwright/test';
import { playGame } from './diamant-play.mjs';
import {
  LANGS, expectNoAxeViolations, postSettings, catalog, msg, h1, pressAndWait,
} from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

/** Sets up a table of Ada and computer explorers through the setup form, by keyboard. */
async function newExplorersGame(page, cat, { explorers, level, seed = '2026', axe = false }) {
  await page.goto('/diamant');
  const count = page.getByRole('combobox', { name: msg(cat, 'diamant.setup.count') });
  await count.focus();
  for (let i = 0; i < 3; i++) await count.press('ArrowUp'); // 4 → 1 person
  await expect(count).toHaveValue('1');
  await page.getByRole('button', { name: msg(cat, 'diamant.setup.count.apply') }).press('Enter');
  await expect(page.getByRole('textbox', { name: msg(cat, 'diamant.setup.player.label', { N: 2 }) })).toHaveCount(0);
  await page.getByRole('textbox', { name: msg(cat, 'diamant.setup.player.label', { N: 1 }) }).fill('Ada');
  const group = page.getByRole('group', { name: msg(cat, 'diamant.setup.explorers') });
  const number = group.getByRole('combobox', { name: msg(cat, 'diamant.setup.explorers.count') });
  await number.focus();
  for (let i = 0; i < explorers; i++) await number.press('ArrowDown');
  await expect(number).toHaveValue(String(explorers));
  const levels = group.getByRole('group', { name: msg(cat, 'diamant.setup.explorers.level') });
  await levels.getByRole('radio', { name: msg(cat, `diamant.setup.explorers.${level}`), exact: true }).press('Space');
  await expect(levels.getByRole('radio', { name: msg(cat, `diamant.setup.explorers.${level}`), exact: true })).toBeChecked();
  await page.getByRole('textbox', { name: msg(cat, 'diamant.setup.seed') }).fill(seed);
  if (axe) await expectNoAxeViolations(page);
  await page.getByRole('button', { name: msg(cat, 'diamant.setup.start') }).press('Enter');
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
}

/** The explorers' names as the screens say them: "Amelia (computer, hard)". */
function explorerPattern(cat, level) {
  const marker = msg(cat, 'diamant.explorer.name', { Name: '', Level: msg(cat, `diamant.explorer.level.${level}`) }).trim();
  return marker;
}

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

  // The first vote by hand: Ada only is asked; her vote done, everyone has voted.
  await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
  await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.vote.start', { Name: 'Ada' }) }));
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Ada' }));
  await expectNoAxeViolations(page);
  await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.pass.confirm', { Name: 'Ada' }) }));
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Ada' }));
  await expectNoAxeViolations(page);
  await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.voted.heading'));
  await expect(main).not.toContainText(marker); // nobody is named before the reveal
  await expectNoAxeViolations(page);
  await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.voted.reveal') }));
  const revealed = await h1(page).textContent();
  expect([msg(cat, 'diamant.reveal.heading'), msg(cat, 'diamant.roundend.heading', { Round: 1 })]).toContain(revealed);
  await expectNoAxeViolations(page);
  const news = await page.locator('#news').innerText();

  // Undo takes back Ada's vote and the explorers' with it; the same vote, the same reveal.
  await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.undo.link') }));
  await expect(main).toContainText(msg(cat, 'diamant.undo.vote', { Name: 'Ada' }));
  await expectNoAxeViolations(page);
  await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.undo.confirm') }));
  await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.vote.start', { Name: 'Ada' }) }));
  await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.pass.confirm', { Name: 'Ada' }) }));
  await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
  await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.voted.reveal') }));
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
  expect([...checked].sort()).toEqual(['pass', 'vote', 'voted']);
});

for (const lang of LANGS) {
  test(`the setup form with explorers, in ${lang}`, async ({ page }) => {
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
