package i18n

import (
	"fmt"
	"io/fs"
	"math"
	"sort"
	"testing"
	"testing/fstest"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/language"
)

// oracle localizes with go-i18n alone: its own file parser, its own bundle, the data
// map and error convention T and N had before the fast path (an error gives the id).
type oracle map[string]*goi18n.Localizer

func newOracle(t *testing.T, fsys fs.FS, dir string) oracle {
	t.Helper()
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	files, err := fs.Glob(fsys, dir+"/*.toml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		_, err := b.LoadMessageFileFS(fsys, f)
		require.NoError(t, err, f)
	}
	o := oracle{}
	for _, l := range Languages {
		o[l.Code] = goi18n.NewLocalizer(b, l.Code)
	}
	return o
}

func oracleData(kv []any) map[string]any {
	m := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		if k, ok := kv[i].(string); ok {
			m[k] = kv[i+1]
		}
	}
	addDerived(m) // the French fields a name fills (elide.go), as T gives them
	return m
}

func (o oracle) T(lang, id string, kv ...any) string {
	out, err := o[lang].Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: oracleData(kv)})
	if err != nil {
		return id
	}
	return out
}

func (o oracle) N(lang, id string, count int, kv ...any) string {
	data := oracleData(kv)
	data["Count"] = count
	out, err := o[lang].Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil {
		return id
	}
	return out
}

// fields lists the placeholders of a message, Count excepted, sorted.
func fields(m *fastMessage) []string {
	set := map[string]bool{}
	for _, f := range m {
		for _, s := range f.segs {
			if s.field && s.text != "Count" {
				set[s.text] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// kvSets are parameter lists to try on a message with these fields: all strings, all
// ints, each field missing in turn, and pairs go-i18n's map drops or overrides.
func kvSets(names []string) [][]any {
	var str, num []any
	for i, n := range names {
		str = append(str, n, fmt.Sprintf("«%s» <b>&amp; č'\"{{.X}}", n))
		num = append(num, n, []int{0, 7, -42, 1000000, math.MaxInt, math.MinInt}[i%6])
	}
	sets := [][]any{nil, str, num}
	for i := range names {
		missing := append(append([]any{}, str[:2*i]...), str[2*i+2:]...)
		sets = append(sets, missing)
	}
	// A pair named the same twice (the last wins), a name that is not a string, an odd tail.
	odd := append([]any{"Count", "text", 3, "x"}, num...)
	odd = append(odd, str...)
	sets = append(sets, append(odd, "Dangling"))
	return sets
}

func TestFastPathEqualsGoI18n(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	o := newOracle(t, localeFiles, "locales")
	counts := []int{1000000, 2000000, 1000001, 3000000, 10000000, -1, -2, -3, -5, -21, -1000000, math.MaxInt, math.MinInt}
	// 0…120 meets every integer form of the four languages (the rules themselves are
	// compared over −2,100…2,100 in TestPluralRulesMatchGoI18n); more only slows -race.
	for n := 0; n <= 120; n++ {
		counts = append(counts, n)
	}
	fast, all := 0, 0
	for _, lang := range Languages {
		l := c.Localizer(lang.Code)
		for id, msg := range c.Messages(lang.Code) {
			require.NotNil(t, l.fast[id], "%s %s", lang.Code, id)
			m := l.fast[id].compiled()
			names := fields(m)
			for _, kv := range kvSets(names) {
				want := o.T(lang.Code, id, kv...)
				require.Equal(t, want, l.T(id, kv...), "%s %s %v", lang.Code, id, kv)
				if out, ok := l.fastT(id, kv); ok {
					require.Equal(t, want, out, "%s %s %v", lang.Code, id, kv)
				}
			}
			all++
			if m[formOther].simple {
				fast++
				_, ok := l.fastT(id, kvSets(names)[1])
				require.True(t, ok, "%s %s: string parameters take the fast path", lang.Code, id)
			}
			if !msg.Plural {
				// N on a plain message: only "other" exists; go-i18n fails on the other forms.
				for _, n := range []int{-1, 0, 1, 2, 3, 5, 1000000} {
					require.Equal(t, o.N(lang.Code, id, n), l.N(id, n), "%s %s %d", lang.Code, id, n)
				}
				continue
			}
			sets := kvSets(names)
			for _, n := range counts {
				// Every count with string parameters; the other sets on a sample.
				require.Equal(t, o.N(lang.Code, id, n, sets[1]...), l.N(id, n, sets[1]...), "%s %s %d", lang.Code, id, n)
				if n < 0 || n > 30 {
					continue
				}
				for _, kv := range sets {
					require.Equal(t, o.N(lang.Code, id, n, kv...), l.N(id, n, kv...), "%s %s %d %v", lang.Code, id, n, kv)
				}
			}
			for _, n := range counts[:12] {
				_, ok := l.fastN(id, n, sets[1])
				require.True(t, ok, "%s %s %d: a count takes the fast path", lang.Code, id, n)
			}
		}
	}
	t.Logf("%d of %d messages precompiled", fast, all)
}

func TestPluralRulesMatchGoI18n(t *testing.T) {
	b := goi18n.NewBundle(language.English)
	counts := []int{math.MaxInt, -math.MaxInt, 1000000, 2000000, 1000001, -1000000, 999999}
	for n := -2100; n <= 2100; n++ {
		counts = append(counts, n)
	}
	for _, lang := range Languages {
		b.MustAddMessages(language.MustParse(lang.Code),
			&goi18n.Message{ID: "x", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"})
		l := goi18n.NewLocalizer(b, lang.Code)
		rule := pluralRules[lang.Code]
		require.NotNil(t, rule, lang.Code)
		for _, n := range counts {
			want, err := l.Localize(&goi18n.LocalizeConfig{MessageID: "x", PluralCount: n})
			require.NoError(t, err)
			i := n
			if i < 0 {
				i = -i
			}
			require.Equal(t, want, formNames[rule(i)], "%s %d", lang.Code, n)
		}
	}
}

func TestMissingMessagesAndValues(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	o := newOracle(t, localeFiles, "locales")
	type named string
	for _, tc := range []struct {
		name string
		id   string
		kv   []any
	}{
		{"missing id", "no.such.message", []any{"Name", "Ada"}},
		{"missing parameter", "diamant.vote.heading", nil},
		{"other parameter", "diamant.vote.heading", []any{"Who", "Ada"}},
		{"float", "diamant.vote.heading", []any{"Name", 2.5}},
		{"nil", "diamant.vote.heading", []any{"Name", nil}},
		{"named string type", "diamant.vote.heading", []any{"Name", named("Ada")}},
		{"Stringer", "diamant.vote.heading", []any{"Name", language.Italian}},
		{"int64", "donuts.plate", []any{"Row", int64(3), "Col", uint8(4)}},
		{"slice", "donuts.plate", []any{"Row", []int{1, 2}, "Col", 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, lang := range Languages {
				l := c.Localizer(lang.Code)
				require.Equal(t, o.T(lang.Code, tc.id, tc.kv...), l.T(tc.id, tc.kv...), lang.Code)
				require.Equal(t, o.N(lang.Code, tc.id, 3, tc.kv...), l.N(tc.id, 3, tc.kv...), lang.Code)
				require.Equal(t, o.N(lang.Code, "diamant.n.diamonds", 3, tc.kv...), l.N("diamant.n.diamonds", 3, tc.kv...), lang.Code)
			}
		})
	}
	l := c.Localizer("it")
	require.Equal(t, "no.such.message", l.T("no.such.message", "Name", "Ada"))
	require.Equal(t, "no.such.message", l.N("no.such.message", 2))
	require.Equal(t, "<no value>: pokračovať, alebo odísť?", c.Localizer("sk").T("diamant.vote.heading"))
}

// TestOtherTemplatesKeepGoI18n checks what is and is not precompiled, on texts the
// catalogs do not use (yet), against go-i18n.
func TestOtherTemplatesKeepGoI18n(t *testing.T) {
	texts := map[string]struct {
		src    string
		simple bool
	}{
		"field":     {`a {{.X}} b {{.Y}}{{.X}}`, true},
		"spaces":    {`a {{ .X }} b`, true},
		"trim":      {`a  {{- .X -}}  b`, true},
		"comment":   {`a {{/* note */}} {{.X}}`, true},
		"only":      {`{{.X}}`, true},
		"braces":    {`a }} b {{"{{"}}`, false},
		"if":        {`{{if .X}}yes{{else}}no{{end}}`, false},
		"pipe":      {`{{.X | printf "%q"}}`, false},
		"printf":    {`{{printf "%05d" .X}}`, false},
		"dot":       {`{{.}}`, false},
		"nested":    {`{{.X.Y}}`, false},
		"variable":  {`{{$x := .X}}{{$x}}`, false},
		"bad":       {`{{.X`, false},
		"undefined": {`{{nope .X}}`, false},
	}
	var src, tables string // plain keys come before the first table
	ids := make([]string, 0, len(texts))
	for id, tc := range texts {
		ids = append(ids, id)
		src += fmt.Sprintf("%q = %q\n", "t."+id, tc.src)
		tables += fmt.Sprintf("[%q]\none = %q\nother = %q\n", "p."+id, "1 "+tc.src, "{{.Count}} "+tc.src)
	}
	src += tables
	src += "[\"p.noother\"]\none = \"one {{.Count}}\"\nfew = \"few {{.Count}}\"\n"
	fsys := fstest.MapFS{"l/t.en.toml": {Data: []byte(src)}}
	c, err := LoadFS(fsys, "l")
	require.NoError(t, err)
	o := newOracle(t, fsys, "l")
	l := c.Localizer("en")
	for _, id := range ids {
		require.Equal(t, texts[id].simple, l.fast["t."+id].compiled()[formOther].simple, id)
		require.Equal(t, texts[id].simple, l.fast["p."+id].compiled()[formOne].simple, id)
		for _, kv := range [][]any{nil, {"X", "x"}, {"X", 5, "Y", "y"}, {"X", true}} {
			require.Equal(t, o.T("en", "t."+id, kv...), l.T("t."+id, kv...), "%s %v", id, kv)
			for _, n := range []int{0, 1, 2, -1} {
				require.Equal(t, o.N("en", "p."+id, n, kv...), l.N("p."+id, n, kv...), "%s %d %v", id, n, kv)
			}
		}
	}
	for _, n := range []int{0, 1, 2} {
		require.Equal(t, o.N("en", "p.noother", n), l.N("p.noother", n), n)
		require.Equal(t, o.T("en", "p.noother"), l.T("p.noother"))
	}
}

func TestIntLen(t *testing.T) {
	for _, n := range []int{0, 1, 9, 10, 99, 100, -1, -9, -10, -100, 1234567, math.MaxInt, math.MinInt, math.MinInt + 1} {
		require.Equal(t, len(fmt.Sprint(n)), intLen(n), n)
	}
}

func TestLocalizersAreCopies(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	a, b := c.Localizer("fr"), c.Localizer("fr")
	a.Lang = "xx"
	require.Equal(t, "fr", b.Lang)
	require.Equal(t, "fr", c.Localizer("fr").Lang)
	require.Equal(t, newOracle(t, localeFiles, "locales").T("fr", "diamant.vote.heading", "Name", "Ada"), b.T("diamant.vote.heading", "Name", "Ada"))
}
