// Screenshots of the screens (see playwright.config.mjs here), in English, each at two
// phone sizes and in both themes: what a designer looks at before saying a screen is done.
import { test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { postSettings, catalog, msg, h1, pressAndWait } from '../browser/helpers.mjs';
import { newGame, voteCard, formState, fastForward } from '../browser/diamant-play.mjs';

const OUT = process.env.SCREENS_DIR || 'screens';
const SIZES = [[320, 568], [390, 844]];
const FULL = process.env.SCREENS_FULL === '1'; // the whole page, not only what the screen shows

test.use({ serviceWorkers: 'block' });

// shoot saves the page as OUT/NAME-WIDTHxHEIGHT-THEME.png, light then dark, and prints
// the weight of its HTML, gzipped (the stylesheets, scripts and pictures are cached).
async function shoot(page, name) {
  mkdirSync(OUT, { recursive: true });
  const { width, height } = page.viewportSize();
  if (width === SIZES[0][0]) {
    const html = await page.evaluate(() => document.documentElement.outerHTML);
    console.log(`${name}: HTML ${html.length} B, gzip ${gzipSync(html, { level: 9 }).length} B`);
  }
  for (const theme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.screenshot({ path: `${OUT}/${name}-${width}x${height}-${theme}.png`, fullPage: FULL });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const [width, height] of SIZES) {
  test(`screens at ${width}×${height}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    await postSettings(page, { lang: 'en' });
    await page.goto('/');
    await shoot(page, 'home');
    await page.goto('/diamant');
    const cat = await catalog(page);
    await shoot(page, 'diamant-setup');
    await newGame(page, cat);
    const table = new URL(page.url()).pathname;
    await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
    await shoot(page, 'diamant-cave');
    await pressAndWait(page.getByRole('link', { name: msg(cat, 'diamant.vote.start', { Name: 'Ada' }) }));
    await shoot(page, 'diamant-pass');
    await pressAndWait(voteCard(page, cat, 'leave'));
    await pressAndWait(voteCard(page, cat, 'continue'));
    await pressAndWait(voteCard(page, cat, 'continue'));
    await shoot(page, 'diamant-reveal');
    await fastForward(page, table, 'roundend');
    await page.goto(table);
    await shoot(page, 'diamant-roundend');
    await fastForward(page, table, 'final');
    await page.goto(table);
    await h1(page).waitFor();
    await shoot(page, 'diamant-final');
    expectScreen(await formState(page, table), 'final');

    await page.goto('/donuts');
    await shoot(page, 'donuts-setup');
    await page.getByRole('button', { name: msg(cat, 'donuts.setup.start') }).click();
    await h1(page).waitFor();
    await shoot(page, 'donuts-board');
    await page.goto('/donaz');
    await shoot(page, 'donaz-setup');
  });
}

function expectScreen(st, want) {
  if (st.screen !== want) throw new Error(`on ${st.screen}, not ${want}`);
}
