import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeT, pluralForm, frenchWith } from '../static/js/plural.js';

const diamonds = {
  sk: { one: '{{.Count}} diamant', few: '{{.Count}} diamanty', many: '{{.Count}} diamantu', other: '{{.Count}} diamantov' },
  fr: { one: '{{.Count}} diamant', many: '{{.Count}} de diamants', other: '{{.Count}} diamants' },
  it: { one: '{{.Count}} diamante', many: '{{.Count}} di diamanti', other: '{{.Count}} diamanti' },
  en: { one: '{{.Count}} diamond', other: '{{.Count}} diamonds' },
};

const cases = [
  { lang: 'sk', count: 1, want: '1 diamant' },
  { lang: 'sk', count: 2, want: '2 diamanty' },
  { lang: 'sk', count: 3, want: '3 diamanty' },
  { lang: 'sk', count: 4, want: '4 diamanty' },
  { lang: 'sk', count: 5, want: '5 diamantov' },
  { lang: 'sk', count: 0, want: '0 diamantov' },
  { lang: 'sk', count: 1.5, want: '1,5 diamantu' },
  { lang: 'fr', count: 0, want: '0 diamant' },
  { lang: 'fr', count: 1, want: '1 diamant' },
  { lang: 'fr', count: 2, want: '2 diamants' },
  { lang: 'it', count: 0, want: '0 diamanti' },
  { lang: 'it', count: 1, want: '1 diamante' },
  { lang: 'it', count: 2, want: '2 diamanti' },
  { lang: 'en', count: 0, want: '0 diamonds' },
  { lang: 'en', count: 1, want: '1 diamond' },
  { lang: 'en', count: 7, want: '7 diamonds' },
];

for (const c of cases) {
  test(`plural ${c.lang} ${c.count}`, () => {
    const t = makeT({ 'diamant.count': diamonds[c.lang] }, c.lang);
    assert.equal(t('diamant.count', { Count: c.count }), c.want);
  });
}

test('pluralForm agrees with CLDR categories', () => {
  assert.equal(pluralForm('sk', 2), 'few');
  assert.equal(pluralForm('sk', 5), 'other');
  assert.equal(pluralForm('fr', 0), 'one');
  assert.equal(pluralForm('it', 0), 'other');
  assert.equal(pluralForm('en', 1), 'one');
});

test('a missing id returns the id', () => {
  const t = makeT({}, 'en');
  assert.equal(t('no.such.id', { Count: 2 }), 'no.such.id');
  assert.equal(makeT(null, 'en')('x'), 'x');
});

test('a missing plural form falls back to other', () => {
  const t = makeT({ n: { other: '{{.Count}} things' } }, 'sk');
  assert.equal(t('n', { Count: 1 }), '1 things');
});

test('a plural message without Count uses other', () => {
  const t = makeT({ n: { one: 'one', other: 'many' } }, 'en');
  assert.equal(t('n'), 'many');
});

test('placeholders are filled, numbers formatted for the language', () => {
  const t = makeT({ hi: 'Hello {{.Name}}, {{ .N }} points, {{.Missing}}' }, 'fr');
  assert.equal(t('hi', { Name: 'Bruno', N: 1234 }), 'Hello Bruno, 1\u202f234 points, {{.Missing}}');
  const en = makeT({ c: '{{.Count}} points' }, 'en');
  assert.equal(en('c', { Count: 1234 }), '1,234 points');
});

test('a simple message ignores Count for the form but fills it', () => {
  const t = makeT({ s: 'Round {{.Count}}' }, 'it');
  assert.equal(t('s', { Count: 3 }), 'Round 3');
});

test('a bad language tag falls back to English rules', () => {
  const t = makeT({ n: { one: 'one', other: 'other' } }, 'not a tag!!');
  assert.equal(t('n', { Count: 1 }), 'one');
  assert.equal(t('n', { Count: 0 }), 'other');
});

test('string counts are read as numbers', () => {
  const t = makeT({ 'diamant.count': diamonds.sk }, 'sk');
  assert.equal(t('diamant.count', { Count: '3' }), '3 diamanty');
});

test('French fields a name fills elide as i18n/elide.go does', () => {
  const cases = {
    Ada: "d'Ada", Émile: "d'Émile", Hugo: "d'Hugo", Ysé: "d'Ysé", Yves: "d'Yves",
    Yann: 'de Yann', Bruno: 'de Bruno', 7: 'de 7', "l'équipe 1": "de l'équipe 1",
  };
  for (const [name, want] of Object.entries(cases)) assert.equal(frenchWith('de', name), want, name);
  const t = makeT({ m: 'Le téléphone {{.Name_de}}, {{.Name_que}}, {{.Other_de}}' }, 'fr');
  assert.equal(t('m', { Name: 'Inès' }), "Le téléphone d'Inès, qu'Inès, {{.Other_de}}");
  assert.equal(t('m', { Name: 'Yann', Name_de: 'x' }), 'Le téléphone x, que Yann, {{.Other_de}}');
});
