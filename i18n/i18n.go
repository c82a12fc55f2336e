// Package i18n holds Tavolo's message catalogs (English, Italian, French, Slovak), picks a
// language for a request, localizes messages with CLDR plural forms, and hands each
// language's catalog to the browser as JSON.
//
// Catalog files are go-i18n v2 TOML, one file per area and language, named
// AREA.LANG.toml (app.en.toml, rules.sk.toml, …): an area is what one piece of work owns.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
	"golang.org/x/text/language"
)

//go:embed locales/*.toml
var localeFiles embed.FS

// Lang is a supported language: its code and its name written in itself.
type Lang struct {
	Code string
	Name string
}

// Languages are the supported languages, English (the source and fallback) first.
var Languages = []Lang{
	{"en", "English"},
	{"it", "Italiano"},
	{"fr", "Français"},
	{"sk", "Slovenčina"},
}

// Default is the language used when nothing else matches.
const Default = "en"

// pluralForms are the CLDR plural categories each language needs for whole numbers
// (go-i18n and Intl.PluralRules agree on them).
var pluralForms = map[string][]string{
	"en": {"one", "other"},
	"it": {"one", "many", "other"},
	"fr": {"one", "many", "other"},
	"sk": {"one", "few", "many", "other"},
}

// PluralForms returns the plural categories a language's plural messages must give.
func PluralForms(lang string) []string { return pluralForms[lang] }

// Supported reports whether code is one of the supported languages.
func Supported(code string) bool {
	_, ok := pluralForms[code]
	return ok
}

// Message is one catalog entry: a plain text, or plural forms by CLDR category.
type Message struct {
	Text   string            // for a message without plural forms
	Forms  map[string]string // for a plural message: "one", "few", "many", "other"
	Plural bool
}

// Catalog is every language's messages, ready to localize.
type Catalog struct {
	messages map[string]map[string]Message      // lang → id → message
	json     map[string][]byte                  // lang → catalog for the browser
	fast     map[string]map[string]*lazyMessage // lang → id → message compiled at first use (fast.go)
	locs     map[string]Localizer               // lang → localizer, made once
	matcher  language.Matcher

	// go-i18n's localizers, made at the first message the fast path leaves to them (none
	// in most runs): making them parses every message's template, a third of Load.
	goOnce sync.Once
	goLocs map[string]*goi18n.Localizer
}

// Load reads the embedded catalogs.
func Load() (*Catalog, error) { return LoadFS(localeFiles, "locales") }

// LoadFS reads the catalogs in dir of fsys (AREA.LANG.toml files).
func LoadFS(fsys fs.FS, dir string) (*Catalog, error) {
	c := &Catalog{
		messages: map[string]map[string]Message{},
		json:     map[string][]byte{},
		fast:     map[string]map[string]*lazyMessage{},
		locs:     map[string]Localizer{},
	}
	tags := make([]language.Tag, 0, len(Languages))
	for _, l := range Languages {
		c.messages[l.Code] = map[string]Message{}
		tags = append(tags, language.MustParse(l.Code))
	}
	c.matcher = language.NewMatcher(tags)

	files, err := fs.Glob(fsys, dir+"/*.toml")
	if err != nil {
		return nil, err
	}
	for _, file := range files {
		parts := strings.Split(path.Base(file), ".")
		if len(parts) != 3 || !Supported(parts[1]) {
			return nil, fmt.Errorf("i18n: %s: want AREA.LANG.toml with a supported language", file)
		}
		lang := parts[1]
		data, err := fs.ReadFile(fsys, file)
		if err != nil {
			return nil, err
		}
		msgs, err := parseCatalog(data)
		if err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", file, err)
		}
		for id, m := range msgs {
			if _, dup := c.messages[lang][id]; dup {
				return nil, fmt.Errorf("i18n: %s: message %q is defined twice", file, id)
			}
			c.messages[lang][id] = m
		}
	}
	for _, l := range Languages {
		c.fast[l.Code] = make(map[string]*lazyMessage, len(c.messages[l.Code]))
		for id, m := range c.messages[l.Code] {
			c.fast[l.Code][id] = &lazyMessage{src: m}
		}
		c.locs[l.Code] = Localizer{Lang: l.Code, c: c, fast: c.fast[l.Code], plural: pluralRules[l.Code], memo: new(sync.Map)}
		out := make(map[string]any, len(c.messages[l.Code]))
		for id, m := range c.messages[l.Code] {
			if m.Plural {
				out[id] = m.Forms
			} else {
				out[id] = m.Text
			}
		}
		b, err := json.Marshal(out)
		if err != nil {
			return nil, err
		}
		c.json[l.Code] = b
	}
	return c, nil
}

// parseCatalog reads a go-i18n TOML file: each id maps to a string, or to a table of
// plural forms (and an optional description).
func parseCatalog(data []byte) (map[string]Message, error) {
	var raw map[string]any
	if err := toml.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	out := make(map[string]Message, len(raw))
	for id, v := range raw {
		switch v := v.(type) {
		case string:
			out[id] = Message{Text: v}
		case map[string]any:
			forms := map[string]string{}
			for k, fv := range v {
				s, ok := fv.(string)
				if !ok {
					return nil, fmt.Errorf("message %q: %s is not a string", id, k)
				}
				if k != "description" && k != "hash" {
					forms[k] = s
				}
			}
			if len(forms) == 1 && forms["other"] != "" {
				out[id] = Message{Text: forms["other"]}
			} else {
				out[id] = Message{Forms: forms, Plural: true}
			}
		default:
			return nil, fmt.Errorf("message %q: not a string or a table", id)
		}
	}
	return out, nil
}

// Messages returns a language's messages by id (for tests and tools).
func (c *Catalog) Messages(lang string) map[string]Message { return c.messages[lang] }

// IDs returns the ids of the English catalog, sorted.
func (c *Catalog) IDs() []string {
	ids := make([]string, 0, len(c.messages[Default]))
	for id := range c.messages[Default] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// JSON returns a language's catalog for the browser: {"id": "text"} or
// {"id": {"one": …, "other": …}} for plural messages.
func (c *Catalog) JSON(lang string) []byte { return c.json[lang] }

// Match picks the supported language that best fits an Accept-Language header, or
// English when none does.
func (c *Catalog) Match(acceptLanguage string) string {
	if acceptLanguage == "" {
		return Default
	}
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return Default
	}
	_, index, conf := c.matcher.Match(tags...)
	if conf == language.No {
		return Default
	}
	return Languages[index].Code
}

// Localizer localizes messages into one language.
type Localizer struct {
	Lang   string
	c      *Catalog
	fast   map[string]*lazyMessage // this language's messages, compiled at first use
	plural func(i int) form        // this language's plural rule for a count ≥ 0
	memo   *sync.Map               // Remember's texts, one map a language
}

// Remember returns the text kept under key in this language, making it once: for texts
// said again and again (a board's 36 plate names at every move). key is a comparable
// value of the caller's own type (so that two callers' keys never meet), and the keys a
// caller uses are few: nothing is ever forgotten.
func (l *Localizer) Remember(key any, text func() string) string {
	if s, ok := l.memo.Load(key); ok {
		return s.(string)
	}
	s := text()
	l.memo.Store(key, s)
	return s
}

// Localizer returns the localizer for lang (English for an unsupported code).
func (c *Catalog) Localizer(lang string) *Localizer {
	if !Supported(lang) {
		lang = Default
	}
	// go-i18n's localizer parses its language tags when made (~3 µs, per request): make
	// each once, and hand out copies so that no caller can change another's Lang.
	l := c.locs[lang]
	return &l
}

// T localizes a message; kv are template parameters as name, value pairs
// (T("diamant.draw", "Name", "Ada")). A missing message gives its id, so that it shows.
func (l *Localizer) T(id string, kv ...any) string {
	if out, ok := l.fastT(id, kv); ok {
		return out
	}
	return l.goT(id, kv)
}

// goT is T through go-i18n's template.
func (l *Localizer) goT(id string, kv []any) string {
	out, err := l.goLocalizer().Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: params(kv)})
	if err != nil {
		return id
	}
	return out
}

// goLocalizer is go-i18n's localizer for l's language, with every language's messages
// (a message missing in one falls back to English, as go-i18n does).
func (l *Localizer) goLocalizer() *goi18n.Localizer {
	c := l.c
	c.goOnce.Do(func() {
		bundle := goi18n.NewBundle(language.English)
		for _, lang := range Languages {
			tag := language.MustParse(lang.Code)
			for id, m := range c.messages[lang.Code] {
				gm := &goi18n.Message{ID: id, Other: m.Text}
				if m.Plural {
					gm = &goi18n.Message{ID: id, Zero: m.Forms["zero"], One: m.Forms["one"], Two: m.Forms["two"],
						Few: m.Forms["few"], Many: m.Forms["many"], Other: m.Forms["other"]}
				}
				// A message go-i18n refuses is left out: T then gives its id, which shows,
				// and the catalog tests localize every message through here.
				_ = bundle.AddMessages(tag, gm)
			}
		}
		c.goLocs = make(map[string]*goi18n.Localizer, len(Languages))
		for _, lang := range Languages {
			c.goLocs[lang.Code] = goi18n.NewLocalizer(bundle, lang.Code)
		}
	})
	return c.goLocs[l.Lang]
}

// N localizes a plural message for count; {{.Count}} in the message is the count.
func (l *Localizer) N(id string, count int, kv ...any) string {
	if out, ok := l.fastN(id, count, kv); ok {
		return out
	}
	return l.goN(id, count, kv)
}

// goN is N through go-i18n's template.
func (l *Localizer) goN(id string, count int, kv []any) string {
	data := params(kv)
	data["Count"] = count
	out, err := l.goLocalizer().Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil {
		return id
	}
	return out
}

// fastT is T without go-i18n, when the message and its values allow (fast.go).
func (l *Localizer) fastT(id string, kv []any) (string, bool) {
	if lm := l.fast[id]; lm != nil {
		if m := lm.compiled(); m[formOther].simple {
			return m[formOther].render(kv, false, 0)
		}
	}
	return "", false
}

// fastN is N without go-i18n, when the message and its values allow (fast.go).
func (l *Localizer) fastN(id string, count int, kv []any) (string, bool) {
	lm := l.fast[id]
	if lm == nil || l.plural == nil || count == math.MinInt {
		return "", false
	}
	m := lm.compiled()
	// go-i18n picks the form by |count|.
	i := count
	if i < 0 {
		i = -i
	}
	// A form the message lacks is not simple: go-i18n's error path decides what shows.
	if f := &m[l.plural(i)]; f.simple {
		return f.render(kv, true, count)
	}
	return "", false
}

// params is kv as go-i18n's data map, with the French fields a name fills (elide.go):
// X_de, X_que, X_le, X_la for each string X.
func params(kv []any) map[string]any {
	m := make(map[string]any, len(kv)/2+1)
	for i := 0; i+1 < len(kv); i += 2 {
		if k, ok := kv[i].(string); ok {
			m[k] = kv[i+1]
		}
	}
	addDerived(m)
	return m
}

// addDerived adds to m the fields derived would fill, those m does not have.
func addDerived(m map[string]any) {
	var add map[string]any
	for k, v := range m {
		s, ok := v.(string)
		if !ok {
			continue
		}
		for sfx, word := range elisions {
			if _, has := m[k+"_"+sfx]; !has {
				if add == nil {
					add = map[string]any{}
				}
				add[k+"_"+sfx] = FrenchWith(word, s)
			}
		}
	}
	for k, v := range add {
		m[k] = v
	}
}
