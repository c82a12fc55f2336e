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

export function makeT(catalog, lang) {
  const messages = catalog || {};
  const { rules, numbers } = intl(lang);

  function fill(text, params) {
    return text.replace(PLACEHOLDER, (whole, name) => {
      if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
      const v = params[name];
      if (typeof v === 'number') return numbers.format(v);
      return String(v);
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
