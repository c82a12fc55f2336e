// plural.js: the front end's catalog helper.
//
// The server hands the browser its language's catalog as JSON:
//
//   { "id": "text with {{.Name}}",
//     "id.plural": { "one": "{{.Count}} diamant", "few": "...", "many": "...", "other": "..." } }
//
// makeT(catalog, lang) returns t(id, params). A plural message picks its form with
// Intl.PluralRules(lang).select(params.Count), which agrees with go-i18n's CLDR rules, and
// falls back to "other". Placeholders are go-i18n's {{.Name}}; numbers are formatted with
// Intl.NumberFormat(lang). A missing id returns the id itself, so a gap is visible on the
// page and in tests rather than silently blank.

const PLACEHOLDER = /\{\{\s*\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

// intl builds the language's rules, falling back to English for a tag Intl refuses,
// so a bad lang attribute never breaks every sentence on the page.
function intl(lang) {
  try {
    return { rules: new Intl.PluralRules(lang), numbers: new Intl.NumberFormat(lang) };
  } catch {
    return { rules: new Intl.PluralRules('en'), numbers: new Intl.NumberFormat('en') };
  }
}

// pluralForm returns the CLDR category ("one", "few", "many", "other"...) for count.
export function pluralForm(lang, count) {
  return intl(lang).rules.select(Number(count));
}

// French elides de, que, le, la before a vowel sound, as i18n/elide.go does: a French
// message writes {{.Name_de}} and it is filled from {{.Name}}, "d'Ada", "de Bruno".
const ELISIONS = new Set(['de', 'que', 'le', 'la']);
// The placeholders that hold a name (a team's, a player's).
const NAMES = new Set(['Name', 'Names', 'Team', 'Team1', 'Team2', 'Other', 'Who']);
const ACCENTS = { a: 'àâäáãåā', e: 'éèêëē', i: 'îïíìī', o: 'ôöóòõøō', u: 'ùûüúū', y: 'ÿý', c: 'ç' };
function baseLetter(ch) {
  const r = (ch || '').toLowerCase();
  for (const [base, accented] of Object.entries(ACCENTS)) if (accented.includes(r)) return base;
  return r;
}
const isVowel = (r) => r !== '' && 'aeiouæœ'.includes(r);

// frenchElides: a vowel (Ada, Émile), h before a vowel (Hugo), y before a consonant (Ysé)
// elide; y before a vowel (Yann), a consonant, a digit do not.
export function frenchElides(name) {
  const chars = [...String(name).trim()];
  if (chars.length === 0) return false;
  const first = baseLetter(chars[0]);
  const next = baseLetter(chars[1]);
  if (first === 'h') return isVowel(next);
  if (first === 'y') return /\p{L}/u.test(chars[1] || '') && !isVowel(next) && next !== 'y';
  return isVowel(first);
}

export function frenchWith(word, name) {
  return frenchElides(name) ? `${word.slice(0, -1)}'${String(name).trim()}` : `${word} ${name}`;
}

export function makeT(catalog, lang) {
  const messages = catalog || {};
  const { rules, numbers } = intl(lang);

  // value is a placeholder's text: its parameter, a number formatted, or the field a
  // name fills in French (X_de); the placeholder itself when there is none.
  function value(whole, name, params) {
    if (!Object.prototype.hasOwnProperty.call(params, name)) {
      const cut = name.lastIndexOf('_');
      const base = cut > 0 ? name.slice(0, cut) : '';
      if (ELISIONS.has(name.slice(cut + 1)) && typeof params[base] === 'string') {
        return frenchWith(name.slice(cut + 1), params[base]);
      }
      return whole;
    }
    const v = params[name];
    if (typeof v === 'number') return numbers.format(v);
    return String(v);
  }

  function fill(text, params) {
    return text.replace(PLACEHOLDER, (whole, name, at) => {
      const v = value(whole, name, params);
      // A name that opens a sentence starts with a capital: a team's name said with its
      // article, "la squadra 1", "l'équipe 1", is written lower case for inside one.
      if (NAMES.has(name) && (at === 0 || /[.!?]\s+$/.test(text.slice(0, at)))) {
        return v.charAt(0).toUpperCase() + v.slice(1);
      }
      return v;
    });
  }

  return function t(id, params = {}) {
    if (!Object.prototype.hasOwnProperty.call(messages, id)) return id;
    const entry = messages[id];
    let text;
    if (typeof entry === 'string') {
      text = entry;
    } else if (entry && typeof entry === 'object') {
      const form = params.Count === undefined || params.Count === null
        ? 'other'
        : rules.select(Number(params.Count));
      text = entry[form] ?? entry.other;
      if (typeof text !== 'string') return id;
    } else {
      return id;
    }
    return fill(text, params);
  };
}
