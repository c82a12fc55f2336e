package i18n

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/language"
)

// sameInEveryLanguage lists the messages that may read the same as in English: names.
var sameInEveryLanguage = map[string]bool{
	"app.name":        true,
	"donuts.list.sep": true, // "; " but in French, which spaces it
	"game.diamant":    true, // the games' names (Slovak says Donuty, as its rulebook)
	"game.donaz":      true,
	"game.donuts":     true,
	// Issue #14's brief announcements and lists: a name and a time, with the punctuation
	// of each language (French spaces its semicolon).
	"app.list.sep":     true, // ", ": the comma of every language
	"donaz.brief.turn": true,
	"donaz.brief.both": true,
	// Practice's why: the risk; what one carries. French spaces its semicolon.
	"diamant.expert.why": true,
}

// sameAsEnglish lists messages that are legitimately written the same as English in one
// language (a word both languages share). Each entry is "lang:id".
var sameAsEnglish = map[string]bool{
	"fr:settings.text.option":       true, // "{{.Size}} %"
	"it:settings.text.option":       true,
	"sk:settings.text.option":       true,
	"fr:settings.contrast.standard": true, // "Standard" is French too
	"it:donuts.brief.place":         true, // "{{.Who}}: {{.Plate}}."
	"sk:donuts.brief.place":         true,
	"fr:time.brief.minutesSeconds":  true, // "4 minutes 30", as French and Slovak say a clock
	"sk:time.brief.minutesSeconds":  true,
	"fr:nav.menu":                   true, // "Menu" is French too
	"it:nav.menu":                   true, // and Italian, as nav.main spells it
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

func placeholders(s string) string {
	found := placeholder.FindAllStringSubmatch(s, -1)
	names := make([]string, 0, len(found))
	for _, m := range found {
		// A field a name fills (Name_de, elide.go) stands for the name.
		name := m[1]
		if i := strings.LastIndexByte(name, '_'); i > 0 && elisions[name[i+1:]] != "" {
			name = name[:i]
		}
		names = append(names, name)
	}
	sort.Strings(names)
	return strings.Join(slicesCompact(names), ",")
}

func slicesCompact(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

func texts(m Message) []string {
	if !m.Plural {
		return []string{m.Text}
	}
	out := make([]string, 0, len(m.Forms))
	for _, v := range m.Forms {
		out = append(out, v)
	}
	return out
}

func TestCatalogsAreComplete(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	en := c.Messages("en")
	require.NotEmpty(t, en)
	for _, lang := range Languages {
		msgs := c.Messages(lang.Code)
		for id, m := range en {
			tr, ok := msgs[id]
			if !assertTrue(t, ok, "%s: %s is missing", lang.Code, id) {
				continue
			}
			require.Equal(t, m.Plural, tr.Plural, "%s: %s: plural in one language, not in the other", lang.Code, id)
			for _, s := range texts(tr) {
				require.NotEmpty(t, strings.TrimSpace(s), "%s: %s is empty", lang.Code, id)
			}
			if tr.Plural {
				for _, form := range PluralForms(lang.Code) {
					require.NotEmpty(t, tr.Forms[form], "%s: %s lacks the plural form %q", lang.Code, id, form)
				}
			}
			wantPH := placeholders(strings.Join(texts(m), " "))
			require.Equal(t, wantPH, placeholders(strings.Join(texts(tr), " ")), "%s: %s: placeholders differ from English", lang.Code, id)
			if lang.Code != "en" && !tr.Plural && tr.Text == m.Text && !sameInEveryLanguage[id] && !sameAsEnglish[lang.Code+":"+id] &&
				!strings.HasPrefix(id, "rules.") { // the rules files have their own test with their own exceptions
				t.Errorf("%s: %s is the same as in English (%q); translate it or list it as a deliberate exception", lang.Code, id, m.Text)
			}
		}
		for id := range msgs {
			require.Contains(t, en, id, "%s: %s is not in the English catalog", lang.Code, id)
		}
	}
}

func assertTrue(t *testing.T, ok bool, format string, args ...any) bool {
	t.Helper()
	if !ok {
		t.Errorf(format, args...)
	}
	return ok
}

// pluralForm tells which CLDR form go-i18n picks for count in lang.
func pluralForm(lang string, count int) string {
	b := goi18n.NewBundle(language.English)
	b.MustAddMessages(language.MustParse(lang),
		&goi18n.Message{ID: "x", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"})
	out, _ := goi18n.NewLocalizer(b, lang).Localize(&goi18n.LocalizeConfig{MessageID: "x", PluralCount: count})
	return out
}

func TestPluralFormsFollowCLDR(t *testing.T) {
	for _, tc := range []struct {
		lang  string
		count int
		form  string
	}{
		{"en", 1, "one"}, {"en", 0, "other"}, {"en", 2, "other"},
		{"fr", 0, "one"}, {"fr", 1, "one"}, {"fr", 2, "other"}, {"fr", 1000000, "many"},
		{"it", 0, "other"}, {"it", 1, "one"}, {"it", 2, "other"}, {"it", 1000000, "many"},
		{"sk", 1, "one"}, {"sk", 2, "few"}, {"sk", 4, "few"}, {"sk", 5, "other"}, {"sk", 0, "other"},
	} {
		require.Equal(t, tc.form, pluralForm(tc.lang, tc.count), "%s %d", tc.lang, tc.count)
	}
}

func TestMatch(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	require.Equal(t, "sk", c.Match("sk-SK,sk;q=0.9"))
	require.Equal(t, "en", c.Match("de"))
	require.Equal(t, "fr", c.Match("fr-BE"))
	require.Equal(t, "it", c.Match("it"))
	require.Equal(t, "en", c.Match(""))
	require.Equal(t, "en", c.Match("*"))
}

func TestLocalizerFallsBackToTheID(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	l := c.Localizer("xx")
	require.Equal(t, "en", l.Lang)
	require.Equal(t, "no.such.message", l.T("no.such.message"))
	require.Equal(t, "Tavolo", l.T("app.name"))
}

func TestFixedTextsAndTemplatesAgree(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	for _, lang := range Languages {
		l := c.Localizer(lang.Code)
		for id, m := range c.Messages(lang.Code) {
			if m.Plural {
				continue
			}
			// The shortcut for fixed texts gives what go-i18n's template gives.
			via, err := l.goLocalizer().Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: map[string]any{}})
			require.NoError(t, err, "%s %s", lang.Code, id)
			if !strings.Contains(m.Text, "{{") {
				require.Equal(t, via, l.T(id), "%s %s", lang.Code, id)
			}
		}
	}
}

func BenchmarkLocalizeFixedText(b *testing.B) {
	c, err := Load()
	require.NoError(b, err)
	l := c.Localizer("sk")
	for i := 0; i < b.N; i++ {
		_ = l.T("nav.home")
	}
}

// French typography, in every French message: a no-break space (U+00A0) before a colon
// and inside « », a narrow no-break space (U+202F) before ; ! ? (a screen reader and a
// narrow screen then never part the sign from its word). A colon inside a word or a
// number (10:30, http://) is not a sign of the sentence.
func TestFrenchTypography(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	for id, m := range c.Messages("fr") {
		for _, s := range texts(m) {
			r := []rune(s)
			for i, ch := range r {
				prev, next := rune(0), rune(0)
				if i > 0 {
					prev = r[i-1]
				}
				if i+1 < len(r) {
					next = r[i+1]
				}
				var want rune
				switch {
				case ch == ':' && (next == 0 || next == ' ') || ch == '»':
					want = '\u00a0'
				case ch == ';' || ch == '!' || ch == '?':
					want = '\u202f'
				case ch == '«':
					if next != '\u00a0' {
						t.Errorf("fr: %s: « wants a no-break space after it: %q", id, s)
					}
					continue
				default:
					continue
				}
				if prev != want {
					t.Errorf("fr: %s: %q wants U+%04X before it, has %q: %q", id, ch, want, prev, s)
				}
			}
		}
	}
}

// One register per language (docs/DESIGN.md): French says vous, Slovak vy, to the player.
// The forms of the other (French tu, Slovak ty: its pronouns and the second person
// singular of the present) are refused anywhere in those catalogs.
func TestRegister(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	informal := map[string]func(word string) bool{
		"fr": func(w string) bool {
			switch w {
			case "tu", "toi", "ton", "ta", "tes", "tien", "tienne":
				return true
			}
			return false
		},
		"sk": func(w string) bool {
			switch {
			case w == "príliš": // "too", not a verb
				return false
			case w == "ty" || w == "teba" || w == "tebe" || w == "ťa" || w == "ti" || strings.HasPrefix(w, "tvoj"):
				return true
			}
			for _, end := range []string{"eš", "áš", "aš", "íš", "iš"} {
				if strings.HasSuffix(w, end) {
					return true
				}
			}
			return false
		},
	}
	word := regexp.MustCompile(`\pL+`)
	for lang, is := range informal {
		for id, m := range c.Messages(lang) {
			for _, s := range texts(m) {
				for _, w := range word.FindAllString(strings.ToLower(s), -1) {
					if is(w) {
						t.Errorf("%s: %s says %q, the informal register: %q", lang, id, w, s)
					}
				}
			}
		}
	}
}

func TestRememberKeepsOneTextALanguage(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	type key struct{ n int }
	made := 0
	say := func(l *Localizer) string {
		return l.Remember(key{1}, func() string { made++; return l.T("app.name") + " " + l.Lang })
	}
	require.Equal(t, "Tavolo en", say(c.Localizer("en")))
	require.Equal(t, "Tavolo en", say(c.Localizer("en")), "a second localizer of a language shares what the first kept")
	require.Equal(t, "Tavolo sk", say(c.Localizer("sk")), "each language keeps its own")
	require.Equal(t, 2, made)
}
