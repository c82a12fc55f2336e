package donuts

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/donuts"
	"tavolo/i18n"
	"tavolo/web/say"
	"tavolo/web/table"
)

// A refusal's colour is said in the request's language; the refusal is left as it was.
func TestSayRefusalSaysColours(t *testing.T) {
	cat, err := i18n.Load()
	require.NoError(t, err)
	for _, lang := range []string{"en", "fr"} {
		l := cat.Localizer(lang)
		r := table.Refuse(table.Conflict, "donuts.phones.error.wait", "Color", donuts.Vanilla)
		problem, status, ok := sayRefusal(l, r)
		require.True(t, ok)
		require.Equal(t, http.StatusConflict, status)
		require.Equal(t, l.T("donuts.phones.error.wait", "Color", say.DonutsColor(l, donuts.Vanilla)), problem)
		require.Contains(t, problem, say.DonutsColor(l, donuts.Vanilla))
		require.Equal(t, []any{"Color", donuts.Vanilla}, r.Args)
	}
	_, _, ok := sayRefusal(cat.Localizer("en"), nil)
	require.False(t, ok)
}
