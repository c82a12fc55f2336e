// Package markup reads HTML in tests as a screen reader meets it: elements are found by
// id, by role (written, or implied by the element) and by accessible name, and text is
// read as it is spoken, without what is hidden. It follows the browser tests' rule (find
// elements by role and name, never by CSS class) in Go, over golang.org/x/net/html.
//
// The roles and names are the common cases of HTML-AAM and accname, not all of them: what
// our pages use, and what a page a test reads could use tomorrow. One liberty: a form is a
// form, named or not (a test looks for a button's form).
package markup

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// Node is an element of a parsed page (or the document itself, from Parse).
type Node struct{ n *html.Node }

// Parse reads a page, or a piece of one (a reply's HTML), as a browser does.
func Parse(page string) *Node {
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		panic(err) // a strings.Reader never fails, and the parser recovers from anything
	}
	return &Node{doc}
}

// A Match tells whether an element is one a test looks for.
type Match func(*Node) bool

// ID matches the element with that id.
func ID(id string) Match { return Attr("id", id) }

// Tag matches elements of that name ("script", "html").
func Tag(name string) Match { return func(n *Node) bool { return n.n.Data == name } }

// Attr matches elements whose attribute key has that value: a button by what it submits
// (Attr("value", "take")), a form by its action.
func Attr(key, value string) Match {
	return func(n *Node) bool {
		v, ok := n.attr(key)
		return ok && v == value
	}
}

// Field matches a form's fields named name: what the form sends under that name (an
// input, hidden or not, a button, a select, a textarea).
func Field(name string) Match {
	return func(n *Node) bool {
		switch n.n.Data {
		case "input", "button", "select", "textarea":
			v, ok := n.attr("name")
			return ok && v == name
		}
		return false
	}
}

// Has matches elements that have the attribute key ("data-screen").
func Has(key string) Match { return func(n *Node) bool { return n.HasAttr(key) } }

// Role matches elements of that role: their role attribute's, or the element's own.
func Role(role string) Match { return func(n *Node) bool { return n.Role() == role } }

// Heading matches headings of that level.
func Heading(level int) Match {
	return func(n *Node) bool { return n.Role() == "heading" && n.Level() == level }
}

// Name matches elements whose accessible name is name.
func Name(name string) Match { return func(n *Node) bool { return n.Name() == name } }

// Shown matches elements a screen reader meets: neither they nor an ancestor is hidden.
func Shown(n *Node) bool { return !n.Hidden() }

// Find is the first element under n (in document order) that matches them all, or nil.
func (n *Node) Find(ms ...Match) *Node {
	for d := range n.n.Descendants() {
		if e := (&Node{d}); d.Type == html.ElementNode && e.matches(ms) {
			return e
		}
	}
	return nil
}

// Get is Find, failing the test when nothing matches.
func (n *Node) Get(t testing.TB, ms ...Match) *Node {
	t.Helper()
	e := n.Find(ms...)
	if e == nil {
		t.Fatalf("no such element in:\n%s", n)
	}
	return e
}

// All are the elements under n that match them all, in document order.
func (n *Node) All(ms ...Match) []*Node {
	var all []*Node
	for d := range n.n.Descendants() {
		if e := (&Node{d}); d.Type == html.ElementNode && e.matches(ms) {
			all = append(all, e)
		}
	}
	return all
}

// Closest is n or its nearest ancestor that matches them all, or nil: a button's form.
func (n *Node) Closest(ms ...Match) *Node {
	for a := n.n; a != nil; a = a.Parent {
		if e := (&Node{a}); a.Type == html.ElementNode && e.matches(ms) {
			return e
		}
	}
	return nil
}

func (n *Node) matches(ms []Match) bool {
	for _, m := range ms {
		if !m(n) {
			return false
		}
	}
	return true
}

// Tag is the element's name ("p").
func (n *Node) Tag() string { return n.n.Data }

// Attr is the value of an attribute, "" when the element has none.
func (n *Node) Attr(key string) string {
	v, _ := n.attr(key)
	return v
}

// HasAttr tells whether the element has the attribute (hidden, checked…).
func (n *Node) HasAttr(key string) bool {
	_, ok := n.attr(key)
	return ok
}

func (n *Node) attr(key string) (string, bool) {
	for _, a := range n.n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// String is the element's HTML, for a failure's message.
func (n *Node) String() string {
	var b strings.Builder
	_ = html.Render(&b, n.n)
	return b.String()
}

// Hidden tells whether a screen reader skips the element: it or an ancestor has the
// hidden attribute or aria-hidden="true", or is not content at all (script, style,
// template, head).
func (n *Node) Hidden() bool {
	for a := n.n; a != nil; a = a.Parent {
		if a.Type == html.ElementNode && hides(&Node{a}) {
			return true
		}
	}
	return false
}

func hides(n *Node) bool {
	return !content(n) || n.HasAttr("hidden") || n.Attr("aria-hidden") == "true" || n.n.Data == "input" && strings.EqualFold(n.Attr("type"), "hidden")
}

// content tells whether an element holds what a page says (a script does not).
func content(n *Node) bool {
	switch n.n.Data {
	case "script", "style", "template", "head", "noscript":
		return false
	}
	return true
}

// Role is the element's role: the first word of its role attribute, or the one its
// element implies ("" for none, as a div's).
func (n *Node) Role() string {
	if r := strings.Fields(n.Attr("role")); len(r) > 0 {
		return r[0]
	}
	switch tag := n.n.Data; tag {
	case "a", "area":
		if n.HasAttr("href") {
			return "link"
		}
		return ""
	case "input":
		if r, ok := inputRoles[strings.ToLower(n.Attr("type"))]; ok {
			return r
		}
		return "textbox"
	case "select":
		if size, _ := strconv.Atoi(n.Attr("size")); n.HasAttr("multiple") || size > 1 {
			return "listbox"
		}
		return "combobox"
	case "header", "footer":
		// The page's own, not an article's or a section's.
		for a := n.n.Parent; a != nil; a = a.Parent {
			switch a.Data {
			case "article", "aside", "main", "nav", "section":
				return ""
			}
		}
		return map[string]string{"header": "banner", "footer": "contentinfo"}[tag]
	case "section":
		// Named: only a label names a section (its content does not).
		if n.HasAttr("aria-labelledby") || n.HasAttr("aria-label") || n.HasAttr("title") {
			return "region"
		}
		return ""
	case "img":
		if alt, ok := n.attr("alt"); ok && alt == "" {
			return "presentation"
		}
		return "img"
	case "th":
		if n.Attr("scope") == "row" {
			return "rowheader"
		}
		return "columnheader"
	}
	return roles[n.n.Data]
}

// roles are the roles elements imply by themselves.
var roles = map[string]string{
	"button": "button", "textarea": "textbox", "option": "option", "optgroup": "group",
	"h1": "heading", "h2": "heading", "h3": "heading", "h4": "heading", "h5": "heading", "h6": "heading",
	"p": "paragraph", "ul": "list", "ol": "list", "menu": "list", "li": "listitem",
	"fieldset": "group", "details": "group", "form": "form", "dialog": "dialog",
	"main": "main", "nav": "navigation", "aside": "complementary", "article": "article",
	"table": "table", "tr": "row", "td": "cell", "output": "status", "hr": "separator", "progress": "progressbar",
}

// inputRoles are the roles of inputs by their type; any other is a textbox.
var inputRoles = map[string]string{
	"checkbox": "checkbox", "radio": "radio", "button": "button", "submit": "button", "reset": "button",
	"image": "button", "hidden": "", "number": "spinbutton", "range": "slider", "search": "searchbox",
}

// Level is a heading's level: its aria-level, or its element's (h2 is 2); 0 for anything else.
func (n *Node) Level() int {
	if l, err := strconv.Atoi(n.Attr("aria-level")); err == nil {
		return l
	}
	if d := n.n.Data; len(d) == 2 && d[0] == 'h' && d[1] >= '1' && d[1] <= '6' {
		return int(d[1] - '0')
	}
	return 0
}

// Name is the element's accessible name: what aria-labelledby points at, else its
// aria-label, else its label (a field's label, a fieldset's legend, an image's alt, a
// table's caption), else its text for the roles named by their content (buttons, links,
// headings, cells…), else its title.
func (n *Node) Name() string {
	if ids := strings.Fields(n.Attr("aria-labelledby")); len(ids) > 0 {
		root := n.root()
		var parts []string
		for _, id := range ids {
			if l := root.Find(ID(id)); l != nil {
				parts = append(parts, l.Text())
			}
		}
		if name := strings.Join(parts, " "); strings.TrimSpace(name) != "" {
			return collapse(name)
		}
	}
	if l := collapse(n.Attr("aria-label")); l != "" {
		return l
	}
	switch n.n.Data {
	case "input", "select", "textarea":
		switch strings.ToLower(n.Attr("type")) {
		case "hidden":
			return ""
		case "submit", "reset", "button":
			return collapse(n.Attr("value"))
		case "image":
			return collapse(n.Attr("alt"))
		}
		if id := n.Attr("id"); id != "" {
			if l := n.root().Find(Tag("label"), Attr("for", id)); l != nil {
				return l.Text()
			}
		}
		if l := n.Closest(Tag("label")); l != nil {
			return l.Text()
		}
	case "fieldset":
		return n.child("legend")
	case "table":
		return n.child("caption")
	case "img":
		return collapse(n.Attr("alt"))
	}
	switch n.Role() {
	case "button", "link", "heading", "cell", "columnheader", "rowheader", "option", "tab", "menuitem",
		"checkbox", "radio", "switch", "treeitem", "tooltip":
		if text := n.Text(); text != "" {
			return text
		}
	}
	return collapse(n.Attr("title"))
}

// child is the text of the element's first child element named tag (a legend, a caption).
func (n *Node) child(tag string) string {
	for c := n.n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == tag {
			return (&Node{c}).Text()
		}
	}
	return ""
}

func (n *Node) root() *Node {
	r := n.n
	for r.Parent != nil {
		r = r.Parent
	}
	return &Node{r}
}

// Text is the element's text as a screen reader reads it: its text, without what is
// hidden in it, an image by its name, blanks made one space, and a space between blocks
// (a paragraph's end and the next one's start are not one word). The element itself is
// read even when hidden: a sentence waiting to be shown is read as it will be. A script,
// a style or a template says nothing.
func (n *Node) Text() string {
	if !content(n) {
		return ""
	}
	var b strings.Builder
	n.read(&b)
	return collapse(b.String())
}

func (n *Node) read(b *strings.Builder) {
	for c := n.n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			b.WriteString(c.Data)
		case html.ElementNode:
			e := &Node{c}
			switch {
			case hides(e):
			case e.Role() == "img":
				b.WriteString(" " + e.Name() + " ")
			case inline[c.Data]:
				e.read(b)
			default:
				b.WriteByte(' ')
				e.read(b)
				b.WriteByte(' ')
			}
		}
	}
}

// inline are the elements whose text runs on with their neighbours'.
var inline = map[string]bool{
	"a": true, "abbr": true, "b": true, "bdi": true, "bdo": true, "cite": true, "code": true, "data": true,
	"dfn": true, "em": true, "i": true, "kbd": true, "label": true, "mark": true, "q": true, "s": true,
	"samp": true, "small": true, "span": true, "strong": true, "sub": true, "sup": true, "time": true,
	"u": true, "var": true,
}

// TextContent is the DOM's textContent: every text under the element, hidden or not, as
// it is (a script's JSON).
func (n *Node) TextContent() string {
	var b strings.Builder
	for d := range n.n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}

// collapse makes every run of HTML's blanks one space and trims the ends; other spaces (a
// no-break space before a French colon) stay.
func collapse(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
	}), " ")
}

// Closed checks that a page, or a piece of one, closes every element it opens with its own
// end tag, in order: the parser would close a p or an li itself, or move what follows
// into a div left open, and read a page that is not the one written. The first element
// that is not closed so, or nil.
func Closed(page string) error {
	var open []string
	z := html.NewTokenizer(strings.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			if !errors.Is(z.Err(), io.EOF) {
				return z.Err()
			}
			if len(open) > 0 {
				return fmt.Errorf("<%s> left open", open[len(open)-1])
			}
			return nil
		case html.StartTagToken:
			if name, _ := z.TagName(); !void[string(name)] {
				open = append(open, string(name))
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if len(open) == 0 || open[len(open)-1] != string(name) {
				return fmt.Errorf("</%s> closes no <%s>, open: %v", name, name, open)
			}
			open = open[:len(open)-1]
		}
	}
}

// void are the elements that have no end tag.
var void = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
}

// Remove takes out of the page every element that matches, with what it holds.
func (n *Node) Remove(ms ...Match) {
	for _, e := range n.All(ms...) {
		if e.n.Parent != nil {
			e.n.Parent.RemoveChild(e.n)
		}
	}
}

// RemoveAttr takes the attribute key off every element that has it.
func (n *Node) RemoveAttr(key string) {
	for _, e := range n.All(Has(key)) {
		attrs := e.n.Attr[:0]
		for _, a := range e.n.Attr {
			if a.Key != key {
				attrs = append(attrs, a)
			}
		}
		e.n.Attr = attrs
	}
}
