// A one-phone Diamant game with computer explorers, offline (issue #28): the explorers vote
// in the offline engine (the same Go as the server's), and practice's "what would the
// expert do?" is answered there too. A few draws and votes, in one language: the whole game
// offline is offline-play's, the whole game with explorers diamant-explorers'.
import { test, expect } from '@playwright/test';
import { expectNoAxeViolations, catalog, msg, h1, pressAndWait, install, escapeRe } from './helpers.mjs';
import { newExplorersGame, explorerPattern } from './diamant-play.mjs';

test('offline: a one-phone game with two hard explorers, draws and votes, and the expert asked', async ({ page, context }) => {
  test.setTimeout(180_000);
  await install(page, 'en');
  const cat = await catalog(page);
  await context.setOffline(true);
  await newExplorersGame(page, cat, { explorers: 2, level: 'hard' });
  const main = page.getByRole('main');
  await expect(page.getByRole('region', { name: msg(cat, 'app.offline.table') })).toBeVisible();
  const marker = explorerPattern(cat, 'hard');
  await expect(main.getByRole('row').filter({ hasText: marker })).toHaveCount(2);
  await expectNoAxeViolations(page);

  const draw = main.getByRole('button', { name: msg(cat, 'diamant.draw.app') });
  const advice = new RegExp(`^(${escapeRe(msg(cat, 'diamant.expert.leave'))}|${escapeRe(msg(cat, 'diamant.expert.continue'))}) .+\\.$`);
  let reveals = 0;
  for (let turn = 0; turn < 4; turn++) {
    await pressAndWait(draw);
    const start = main.getByRole('link', { name: msg(cat, 'diamant.vote.alone') });
    if ((await start.count()) === 0) break; // the round ended on a second hazard
    await pressAndWait(start);
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Ada' }));
    if (turn === 0) {
      await main.getByRole('button', { name: msg(cat, 'diamant.expert.button') }).press('Enter');
      await expect(main.locator('#expert')).toHaveText(advice);
      await expectNoAxeViolations(page);
    }
    await expect(page.locator('form.vote')).not.toContainText(marker); // the explorers' votes are not told before the reveal
    await pressAndWait(main.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
    // The reveal tells the explorers' choices with Ada's: everyone went on, or who left.
    await expect(page.locator('#news')).toContainText(new RegExp(`${escapeRe(msg(cat, 'diamant.say.continue.all'))}|${escapeRe(marker)}`));
    reveals++;
    if (turn === 0) await expectNoAxeViolations(page);
    if ((await draw.count()) === 0) break; // Ada alone in the cave cannot be: the round is over
  }
  expect(reveals).toBeGreaterThanOrEqual(2);
  expect(await context.serviceWorkers()[0].evaluate(() => typeof engineStart)).toBe('object');
});
