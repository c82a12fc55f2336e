package say

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/i18n"
)

// catalog is the app's catalogs, read once for every test.
var catalog = sync.OnceValues(i18n.Load)

// localizer is the app's localizer for a language.
func localizer(t *testing.T, lang string) *i18n.Localizer {
	t.Helper()
	c, err := catalog()
	require.NoError(t, err)
	return c.Localizer(lang)
}

// localizers are the app's localizers, by language.
func localizers(t *testing.T) map[string]*i18n.Localizer {
	out := map[string]*i18n.Localizer{}
	for _, l := range i18n.Languages {
		out[l.Code] = localizer(t, l.Code)
	}
	return out
}

func TestList(t *testing.T) {
	ls := localizers(t)
	require.Equal(t, "", And(ls["en"], nil))
	require.Equal(t, "Ada", And(ls["fr"], []string{"Ada"}))
	require.Equal(t, "Ada et Bruno", And(ls["fr"], []string{"Ada", "Bruno"}))
	require.Equal(t, "Ada, Bruno a Chiara", And(ls["sk"], []string{"Ada", "Bruno", "Chiara"}))
	require.Equal(t, "x\u202f; y ou z", List(ls["fr"], []string{"x", "y", "z"}, "donuts.list.sep", "donuts.or"))
	require.Equal(t, "x; y alebo z", List(ls["sk"], []string{"x", "y", "z"}, "donuts.list.sep", "donuts.or"))
}
