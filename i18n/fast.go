package i18n

import (
	"strconv"
	"strings"
	"sync"
	"text/template"
	"text/template/parse"
)

// The fast path: go-i18n runs text/template for every message with a parameter (with
// reflection and a map a call), which cost ~3 µs a message under live updates. Almost all
// catalog texts only substitute fields ({{.Name}}), so at load each form of each message
// is split into literal text and field names, and T and N fill them in here. Whatever is
// not plainly the same as go-i18n's output (another template action, a value that is
// neither a string nor an int, a missing plural form) goes to go-i18n instead.

// form indexes a message's CLDR plural forms.
type form int

const (
	formZero form = iota
	formOne
	formTwo
	formFew
	formMany
	formOther
	numForms
)

var formNames = [numForms]string{"zero", "one", "two", "few", "many", "other"}

// noValue is what text/template prints for a key missing from the data map (go-i18n uses
// missingkey=default).
const noValue = "<no value>"

// segment is a piece of a compiled text: literal text, or the name of a field to fill in.
type segment struct {
	text  string
	field bool
}

// compiled is one form of a message.
type compiled struct {
	simple bool      // present, and only literal text and {{.Field}}: rendered here
	fixed  string    // the whole text, when it has no field
	segs   []segment // when it has fields
	size   int       // bytes of literal text in segs
}

// fastMessage is a message's forms by plural form; a plain message only has formOther.
type fastMessage [numForms]compiled

// lazyMessage is a message compiled at its first use: a run uses few of the catalogs'
// messages (a phone, one language's), and compiling them all took a fifth of the offline
// engine's start.
type lazyMessage struct {
	once sync.Once
	src  Message
	fm   *fastMessage
}

func (m *lazyMessage) compiled() *fastMessage {
	m.once.Do(func() { m.fm = compileMessage(m.src) })
	return m.fm
}

// compileMessage precompiles a message's forms as go-i18n would see them.
func compileMessage(m Message) *fastMessage {
	var fm fastMessage
	if !m.Plural {
		fm[formOther] = compileText(m.Text)
		return &fm
	}
	for f, name := range formNames {
		fm[f] = compileText(m.Forms[name])
	}
	return &fm
}

// compileText splits src into literal text and fields, with text/template's own parser
// (so that trim markers, comments and the like read as go-i18n reads them). It returns a
// non-simple form for an empty text (go-i18n has no such form) or any other action.
func compileText(src string) compiled {
	if src == "" {
		return compiled{}
	}
	if !strings.Contains(src, "{{") {
		return compiled{simple: true, fixed: src}
	}
	t, err := template.New("").Option("missingkey=default").Parse(src)
	if err != nil || t.Tree == nil {
		return compiled{}
	}
	var c compiled
	var lit strings.Builder
	for _, n := range t.Tree.Root.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			lit.Write(n.Text)
		case *parse.ActionNode:
			name, ok := fieldName(n.Pipe)
			if !ok {
				return compiled{}
			}
			if lit.Len() > 0 {
				c.segs = append(c.segs, segment{text: lit.String()})
				c.size += lit.Len()
				lit.Reset()
			}
			c.segs = append(c.segs, segment{text: name, field: true})
		default:
			return compiled{}
		}
	}
	if len(c.segs) == 0 {
		return compiled{simple: true, fixed: lit.String()}
	}
	if lit.Len() > 0 {
		c.segs = append(c.segs, segment{text: lit.String()})
		c.size += lit.Len()
	}
	c.simple = true
	return c
}

// fieldName returns X for a pipeline that is just .X.
func fieldName(p *parse.PipeNode) (string, bool) {
	if p == nil || p.IsAssign || len(p.Decl) > 0 || len(p.Cmds) != 1 || len(p.Cmds[0].Args) != 1 {
		return "", false
	}
	f, ok := p.Cmds[0].Args[0].(*parse.FieldNode)
	if !ok || len(f.Ident) != 1 {
		return "", false
	}
	return f.Ident[0], true
}

// param finds a field's value in kv (name, value pairs). Like the map go-i18n gets, the
// last pair with that name wins and pairs whose name is not a string are skipped.
func param(kv []any, name string) (any, bool) {
	var v any
	found := false
	for i := 0; i+1 < len(kv); i += 2 {
		if k, ok := kv[i].(string); ok && k == name {
			v, found = kv[i+1], true
		}
	}
	return v, found
}

// render fills in c's fields, with {{.Count}} as count when withCount. It reports false
// for a value it does not print exactly as text/template would (then go-i18n renders).
// It measures first so that the result is the only allocation.
func (c *compiled) render(kv []any, withCount bool, count int) (string, bool) {
	if c.segs == nil {
		return c.fixed, true
	}
	size := c.size
	for _, s := range c.segs {
		if !s.field {
			continue
		}
		if withCount && s.text == "Count" {
			size += intLen(count)
			continue
		}
		v, ok := param(kv, s.text)
		if !ok {
			if d, ok := derived(kv, s.text); ok {
				size += len(d)
				continue
			}
			size += len(noValue)
			continue
		}
		switch v := v.(type) {
		case string:
			size += len(v)
		case int:
			size += intLen(v)
		default:
			return "", false
		}
	}
	var b strings.Builder
	b.Grow(size)
	var digits [20]byte
	for _, s := range c.segs {
		if !s.field {
			b.WriteString(s.text)
			continue
		}
		if withCount && s.text == "Count" {
			b.Write(strconv.AppendInt(digits[:0], int64(count), 10))
			continue
		}
		v, ok := param(kv, s.text)
		if !ok {
			if d, ok := derived(kv, s.text); ok {
				b.WriteString(d)
				continue
			}
			b.WriteString(noValue)
			continue
		}
		switch v := v.(type) {
		case string:
			b.WriteString(v)
		case int:
			b.Write(strconv.AppendInt(digits[:0], int64(v), 10))
		}
	}
	return b.String(), true
}

// intLen is the length of n in decimal.
func intLen(n int) int {
	l := 1
	if n < 0 {
		l++
	}
	for n >= 10 || n <= -10 {
		n /= 10
		l++
	}
	return l
}

// pluralRules pick the CLDR plural form of a whole number, as go-i18n v2.7.0's generated
// rules (internal/plural/rule_gen.go) do for an int: they see i = |n|, v = 0 and e = 0.
var pluralRules = map[string]func(i int) form{
	// en: i = 1 and v = 0 → one.
	"en": func(i int) form {
		if i == 1 {
			return formOne
		}
		return formOther
	},
	// it: i = 1 and v = 0 → one; e = 0 and i != 0 and i % 1000000 = 0 and v = 0 → many.
	"it": func(i int) form {
		switch {
		case i == 1:
			return formOne
		case i != 0 && i%1000000 == 0:
			return formMany
		}
		return formOther
	},
	// fr: i = 0..1 → one; e = 0 and i != 0 and i % 1000000 = 0 and v = 0 → many.
	"fr": func(i int) form {
		switch {
		case i <= 1:
			return formOne
		case i%1000000 == 0:
			return formMany
		}
		return formOther
	},
	// sk: i = 1 and v = 0 → one; i = 2..4 and v = 0 → few; v != 0 → many (never for an int).
	"sk": func(i int) form {
		switch {
		case i == 1:
			return formOne
		case 2 <= i && i <= 4:
			return formFew
		}
		return formOther
	},
}
