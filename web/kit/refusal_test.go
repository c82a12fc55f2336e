package kit

import (
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/i18n"
	"tavolo/web/table"
)

// A table's refusal is said in the request's language, with the status of its kind.
func TestSayRefusal(t *testing.T) {
	cat, err := i18n.Load()
	require.NoError(t, err)
	l := cat.Localizer("en")
	problem, status, ok := SayRefusal(l, table.Refuse(table.Invalid, "diamant.join.name.taken", "Name", "Ada"))
	require.True(t, ok)
	require.Equal(t, http.StatusUnprocessableEntity, status)
	require.Equal(t, l.T("diamant.join.name.taken", "Name", "Ada"), problem)
	require.Contains(t, problem, "Ada")
	for kind, want := range map[table.Kind]int{table.BadForm: 400, table.Conflict: 409, table.Invalid: 422, table.Forbidden: 403} {
		_, status, _ := SayRefusal(l, table.Refuse(kind, "diamant.error.form"))
		require.Equal(t, want, status)
	}
	_, _, ok = SayRefusal(l, errors.New("not a refusal"))
	require.False(t, ok)
	_, _, ok = SayRefusal(l, nil)
	require.False(t, ok)
}
