package i18n

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
)

// Each language quotes one way, as its rulebooks do: English and Italian “ ” (seed 000:
// “prende”), French « » (seeds 001/003), Slovak „ “. No ASCII quotes, no other language's
// marks, and each quote opened is closed.
func TestQuotes(t *testing.T) {
	marks := map[string][2]string{"en": {"“", "”"}, "it": {"“", "”"}, "fr": {"«", "»"}, "sk": {"„", "“"}}
	c, err := Load()
	require.NoError(t, err)
	for _, lang := range Languages {
		want := marks[lang.Code]
		require.NotEmpty(t, want[0], lang.Code)
		for id, m := range c.Messages(lang.Code) {
			for _, s := range texts(m) {
				if strings.Contains(s, `"`) {
					t.Errorf("%s: %s has an ASCII quote; %s uses %s %s: %q", lang.Code, id, lang.Code, want[0], want[1], s)
				}
				for _, q := range []string{"«", "»", "„", "“", "”"} {
					if q != want[0] && q != want[1] && strings.Contains(s, q) {
						t.Errorf("%s: %s quotes with %s; %s uses %s %s: %q", lang.Code, id, q, lang.Code, want[0], want[1], s)
					}
				}
				if strings.Count(s, want[0]) != strings.Count(s, want[1]) {
					t.Errorf("%s: %s opens and closes a different number of quotes: %q", lang.Code, id, s)
				}
			}
		}
	}
}

// French and Italian put an article before a noun that starts a sentence: a placeholder
// whose value is a bare noun or a label (a card's name "Trésor de 7", a colour, a line, a
// plate) may open a message only as a label, followed by a colon or a comma ("Trésor de
// 7 : …"), never as the subject of a verb ("Trésor de 7 ne peut pas…": "La carte …").
func TestBareNounsDoNotStartASentence(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	bare := regexp.MustCompile(`^\{\{\.(Card|Color|Line|Plate|Donut|Level|Value)\}\}(.)`)
	for _, lang := range []string{"fr", "it"} {
		for id, m := range c.Messages(lang) {
			for _, s := range texts(m) {
				if g := bare.FindStringSubmatch(s); g != nil && !strings.ContainsAny(g[2], ":,\u00a0") {
					t.Errorf("%s: %s starts with {{.%s}} as a subject; %s wants an article: %q", lang, id, g[1], lang, s)
				}
			}
		}
	}
}

// nameFields are the placeholders whose value is a name players typed or a team's name:
// the language cannot change its form (Slovak cases) or know its first sound (French
// elision) when the sentence is written.
const nameFields = `(?:Name|Names|Next|Team|Team1|Team2|Other|Who)`

// French elides before a vowel sound ("le téléphone d'Ada"): a name is never written
// after de, que, le, la or ce, which would give "de Ada", but as the field the name fills
// with the word ({{.Name_de}}: "d'Ada", "de Bruno"; elide.go).
func TestFrenchNamesElide(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	bad := regexp.MustCompile(`(?i)(?:^|[\s'’(«])(de|que|le|la|ce|jusque|lorsque|puisque)\s+\{\{\.` + nameFields + `\}\}`)
	for id, m := range c.Messages("fr") {
		for _, s := range texts(m) {
			if g := bad.FindStringSubmatch(s); g != nil {
				t.Errorf("fr: %s puts %q before a name, which does not elide (\"%s Ada\"); write {{.Name_%s}}: %q", id, g[1], g[1], strings.ToLower(g[1]), s)
			}
		}
	}
}

// slovakGoverning are Slovak prepositions and verbs that put the noun after them in a case
// other than the nominative: a name there would need its own ending (pre Chiaru, Nechať
// Bruna), which a placeholder cannot give. A Slovak sentence puts a name where its plain
// form is right: as the subject ("Telefón dostáva {{.Name}}") or after a colon.
var slovakGoverning = []string{
	// prepositions
	"bez", "blízko", "cez", "do", "k", "ku", "kvôli", "medzi", "na", "nad", "namiesto", "o", "od", "odo",
	"okrem", "oproti", "po", "pod", "podľa", "pre", "pred", "pri", "proti", "s", "so", "u", "v", "vďaka",
	"vo", "voči", "z", "za", "zo",
	// verbs whose object follows
	"nechať", "nechajte", "dajte", "podajte", "odovzdajte", "pošlite", "vidieť", "čakať", "čaká", "pomôcť",
	"odobrať", "pridať", "prevziať", "vrátiť", "vziať", "zobrať", "ukončiť", "navrhnúť", "hrať", "poraziť",
}

func TestSlovakNamesStandPlain(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	bad := regexp.MustCompile(`(?i)(?:^|[\s„(])(` + strings.Join(slovakGoverning, "|") + `)\s+\{\{\.` + nameFields + `\}\}`)
	for id, m := range c.Messages("sk") {
		for _, s := range texts(m) {
			if g := bad.FindStringSubmatch(s); g != nil {
				t.Errorf("sk: %s puts %q before a name, which would need a case ending the name cannot take: %q", id, g[1], s)
			}
		}
	}
}

// A list of times is never joined by the word that joins a time's minutes and seconds,
// nor by the list's plain "and": "Warnings at 2 minutes and 10 seconds" is heard as one
// time, 2:10. The Donaz warnings have their own joiners (donaz.alerts.*), each with a word.
func TestTimesListNotHeardAsOneTime(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	words := func(s string) string {
		return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
			return !unicode.IsLetter(r)
		}), " ")
	}
	for _, lang := range Languages {
		msgs := c.Messages(lang.Code)
		ms := msgs["time.minutesSeconds"].Text
		between := words(ms[strings.Index(ms, "}}")+2 : strings.LastIndex(ms, "{{")])
		and := words(msgs["app.list.and"].Text)
		for _, id := range []string{"donaz.alerts.sep", "donaz.alerts.and"} {
			w := words(msgs[id].Text)
			require.NotEmpty(t, w, "%s: %s joins times with no word (%q): two times would be heard as one", lang.Code, id, msgs[id].Text)
			require.NotEqual(t, between, w, "%s: %s is the word that joins minutes and seconds", lang.Code, id)
			require.NotEqual(t, and, w, "%s: %s is the list's plain %q", lang.Code, id, and)
		}
	}
}
