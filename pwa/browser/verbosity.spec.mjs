// Brief announcements (issue #14): a player chooses "brief" on the settings page, through
// the form as a person would, and the games then announce the fact alone: a Diamant draw
// and a Donuts move, in the live region and aloud, in four languages, with axe on the
// settings page.
import { test, expect } from '@playwright/test';
import {
  LANGS, expectNoAxeViolations, setSettingsByForm, catalog, msg, plural, stubSpeech, spoken, h1, escapeRe, pressAndWait,
} from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

const polite = (page) => page.locator('#live-polite');

/** Posts a setup form with the page's session (repeated fields allowed); returns the redirect's address. */
async function create(page, path, fields) {
  const html = await (await page.request.get(path)).text();
  const token = html.match(/name="_csrf" value="([^"]+)"/)[1];
  const body = new URLSearchParams([['_csrf', token], ...fields]).toString();
  const res = await page.request.post(path, {
    data: body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  return res.headers().location;
}

for (const lang of LANGS) {
  test(`brief announcements chosen in the settings, in ${lang}`, async ({ page }) => {
    test.setTimeout(60_000);
    await stubSpeech(page);
    await page.goto(`/settings?lang=${lang}`);
    let cat = await catalog(page);
    const group = page.getByRole('group', { name: msg(cat, 'settings.verbosity') });
    await expect(group.getByRole('radio', { name: msg(cat, 'settings.verbosity.full') })).toBeChecked();
    // Each choice is explained by the same announcement, said its way.
    const example = plural(cat, lang, 'diamant.brief.n.treasure', 7, {
      Each: plural(cat, lang, 'diamant.brief.n.each', 2), Stays: plural(cat, lang, 'diamant.brief.n.stays', 1),
    });
    await expect(group.getByRole('radio', { name: msg(cat, 'settings.verbosity.brief') }))
      .toHaveAccessibleDescription(new RegExp(`${escapeRe(example)}$`));
    await expectNoAxeViolations(page);

    await setSettingsByForm(page, { verbosity: 'brief', speak: true });
    cat = await catalog(page);
    await expect(page.getByRole('group', { name: msg(cat, 'settings.verbosity') })
      .getByRole('radio', { name: msg(cat, 'settings.verbosity.brief') })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-verbosity', 'brief');
    await expectNoAxeViolations(page);

    // Diamant, game 2168: the first card is a treasure of 3, shared by three.
    const table = await create(page, '/diamant', [
      ['name', 'Ada'], ['name', 'Bruno'], ['name', 'Chiara'], ['draw', 'app'], ['vote', 'phone'], ['seed', '2168'],
    ]);
    await page.goto(table);
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));
    await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
    const treasure = plural(cat, lang, 'diamant.brief.n.treasure.split', 3, { Each: plural(cat, lang, 'diamant.brief.n.each', 1) });
    await expect(polite(page)).toHaveText(treasure);
    await expect.poll(async () => (await spoken(page)).some((t) => t.startsWith(treasure))).toBe(true);

    // Donuts against the computer: the person's move, then the computer's, said briefly.
    const board = await create(page, '/donuts', [
      ['mode', 'computer'], ['level', 'easy'], ['color', 'chocolate'], ['first', 'chocolate'], ['board', 'number'], ['seed', '4021'],
    ]);
    await page.goto(board);
    const plate = msg(cat, 'donuts.plate', { Row: 1, Col: 1 });
    await expect(page.locator('#donuts-status')).toHaveText(msg(cat, 'donuts.brief.next.first.you'));
    const first = page.getByRole('gridcell', { name: new RegExp(`(^|, )${escapeRe(plate)},`, 'i') });
    await first.click(); // a click places, as Enter does
    const mine = msg(cat, 'donuts.brief.place.you', { Plate: plate });
    const computer = msg(cat, 'donuts.brief.place', { Who: msg(cat, 'donuts.who.computer'), Plate: '@' }).split('@')[0];
    await expect(polite(page)).toHaveText(new RegExp(`^${escapeRe(mine)} ${escapeRe(computer)}`));
    await expect.poll(async () => (await spoken(page)).some((t) => t.startsWith(mine))).toBe(true);
  });
}
