// Donuts on two phones: two browser contexts are two phones. The host opens a game of two
// players to a second phone, which joins by the code typed as a person would and plays
// vanilla; each phone places its own colour, hears the other's move as it arrives, asks
// the other to take a move back; a reload resumes. Every screen passes axe, in four
// languages; everything is found by role and accessible name, in the page's language.
import { test, expect } from '@playwright/test';
import { LANGS, expectNoAxeViolations, catalog, msg, h1, escapeRe, newPhone, plural , plateName } from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const polite = (page) => page.locator('#live-polite');
const status = (page) => page.locator('#donuts-status');

/** The plates a donut may go on now, by their accessible names. */
const playable = (page, cat) => page.getByRole('gridcell', { name: plateName(cat, 'donuts.cell.label.playable') });

for (const lang of LANGS) {
  test(`two phones, each its own colour (${lang})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const host = await newPhone(browser, lang);
    const guest = await newPhone(browser, lang);
    try {
      const hp = host.page;
      const gp = guest.page;
      await hp.goto('/donuts');
      const cat = await catalog(hp);
      const color = (c) => msg(cat, `donuts.color.${c}`);

      // A game of two players on one phone, chocolate first.
      await hp.getByRole('radio', { name: msg(cat, 'donuts.setup.mode.two') }).check();
      await hp.getByRole('group', { name: msg(cat, 'donuts.setup.first') }).getByRole('radio', { name: msg(cat, 'donuts.who.chocolate') }).check();
      await hp.getByRole('button', { name: msg(cat, 'donuts.setup.start') }).click();
      await expect(h1(hp)).toHaveText(msg(cat, 'donuts.play.title.two'));
      await expectNoAxeViolations(hp); // the board, with the form that opens it

      // The host keeps chocolate and opens the game to another phone.
      const keep = hp.getByRole('group', { name: msg(cat, 'donuts.phones.open.keep') });
      await keep.getByRole('radio', { name: msg(cat, 'donuts.who.chocolate') }).check();
      await hp.getByRole('button', { name: msg(cat, 'donuts.phones.open') }).click();
      await expect(hp.getByRole('heading', { name: msg(cat, 'donuts.phones.join.heading') })).toBeVisible();
      const spaced = new RegExp(escapeRe(msg(cat, 'diamant.join.spaced', { Spaced: '@' })).replace('@', '([0-9A-Z](?: [0-9A-Z]){5})'));
      const line = hp.getByRole('main').getByText(spaced);
      const code = (await line.textContent()).match(spaced)[1].replaceAll(' ', '');
      await expect(hp.getByRole('img', { name: msg(cat, 'donuts.join.qr', { Code: code.split('').join(' ') }) })).toBeVisible();
      await expectNoAxeViolations(hp); // the board with the code and the QR code

      // The second phone types the code, as read out, and takes vanilla.
      await gp.goto('/join');
      await gp.getByRole('textbox', { name: msg(cat, 'join.code') }).fill(code.toLowerCase());
      await gp.getByRole('button', { name: msg(cat, 'join.submit') }).click();
      await expect(h1(gp)).toHaveText(msg(cat, 'donuts.join.heading'));
      await expectNoAxeViolations(gp); // join: the free colour
      await expect(gp.getByRole('button', { name: msg(cat, 'donuts.join.take', { Color: color('chocolate') }) })).toHaveCount(0);
      await gp.getByRole('button', { name: msg(cat, 'donuts.join.take', { Color: color('vanilla') }) }).click();
      await expect(h1(gp)).toHaveText(msg(cat, 'donuts.play.title.phones', { Color: color('vanilla') }));
      await expect(status(gp)).toHaveText(msg(cat, 'donuts.phones.wait', { Color: color('chocolate') }));
      await expect(playable(gp, cat)).toHaveCount(0);
      await expectNoAxeViolations(gp); // the board of the phone that waits

      // The host's phone hears that the other phone has joined, and plays chocolate.
      const other = msg(cat, 'donuts.phones.other', { Color: color('vanilla') });
      await expect(hp.getByRole('main')).toContainText(other);
      await expect(polite(hp)).toContainText(other);
      await expect(h1(hp)).toHaveText(msg(cat, 'donuts.play.title.phones', { Color: color('chocolate') }));
      await expect(hp.getByRole('heading', { name: msg(cat, 'donuts.phones.join.heading') })).toHaveCount(0);

      // Chocolate places; the vanilla phone hears it and may now place.
      const first = playable(hp, cat).first();
      const [, r, c] = (await first.getAttribute('aria-label') ?? await first.textContent()).match(/(\d)\D+(\d)/);
      await first.click();
      const move = new RegExp(escapeRe(msg(cat, 'donuts.plate', { Row: r, Col: c })));
      await expect(polite(gp)).toContainText(move);
      await expect(playable(gp, cat).first()).toBeVisible();
      await expect(status(hp)).toHaveText(msg(cat, 'donuts.phones.wait', { Color: color('vanilla') }));

      // Vanilla places; then chocolate asks to take that move back, and vanilla accepts.
      await playable(gp, cat).first().click();
      await expect(polite(hp)).toContainText(msg(cat, 'donuts.who.vanilla'));
      await expect(playable(hp, cat).first()).toBeVisible();
      await gp.reload(); // a reload resumes where the game is
      await expect(h1(gp)).toHaveText(msg(cat, 'donuts.play.title.phones', { Color: color('vanilla') }));
      await expect(status(gp)).toHaveText(msg(cat, 'donuts.phones.wait', { Color: color('chocolate') }));

      await hp.getByRole('button', { name: msg(cat, 'donuts.phones.undo.ask') }).click();
      await expect(hp.getByRole('main')).toContainText(msg(cat, 'donuts.phones.undo.asked'));
      const request = msg(cat, 'donuts.phones.undo.request', { Color: color('chocolate') });
      await expect(polite(gp)).toContainText(request);
      await expectNoAxeViolations(gp); // the request to answer
      await gp.getByRole('button', { name: msg(cat, 'donuts.phones.undo.accept') }).click();
      const undone = plural(cat, lang, 'donuts.n.undone', 1);
      await expect(polite(gp)).toContainText(undone);
      await expect(polite(hp)).toContainText(undone);
      // Vanilla's donut is gone: it is vanilla's turn again, on the other phone.
      await expect(status(hp)).toHaveText(msg(cat, 'donuts.phones.wait', { Color: color('vanilla') }));
      await expect(playable(gp, cat).first()).toBeVisible();
      await expectNoAxeViolations(hp);
    } finally {
      await host.context.close().catch(() => {});
      await guest.context.close().catch(() => {});
    }
  });
}
