// The voice (issue #14): with speaking aloud on, the settings page offers this device's
// voices for the page's language (stubbed voices of several languages), plays a sample in
// the chosen voice and rate, and remembers the choice on the device; a game screen then
// speaks with it. A device without a voice for the language says so on the settings page,
// and once on a game screen; one that lists no voice says the device decides; without a
// script the picker is hidden. Axe in four languages.
import { test, expect } from '@playwright/test';
import {
  LANGS, expectNoAxeViolations, postSettings, catalog, msg, stubSpeech, h1, escapeRe,
} from './helpers.mjs';

test.use({ serviceWorkers: 'block' });

// A device's voices: several for some languages, none for Slovak, one the app does not speak.
const VOICES = [
  { name: 'Amy', lang: 'en-GB', default: true, localService: true, voiceURI: 'urn:amy' },
  { name: 'Bob', lang: 'en-US', default: false, localService: false, voiceURI: 'urn:bob' },
  { name: 'Carla', lang: 'it-IT', default: false, localService: true, voiceURI: 'urn:carla' },
  { name: 'Dario', lang: 'it_IT', default: false, localService: true, voiceURI: 'urn:dario' },
  { name: 'Denise', lang: 'fr-FR', default: false, localService: true, voiceURI: 'urn:denise' },
  { name: 'Élodie', lang: 'fr-CA', default: false, localService: true, voiceURI: 'urn:elodie' },
  { name: 'Hans', lang: 'de-DE', default: false, localService: true, voiceURI: 'urn:hans' },
];
const OFFERED = { en: ['Amy', 'Bob'], it: ['Carla', 'Dario'], fr: ['Denise', 'Élodie'] };
const uri = (name) => VOICES.find((v) => v.name === name).voiceURI;

const polite = (page) => page.locator('#live-polite');
const lastSpoken = (page) => page.evaluate(() => window.__spoken.at(-1) ?? null);

/** Opens a Donuts board against the computer, with the page's session. */
async function donutsBoard(page) {
  const html = await (await page.request.get('/donuts')).text();
  const token = html.match(/name="_csrf" value="([^"]+)"/)[1];
  const res = await page.request.post('/donuts', {
    form: { _csrf: token, mode: 'computer', level: 'easy', color: 'chocolate', first: 'chocolate', board: 'number', seed: '4021' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  await page.goto(res.headers().location);
}

for (const lang of ['en', 'it', 'fr']) {
  test(`the voice is chosen among the device's voices for the page's language, in ${lang}`, async ({ page }) => {
    test.setTimeout(60_000);
    await stubSpeech(page, { voices: VOICES });
    await postSettings(page, { lang, speak: true, rate: '1.5' });
    await page.goto('/settings');
    const cat = await catalog(page);
    const voice = page.getByRole('combobox', { name: msg(cat, 'settings.voice'), exact: true });
    await expect(voice).toBeVisible();
    await expect(voice).toHaveAccessibleDescription(msg(cat, 'settings.voice.hint'));
    // The device's default, then only the language's voices, by name.
    const options = await voice.getByRole('option').allTextContents();
    expect(options).toEqual([msg(cat, 'settings.voice.default'), ...OFFERED[lang]]);
    await expect(voice).toHaveValue('');
    await expect(page.getByText(msg(cat, 'settings.voice.none'))).toBeHidden();
    await expectNoAxeViolations(page);

    // The sample speaks in the voice chosen, at the rate chosen, in the page's language.
    const chosen = OFFERED[lang][1];
    await voice.selectOption({ label: chosen });
    await page.getByRole('button', { name: msg(cat, 'settings.voice.sample') }).click();
    await expect.poll(() => lastSpoken(page)).toEqual({ text: msg(cat, 'settings.voice.sample.text'), lang, rate: 1.5, voice: chosen });
    // The rate as the form has it now, saved or not.
    await page.getByRole('combobox', { name: msg(cat, 'settings.rate') }).selectOption('0.75');
    await page.getByRole('button', { name: msg(cat, 'settings.voice.sample') }).click();
    await expect.poll(() => lastSpoken(page)).toMatchObject({ rate: 0.75, voice: chosen });

    // Remembered on the device, after a reload, and the game screens speak with it.
    await page.reload();
    await expect(voice).toHaveValue(uri(chosen));
    await donutsBoard(page);
    await page.getByRole('gridcell', { name: new RegExp(`(^|, )${escapeRe(msg(cat, 'donuts.plate', { Row: 1, Col: 1 }))},`, 'i') }).click();
    await expect(polite(page)).not.toBeEmpty();
    await expect.poll(() => lastSpoken(page)).toMatchObject({ lang, voice: chosen });

    // Back to the device's default: the game speaks with no voice set.
    await page.goto('/settings');
    await voice.selectOption('');
    await page.getByRole('button', { name: msg(cat, 'settings.voice.sample') }).click();
    await expect.poll(() => lastSpoken(page)).toMatchObject({ voice: null });
  });
}

test('no voice for the language: the settings page says so, a game screen once', async ({ page }) => {
  test.setTimeout(60_000);
  await stubSpeech(page, { voices: VOICES });
  await postSettings(page, { lang: 'sk', speak: true });
  await page.goto('/settings');
  const cat = await catalog(page);
  await expect(page.getByText(msg(cat, 'settings.voice.none'))).toBeVisible();
  await expect(page.getByRole('combobox', { name: msg(cat, 'settings.voice'), exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: msg(cat, 'settings.voice.sample') })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The first time speech is used on a game screen, the live region says it, after the move.
  const notice = msg(cat, 'app.voice.none');
  await donutsBoard(page);
  // A plate by where it is: its name says what it holds first, then its row and column.
  const cell = (r, c) => page.getByRole('gridcell', { name: new RegExp(`(^|, )${escapeRe(msg(cat, 'donuts.plate', { Row: r, Col: c }))},`, 'i') });
  await cell(1, 1).click();
  await expect(polite(page)).toHaveText(new RegExp(`^${escapeRe(msg(cat, 'donuts.say.place.you', { Plate: msg(cat, 'donuts.plate', { Row: 1, Col: 1 }) }))}.* ${escapeRe(notice)}$`));
  await expectNoAxeViolations(page);
  // Never again on this device for this language: not with the next announcement (A says
  // the playable plates), not after a reload. Were it due, it would come with the sentence.
  // A's sentence in any of its plural forms, whatever plates it lists.
  const playable = new RegExp(`^(${Object.values(cat['donuts.n.playable'])
    .map((form) => escapeRe(form.replace('{{.Count}}', '§').replace('{{.Plates}}', '¤')).replace('§', '\\d+').replace('¤', '.+'))
    .join('|')})$`);
  const says = async () => {
    await page.keyboard.press('a');
    await expect(polite(page)).toHaveText(playable);
    await expect(polite(page)).not.toContainText(notice);
  };
  await says();
  await page.reload();
  await cell(1, 1).click(); // taken: refused, and focus is on the board
  await says();
});

test('a device that lists no voice: the device decides, the sample still plays', async ({ page }) => {
  await stubSpeech(page, { voices: [] });
  await postSettings(page, { lang: 'it', speak: true });
  await page.goto('/settings');
  const cat = await catalog(page);
  await expect(page.getByText(msg(cat, 'settings.voice.device'))).toBeVisible();
  await expect(page.getByRole('combobox', { name: msg(cat, 'settings.voice'), exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: msg(cat, 'settings.voice.sample') }).click();
  await expect.poll(() => lastSpoken(page)).toMatchObject({ text: msg(cat, 'settings.voice.sample.text'), lang: 'it', voice: null });
  await expectNoAxeViolations(page);
});

test('voices listed late are offered once the device lists them; the picker follows the speak box', async ({ page }) => {
  await stubSpeech(page, { voices: VOICES, late: 300 });
  await postSettings(page, { lang: 'fr', speak: false });
  await page.goto('/settings');
  const cat = await catalog(page);
  const voice = page.getByRole('combobox', { name: msg(cat, 'settings.voice'), exact: true });
  const speak = page.getByRole('checkbox', { name: msg(cat, 'settings.speak') });
  await expect(voice).toHaveCount(0); // speaking aloud is off
  await speak.check();
  await expect(voice).toBeVisible();
  expect(await voice.getByRole('option').allTextContents()).toEqual([msg(cat, 'settings.voice.default'), ...OFFERED.fr]);
  await speak.uncheck();
  await expect(voice).toBeHidden();
});

test('without a script the voice picker is hidden and the form still saves', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
  const page = await context.newPage();
  try {
    await postSettings(page, { lang: 'en', speak: true });
    await page.goto('/settings');
    await expect(page.getByRole('combobox', { name: 'Voice', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Play a sample' })).toHaveCount(0);
    await expect(page.getByText("This device chooses the voice itself")).toBeHidden();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('main').getByText('Settings saved.')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the settings page with the voice picker passes axe in every language', async ({ page }) => {
  test.setTimeout(60_000);
  await stubSpeech(page);
  for (const lang of LANGS) {
    await postSettings(page, { lang, speak: true });
    await page.goto('/settings');
    const cat = await catalog(page);
    await expect(page.getByRole('combobox', { name: msg(cat, 'settings.voice'), exact: true })).toBeVisible();
    await expect(h1(page)).toHaveText(msg(cat, 'settings.title'));
    await expectNoAxeViolations(page);
  }
});
