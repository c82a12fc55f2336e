// Diamant with a phone each: several browser contexts are several phones at one table.
// They join by the code typed as a person would, vote in secret (each phone sees only how
// many have voted until the reveal), survive a reload and a lost connection, and every
// screen passes axe in four languages. Everything is found by role and accessible name,
// in the page's language.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  LANGS, expectNoAxeViolations, postSettings, catalog, msg, h1, pressAndWait, expectNoSidewaysScroll, plural, newPhone, openTable, join,
  expectSeated, startPhonesTable,
} from './helpers.mjs';
import { voteCard } from './diamant-play.mjs';

test.use({ serviceWorkers: 'block' });

/** pressAndWait, with the time a live update over several phones may take. */
const press = (locator) => pressAndWait(locator, { timeout: 10_000 });

test('three phones join by code, vote in secret, survive a reload and a lost connection', async ({ browser }) => {
  test.setTimeout(120_000);
  const lang = 'en';
  const phones = [];
  try {
    // Typed the way people do: lower case, with spaces or a dash.
    const { cat } = await startPhonesTable(browser, phones, {
      lang,
      names: ['Ada', 'Bruno', 'Chiara'],
      typed: [(code) => code.toLowerCase().split('').join(' '), (code) => `${code.slice(0, 3)}-${code.slice(3)}`],
    });
    const [host, bruno, chiara] = phones.map((p) => p.page);
    const round = msg(cat, 'diamant.round.heading', { Round: 1 });
    await press(bruno.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));

    // Each phone is at once on its own seat's vote.
    const names = ['Ada', 'Bruno', 'Chiara'];
    const pages = [host, bruno, chiara];
    const voted = (n) => plural(cat, lang, 'diamant.n.voted', n, { Total: 3 });
    for (let i = 0; i < 3; i++) {
      await expect(h1(pages[i])).toHaveText(msg(cat, 'diamant.vote.heading', { Name: names[i] }));
      await expect(pages[i].getByRole('main')).toContainText(voted(0));
    }

    // Bruno leaves; the others see only the count, on the vote they are in, and keep
    // their focus.
    const chiaraContinue = chiara.getByRole('button', { name: msg(cat, 'diamant.vote.continue') });
    await chiaraContinue.focus();
    await press(bruno.getByRole('button', { name: msg(cat, 'diamant.vote.leave') }));
    await expect(bruno.getByRole('main')).toContainText(msg(cat, 'diamant.vote.mine.leave'));
    await expect(bruno.getByRole('main')).toContainText(voted(1));
    // Heard as shown, on the voter's phone only.
    await expect(bruno.getByRole('status').filter({ hasText: msg(cat, 'diamant.vote.mine.leave') })).toHaveCount(1);
    for (const p of [host, chiara]) {
      await expect(p.getByRole('main')).toContainText(voted(1));
      await expect(p.getByRole('main')).not.toContainText(msg(cat, 'diamant.vote.mine.leave'));
      await expect(p.getByRole('main')).not.toContainText(plural(cat, lang, 'diamant.n.leave', 1, { Names: 'Bruno' }));
    }
    await expect(h1(host)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Ada' }));
    await expect(chiaraContinue).toBeFocused();

    // Bruno's phone reloads: same seat, same pending vote.
    await bruno.reload();
    await expect(h1(bruno)).toHaveText(round);
    await expect(bruno.getByRole('main')).toContainText(msg(cat, 'diamant.vote.mine.leave'));
    await expect(bruno.getByRole('main')).toContainText(voted(1));

    // Chiara's phone loses its connection; Ada votes meanwhile; Chiara's comes back and
    // catches up, and says so.
    const chiaraCtx = phones[2].context;
    await chiaraCtx.setOffline(true);
    await expect(chiara.getByRole('status').filter({ hasText: msg(cat, 'diamant.connection.lost') })).toBeVisible({ timeout: 10_000 });
    await press(host.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
    await expect(host.getByRole('main')).toContainText(msg(cat, 'diamant.vote.mine.continue'));
    await expect(host.getByRole('main')).toContainText(voted(2));
    await chiara.waitForTimeout(1000);
    await expect(chiara.getByRole('main')).toContainText(voted(1)); // nothing reaches it offline
    await chiaraCtx.setOffline(false);
    await expect(chiara.getByRole('status').filter({ hasText: msg(cat, 'diamant.connection.back') })).toBeVisible({ timeout: 15_000 });
    await expect(chiara.getByRole('main')).toContainText(voted(2));
    await expect(h1(chiara)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Chiara' }));

    // The last vote reveals, on every phone.
    await press(chiara.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
    for (const p of pages) {
      await expect(h1(p)).toHaveText(msg(cat, 'diamant.reveal.heading'));
      await expect(p.getByRole('main')).toContainText(plural(cat, lang, 'diamant.n.leave', 1, { Names: 'Bruno' }));
    }

    // The host takes the last vote back: the other phones hear that it did, and Chiara
    // votes again.
    await press(host.getByRole('link', { name: msg(cat, 'diamant.undo.link') }));
    await press(host.getByRole('button', { name: msg(cat, 'diamant.undo.confirm') }));
    for (const p of [bruno, chiara]) {
      await expect(p.getByRole('status').filter({ hasText: msg(cat, 'diamant.say.undone') })).toHaveCount(1);
    }
    await expect(h1(chiara)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Chiara' }));
  } finally {
    for (const p of phones) await p.context.close();
  }
});

// Each event of the table's stream, as the page gets it: a whole screen or a patch.
const countEvents = (context) => context.addInitScript(() => {
  const Source = window.EventSource;
  window.tavoloEvents = [];
  window.EventSource = class extends Source {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => window.tavoloEvents.push(JSON.parse(event.data).patch ? 'patch' : 'whole'));
    }
  };
});
const eventsOf = (page) => page.evaluate(() => window.tavoloEvents);
// The screen as the page shows it: what a reload must show too (but for the state of the
// connection's line, which the page's stream keeps).
const shownScreen = (page) => page.locator('main').evaluate((main) => {
  const copy = main.cloneNode(true);
  copy.querySelector('.connection')?.removeAttribute('data-state');
  return copy.innerHTML;
});

test('a vote reaches the other phones as a patch: what a reload shows, focus kept; a phone on another screen gets it whole', async ({ browser }) => {
  test.setTimeout(120_000);
  const lang = 'en';
  const phones = [];
  try {
    const names = ['Ada', 'Bruno', 'Chiara', 'Dario'];
    const { cat, pages } = await startPhonesTable(browser, phones, { lang, names, prepare: countEvents });
    const [host, bruno, chiara, dario] = pages;
    const voted = (n) => plural(cat, lang, 'diamant.n.voted', n, { Total: 4 });
    await press(host.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
    for (let i = 0; i < 4; i++) await expect(h1(pages[i])).toHaveText(msg(cat, 'diamant.vote.heading', { Name: names[i] }));

    // Bruno votes: the count reaches the others, said, as a patch of the screen their
    // stream sent last (the host's sent none since its own draw: the whole screen), and
    // Chiara's focus stays on her button.
    const chiaraContinue = chiara.getByRole('button', { name: msg(cat, 'diamant.vote.continue') });
    await chiaraContinue.focus();
    await press(bruno.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
    for (const p of [host, chiara, dario]) {
      await expect(p.getByRole('main')).toContainText(voted(1));
      await expect(p.getByRole('status').filter({ hasText: voted(1) })).toHaveCount(1);
      expect((await eventsOf(p)).at(-1)).toBe(p === host ? 'whole' : 'patch');
    }
    await expect(chiaraContinue).toBeFocused();

    // The host is on the undo screen (a link's, at the same version) when Dario votes: its
    // stream's patch is of the vote screen, so the page asks for the whole screen again.
    await press(host.getByRole('link', { name: msg(cat, 'diamant.undo.link') }));
    await expect(host.getByRole('button', { name: msg(cat, 'diamant.undo.confirm') })).toBeVisible();
    await press(dario.getByRole('button', { name: msg(cat, 'diamant.vote.leave') }));
    await expect(h1(host)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Ada' }));
    await expect(host.getByRole('main')).toContainText(voted(2));
    expect((await eventsOf(host)).slice(-3)).toEqual(['whole', 'patch', 'whole']);
    await expect(chiara.getByRole('main')).toContainText(voted(2));
    expect((await eventsOf(chiara)).at(-1)).toBe('patch');
    await expect(chiaraContinue).toBeFocused();

    // Chiara votes: a patch on the host's vote and on Bruno's cave (he has voted), "where
    // are we" told who is still to vote; each patched screen is what the page shows once
    // reloaded.
    await press(chiaraContinue);
    for (const [p, heading] of [[host, msg(cat, 'diamant.vote.heading', { Name: 'Ada' })], [bruno, msg(cat, 'diamant.round.heading', { Round: 1 })]]) {
      await expect(p.getByRole('main')).toContainText(voted(3));
      await expect(p.locator('#where')).toContainText(msg(cat, 'diamant.where.waiting', { Names: 'Ada' }));
      expect((await eventsOf(p)).at(-1)).toBe('patch');
      const patched = await shownScreen(p);
      await p.reload();
      await expect(h1(p)).toHaveText(heading);
      expect(await shownScreen(p)).toBe(patched);
    }
  } finally {
    for (const p of phones) await p.context.close();
  }
});

// ---- axe on the screens of a phone each, in four languages ----

const MODES = [
  ...LANGS.map((lang) => ({ lang, name: lang, settings: {} })),
  { lang: 'fr', name: 'fr, high contrast, 200 % text', settings: { text: '200', contrast: 'high' } },
];

for (const mode of MODES) {
  test(`axe on join, lobby, vote and reveal, ${mode.name}; a phone with two seats keeps its vote`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { lang } = mode;
    const phones = [];
    try {
      for (let i = 0; i < 2; i++) phones.push(await newPhone(browser, lang, mode.settings));
      const [host, bruno] = phones.map((p) => p.page);
      await host.goto('/diamant');
      const cat = await catalog(host);
      const code = await openTable(host, cat, 'Ada', { axe: true });
      // Dario has no phone: he sits on the host's.
      await host.getByRole('textbox', { name: msg(cat, 'diamant.seat.add.label') }).fill('Dario');
      await host.getByRole('button', { name: msg(cat, 'diamant.seat.add') }).click();
      await expect(host.getByRole('listitem').filter({ hasText: `Dario: ${msg(cat, 'diamant.seat.here')}` })).toBeVisible();

      await join(bruno, cat, code, 'Bruno', { axe: true });
      await expectNoAxeViolations(bruno); // waiting in the lobby
      await expectSeated(host, cat, 'Bruno');
      await host.getByRole('button', { name: msg(cat, 'diamant.lobby.start') }).click();
      // Both phones on the first round (the host's page loads it) before the host draws.
      for (const p of [host, bruno]) await expect(h1(p)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
      await press(host.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));

      // Bruno votes on his own phone; the host passes its phone from Ada to Dario.
      await expect(h1(bruno)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: 'Bruno' }));
      await expectNoAxeViolations(bruno); // vote
      // The host's phone opens on Ada's cards.
      await expect(h1(host)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Ada' }));
      await expectNoAxeViolations(host); // Ada's cards
      const voted = (n) => plural(cat, lang, 'diamant.n.voted', n, { Total: 3 });
      await expect(host.getByRole('main')).toContainText(voted(0));
      await press(bruno.getByRole('button', { name: msg(cat, 'diamant.vote.leave') }));
      // Ada stays on her cards: only the count changes, and her vote still counts.
      await expect(host.getByRole('main')).toContainText(voted(1));
      await expect(h1(host)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Ada' }));
      await press(voteCard(host, cat, 'continue'));
      await expect(h1(host)).toHaveText(msg(cat, 'diamant.pass.heading', { Name: 'Dario' }));
      await expect(host.getByRole('main')).toContainText(voted(2));
      await expect(bruno.getByRole('main')).toContainText(voted(2));
      await press(voteCard(host, cat, 'continue'));

      for (const p of [host, bruno]) {
        await expect(h1(p)).toHaveText(msg(cat, 'diamant.reveal.heading'));
        await expect(p.getByRole('main')).toContainText(plural(cat, lang, 'diamant.n.leave', 1, { Names: 'Bruno' }));
      }
      await expectNoAxeViolations(bruno); // reveal
    } finally {
      for (const p of phones) await p.context.close();
    }
  });
}

// ---- a phone that goes away ----

// The server runs with TAVOLO_AWAY_AFTER=2s (playwright.config.mjs): a phone whose page
// has been closed for 2 s is away.
test('a phone goes away: the host sees it by itself, proposes "leave", every phone sees it, the host confirms', async ({ browser }) => {
  test.setTimeout(120_000);
  const lang = 'en';
  const phones = [];
  try {
    const { cat } = await startPhonesTable(browser, phones, { lang, names: ['Ada', 'Bruno', 'Chiara'] });
    const [host, bruno] = phones.map((p) => p.page);
    await press(bruno.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
    for (const [p, name] of [[host, 'Ada'], [bruno, 'Bruno']]) {
      await expect(h1(p)).toHaveText(msg(cat, 'diamant.vote.heading', { Name: name }));
      await press(p.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
    }
    // The host follows the table's page; Chiara's phone closes, her vote still pending.
    await host.getByRole('link', { name: msg(cat, 'diamant.table.link') }).click();
    await expect(h1(host)).toHaveText(msg(cat, 'diamant.table.page.heading'));
    const seat = (status) => host.getByRole('listitem').filter({ hasText: `Chiara: ${msg(cat, status)}` });
    await expect(seat('diamant.seat.other')).toBeVisible();
    await phones[2].context.close();

    // No reload: the page shows her away, and says so.
    await expect(seat('diamant.seat.away')).toBeVisible({ timeout: 15_000 });
    await expect(host.getByRole('status').filter({ hasText: msg(cat, 'diamant.presence.away', { Name: 'Chiara' }) })).toHaveCount(1);
    await expect(bruno.getByRole('rowheader', { name: msg(cat, 'diamant.row.away', { Name: 'Chiara' }), exact: true })).toBeVisible();

    // The host proposes "leave" for her seat: every phone shows the proposal.
    await host.getByRole('button', { name: msg(cat, 'diamant.proposal.make', { Name: 'Chiara' }) }).click();
    const proposal = msg(cat, 'diamant.proposal.text', { Name: 'Chiara' });
    for (const p of [host, bruno]) await expect(p.getByRole('main').getByText(proposal)).toBeVisible();
    await expect(bruno.getByRole('button', { name: msg(cat, 'diamant.proposal.confirm') })).toHaveCount(0);
    await expectNoAxeViolations(host);
    await expectNoAxeViolations(bruno);

    // The host confirms: Chiara's vote is "leave", the last vote, and the reveal says so.
    await host.getByRole('button', { name: msg(cat, 'diamant.proposal.confirm') }).click();
    for (const p of [host, bruno]) {
      await expect(h1(p)).toHaveText(msg(cat, 'diamant.reveal.heading'));
      await expect(p.getByRole('main')).toContainText(plural(cat, lang, 'diamant.n.leave', 1, { Names: 'Chiara' }));
    }
  } finally {
    for (const p of phones) await p.context.close().catch(() => {});
  }
});

// A device keeps at most 4 live streams (web/limits.go): a fifth tab of the same phone
// closes the oldest's, whose page says so, once, and does not reconnect (which would
// close another in turn); the newest follows the table.
test('a fifth tab of one phone: the oldest says the table is open elsewhere, and stops', async ({ browser }) => {
  test.setTimeout(60_000);
  const lang = 'en';
  const host = await newPhone(browser, lang);
  const other = await newPhone(browser, lang);
  try {
    await host.page.goto('/diamant');
    const cat = await catalog(host.page);
    const code = await openTable(host.page, cat, 'Ada');
    const url = host.page.url();
    const tabs = [host.page];
    for (let i = 0; i < 4; i++) {
      const tab = await host.context.newPage();
      await tab.goto(url);
      await expect(h1(tab)).toHaveText(msg(cat, 'diamant.lobby.heading'));
      tabs.push(tab);
    }
    const replaced = msg(cat, 'app.streams.replaced');
    // On its status line and in the announcements: two status regions say it.
    await expect(tabs[0].getByRole('status').filter({ hasText: replaced })).toHaveCount(2, { timeout: 10_000 });
    for (const tab of tabs.slice(1)) await expect(tab.getByRole('main')).not.toContainText(replaced);
    await expectNoAxeViolations(tabs[0]);

    // Someone joins: the newest tab shows it by itself; the oldest stays as it was.
    await join(other.page, cat, code, 'Bruno');
    await expectSeated(tabs[4], cat, 'Bruno');
    await tabs[0].waitForTimeout(3000); // longer than EventSource's retry (2 s)
    await expect(tabs[0].getByRole('main').getByRole('status').filter({ hasText: replaced })).toBeVisible();
    await expect(tabs[0].getByRole('main')).not.toContainText('Bruno');
  } finally {
    await host.context.close().catch(() => {});
    await other.context.close().catch(() => {});
  }
});

// A server of its own that takes 1 live stream from an address: the second phone's stream
// is refused (429); its page says why and when it tries again, waits (the page's clock is
// Playwright's), and follows the table once there is room.
test('a refused stream: the page says so, waits, and follows the table once there is room', async ({ browser }, info) => {
  test.setTimeout(60_000);
  const port = 8900 + info.workerIndex * 10 + info.repeatEachIndex;
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'tavolo-streams-'));
  const bin = process.env.TAVOLO_BIN || 'bin/tavolo';
  const server = spawn(bin, ['--addr', `127.0.0.1:${port}`, '--data', dir],
    { stdio: 'ignore', env: { ...process.env, TAVOLO_MAX_STREAMS_PER_ADDRESS: '1' } });
  const contexts = [];
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        if (i > 100) throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const phone = async (lang) => {
      const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block' });
      contexts.push(context);
      const page = await context.newPage();
      await postSettings(page, { lang });
      return page;
    };
    const host = await phone('en');
    await host.goto('/diamant');
    const cat = await catalog(host);
    const code = await openTable(host, cat, 'Ada');

    // Bruno's phone speaks Italian; its clock is Playwright's, to skip the wait.
    const bruno = await phone('it');
    await bruno.clock.install();
    await bruno.goto('/diamant');
    const it = await catalog(bruno);
    await join(bruno, it, code, 'Bruno');
    const refused = plural(it, 'it', 'app.streams.toomany', 15).replace(/\d+/, '(\\d+)');
    const status = bruno.getByRole('main').getByRole('status').filter({ hasText: new RegExp(refused) });
    await expect(status).toBeVisible({ timeout: 10_000 });
    const wait = Number((await status.textContent()).match(new RegExp(refused))[1]);
    expect(wait).toBeGreaterThanOrEqual(15);
    expect(wait).toBeLessThanOrEqual(18);
    await expect(bruno.getByRole('status').filter({ hasText: new RegExp(refused) })).toHaveCount(2); // announced too
    await expectNoAxeViolations(bruno);

    // The host's page closes: after the wait, Bruno's stream opens and follows the table.
    // The server may see the host's stream end only after Bruno's first try: then Bruno is
    // refused once more and waits again, so the clock runs on until he is back.
    await host.close();
    const back = bruno.getByRole('main').getByRole('status').filter({ hasText: msg(it, 'diamant.connection.back') });
    await expect(async () => {
      await bruno.clock.runFor(wait * 1000 + 500);
      await expect(back).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(bruno.getByRole('main')).not.toContainText(new RegExp(refused));
  } finally {
    for (const c of contexts) await c.close().catch(() => {});
    server.kill('SIGTERM');
  }
});

test.describe('at 300 % text on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the setup, the lobby with its code and QR, and joining reflow', async ({ page }) => {
    await postSettings(page, { lang: 'sk', text: '300' });
    await page.goto('/diamant');
    const cat = await catalog(page);
    await expectNoSidewaysScroll(page, 'setup');
    const code = await openTable(page, cat, 'Ada');
    await expectNoSidewaysScroll(page, 'lobby');
    await page.goto('/join');
    await expectNoSidewaysScroll(page, 'join');
    await page.goto(`/join/${code}`);
    await expect(h1(page)).toHaveText(msg(cat, 'join.table.heading'));
    await expectNoSidewaysScroll(page, 'join, the table found');
  });
});
