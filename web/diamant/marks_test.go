package diamant

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMarksTellSeatsApartWithoutColour(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  []string
	}{
		{[]string{"Ada", "Bruno", "Chiara"}, []string{"A", "B", "C"}},
		{[]string{"Anna", "Alberto", "Bea"}, []string{"An", "Al", "B"}},
		{[]string{"Anna", "annalisa", "Ľuba"}, []string{"A1", "a2", "Ľ"}},
		{[]string{"Émile", "Éva", "Z"}, []string{"Ém", "Év", "Z"}},
	} {
		require.Equal(t, c.want, marks(c.names), c.names)
	}
}
