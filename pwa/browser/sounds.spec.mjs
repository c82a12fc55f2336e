// Sounds that tell the card (issue 24, point 11): each of Diamant's five hazards its own
// sound, a treasure, an idol, the reveal; played at once, before the polite sentence that
// names the card reaches the live region, so that a blind player knows the card first.
// The vibrations stay; with sounds off in the settings nothing sounds. The sounds played
// are recorded through feedback.js's test hook (globalThis.__soundsPlayed), with what the
// polite live region held at that moment.
import { test, expect } from '@playwright/test';
import { catalog, createTable, msg, h1, pressAndWait, postSettings } from './helpers.mjs';
import { voteCard } from './diamant-play.mjs';

test.use({ serviceWorkers: 'block' });

const NAMES = ['Ada', 'Bruno', 'Chiara'];
const HAZARDS = ['spider', 'snake', 'lava', 'boulder', 'ram'];

// Records each sound played, the polite live region's text at that moment, each
// sentence the live regions are given (a later one replaces an earlier in the region, so
// the test looks among all of them), and each vibration.
async function record(page) {
  await page.addInitScript(() => {
    window.__log = [];
    window.__said = [];
    document.addEventListener('DOMContentLoaded', () => {
      for (const id of ['live-polite', 'live-assertive']) {
        const region = document.getElementById(id);
        if (!region) continue;
        new MutationObserver(() => {
          const text = region.textContent.trim();
          if (text) window.__said.push(text);
        }).observe(region, { childList: true, characterData: true, subtree: true });
      }
    });
    window.__soundsPlayed = {
      // at: how many sentences had been said when the sound played.
      push: (name) => window.__log.push({
        name, at: window.__said.length, polite: document.getElementById('live-polite')?.textContent ?? '',
      }),
    };
    window.__vibrations = [];
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern) => window.__vibrations.push(JSON.stringify([].concat(pattern))) > 0,
    });
  });
}

const played = (page) => page.evaluate(() => window.__log.splice(0));

/**
 * Plays a one-phone table by keyboard, everyone going on, until every kind of sound in
 * want was heard (or done() says so); calls heard(sound) for each sound played.
 */
async function playUntil(page, cat, want, heard = async () => {}, done = async () => false) {
  const draw = page.getByRole('button', { name: msg(cat, 'diamant.draw.app') });
  const passHeadings = NAMES.map((name) => msg(cat, 'diamant.pass.heading', { Name: name }));
  const voteStart = new RegExp(`^(${NAMES.map((n) => msg(cat, 'diamant.vote.start', { Name: n })).join('|')})$`);
  const seen = new Set();
  for (let step = 0; step < 400 && [...want].some((k) => !seen.has(k)) && !(await done()); step++) {
    const heading = await h1(page).textContent();
    if (passHeadings.includes(heading)) await pressAndWait(voteCard(page, cat, 'continue'));
    else if (await draw.count()) await pressAndWait(draw);
    else if (await page.getByRole('link', { name: voteStart }).count()) await pressAndWait(page.getByRole('link', { name: voteStart }));
    else throw new Error(`no next step on "${heading}"`);
    for (const s of await played(page)) {
      seen.add(HAZARDS.includes(s.name) ? 'hazard' : s.name);
      await heard(s, page);
    }
  }
  return seen;
}

test('Diamant: each hazard, a treasure, an idol and the reveal sound their own, before the sentence', async ({ page }) => {
  await record(page);
  await postSettings(page, { lang: 'en', sound: true, vibrate: true });
  const at = await createTable(page, '/diamant', { name: NAMES, draw: 'app', vote: 'phone', seed: '2026' });
  await page.goto(at);
  const cat = await catalog(page);
  const hazards = new Set();
  const seen = await playUntil(page, cat, ['hazard', 'treasure', 'idol', 'reveal', 'lost'], async (s) => {
    // At the moment the sound plays, the sentence that names the card is not yet said.
    if (HAZARDS.includes(s.name)) {
      hazards.add(s.name);
      const first = msg(cat, `diamant.hazard.${s.name}.first`);
      const second = msg(cat, `diamant.hazard.${s.name}.second`);
      expect(s.polite).not.toContain(first);
      // The hazard heard is the hazard drawn: its sentence follows, first or second.
      await expect.poll(() => page.evaluate((at) => window.__said.slice(at), s.at).then(
        (said) => said.some((t) => t.includes(first.slice(0, 12)) || t.includes(second.slice(0, 12)))),
      { message: `the ${s.name}'s sentence said` }).toBe(true);
    }
  });
  expect([...seen].sort()).toEqual(['hazard', 'idol', 'lost', 'reveal', 'treasure']);
  expect(hazards.size, 'hazards heard by their own sound').toBeGreaterThan(0);
  // A hazard still vibrates in its rhythm, and a lost round in its own.
  const vibrations = await page.evaluate(() => window.__vibrations);
  expect(vibrations).toContain(JSON.stringify([80, 60, 80, 60, 80]));
  expect(vibrations).toContain(JSON.stringify([600, 200, 600]));
});

test('Diamant: with sounds off nothing sounds, and a hazard still vibrates', async ({ page }) => {
  await record(page);
  await postSettings(page, { lang: 'en', sound: false, vibrate: true });
  const at = await createTable(page, '/diamant', { name: NAMES, draw: 'app', vote: 'phone', seed: '2026' });
  await page.goto(at);
  const cat = await catalog(page);
  const vibrated = async () => (await page.evaluate(() => window.__vibrations)).length > 0;
  const seen = await playUntil(page, cat, ['never'], async (s) => {
    throw new Error(`${s.name} sounded with sounds off`);
  }, vibrated);
  expect(await vibrated(), 'a hazard drawn, and vibrated').toBe(true);
  expect([...seen]).toEqual([]);
});
