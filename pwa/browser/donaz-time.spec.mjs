// Donaz's clock, issue #14: time controls (simple and Bronstein delay), a handicap, the
// warnings chosen in the setup, the pause when the page is put away, brief announcements.
// Time is Playwright's clock. Elements are found by role and accessible name, in the
// page's language; the sentences are written out here, not read from the catalog.
import { test, expect } from '@playwright/test';
import { LANGS, expectNoAxeViolations, catalog, msg } from './helpers.mjs';

const T0 = new Date('2030-01-01T12:00:00Z').getTime();
const NB = '\u00a0'; // French: before a colon
const NN = '\u202f'; // French: before a semicolon

const SAY = {
  en: {
    team: ['Team 1', 'Team 2'],
    submit: 'Open the clock',
    minutes2: 'Minutes for the second team, if different, from 1 to 60',
    control: 'Time control',
    delayRadio: 'Simple delay: each turn, the clock waits a few seconds before counting down; a wait not used is lost',
    delaySeconds: 'Seconds of delay, from 0 to 30',
    increment: 'Seconds added after each turn, from 0 to 30',
    alerts: 'Warnings of the time left, said and sounded',
    alert60: '1 minute left',
    alert30: '30 seconds left',
    alert120: '2 minutes left',
    summary: 'Starting times: Team 1, 5 minutes; Team 2, 3 minutes. Each turn, the clock waits 4 seconds before counting down. '
      + 'Warnings at 2 minutes and at 10 seconds left, then the last 5 seconds counted.',
    start: 'Team 1 starts with 5 minutes. Team 2 has 3 minutes. Each turn, the clock waits 4 seconds before counting down.',
    delayName: ['Team 1: delay', 'Team 2: delay'],
    delay: (n) => `Delay: ${n} seconds`,
    both: 'Time left: Team 1, 5 minutes; Team 2, 3 minutes. Team 1 still has 3 seconds of delay.',
    turn2: 'Team 2, 3 minutes',
    left120: 'Team 2: 2 minutes left.',
    left10: 'Team 2: 10 seconds left.',
    away: 'The clock paused while Tavolo was put away. Team 2 has 4 minutes 13 seconds; press Resume to play on.',
    resume: 'Resume',
    resumed: 'Clock running. Team 2, 4 minutes 13 seconds.',
    problems: [
      "A team's own time must be a whole number of minutes from 1 to 60, or left empty.",
      'The delay must be a whole number of seconds from 0 to 30.',
      'Choose the warnings among the listed times.',
    ],
  },
  it: {
    team: ['Squadra 1', 'Squadra 2'],
    submit: "Apri l'orologio",
    minutes2: 'Minuti della seconda squadra, se diversi, da 1 a 60',
    control: 'Cadenza',
    delayRadio: "Ritardo semplice: a ogni turno l'orologio aspetta qualche secondo prima di scalare il tempo; l'attesa non usata si perde",
    delaySeconds: 'Secondi di ritardo, da 0 a 30',
    increment: 'Secondi aggiunti dopo ogni turno, da 0 a 30',
    alerts: 'Avvisi sul tempo rimasto, a voce e con un suono',
    alert60: 'Ancora 1 minuto',
    alert30: 'Ancora 30 secondi',
    alert120: 'Ancora 2 minuti',
    summary: "Tempo iniziale: Squadra 1, 5 minuti; Squadra 2, 3 minuti. A ogni turno l'orologio aspetta 4 secondi prima di scalare il tempo. "
      + 'Avvisi a 2 minuti e a 10 secondi dalla fine, poi il conto degli ultimi 5 secondi.',
    start: "Comincia la squadra 1, con 5 minuti. La squadra 2 ha 3 minuti. A ogni turno l'orologio aspetta 4 secondi prima di scalare il tempo.",
    delayName: ['Squadra 1: ritardo', 'Squadra 2: ritardo'],
    delay: (n) => `Ritardo: ${n} secondi`,
    both: 'Tempo rimasto: la squadra 1, 5 minuti; la squadra 2, 3 minuti. La squadra 1: il tempo comincia a scendere tra 3 secondi.',
    turn2: 'Gioca la squadra 2, 3 minuti',
    left120: 'La squadra 2: ancora 2 minuti.',
    left10: 'La squadra 2: ancora 10 secondi.',
    away: "L'orologio si è messo in pausa mentre Tavolo era in secondo piano. La squadra 2 ha 4 minuti e 13 secondi; premi Riprendi per continuare.",
    resume: 'Riprendi',
    resumed: "L'orologio riparte. Gioca la squadra 2, 4 minuti e 13 secondi.",
    problems: [
      'Il tempo di una singola squadra deve essere un numero intero di minuti da 1 a 60, oppure restare vuoto.',
      'Il ritardo deve essere un numero intero di secondi da 0 a 30.',
      'Scegli gli avvisi tra i tempi elencati.',
    ],
  },
  fr: {
    team: ['Équipe 1', 'Équipe 2'],
    submit: 'Ouvrir la pendule',
    minutes2: 'Minutes de la deuxième équipe, si elles diffèrent, de 1 à 60',
    control: 'Cadence',
    delayRadio: `Délai simple${NB}: à chaque tour, la pendule attend quelques secondes avant de décompter${NN}; l'attente non utilisée est perdue`,
    delaySeconds: 'Secondes de délai, de 0 à 30',
    increment: 'Secondes ajoutées après chaque tour, de 0 à 30',
    alerts: 'Avertissements sur le temps restant, annoncés et sonores',
    alert60: 'Il reste 1 minute',
    alert30: 'Il reste 30 secondes',
    alert120: 'Il reste 2 minutes',
    summary: `Temps de départ${NB}: Équipe 1, 5 minutes${NN}; Équipe 2, 3 minutes. À chaque tour, la pendule attend 4 secondes avant de décompter. `
      + 'Avertissements à 2 minutes et à 10 secondes de la fin, puis le compte des 5 dernières secondes.',
    start: "L'équipe 1 commence, avec 5 minutes. L'équipe 2 a 3 minutes. À chaque tour, la pendule attend 4 secondes avant de décompter.",
    delayName: [`Équipe 1${NB}: délai`, `Équipe 2${NB}: délai`],
    delay: (n) => `Délai${NB}: ${n} secondes`,
    both: `Temps restant${NB}: l'équipe 1, 5 minutes${NN}; l'équipe 2, 3 minutes. L'équipe 1 a encore 3 secondes de délai.`,
    turn2: "L'équipe 2 joue, 3 minutes",
    left120: `L'équipe 2${NB}: il reste 2 minutes.`,
    left10: `L'équipe 2${NB}: il reste 10 secondes.`,
    away: `La pendule s'est mise en pause pendant que Tavolo était en arrière-plan. L'équipe 2 a 4 minutes et 13 secondes${NN}; appuyez sur Reprendre pour continuer.`,
    resume: 'Reprendre',
    resumed: "La pendule repart. L'équipe 2 joue, 4 minutes et 13 secondes.",
    problems: [
      "Le temps propre d'une équipe doit être un nombre entier de minutes de 1 à 60, ou rester vide.",
      'Le délai doit être un nombre entier de secondes de 0 à 30.',
      'Choisissez les avertissements parmi les temps proposés.',
    ],
  },
  sk: {
    team: ['Tím 1', 'Tím 2'],
    submit: 'Otvoriť hodiny',
    minutes2: 'Minúty druhého tímu, ak sa líšia, od 1 do 60',
    control: 'Tempo hry',
    delayRadio: 'Jednoduché oneskorenie: v každom ťahu hodiny chvíľu počkajú, kým začnú odpočítavať; nevyužité čakanie prepadá',
    delaySeconds: 'Sekundy oneskorenia, od 0 do 30',
    increment: 'Sekundy pridané po každom ťahu, od 0 do 30',
    alerts: 'Upozornenia na zostávajúci čas, hlasom aj zvukom',
    alert60: 'Ešte 1 minúta',
    alert30: 'Ešte 30 sekúnd',
    alert120: 'Ešte 2 minúty',
    summary: 'Počiatočný čas: Tím 1, 5 minút; Tím 2, 3 minúty. V každom ťahu hodiny počkajú 4 sekundy, kým začnú odpočítavať. '
      + 'Upozornenia pri zostávajúcom čase: 2 minúty, potom 10 sekúnd; nakoniec odpočítavanie posledných 5 sekúnd.',
    start: 'Začína Tím 1, čas 5 minút. Tím 2: čas 3 minúty. V každom ťahu hodiny počkajú 4 sekundy, kým začnú odpočítavať.',
    delayName: ['Tím 1: oneskorenie', 'Tím 2: oneskorenie'],
    delay: (n) => `Oneskorenie: ${n} sekundy`,
    both: 'Zostávajúci čas: Tím 1, 5 minút; Tím 2, 3 minúty. Tím 1: oneskorenie ešte 3 sekundy.',
    turn2: 'Na ťahu je Tím 2, 3 minúty',
    left120: 'Tím 2: ešte 2 minúty.',
    left10: 'Tím 2: ešte 10 sekúnd.',
    away: 'Hodiny sa pozastavili, kým bola aplikácia Tavolo v pozadí. Zostávajúci čas: Tím 2, 4 minúty a 13 sekúnd. Hru obnovíte tlačidlom Pokračovať.',
    resume: 'Pokračovať',
    resumed: 'Hodiny bežia. Na ťahu je Tím 2, 4 minúty a 13 sekúnd.',
    problems: [
      'Vlastný čas tímu musí byť celý počet minút od 1 do 60, alebo zostať prázdny.',
      'Oneskorenie musí byť celý počet sekúnd od 0 do 30.',
      'Vyberte upozornenia z uvedených časov.',
    ],
  },
};

const timer = (page, name) => page.getByRole('timer', { name, exact: true });
const status = (page) => page.getByRole('status');

// The live region's text without the no-break space that marks a repeated sentence.
async function said(page) {
  return (await page.locator('#live-polite').textContent()).replace(/\u00a0$/, '');
}

async function fakeTime(page) {
  await page.clock.install({ time: T0 });
  // Far enough ahead that a slow start never finds it already past; no page is loaded yet.
  await page.clock.pauseAt(T0 + 60_000);
}

async function openClock(page, query) {
  await fakeTime(page);
  await page.goto(`/donaz/clock?${query}`);
  await expect(page.locator('html[data-clock]')).toHaveCount(1);
}

// axe waits on timers, which Playwright's paused clock holds: let time run for it, while
// the Donaz clock is not running (ready or paused: real time passing changes nothing), then
// hold time again.
// The clock's setup in words is under More (the clock fills the screen): opens it, checks
// the words, closes it and leaves the keys to the clock again.
async function expectSummary(page, text) {
  const more = page.getByRole('button', { name: msg(await catalog(page), 'donaz.clock.more') });
  await more.click();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  await more.click();
  await page.evaluate(() => document.activeElement?.blur());
}

async function axe(page) {
  await page.clock.resume();
  await expectNoAxeViolations(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

// setVisibility makes the page hidden or visible as a phone put away and taken out would:
// document.visibilityState changes and visibilitychange fires.
async function setVisibility(page, state) {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => s === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test.describe('setup with a delay, a handicap and chosen warnings', () => {
  for (const lang of LANGS) {
    test(`the clock shows and says them, in ${lang}`, async ({ page }) => {
      test.slow(); // axe three times on a shared machine
      const s = SAY[lang];
      await fakeTime(page);
      await page.goto(`/donaz?lang=${lang}`);
      await page.getByRole('spinbutton', { name: s.minutes2 }).fill('3');
      // Only the chosen control's seconds are asked for.
      await expect(page.getByRole('spinbutton', { name: s.delaySeconds })).toHaveCount(0);
      await page.getByRole('group', { name: s.control }).getByRole('radio', { name: s.delayRadio }).check();
      await expect(page.getByRole('spinbutton', { name: s.increment })).toHaveCount(0);
      await page.getByRole('spinbutton', { name: s.delaySeconds }).fill('4');
      const alerts = page.getByRole('group', { name: s.alerts });
      await alerts.getByRole('checkbox', { name: s.alert60 }).uncheck();
      await alerts.getByRole('checkbox', { name: s.alert30 }).uncheck();
      await alerts.getByRole('checkbox', { name: s.alert120 }).check();
      await axe(page);
      await page.getByRole('button', { name: s.submit }).click();

      await expect(page.locator('html[data-clock="ready"]')).toHaveCount(1);
      await expectSummary(page, s.summary);
      await expect(timer(page, s.team[0])).toHaveText('5:00');
      await expect(timer(page, s.team[1])).toHaveText('3:00');
      await expect(timer(page, s.delayName[0])).toHaveCount(0);
      await axe(page);

      // The start says the other team's time and the delay; the delay counts down beside
      // the digits, which stand still until it is over.
      await page.keyboard.press('Space');
      await expect(status(page)).toHaveText(s.start);
      await expect(timer(page, s.delayName[0])).toHaveText(s.delay(4));
      await page.clock.runFor(1_500);
      await expect(timer(page, s.delayName[0])).toHaveText(s.delay(3));
      await expect(timer(page, s.team[0])).toHaveText('5:00');
      await expect(timer(page, s.delayName[0])).toHaveAttribute('aria-live', 'off');
      // Paused, the delay left stays shown: checked by axe there.
      await page.keyboard.press('p');
      await expect(page.locator('html[data-clock="paused"]')).toHaveCount(1);
      await expect(timer(page, s.delayName[0])).toHaveText(s.delay(3));
      await axe(page);
      await page.keyboard.press('p');
      await expect(page.locator('html[data-clock="running"]')).toHaveCount(1);
      await page.keyboard.press('t');
      await expect(status(page)).toHaveText(s.both);
      await page.clock.runFor(2_500);
      await expect(timer(page, s.delayName[0])).toHaveCount(0);
      await expect(timer(page, s.team[0])).toHaveText('5:00');
      await page.clock.runFor(1_000);
      await expect(timer(page, s.team[0])).toHaveText('4:59');

      // The second team: its own time, its own delay; the warnings chosen, and no other.
      await page.keyboard.press('Space');
      await expect(status(page)).toHaveText(s.turn2);
      await expect(timer(page, s.delayName[1])).toHaveText(s.delay(4));
      await expect(timer(page, s.team[0])).toHaveText('4:59');
      await page.clock.runFor(4_000 + 59_999);
      await expect(timer(page, s.team[1])).toHaveText('2:01');
      expect(await said(page)).toBe(s.turn2);
      await page.clock.runFor(1);
      await expect(status(page)).toHaveText(s.left120);
      await page.clock.runFor(60_000); // 1 minute left: not chosen
      await expect(timer(page, s.team[1])).toHaveText('1:00');
      await page.clock.runFor(30_000); // 30 seconds left: not chosen
      await expect(timer(page, s.team[1])).toHaveText('0:30');
      expect(await said(page)).toBe(s.left120);
      await page.clock.runFor(20_000);
      await expect(status(page)).toHaveText(s.left10);
      await page.clock.runFor(5_000);
      await expect(status(page)).toHaveText('5');
    });
  }
});

test.describe('other time controls', () => {
  test('Bronstein: the time used is given back after the turn, up to the delay', async ({ page }) => {
    await openClock(page, 'game=b1&lang=en&minutes=1&control=bronstein&delay=5');
    await expectSummary(page, '1 minute per team. After each turn, the time used is given back, up to 5 seconds.');
    await page.keyboard.press('Space');
    await expect(status(page)).toHaveText('Team 1 starts with 1 minute. After each turn, the time used is given back, up to 5 seconds.');
    await page.clock.runFor(3_000);
    await expect(timer(page, 'Team 1')).toHaveText('0:57');
    await page.keyboard.press('Space');
    await expect(timer(page, 'Team 1')).toHaveText('1:00');
    await expect(status(page)).toHaveText('Team 2, 1 minute');
    await page.clock.runFor(8_000);
    await page.keyboard.press('Space');
    await expect(timer(page, 'Team 2')).toHaveText('0:57');
    await expect(page.getByRole('timer', { name: /delay/ })).toHaveCount(0);
  });

  test('an increment is said at the start too', async ({ page }) => {
    await openClock(page, 'game=i1&lang=en&minutes=2&increment=3');
    await page.keyboard.press('Space');
    await expect(status(page)).toHaveText('Team 1 starts with 2 minutes. 3 seconds added after each turn.');
  });

  test('a pause during a simple delay keeps what is left of it', async ({ page }) => {
    await openClock(page, 'game=d3&lang=en&control=delay&delay=5');
    await page.keyboard.press('Space');
    await page.clock.runFor(2_200);
    await page.keyboard.press('p');
    await expect(status(page)).toHaveText('Clock paused.');
    await page.clock.runFor(30_000);
    await expect(timer(page, 'Team 1: delay')).toHaveText('Delay: 3 seconds');
    await page.keyboard.press('p');
    await page.clock.runFor(2_800);
    await expect(timer(page, 'Team 1: delay')).toHaveCount(0);
    await expect(timer(page, 'Team 1')).toHaveText('5:00');
    await page.clock.runFor(1_000);
    await expect(timer(page, 'Team 1')).toHaveText('4:59');
  });
});

test.describe('pause when put away', () => {
  for (const lang of LANGS) {
    test(`the clock pauses at that moment and says so on coming back, in ${lang}`, async ({ page }) => {
      test.slow();
      const s = SAY[lang];
      await openClock(page, `game=h${lang}&lang=${lang}&pausehidden=on`);
      await page.keyboard.press('Space');
      await page.clock.runFor(10_000);
      await page.keyboard.press('Space');
      await page.clock.runFor(47_800);
      await setVisibility(page, 'hidden');
      await expect(page.locator('html[data-clock="paused"]')).toHaveCount(1);
      await page.clock.runFor(5 * 60_000); // away long enough to have flagged, had it run
      await setVisibility(page, 'visible');
      await expect(status(page)).toHaveText(s.away);
      await expect(timer(page, s.team[1])).toHaveText('4:13');
      await expect(page.getByRole('button', { name: s.resume })).toBeVisible();
      await axe(page);
      // It stays paused until resumed.
      await page.clock.runFor(10_000);
      await expect(timer(page, s.team[1])).toHaveText('4:13');
      await page.getByRole('button', { name: s.resume }).click();
      await expect(status(page)).toHaveText(s.resumed);
      await page.clock.runFor(1_000);
      await expect(timer(page, s.team[1])).toHaveText('4:12');
    });
  }

  test('a reload of a clock paused that way says why it is paused', async ({ page }) => {
    await openClock(page, 'game=h2&lang=en&pausehidden=on');
    await page.keyboard.press('Space');
    await page.clock.runFor(20_000);
    await setVisibility(page, 'hidden');
    await expect(page.locator('html[data-clock="paused"]')).toHaveCount(1);
    await page.clock.runFor(60_000);
    await page.reload();
    await expect(status(page)).toHaveText('The clock paused while Tavolo was put away. Team 1 has 4 minutes 40 seconds; press Resume to play on.');
    await expect(timer(page, 'Team 1')).toHaveText('4:40');
  });

  test('without the option, a hidden page keeps the clock running', async ({ page }) => {
    await openClock(page, 'game=h3&lang=en');
    await page.keyboard.press('Space');
    await page.clock.runFor(5_000);
    await setVisibility(page, 'hidden');
    await page.clock.runFor(20_000);
    await setVisibility(page, 'visible');
    await expect(page.locator('html[data-clock="running"]')).toHaveCount(1);
    await expect(timer(page, 'Team 1')).toHaveText('4:35');
    await expect(status(page)).toHaveText('Team 1, 5 minutes');
  });

  test('an untimed clock is not paused: there is no time to keep', async ({ page }) => {
    await openClock(page, 'game=h4&lang=en&untimed=on&pausehidden=on');
    await page.keyboard.press('Space');
    await setVisibility(page, 'hidden');
    await setVisibility(page, 'visible');
    await expect(page.locator('html[data-clock="running"]')).toHaveCount(1);
  });
});

test.describe('brief announcements', () => {
  test('say the fact alone', async ({ page }) => {
    await openClock(page, 'game=v2&lang=en&pausehidden=on');
    // The device's setting, as the settings page writes it on <html>.
    await page.evaluate(() => { document.documentElement.dataset.verbosity = 'brief'; });
    await page.keyboard.press('Space');
    await expect(status(page)).toHaveText('Team 1, 5 minutes');
    await page.clock.runFor(48_000);
    await page.keyboard.press('Space');
    await expect(status(page)).toHaveText('Team 2, 5 minutes');
    await page.clock.runFor(1_000);
    await page.keyboard.press('Space');
    await expect(status(page)).toHaveText('Team 1, 4 minutes 12');
    await page.keyboard.press('t');
    await expect(status(page)).toHaveText('Team 1, 4 minutes 12; Team 2, 4 minutes 59.');
    await page.keyboard.press('p');
    await expect(status(page)).toHaveText('Paused.');
    await page.keyboard.press('p');
    await expect(status(page)).toHaveText('Running. Team 1, 4 minutes 12');
    await setVisibility(page, 'hidden');
    await setVisibility(page, 'visible');
    await expect(status(page)).toHaveText('Paused while put away. Team 1, 4 minutes 12');
  });
});

test.describe('refusals', () => {
  for (const lang of LANGS) {
    test(`a team's time, a delay and a warning out of range are refused, in ${lang}`, async ({ page }) => {
      test.slow();
      const res = await page.goto(`/donaz/clock?lang=${lang}&minutes1=0&control=delay&delay=31&alerts=1&alert=45`);
      expect(res.status()).toBe(400);
      const problems = page.getByRole('alert').filter({ has: page.getByRole('list') });
      for (const text of SAY[lang].problems) await expect(problems.getByRole('link', { name: text })).toBeVisible();
      await expect(page.getByRole('spinbutton', { name: SAY[lang].delaySeconds })).toHaveValue('31');
      await expect(page.getByRole('spinbutton', { name: SAY[lang].delaySeconds })).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
    });
  }
});
