// The catalogs as the server hands them to the clock's script, read from the locales'
// TOML files by the tests (transcripts, sentences) without a server.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LOCALES = join(ROOT, 'i18n', 'locales');

// readToml reads a catalog file as the locales are written: blank lines, # comments,
// ["id"] section headers and key = "basic string" lines, nothing else (a line of any
// other shape fails loudly: this reader would misread it). Returns {id: {key: text}}.
export function readToml(text, name) {
  const out = {};
  let id = null;
  text.split(/\r?\n/).forEach((line, i) => {
    const where = `${name}:${i + 1}`;
    if (/^\s*(#.*)?$/.test(line)) return;
    let m = line.match(/^\["([^"\\]+)"\]$/);
    if (m) {
      id = m[1];
      if (Object.hasOwn(out, id)) throw new Error(`${where}: ${id} is defined twice`);
      out[id] = {};
      return;
    }
    m = line.match(/^([a-z]+) = ("(?:[^"\\]|\\.)*")$/);
    if (!m) throw new Error(`${where}: a line this reader does not know: ${line}`);
    if (id === null) throw new Error(`${where}: a value before any ["id"] header`);
    if (Object.hasOwn(out[id], m[1])) throw new Error(`${where}: ${id}.${m[1]} is given twice`);
    // A TOML basic string's escapes are JSON's but \U and \e, which JSON.parse refuses:
    // loudly, as it should here.
    try {
      out[id][m[1]] = JSON.parse(m[2]);
    } catch (err) {
      throw new Error(`${where}: ${err.message}`, { cause: err });
    }
  });
  return out;
}

// catalog is a language's messages as the server hands them to the clock's script
// (web/donaz.go, donazMessages; i18n.parseCatalog): the ids of donaz.* and time.*, a
// plain text when "other" is the only form, else the plural forms.
export function catalog(lang) {
  const messages = {};
  const files = readdirSync(LOCALES).filter((f) => f.endsWith(`.${lang}.toml`)).sort();
  assert.ok(files.length > 0, `no catalog files for ${lang} in ${LOCALES}`);
  for (const file of files) {
    const entries = readToml(readFileSync(join(LOCALES, file), 'utf8'), file);
    for (const [id, raw] of Object.entries(entries)) {
      if (Object.hasOwn(messages, id)) throw new Error(`${file}: ${id} is defined in another file too`);
      if (!id.startsWith('donaz.') && !id.startsWith('time.')) continue;
      const forms = Object.fromEntries(Object.entries(raw).filter(([k]) => k !== 'description' && k !== 'hash'));
      const keys = Object.keys(forms);
      messages[id] = keys.length === 1 && keys[0] === 'other' ? forms.other : forms;
    }
  }
  return messages;
}
