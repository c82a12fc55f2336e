package i18n

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// French elides de, que, le and la before a vowel sound: "le téléphone d'Ada", "propose
// qu'Émile sorte", but "de Bruno". A catalog cannot write "de {{.Name}}" (the name is not
// known when the sentence is written), so a French message writes the word and the name as
// one field, {{.Name_de}}, and the localizer fills it from the message's {{.Name}}:
// "d'Ada", "de Bruno". The fields: X_de, X_que, X_le, X_la, for any string field X
// (TestFrenchNamesElide keeps "de {{.Name}}" out of the French catalogs).

// elisions are the words French elides before a vowel sound, by field suffix.
var elisions = map[string]string{"de": "de", "que": "que", "le": "le", "la": "la"}

// FrenchElides reports whether French elides a word (de, que, le, la) before name, a
// given name or a team's name, from its first sound:
//   - a vowel, with or without an accent (Ada, Émile, Inès, Œdipe): elides;
//   - h before a vowel (Hugo, Hélène, Henri): elides, as French treats a given name's h
//     as mute (d'Hugo, as in "les romans d'Hugo");
//   - y before a consonant is a vowel (Ysé, Yves: d'Ysé, d'Yves), y before a vowel is a
//     consonant (Yann, Yolande: de Yann);
//   - anything else (a consonant, a digit, a sign, nothing) does not.
func FrenchElides(name string) bool {
	s := strings.TrimSpace(name)
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return false
	}
	next, _ := utf8.DecodeRuneInString(s[n:])
	switch r = baseLetter(r); r {
	case 'h':
		return isVowel(baseLetter(next))
	case 'y':
		nb := baseLetter(next)
		return unicode.IsLetter(next) && !isVowel(nb) && nb != 'y'
	}
	return isVowel(r)
}

// isVowel reports whether r (lower case, without accents) is a vowel letter.
func isVowel(r rune) bool { return strings.ContainsRune("aeiouæœ", r) }

// baseLetter lowers r and drops its accent for the letters French names use.
func baseLetter(r rune) rune {
	r = unicode.ToLower(r)
	for base, accented := range map[rune]string{
		'a': "àâäáãåā", 'e': "éèêëē", 'i': "îïíìī", 'o': "ôöóòõøō", 'u': "ùûüúū", 'y': "ÿý", 'c': "ç",
	} {
		if strings.ContainsRune(accented, r) {
			return base
		}
	}
	return r
}

// FrenchWith puts word (de, que, le, la, or the same capitalized) before name, elided when
// French elides it: "d'Ada", "De Bruno", "qu'Hugo", "de Yann".
func FrenchWith(word, name string) string {
	if FrenchElides(name) {
		return word[:len(word)-1] + "'" + strings.TrimSpace(name)
	}
	return word + " " + name
}

// derived fills a field X_de (X_que, X_le, X_la) missing from kv from kv's string X, as
// FrenchWith says it; ok is false for any other field, or when X is not a string.
func derived(kv []any, field string) (string, bool) {
	i := strings.LastIndexByte(field, '_')
	if i <= 0 {
		return "", false
	}
	word, ok := elisions[field[i+1:]]
	if !ok {
		return "", false
	}
	v, ok := param(kv, field[:i])
	if !ok {
		return "", false
	}
	s, ok := v.(string)
	if !ok {
		return "", false
	}
	return FrenchWith(word, s), true
}
