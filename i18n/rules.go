package i18n

import "strings"

// RulesSection is one section of a game's rules page: a heading, then paragraphs and list items, in order.
// The heading is an h2: the page's h1 is the title.
type RulesSection struct {
	Heading string
	Blocks  []RulesBlock
}

// RulesBlock is one paragraph or list item of a section, as a message id.
type RulesBlock struct {
	ID   string
	Item bool // a list item (consecutive items form one list); else a paragraph
}

// RulesPage is a game's rules page, as message ids.
type RulesPage struct {
	Title, Intro string
	Sections     []RulesSection
}

// Rules lists the games' rules pages by game id ("diamant", "donaz", "donuts"), as message ids.
// The texts are in locales/rules.LANG.toml.
var Rules = map[string]RulesPage{
	"diamant": rulesPage("diamant",
		rulesSection("diamant", "box", "li1", "li2", "li3", "li4", "li5"),
		rulesSection("diamant", "cards", "p1", "p2", "p3"),
		rulesSection("diamant", "setup", "p1", "p2", "p3", "li1", "li2", "p4"),
		rulesSection("diamant", "round", "p1", "li1", "li2", "li3", "li4", "li5", "li6", "li7", "li8", "p2"),
		rulesSection("diamant", "draw", "p1", "p2", "p3"),
		rulesSection("diamant", "leave", "p1", "p2", "p3"),
		rulesSection("diamant", "end", "p1", "p2", "p3"),
		rulesSection("diamant", "edition", "p1", "li1", "li2", "li3"),
		rulesSection("diamant", "app", "p1", "p2"),
	),
	"donaz": rulesPage("donaz",
		rulesSection("donaz", "box", "li1", "li2", "li3"),
		rulesSection("donaz", "setup", "li1", "li2", "li3", "li4", "li5", "li6", "li7"),
		rulesSection("donaz", "play", "p1", "li1", "li2", "p2"),
		rulesSection("donaz", "groups", "p1", "p2", "p3"),
		rulesSection("donaz", "end", "p1", "p2"),
		rulesSection("donaz", "expert", "p1", "li1", "li2"),
		rulesSection("donaz", "app", "p1"),
	),
	"donuts": rulesPage("donuts",
		rulesSection("donuts", "board", "p1", "p2", "p3"),
		rulesSection("donuts", "line", "p1", "p2", "p3"),
		rulesSection("donuts", "insertion", "p1", "p2", "p3", "p4", "p5"),
		rulesSection("donuts", "end", "p1", "p2"),
		rulesSection("donuts", "app", "p1", "p2"),
	),
}

// IDs returns every message id the page uses, in reading order.
func (p RulesPage) IDs() []string {
	ids := []string{p.Title, p.Intro}
	for _, s := range p.Sections {
		ids = append(ids, s.Heading)
		for _, b := range s.Blocks {
			ids = append(ids, b.ID)
		}
	}
	return ids
}

func rulesPage(game string, sections ...RulesSection) RulesPage {
	return RulesPage{
		Title:    "rules." + game + ".title",
		Intro:    "rules." + game + ".intro",
		Sections: sections,
	}
}

// rulesSection builds a section from its block names: "pN" is a paragraph, "liN" a list item.
func rulesSection(game, name string, blocks ...string) RulesSection {
	prefix := "rules." + game + "." + name + "."
	s := RulesSection{Heading: prefix + "heading"}
	for _, b := range blocks {
		s.Blocks = append(s.Blocks, RulesBlock{ID: prefix + b, Item: strings.HasPrefix(b, "li")})
	}
	return s
}
