package kit

import (
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/donuts"
	"tavolo/i18n"
	"tavolo/web/say"
	"tavolo/web/table"
)

// A table's refusal is said in the request's language, its game's values too, with the
// status of its kind; the refusal itself is left as it was.
func TestSayRefusal(t *testing.T) {
	cat, err := i18n.Load()
	require.NoError(t, err)
	l := cat.Localizer("en")
	r := table.Refuse(table.Conflict, "donuts.phones.error.wait", "Color", donuts.Vanilla)
	problem, status, ok := SayRefusal(l, r)
	require.True(t, ok)
	require.Equal(t, http.StatusConflict, status)
	require.Equal(t, l.T("donuts.phones.error.wait", "Color", say.DonutsColor(l, donuts.Vanilla)), problem)
	require.NotContains(t, problem, "%!")
	require.Equal(t, []any{"Color", donuts.Vanilla}, r.Args)
	for kind, want := range map[table.Kind]int{table.BadForm: 400, table.Conflict: 409, table.Invalid: 422, table.Forbidden: 403} {
		_, status, _ := SayRefusal(l, table.Refuse(kind, "diamant.error.form"))
		require.Equal(t, want, status)
	}
	_, _, ok = SayRefusal(l, errors.New("not a refusal"))
	require.False(t, ok)
	_, _, ok = SayRefusal(l, nil)
	require.False(t, ok)
}
