package diamant

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAdvice: practice's advice is the hard explorer's vote, with the numbers it read: the
// cards that would end the round by kind, what the seat carries and what it would take
// home alone.
func TestAdvice(t *testing.T) {
	// Ada: 9/4 = 2 carried, 1 on the card; a snake and a spider seen, an idol of 5 lying.
	s := replayNamed(t, 1, T9, Seats(0), Snake, Seats(0), Spider, Seats(0), I5)
	v := s.ViewOf(0, false)
	a := Advise(&v)
	require.Equal(t, Explorer{Level: Hard}.Leaves(&v), a.Leave)
	require.Equal(t, 4, a.Ending, "two snakes and two spiders left")
	require.Equal(t, 27, a.Left)
	require.Equal(t, uint32(1)<<Snake|1<<Spider, a.Hazards)
	require.Equal(t, 2, a.Carry)
	require.Equal(t, 2+1+5, a.Alone)

	fresh := replayNamed(t, 1, T5)
	v = fresh.ViewOf(1, false)
	a = Advise(&v)
	require.False(t, a.Leave, "nothing can end the round: the expert goes on")
	require.Zero(t, a.Ending)
	require.Zero(t, a.Hazards)
	require.Equal(t, 1, a.Carry)
	require.Equal(t, 1+1, a.Alone)
}
