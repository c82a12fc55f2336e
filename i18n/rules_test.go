package i18n

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/pelletier/go-toml/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var rulesLangs = []string{"en", "it", "fr", "sk"}

// properNames may read the same in every language.
var properNames = map[string]bool{"Diamant": true, "Donaz": true, "Donuts": true, "Tavolo": true}

// loadRules reads locales/rules.LANG.toml as id → text (the "other" form; the rules use no plurals).
func loadRules(t *testing.T, lang string) map[string]string {
	t.Helper()
	var raw map[string]map[string]string
	data, err := os.ReadFile(fmt.Sprintf("locales/rules.%s.toml", lang))
	require.NoError(t, err, lang)
	require.NoError(t, toml.Unmarshal(data, &raw), lang)
	out := make(map[string]string, len(raw))
	for id, forms := range raw {
		for form := range forms {
			assert.Contains(t, []string{"other", "description"}, form, "%s %s: unexpected form", lang, id)
		}
		out[id] = forms["other"]
	}
	return out
}

func rulesIDs() map[string]bool {
	ids := map[string]bool{}
	for _, page := range Rules {
		for _, id := range page.IDs() {
			ids[id] = true
		}
	}
	return ids
}

func rulesSortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func TestRulesCatalogs(t *testing.T) {
	listed := rulesIDs()
	en := loadRules(t, "en")
	for _, lang := range rulesLangs {
		t.Run(lang, func(t *testing.T) {
			msgs := loadRules(t, lang)
			assert.Equal(t, rulesSortedKeys(en), rulesSortedKeys(msgs), "same ids as the English file")
			for id := range listed {
				assert.NotEmpty(t, strings.TrimSpace(msgs[id]), "%s is missing or empty", id)
			}
			for id, text := range msgs {
				assert.True(t, listed[id], "%s is not listed in Rules", id)
				if lang != "en" && text == en[id] {
					assert.True(t, properNames[text], "%s is the same as in English: %q", id, text)
				}
				for _, r := range text {
					// Pictographs read badly aloud: the rules are plain text.
					assert.False(t, r >= 0x1F000 || (r >= 0x2600 && r <= 0x27BF) || r == 0xFE0F,
						"%s contains the symbol %q", id, r)
				}
			}
		})
	}
}

func TestRulesPages(t *testing.T) {
	// Each page should read in a few minutes.
	maxBlocks := map[string]int{"diamant": 40, "donaz": 30, "donuts": 20}
	require.ElementsMatch(t, rulesSortedKeys(maxBlocks), rulesSortedKeys(Rules))
	for game, page := range Rules {
		t.Run(game, func(t *testing.T) {
			blocks := 0
			seen := map[string]bool{}
			for _, id := range page.IDs() {
				assert.True(t, strings.HasPrefix(id, "rules."+game+"."), "%s belongs to another page", id)
				assert.False(t, seen[id], "%s is listed twice", id)
				seen[id] = true
			}
			for _, s := range page.Sections {
				assert.NotEmpty(t, s.Blocks, "%s has no text", s.Heading)
				blocks += len(s.Blocks)
				for _, b := range s.Blocks {
					name := b.ID[strings.LastIndex(b.ID, ".")+1:]
					assert.Equal(t, b.Item, strings.HasPrefix(name, "li"), "%s: list items are named liN, paragraphs pN", b.ID)
				}
			}
			assert.LessOrEqual(t, blocks, maxBlocks[game])
		})
	}
}

// A rough guard against a paragraph left in English in another language's file:
// none of these common English words is a word in Italian, French or Slovak.
func TestRulesNoEnglishLeftOver(t *testing.T) {
	english := []string{" the ", " and ", " you ", " your "}
	for _, lang := range rulesLangs[1:] {
		for id, text := range loadRules(t, lang) {
			lower := " " + strings.ToLower(strings.Map(func(r rune) rune {
				if unicode.IsPunct(r) {
					return ' '
				}
				return r
			}, text)) + " "
			for _, w := range english {
				assert.NotContains(t, lower, w, "%s %s looks English", lang, id)
			}
		}
	}
}
