// Diamant's "Where are we?" (the S key and its button) and the history of the game, in
// four languages: the state said in the polite live region, fresh after every step and on
// every phone its own; the history as lists under headings; the final summary shared.
// Everything is found by role and accessible name, in the page's language; axe on each
// new screen and state.
import { test, expect } from '@playwright/test';
import {
  LANGS, expectNoAxeViolations, postSettings, catalog, msg, plural, h1, pressAndWait, startPhonesTable,
} from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

// What the app says of the same few steps (web/say's tests say the same): a treasure of
// 11 among three, Ada leaves, a spider; and the end of a game of hazards.
const SAYS = {
  en: {
    where: 'Round 1 of 5, 29 cards left in the deck, hazard seen: spider. In the cave: Bruno and Chiara, carrying 3 diamonds each; on the cards: nothing. Still to vote: Bruno and Chiara.',
    card: 'Card 1, Treasure of 11: 3 diamonds each for the 3 players in the cave, and 2 stay on the card.',
    vote: 'Vote: Ada leaves; Bruno and Chiara continue.',
    lead: 'Diamant, a game for 3.',
    final: 'Game over: Ada wins with 5 points. Scores: Ada with 5 points, Bruno with 0 points and Chiara with 0 points.',
  },
  it: {
    where: 'Viaggio 1 di 5, 29 carte rimaste nel mazzo, pericolo uscito: il ragno. Nella grotta: Bruno e Chiara, con 3 diamanti a testa; sulle carte: niente. Manca ancora il voto di Bruno e Chiara.',
    card: 'Carta 1, Tesoro da 11: erano in 3 nella grotta, 3 diamanti a testa e 2 restano sulla carta.',
    vote: 'Voto: Ada esce; Bruno e Chiara continuano.',
    lead: 'Diamant, partita a 3.',
    final: 'Partita finita: vince Ada con 5 punti. Punteggi: Ada con 5 punti, Bruno con 0 punti e Chiara con 0 punti.',
  },
  fr: {
    where: 'Manche 1 sur 5, 29 cartes restantes dans la pioche, danger vu\u00a0: l\'araignée. Dans la grotte\u00a0: Bruno et Chiara, avec 3 diamants chacun\u202f; sur les cartes\u00a0: rien. Reste à voter\u00a0: Bruno et Chiara.',
    card: 'Carte 1, Trésor de 11\u00a0: 3 diamants chacun pour les 3 joueurs dans la grotte, et 2 restent sur la carte.',
    vote: 'Vote\u00a0: Ada sort\u202f; Bruno et Chiara continuent.',
    lead: 'Diamant, partie à 3.',
    final: 'Partie terminée\u00a0: Ada gagne avec 5 points. Scores\u00a0: Ada avec 5 points, Bruno avec 0 point et Chiara avec 0 point.',
  },
  sk: {
    where: 'Kolo 1 z 5, v balíčku zostáva 29 kariet, už vyšlo nebezpečenstvo: pavúk. V jaskyni: Bruno a Chiara, každý nesie 3 diamanty; na kartách: nič. Čaká sa na hlas: Bruno a Chiara.',
    card: 'Karta 1, Poklad 11: v jaskyni sú 3, každý dostane 3 diamanty a 2 zostanú na karte.',
    vote: 'Hlasovanie: Ada odchádza; Bruno a Chiara pokračujú.',
    lead: 'Diamant, hra pre 3 hráčov.',
    final: 'Koniec hry: Ada má 5 bodov a vyhráva. Skóre: Ada 5 bodov, Bruno 0 bodov a Chiara 0 bodov.',
  },
};

/** A text as an accessible name or a region's text has it: every space a plain one. */
const plain = (s) => s.replace(/[\u00a0\u202f]/g, ' ');

/**
 * Replaces the Web Share API and the clipboard before any page script runs: what is
 * shared or copied is kept in window.__shared; window.__noShare takes the share sheet away.
 */
async function stubShare(page) {
  await page.addInitScript(() => {
    const shared = [];
    Object.defineProperty(window, '__shared', { value: shared, configurable: true });
    const share = async (data) => { shared.push({ via: 'share', text: data.text }); };
    Object.defineProperty(navigator, 'share', { configurable: true, get: () => (window.__noShare ? undefined : share) });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text) => { shared.push({ via: 'clipboard', text }); } },
    });
  });
}

/** A one-phone table of Ada, Bruno and Chiara that draws from the box and votes with the cards. */
async function boxTable(page) {
  const html = await (await page.request.get('/diamant')).text();
  const token = html.match(/name="_csrf" value="([^"]+)"/)?.[1];
  const form = new URLSearchParams([['_csrf', token], ['name', 'Ada'], ['name', 'Bruno'], ['name', 'Chiara'],
    ['draw', 'box'], ['vote', 'cards'], ['seed', '7']]);
  const res = await page.request.post('/diamant', {
    data: form.toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, maxRedirects: 0,
  });
  expect(res.status(), 'the table is made (303)').toBe(303);
  await page.goto(res.headers().location);
}

for (const lang of LANGS) {
  test(`where are we, the history and the shared summary, in ${lang}`, async ({ page }) => {
    test.setTimeout(180_000);
    await stubShare(page);
    await postSettings(page, { lang });
    await boxTable(page);
    const cat = await catalog(page);
    const says = SAYS[lang];
    const status = page.getByRole('status');
    const typed = page.getByRole('textbox', { name: msg(cat, 'diamant.draw.box.search') });
    const enter = async (text) => {
      await typed.fill(text);
      await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.draw.box.submit') }));
    };
    const exits = async (...leavers) => {
      for (const name of leavers) await page.getByRole('checkbox', { name: msg(cat, 'diamant.exits.leaves', { Name: name }) }).check();
      await pressAndWait(page.getByRole('button', { name: msg(cat, 'diamant.exits.confirm') }));
    };

    await enter('11');
    await exits('Ada');
    // Typing an s in the card's field types it, and says nothing.
    await typed.focus();
    // The vote's news lands in the live region a moment after the screen: let it, then clear.
    await expect(status).not.toBeEmpty();
    await page.evaluate(() => { document.getElementById('live-polite').textContent = ''; });
    await page.keyboard.press('s');
    await expect(typed).toHaveValue('s');
    await page.waitForTimeout(150);
    await expect(status).toHaveText('');
    await enter('spider');
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.round.heading', { Round: 1 }));

    // S, from the heading: the state in the polite live region; nothing shown yet.
    const main = page.getByRole('main');
    const where = main.getByText(plain(says.where));
    await expect(where).toBeHidden();
    await page.keyboard.press('s');
    await expect(status).toHaveText(plain(says.where));
    await expect(where).toBeVisible();
    // R says it again, as the last announcement.
    await page.evaluate(() => { document.getElementById('live-polite').textContent = ''; });
    await page.keyboard.press('r');
    await expect(status).toHaveText(plain(says.where));
    // The button says it too.
    const button = page.getByRole('button', { name: plain(msg(cat, 'diamant.where.button')) });
    await button.click();
    await expect(status).toHaveText(plain(says.where));
    await expectNoAxeViolations(page); // the cave, the state shown

    // After the next step the state is the new one (nobody is still to vote), still shown.
    await exits();
    const next = says.where.slice(0, says.where.lastIndexOf('. ') + 1);
    await expect(where).toHaveCount(0);
    await expect(main.getByText(plain(next), { exact: true })).toBeVisible();
    await page.keyboard.press('S');
    await expect(status).toHaveText(plain(next));

    // The history, one link away: a list under each round's heading.
    await page.getByRole('link', { name: msg(cat, 'diamant.history.heading') }).click();
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.history.heading'));
    const round1 = page.getByRole('region', { name: msg(cat, 'diamant.history.round', { Round: 1 }) });
    await expect(page.getByRole('heading', { level: 2, name: msg(cat, 'diamant.history.round', { Round: 1 }) })).toBeVisible();
    const list = round1.getByRole('list');
    await expect(list.getByRole('listitem').nth(1)).toHaveText(plain(says.card));
    await expect(list.getByRole('listitem').nth(2)).toHaveText(plain(says.vote));
    await expect(list.getByRole('listitem')).toHaveCount(7);
    await expectNoAxeViolations(page); // the history
    await page.keyboard.press('s'); // the history says where the game stands too
    await expect(status).toHaveText(plain(next));

    // Back to the game, and to its end: two of a hazard in each round.
    await page.getByRole('link', { name: msg(cat, 'diamant.table.back') }).click();
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.reveal.heading'));
    await enter('spider');
    for (const h of ['snake', 'lava', 'ram', 'boulder']) {
      await enter(h);
      await exits();
      await enter(h);
    }
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.final.heading'));
    await expect(main.getByText(plain(says.final))).toBeVisible();
    await expectNoAxeViolations(page); // the final screen, its summary and share button

    // Shared with the share sheet: the outcome is said.
    await page.getByRole('button', { name: msg(cat, 'app.share.button') }).click();
    await expect(status).toHaveText(plain(msg(cat, 'app.share.done')));
    expect(await page.evaluate(() => window.__shared)).toEqual([{ via: 'share', text: `${says.lead} ${says.final}` }]);

    // From the history, without a share sheet: copied, and said so.
    await page.getByRole('link', { name: msg(cat, 'diamant.history.heading') }).click();
    await expect(h1(page)).toHaveText(msg(cat, 'diamant.history.heading'));
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(5);
    await expectNoAxeViolations(page); // the finished game's history
    await page.evaluate(() => { window.__noShare = true; });
    await page.getByRole('button', { name: msg(cat, 'app.share.button') }).click();
    await expect(status).toHaveText(plain(msg(cat, 'app.share.copied')));
    expect(await page.evaluate(() => window.__shared)).toEqual([{ via: 'clipboard', text: `${says.lead} ${says.final}` }]);
  });
}

// A phone each, hidden chests: each phone hears its own chest; a vote form left in place by
// another phone's vote still says who is still to vote, never how anyone voted.
test('where are we on phones with hidden chests', async ({ browser }) => {
  test.setTimeout(120_000);
  const phones = [];
  try {
    const { pages, cat } = await startPhonesTable(browser, phones, { names: ['Ada', 'Bruno', 'Chiara'] });
    const [ada, bruno] = pages;
    await pressAndWait(ada.getByRole('button', { name: msg(cat, 'diamant.draw.app') }));
    for (const p of pages) await expect(p.getByRole('button', { name: msg(cat, 'diamant.vote.leave') })).toBeVisible();
    await bruno.keyboard.press('s');
    await expect(bruno.getByRole('status')).toHaveText(/Still to vote: Ada, Bruno and Chiara\. Your chest is empty\.$/);
    await expectNoAxeViolations(bruno); // a vote form, the state shown

    // Ada leaves: Bruno's form stays, his state is fresh.
    await pressAndWait(ada.getByRole('button', { name: msg(cat, 'diamant.vote.leave') }));
    await expect(bruno.getByRole('main').getByText(plural(cat, 'en', 'diamant.n.voted', 1, { Total: 3 }))).toBeVisible();
    await expect(bruno.getByRole('main').getByText(/Still to vote: Bruno and Chiara\. Your chest is empty\.$/)).toBeVisible();
    await bruno.keyboard.press('s');
    await expect(bruno.getByRole('status')).toHaveText(/Still to vote: Bruno and Chiara\. Your chest is empty\.$/);
    await expect(bruno.getByRole('status')).not.toContainText('leave');

    await pressAndWait(bruno.getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
    await pressAndWait(pages[2].getByRole('button', { name: msg(cat, 'diamant.vote.continue') }));
    for (const p of pages) await expect(h1(p)).toHaveText(msg(cat, 'diamant.reveal.heading'));
    // Ada's phone hears her chest; Bruno's his own, empty, and nothing of hers.
    await ada.keyboard.press('s');
    await expect(ada.getByRole('status')).toHaveText(/Your chest (holds \d+ diamonds?|is empty)\.$/);
    await bruno.keyboard.press('s');
    await expect(bruno.getByRole('status')).toHaveText(/In the cave: Bruno and Chiara, .* Your chest is empty\.$/);
    await bruno.getByRole('link', { name: msg(cat, 'diamant.history.heading') }).click();
    await expect(bruno.getByRole('listitem').filter({ hasText: 'Vote: Ada leaves; Bruno and Chiara continue.' })).toBeVisible();
    await expect(bruno.getByRole('main')).not.toContainText('chest now holds');
    await expectNoAxeViolations(bruno); // the history with hidden chests
  } finally {
    for (const p of phones) await p.context.close();
  }
});
