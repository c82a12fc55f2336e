// Playing Diamant on one phone in the browser, by keyboard: the setup form and a whole
// game with the phone's secret vote, found by role and name in the page's language. Shared
// by the online and the offline tests.
import { expect } from '@playwright/test';
import { msg, h1, escapeRe, pressAndWait, expectNoAxeViolations } from './helpers.mjs';

export const NAMES = ['Ada', 'Bruno', 'Chiara'];
export const SEED = '2026';

// The known result of seed 2026 when each player leaves once carrying at least 5, 10 and
// 15 diamonds (TestDiamantKnownGame in web/diamant_test.go checks the same sentences).
export const KNOWN_END = {
  en: 'Game over: Chiara wins with 60 points.',
  it: 'Partita finita: vince Chiara con 60 punti.',
  fr: 'Partie terminée : Chiara gagne avec 60 points.',
  sk: 'Koniec hry: Chiara má 60 bodov a vyhráva.',
};

/** The forms of a plural message as regular expressions with the count captured. */
export function pluralPatterns(cat, id, params = {}) {
  const forms = cat[id];
  if (!forms || typeof forms !== 'object') throw new Error(`no plural message ${id}`);
  return Object.values(forms).map((text) => {
    const escaped = escapeRe(text);
    const withParams = escaped.replace(/\\\{\\\{\s*\\\.(\w+)\s*\\\}\\\}/g, (_, k) => (k === 'Count' ? '(\\d+)' : String(params[k])));
    return new RegExp(withParams);
  });
}

/**
 * A shared phone's vote card: the one before the heading continues, the one after it
 * leaves; both are named alike ("Play this card").
 */
export function voteCard(page, cat, choice) {
  return page.getByRole('button', { name: msg(cat, 'diamant.vote.play') }).nth(choice === 'leave' ? 1 : 0);
}

/** Chooses the number of players on the setup page: its chip, by keyboard. */
export async function setCount(page, cat, n) {
  const chip = page.getByRole('group', { name: msg(cat, 'diamant.setup.count') }).getByRole('button', { name: String(n), exact: true });
  await chip.press('Enter');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
}

/** Unfolds the setup's "More options", by keyboard. */
export async function openOptions(page, cat) {
  const more = page.locator('details.more');
  if (await more.evaluate((d) => d.open)) return;
  await more.locator('summary', { hasText: msg(cat, 'diamant.setup.more') }).press('Enter');
  await expect(more).toHaveJSProperty('open', true);
}

/** Sets up a table of Ada and computer explorers through the setup form, by keyboard. */
export async function newExplorersGame(page, cat, { explorers, level, seed = '2026', axe = false }) {
  await page.goto('/diamant');
  await setCount(page, cat, 1);
  await expect(page.getByRole('textbox', { name: msg(cat, 'diamant.setup.player.label', { N: 2 }) })).toHaveCount(0);
  await page.getByRole('textbox', { name: msg(cat, 'diamant.setup.player.label', { N: 1 }) }).fill('Ada');
  await openOptions(page, cat);
  const group = page.getByRole('group', { name: msg(cat, 'diamant.setup.explorers') });
  // A number of explorers for each level: these of one level.
  const number = group.getByRole('combobox', { name: msg(cat, `diamant.setup.explorers.n.${level}`) });
  await number.focus();
  for (let i = 0; i < explorers; i++) await number.press('ArrowDown');
  await expect(number).toHaveValue(String(explorers));
  await page.getByRole('textbox', { name: msg(cat, 'diamant.setup.seed') }).fill(seed);
  if (axe) await expectNoAxeViolations(page);
  await page.getByRole('button', { name: msg(cat, 'diamant.setup.start') }).press('Enter');
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
}

/** What follows an explorer's name as the screens say it: "Amelia the hard computer". */
export function explorerPattern(cat, level) {
  const marker = msg(cat, 'diamant.explorer.name', { Name: '', Level: msg(cat, `diamant.explorer.level.${level}`) }).trim();
  return marker;
}

/** Sets up a game through the setup form, by keyboard. */
export async function newGame(page, cat, { draw = 'app', vote = 'phone', seed = SEED, base = '' } = {}) {
  await page.goto(`${base}/diamant`);
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.setup.title'));
  await setCount(page, cat, 3);
  await expect(page.getByRole('textbox', { name: msg(cat, 'diamant.setup.player.label', { N: 4 }) })).toHaveCount(0);
  for (let i = 0; i < NAMES.length; i++) {
    const box = page.getByRole('textbox', { name: msg(cat, 'diamant.setup.player.label', { N: i + 1 }) });
    await expect(box).toHaveValue(msg(cat, 'diamant.setup.player.default', { N: i + 1 }));
    await box.fill(NAMES[i]);
  }
  await openOptions(page, cat);
  await page.getByRole('radio', { name: msg(cat, `diamant.setup.draw.${draw}`), exact: true }).press('Space');
  await page.getByRole('radio', { name: msg(cat, `diamant.setup.vote.${vote}`), exact: true }).press('Space');
  await page.getByRole('textbox', { name: msg(cat, 'diamant.setup.seed') }).fill(seed);
  await page.getByRole('button', { name: msg(cat, 'diamant.setup.start') }).press('Enter');
  await expect(h1(page)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
}

/**
 * Plays a phone-vote game to its end by keyboard: each player leaves once carrying at least
 * 5, 10, 15 diamonds. Calls visit(screen) on the first of each kind of screen.
 */
export async function playGame(page, cat, visit = async () => {}) {
  const seen = new Set();
  const once = async (screen) => {
    if (!seen.has(screen)) {
      seen.add(screen);
      await visit(screen);
    }
  };
  const draw = page.getByRole('button', { name: msg(cat, 'diamant.draw.app') });
  const carries = pluralPatterns(cat, 'diamant.n.carries');
  const final = msg(cat, 'diamant.final.heading');
  const starts = [...NAMES.map((n) => msg(cat, 'diamant.vote.start', { Name: n })), msg(cat, 'diamant.vote.alone')];
  const voteStart = new RegExp(`^(${starts.map(escapeRe).join('|')})$`);
  const byHeading = {};
  NAMES.forEach((name, seat) => {
    byHeading[msg(cat, 'diamant.pass.heading', { Name: name })] = { kind: 'pass', name, seat };
    // One person with computer explorers votes on a screen of her own.
    byHeading[msg(cat, 'diamant.vote.heading', { Name: name })] = { kind: 'vote', name, seat };
  });
  for (let step = 0; step < 800; step++) {
    const heading = await h1(page).textContent();
    if (heading === final) return;
    const screen = byHeading[heading];
    if (screen) {
      // The phone handed over on the voter's two cards, or one person's own vote: one
      // press votes.
      await once(screen.kind);
      const text = await page.getByRole('main').innerText();
      const hand = Number(carries.map((re) => text.match(re)).find(Boolean)[1]);
      const choice = hand >= 5 + 5 * screen.seat ? 'leave' : 'continue';
      await pressAndWait(screen.kind === 'pass' ? voteCard(page, cat, choice) : page.getByRole('button', { name: msg(cat, `diamant.vote.${choice}`) }));
      continue;
    }
    if (await draw.count()) {
      await pressAndWait(draw);
      continue;
    }
    await pressAndWait(page.getByRole('link', { name: voteStart }));
  }
  throw new Error('the game did not end');
}

/** Reads the current screen's version and CSRF token, as a form would send them. */
export async function formState(page, url) {
  const html = await (await page.request.get(url)).text();
  return { html, version: html.match(/data-version="(\d+)"/)[1], screen: html.match(/data-screen="(\w+)"/)[1] };
}

/** Plays by plain form posts (everyone leaves at once) until the wanted screen. */
export async function fastForward(page, tableURL, want) {
  const csrf = (await (await page.request.get('/settings')).text()).match(/name="_csrf" value="([^"]+)"/)[1];
  for (let i = 0; i < 200; i++) {
    let st = await formState(page, tableURL);
    if (st.screen === want) return;
    const seatOf = (html) => html.match(/name="seat" value="(\d+)"/)?.[1];
    const seat = seatOf(st.html) ?? (st.html.includes('?show=pass') ? seatOf((await formState(page, `${tableURL}?show=pass`)).html) : null);
    const form = { _csrf: csrf, version: st.version };
    if (seat !== null) await page.request.post(`${tableURL}/vote`, { form: { ...form, seat, choice: 'leave' } });
    else await page.request.post(`${tableURL}/draw`, { form });
  }
  throw new Error(`never reached ${want}`);
}
