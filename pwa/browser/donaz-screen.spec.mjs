// The Donaz clock's screen (issue #14): "where are we?" by the key S and the bar's button,
// the history of the turns (a table and its spoken summary, kept over a reload), the
// summary shared at the end (the Web Share API or the clipboard, stubbed here), full screen
// where the browser offers it, the far half turned; axe on each state, in four languages.
import { test, expect } from '@playwright/test';
import { LANGS, expectNoAxeViolations, postSettings, catalog, msg, plural } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const T0 = new Date('2030-01-01T12:00:00Z').getTime();

// What S says in each language, written out so that a wrong translation or form fails:
// before the start, in the second turn (Team 2 has played 10 s, Team 1 played 48 s),
// and paused there.
const WHERE = {
  en: {
    ready: 'The clock has not started. Team 1 starts; each team has 5 minutes.',
    running: 'Turn 2: Team 2 is playing, 4 minutes 50 seconds left. Team 1 has 4 minutes 12 seconds.',
    paused: 'The clock is paused in turn 2: Team 2 to play, 4 minutes 50 seconds left. Team 1 has 4 minutes 12 seconds.',
    summary: '3 turns played. Team 1 used 1 minute 50 seconds in 2 turns, the longest 1 minute 2 seconds. Team 2 used 15 seconds in 1 turn.',
  },
  it: {
    ready: "L'orologio non è ancora partito. Comincia la squadra 1; ogni squadra ha 5 minuti.",
    running: 'Turno 2: gioca la squadra 2, ancora 4 minuti e 50 secondi. La squadra 1 ha 4 minuti e 12 secondi.',
    paused: "L'orologio è in pausa al turno 2: gioca la squadra 2, ancora 4 minuti e 50 secondi. La squadra 1 ha 4 minuti e 12 secondi.",
    summary: '3 turni giocati. La squadra 1 ha usato 1 minuto e 50 secondi in 2 turni, il più lungo di 1 minuto e 2 secondi. La squadra 2 ha usato 15 secondi in 1 turno.',
  },
  fr: {
    ready: "La pendule n'a pas encore démarré. L'équipe 1 commence\u202f; chaque équipe a 5 minutes.",
    running: "Tour 2\u00a0: l'équipe 2 joue, il lui reste 4 minutes et 50 secondes. L'équipe 1 a 4 minutes et 12 secondes.",
    paused: "La pendule est en pause au tour 2\u00a0: à l'équipe 2 de jouer, il lui reste 4 minutes et 50 secondes. L'équipe 1 a 4 minutes et 12 secondes.",
    summary: "3 tours joués. L'équipe 1 a utilisé 1 minute et 50 secondes en 2 tours, le plus long de 1 minute et 2 secondes. L'équipe 2 a utilisé 15 secondes en 1 tour.",
  },
  sk: {
    ready: 'Hodiny ešte nebežia. Začína Tím 1; každý tím má 5 minút.',
    running: 'Ťah 2: hrá Tím 2, zostávajúci čas 4 minúty a 50 sekúnd; Tím 1: 4 minúty a 12 sekúnd.',
    paused: 'Hodiny sú pozastavené v ťahu 2. Hrá Tím 2, zostávajúci čas 4 minúty a 50 sekúnd; Tím 1: 4 minúty a 12 sekúnd.',
    summary: 'Odohrané 3 ťahy. Tím 1: 2 ťahy, spolu 1 minúta a 50 sekúnd, najdlhší 1 minúta a 2 sekundy. Tím 2: 1 ťah, spolu 15 sekúnd.',
  },
};

const status = (page) => page.getByRole('status');
// The polite region's text, without the no-break space that marks a repeated sentence.
const said = (page) => page.locator('#live-polite').evaluate((el) => el.textContent.replace(/\u00a0$/, ''));

// A time as the catalog says it ("4 minutes 12 seconds"), in the page's language.
function words(cat, lang, s) {
  const m = Math.floor(s / 60);
  const sec = s % 60;
  if (m === 0) return plural(cat, lang, 'time.seconds', sec);
  if (sec === 0) return plural(cat, lang, 'time.minutes', m);
  return msg(cat, 'time.minutesSeconds', { Minutes: plural(cat, lang, 'time.minutes', m), Seconds: plural(cat, lang, 'time.seconds', sec) });
}

// axe on Playwright's clock: axe waits on timers, which run only when the test moves the
// clock, so the clock moves in small steps until axe is done. A running game is paused for
// it (P, and P again after), so that no time passes in it.
async function axe(page, { running = false } = {}) {
  if (running) await page.keyboard.press('p');
  let done = false;
  const run = expectNoAxeViolations(page).finally(() => { done = true; });
  while (!done) {
    await page.clock.runFor(100);
    await new Promise((r) => setTimeout(r, 20));
  }
  await run;
  if (running) await page.keyboard.press('p');
}

// Opens a clock on Playwright's clock, frozen until the test moves it.
async function openClock(page, query) {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 60_000);
  await page.goto(`/donaz/clock?${query}`);
  await expect(page.locator('html[data-clock]')).toHaveCount(1);
  return catalog(page);
}

// Four turns: Team 1 plays 48 s; Team 2 10 s, a pause, 5 s; Team 1 62 s; Team 2's turn begins.
// check(step) looks at the screen on the way.
async function play(page, check = async () => {}) {
  await page.keyboard.press('Space');
  await page.clock.runFor(48_000);
  await page.keyboard.press('Space');
  await page.clock.runFor(10_000);
  await check('running');
  await page.keyboard.press('p');
  await check('paused');
  await page.keyboard.press('p');
  await page.clock.runFor(5_000);
  await page.keyboard.press('Space');
  await page.clock.runFor(62_000);
  await page.keyboard.press('Space');
}

for (const lang of LANGS) {
  test(`where are we, the history and its summary shared at the end, ${lang}`, async ({ page }) => {
    test.slow(); // axe four times on a shared machine
    const w = WHERE[lang];
    // The Web Share API in two languages, the clipboard in the other two.
    const via = lang === 'en' || lang === 'it' ? 'share' : 'clipboard';
    await page.addInitScript((how) => {
      window.__shared = [];
      if (how === 'share') {
        Object.defineProperty(navigator, 'share', { configurable: true, value: async (data) => { window.__shared.push(data); } });
      } else {
        Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
        Object.defineProperty(navigator, 'clipboard', {
          configurable: true, value: { writeText: async (text) => { window.__shared.push({ text }); } },
        });
      }
    }, via);
    await postSettings(page, { lang });
    const cat = await openClock(page, `game=w${lang}`);
    const team = [msg(cat, 'donaz.team.default', { Number: 1 }), msg(cat, 'donaz.team.default', { Number: 2 })];
    // Sentences say the default teams with their article ("la squadra 1"), capitalized
    // where the name opens a sentence.
    const named = [msg(cat, 'donaz.team.said', { Number: 1 }), msg(cat, 'donaz.team.said', { Number: 2 })];
    const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

    // S before the start; then the bar's button and the key in the game.
    await page.keyboard.press('s');
    await expect(status(page)).toHaveText(w.ready);
    const where = page.getByRole('button', { name: msg(cat, 'donaz.clock.where'), exact: true });
    await play(page, async (step) => {
      if (step === 'running') {
        await page.keyboard.press('s');
        await expect(status(page)).toHaveText(w.running);
      } else {
        await where.click();
        await expect(status(page)).toHaveText(w.paused);
        // Space on a focused button presses it: leave the button, as the players would.
        await where.evaluate((el) => el.blur());
        // T still says the two times alone.
        await page.keyboard.press('t');
        await expect(status(page)).toHaveText(msg(cat, 'donaz.announce.both', {
          Team1: named[0], Time1: words(cat, lang, 252), Team2: named[1], Time2: words(cat, lang, 290),
        }));
      }
    });

    // H opens the history: its heading takes the focus, its summary is said.
    const historyButton = page.getByRole('button', { name: msg(cat, 'donaz.clock.history'), exact: true });
    await expect(historyButton).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('h');
    const history = page.getByRole('region', { name: msg(cat, 'donaz.history.heading') });
    await expect(history.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(historyButton).toHaveAttribute('aria-expanded', 'true');
    expect(await said(page)).toBe(w.summary);
    await expect(history.getByText(w.summary)).toBeVisible();
    const table = history.getByRole('table', { name: msg(cat, 'donaz.history.caption') });
    await expect(table.getByRole('columnheader')).toHaveText(
      ['turn', 'team', 'used', 'left'].map((c) => msg(cat, `donaz.history.col.${c}`)),
    );
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(4); // the header and three turns
    const want = [
      ['1', team[0], words(cat, lang, 48), words(cat, lang, 252)],
      ['2', team[1], words(cat, lang, 15), words(cat, lang, 285)],
      ['3', team[0], words(cat, lang, 62), words(cat, lang, 190)],
    ];
    for (const [i, cells] of want.entries()) {
      const row = rows.nth(i + 1);
      await expect(row.getByRole('rowheader')).toHaveAccessibleName(cells[0]);
      const tds = row.getByRole('cell');
      for (const [j, text] of cells.slice(1).entries()) await expect(tds.nth(j)).toHaveAccessibleName(text);
    }
    // The digits are what the eye reads; the words what a screen reader says.
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText(`0:48${words(cat, lang, 48)}`);
    await axe(page, { running: true }); // the history open, the clock running
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    await expect(historyButton).toBeFocused();
    await expect(historyButton).toHaveAttribute('aria-expanded', 'false');

    // More controls: full screen offered (this browser has it), then the end of the game.
    const moreButton = page.getByRole('button', { name: msg(cat, 'donaz.clock.more'), exact: true });
    await moreButton.click();
    const more = page.getByRole('region', { name: msg(cat, 'donaz.more.heading') });
    await expect(more.getByRole('heading', { level: 2 })).toBeFocused();
    const full = more.getByRole('button', { name: msg(cat, 'donaz.clock.fullscreen') });
    await expect(full).toBeVisible();
    await expect(full).toHaveAttribute('aria-pressed', 'false');
    await axe(page, { running: true }); // more controls open
    await more.getByRole('button', { name: msg(cat, 'donaz.clock.over') }).click();
    await page.getByRole('dialog').getByRole('button', { name: msg(cat, 'donaz.confirm.overYes') }).click();
    const ended = page.getByRole('region', { name: msg(cat, 'donaz.over.heading') });
    await expect(ended.getByRole('heading', { level: 2 })).toBeFocused();

    // The end: both times and the summary, with the fourth turn (just begun) counted.
    const times = msg(cat, 'donaz.announce.both', {
      Team1: named[0], Time1: words(cat, lang, 190), Team2: named[1], Time2: words(cat, lang, 285),
    });
    const summary = [
      plural(cat, lang, 'donaz.history.total', 4),
      plural(cat, lang, 'donaz.history.team', 2, { Team: cap(named[0]), Used: words(cat, lang, 110), Longest: words(cat, lang, 62) }),
      plural(cat, lang, 'donaz.history.team', 2, { Team: cap(named[1]), Used: words(cat, lang, 15), Longest: words(cat, lang, 15) }),
    ].join(' ');
    await expect(ended.getByText(times, { exact: true })).toBeVisible();
    await expect(ended.getByText(summary, { exact: true })).toBeVisible();
    await axe(page); // the end

    // Shared: the outcome is said in the live region (after share.js's short pause, on
    // Playwright's clock), and what was shared is the game's name, the end's times and summary.
    await ended.getByRole('button', { name: msg(cat, 'app.share.button') }).click();
    const outcome = msg(cat, via === 'share' ? 'app.share.done' : 'app.share.copied');
    await expect.poll(async () => {
      await page.clock.runFor(60);
      return said(page);
    }).toBe(outcome);
    const shared = await page.evaluate(() => window.__shared);
    expect(shared).toHaveLength(1);
    expect(shared[0].text).toBe(`${msg(cat, 'donaz.share.game')} ${times} ${summary}`);
    if (via === 'share') expect(shared[0].title).toBe(await page.title());
  });
}

test('the history survives a reload; the far half turns; full screen comes and goes', async ({ page }) => {
  const cat = await openClock(page, 'game=k1&lang=en');
  await page.keyboard.press('Space');
  await page.clock.runFor(7_000);
  await page.keyboard.press('Space');
  await page.clock.runFor(3_000);
  await page.keyboard.press('Space');
  await page.reload();
  await expect(page.locator('html[data-clock="running"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(status(page)).toHaveText('2 turns played. Team 1 used 7 seconds in 1 turn. Team 2 used 3 seconds in 1 turn.');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  // The history's own button closes it too, and gives the focus back to the bar.
  await page.getByRole('button', { name: 'Close the history' }).click();
  await expect(page.getByRole('button', { name: 'History', exact: true })).toBeFocused();

  // The far half, turned for the team across the table by default (teammates sit facing
  // each other); kept upright for this device, and turned again.
  await page.getByRole('button', { name: 'More', exact: true }).click();
  const flip = page.getByRole('button', { name: msg(cat, 'donaz.clock.flip') });
  const far = page.getByRole('region', { name: 'Team 1' });
  const turned = () => far.evaluate((el) => getComputedStyle(el).transform);
  await expect(flip).toHaveAttribute('aria-pressed', 'true');
  expect(await turned()).toBe('matrix(-1, 0, 0, -1, 0, 0)');
  await flip.click();
  await expect(flip).toHaveAttribute('aria-pressed', 'false');
  expect(await turned()).toBe('none');
  await page.reload();
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await expect(flip).toHaveAttribute('aria-pressed', 'false');
  expect(await turned()).toBe('none');
  await flip.click();
  await expect(flip).toHaveAttribute('aria-pressed', 'true');
  expect(await turned()).toBe('matrix(-1, 0, 0, -1, 0, 0)');
  // Turned, the half is still the button that ends its team's turn.
  await page.keyboard.press('Escape');
  const box = await far.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole('button', { name: 'Team 2: end turn' })).toHaveAccessibleDescription('Playing');

  // Full screen: the button says its state.
  await page.getByRole('button', { name: 'More', exact: true }).click();
  const full = page.getByRole('button', { name: 'Full screen' });
  await full.click();
  await expect(full).toHaveAttribute('aria-pressed', 'true');
  await full.click();
  await expect(full).toHaveAttribute('aria-pressed', 'false');
});

test('no full screen button where the browser does not offer it', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { configurable: true, get: () => false });
  });
  await page.goto('/donaz/clock?game=k2&lang=en');
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Turn the far half around' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Full screen' })).toHaveCount(0);
});
