package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRefusalSaid(t *testing.T) {
	r := Refuse(Conflict, "donuts.phones.error.wait", "Color", 2)
	said := r.Said(func(a any) any {
		if n, ok := a.(int); ok {
			return "colour " + string(rune('0'+n))
		}
		return a
	})
	require.Equal(t, &Refusal{Kind: Conflict, ID: "donuts.phones.error.wait", Args: []any{"Color", "colour 2"}}, said)
	require.Equal(t, []any{"Color", 2}, r.Args, "the refusal is left as it is")
	require.EqualError(t, r, "table: refused: donuts.phones.error.wait")
}
