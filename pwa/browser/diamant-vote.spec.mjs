// The one-phone vote (issue #24, points 5 and 6; issue #23, item 4): the taps a round of
// four costs from the card to the next card, counted as a family taps them; the secret
// kept (the next voter's screen is the same whatever the voter before chose; a second tap
// of the voter before plays nothing); the two cards alike to a screen reader, the heading
// between them; axe in light and dark, and the other languages on the cards' screen.
import { test, expect } from '@playwright/test';
import { LANGS, catalog, msg, h1, createTable, expectNoAxeViolations, expectDark, postSettings } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const FOUR = ['Ada', 'Bruno', 'Chiara', 'Dario'];

/** A four-player one-phone table with the app drawing, its first card drawn. */
async function firstCard(page, cat, seed = '7') {
  const at = await createTable(page, '/diamant', { name: FOUR, draw: 'app', vote: 'phone', seed });
  await page.goto(at);
  await page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }).click();
  await expect(page.locator('.lastcard')).toBeVisible();
  return at;
}

/**
 * Taps, as a family would, from the card on the screen to the next card drawn, everyone
 * going on: the one control each screen offers for the next step. Works with the flow
 * before issue #24 too (its "I am X", Continue and "Reveal the votes"), to count both.
 */
async function tapsToNextCard(page, cat) {
  const draw = page.getByRole('button', { name: msg(cat, 'diamant.draw.app') });
  const steps = [
    page.getByRole('link', { name: new RegExp(`^${msg(cat, 'diamant.vote.start', { Name: 'Ada' })}$`) }),
    cat['diamant.vote.play'] && page.getByRole('button', { name: msg(cat, 'diamant.vote.play') }).first(),
    cat['diamant.pass.confirm'] && page.getByRole('link', { name: /^I am / }),
    page.getByRole('button', { name: msg(cat, 'diamant.vote.continue'), exact: true }),
    cat['diamant.voted.reveal'] && page.getByRole('link', { name: msg(cat, 'diamant.voted.reveal') }),
    draw,
  ].filter(Boolean);
  let taps = 0;
  for (;;) {
    const where = async () => `${await h1(page).textContent()} ${await page.locator('[data-version]').getAttribute('data-version')}`;
    const before = await where();
    let step = null;
    for (const s of steps) if (await s.isVisible()) { step = s; break; }
    expect(step, `a next step on "${await h1(page).textContent()}"`).not.toBeNull();
    const drawing = step === draw;
    await step.click();
    taps += 1;
    if (drawing) break;
    // The tap led somewhere: a new screen, or the same with a new version.
    await expect.poll(where).not.toBe(before);
    expect(taps, 'fewer than 20 taps').toBeLessThan(20);
  }
  await expect(page.locator('.lastcard')).toBeVisible();
  return taps;
}

test('a vote round of four on one phone costs n + 2 taps, from the card to the next card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/diamant');
  const cat = await catalog(page);
  await firstCard(page, cat);
  const taps = await tapsToNextCard(page, cat);
  console.log(`taps from the card to the next card, 4 players on one phone: ${taps}`);
  expect(taps).toBeLessThanOrEqual(FOUR.length + 2);
});

/** The main content of a screen, with what differs between two tables (id, version, token, vote step) left out. */
async function mainOf(page) {
  return (await page.locator('main').innerHTML())
    .replace(/\/diamant\/[a-z0-9]+/g, '/diamant/ID')
    .replace(/(name="(?:_csrf|version|step)" value=")[^"]*"/g, '$1"')
    .replace(/data-version="\d+"/g, '');
}

test('the next voter sees nothing of the vote before, and a second tap of the voter before plays nothing', async ({ page }) => {
  await page.goto('/diamant');
  const cat = await catalog(page);
  const play = page.getByRole('button', { name: msg(cat, 'diamant.vote.play') });
  const seen = {};
  for (const choice of ['continue', 'leave']) {
    await firstCard(page, cat);
    await page.getByRole('link', { name: msg(cat, 'diamant.vote.start', { Name: 'Ada' }) }).click();
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Ada' }));
    // Ada's two cards, named alike, the heading between them: as far from it, heard alike.
    await expect(play).toHaveCount(2);
    const order = await page.locator('form.vote').evaluate((f) => [...f.querySelectorAll('button, h1')].map((e) => e.tagName + (e.value ? `:${e.value}` : '')));
    expect(order).toEqual(['BUTTON:continue', 'H1', 'BUTTON:leave']);
    await play.nth(choice === 'leave' ? 1 : 0).click();
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Bruno' }));
    if (choice === 'continue') {
      // Ada's finger again, at once, on Bruno's card: nothing is played.
      await play.first().click({ force: true });
      await page.waitForTimeout(800);
      await expect(h1(page)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Bruno' }));
    }
    await expect(play.first()).toBeEnabled();
    seen[choice] = await mainOf(page);
  }
  expect(seen.leave).toBe(seen.continue);
  expect(seen.continue).toContain(msg(cat, 'diamant.vote.recorded'));
});

test('the vote cards in light and dark pass axe, at 320×568', async ({ browser }) => {
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ colorScheme, viewport: { width: 320, height: 568 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/diamant');
    const cat = await catalog(page);
    await firstCard(page, cat);
    await page.getByRole('link', { name: msg(cat, 'diamant.vote.start', { Name: 'Ada' }) }).click();
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Ada' }));
    if (colorScheme === 'dark') await expectDark(page);
    // Both cards in the first screen, side by side or one above the other, equal in size.
    const boxes = await page.locator('form.vote .card').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON()));
    expect(boxes).toHaveLength(2);
    expect(Math.round(boxes[0].width)).toBe(Math.round(boxes[1].width));
    for (const b of boxes) expect(b.bottom).toBeLessThanOrEqual(568);
    await expectNoAxeViolations(page);
    await context.close();
  }
});

for (const lang of LANGS.filter((l) => l !== 'en')) {
  test(`the vote cards in ${lang}`, async ({ page }) => {
    await postSettings(page, { lang });
    await page.goto('/diamant');
    const cat = await catalog(page);
    await firstCard(page, cat);
    await page.getByRole('link', { name: msg(cat, 'diamant.vote.start', { Name: 'Ada' }) }).press('Enter');
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Ada' }));
    await expect(page.getByRole('button', { name: msg(cat, 'diamant.vote.play') })).toHaveCount(2);
    await expect(page.getByText(msg(cat, 'diamant.pass.listen'))).toBeVisible();
    await expectNoAxeViolations(page);
    // By keyboard: Enter on the card before the heading plays it, and the next voter's come.
    // The draw was a click: the cards answer once armed (diamant.js, ARM_MS), as a second
    // tap of the voter before must not play them.
    const card = page.getByRole('button', { name: msg(cat, 'diamant.vote.play') }).first();
    await expect(card).not.toHaveAttribute('aria-disabled', 'true');
    await card.press('Enter');
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Bruno' }));
  });
}

// ---- the setup (issue #24, point 6) ----

for (const size of [{ width: 390, height: 844 }, { width: 320, height: 568 }]) {
  test(`the setup at ${size.width}×${size.height}: Start in the first screen, the number as chips that keep the names`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/diamant');
    const cat = await catalog(page);
    const start = page.getByRole('button', { name: msg(cat, 'diamant.setup.start') });
    const inSight = async () => {
      const box = await start.boundingBox();
      return box.y >= 0 && box.y + box.height <= size.height;
    };
    expect(await inSight(), 'Start without scrolling').toBe(true);
    const name = (n) => page.getByRole('textbox', { name: msg(cat, 'diamant.setup.player.label', { N: n }) });
    await name(1).fill('Ada');
    await name(2).fill('Bruno');
    await page.getByRole('group', { name: msg(cat, 'diamant.setup.count') }).getByRole('button', { name: '6', exact: true }).click();
    await expect(name(6)).toHaveValue(msg(cat, 'diamant.setup.player.default', { N: 6 }));
    await expect(name(1)).toHaveValue('Ada');
    await expect(name(2)).toHaveValue('Bruno');
    expect(await inSight(), 'Start still in sight with six names').toBe(true);
    // The options folded; the page's only filled button the one that starts.
    await expect(page.getByRole('radio', { name: msg(cat, 'diamant.setup.draw.box'), exact: true })).toBeHidden();
    const filled = await page.locator('main button:visible, main a.button:visible').evaluateAll((els) => els
      .filter((e) => getComputedStyle(e).backgroundColor === getComputedStyle(e).borderTopColor && e.getAttribute('aria-pressed') === null)
      .map((e) => e.textContent.trim()));
    expect(filled).toEqual([msg(cat, 'diamant.setup.start')]);
    await start.click();
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
    await expect(page.getByRole('main')).toContainText('Ada');
  });
}

test('the setup in light and dark, and in four languages, passes axe', async ({ browser }) => {
  test.setTimeout(90_000);
  for (const [lang, colorScheme] of [['en', 'light'], ['en', 'dark'], ['it', 'light'], ['fr', 'light'], ['sk', 'dark']]) {
    const context = await browser.newContext({ colorScheme, viewport: { width: 320, height: 568 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await postSettings(page, { lang });
    await page.goto('/diamant');
    const cat = await catalog(page);
    await expect(page.getByRole('group', { name: msg(cat, 'diamant.setup.count') }).getByRole('button')).toHaveCount(8);
    await expectNoAxeViolations(page);
    await page.locator('details.more summary').click();
    await expect(page.getByRole('radio', { name: msg(cat, 'diamant.setup.draw.box'), exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  }
});
