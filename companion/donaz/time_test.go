package donaz

import (
	"net/url"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue #14: time controls, a team's own time (handicap), the chosen warnings and the
// pause when the app is put away.

func TestDefaultQueryUnchanged(t *testing.T) {
	// The query of a setup is its running clock's key: a setup made before issue #14
	// keeps its query, so a clock running across the update resumes.
	require.Equal(t, "color1=red&color2=blue&increment=0&minutes=5&name1=&name2=&start=1", Default().Query().Encode())
	s, problems := Parse(url.Values{"minutes": {"7"}, "increment": {"3"}})
	require.Empty(t, problems)
	require.Equal(t, "color1=red&color2=blue&increment=3&minutes=7&name1=&name2=&start=1", s.Query().Encode())
	require.True(t, s.DefaultAlerts())
	require.False(t, s.Handicap())
}

func TestParseTimeSettings(t *testing.T) {
	for _, tc := range []struct {
		name  string
		q     url.Values
		check func(t *testing.T, s Setup)
	}{
		{"a handicap", url.Values{"minutes": {"5"}, "minutes2": {"3"}, "minutes1": {""}}, func(t *testing.T, s Setup) {
			require.Equal(t, [2]int{5, 3}, [2]int{s.TeamMinutes(0), s.TeamMinutes(1)})
			require.True(t, s.Handicap())
		}},
		{"a team's own time equal to the others'", url.Values{"minutes": {"5"}, "minutes1": {"5"}}, func(t *testing.T, s Setup) {
			require.Equal(t, 5, s.TeamMinutes(0))
			require.False(t, s.Handicap())
		}},
		{"a simple delay", url.Values{"control": {"delay"}, "delay": {"3"}, "increment": {"99"}}, func(t *testing.T, s Setup) {
			require.Equal(t, ControlDelay, s.Control)
			require.Equal(t, 3, s.Delay)
			require.Equal(t, 0, s.Increment, "the increment's field is not read with a delay")
		}},
		{"a Bronstein delay of 30 s", url.Values{"control": {"bronstein"}, "delay": {"30"}}, func(t *testing.T, s Setup) {
			require.Equal(t, ControlBronstein, s.Control)
			require.Equal(t, 30, s.Delay)
		}},
		{"an increment, the delay's field not read", url.Values{"control": {"increment"}, "increment": {"2"}, "delay": {"x"}}, func(t *testing.T, s Setup) {
			require.Equal(t, 2, s.Increment)
			require.Equal(t, DefaultDelay, s.Delay)
		}},
		{"warnings chosen, the count on", url.Values{"alerts": {"1"}, "alert": {"10", "300", "10"}, "count": {"on"}}, func(t *testing.T, s Setup) {
			require.Equal(t, []int{300, 10}, s.Alerts)
			require.True(t, s.Count)
			require.False(t, s.DefaultAlerts())
		}},
		{"no warning ticked at all", url.Values{"alerts": {"1"}}, func(t *testing.T, s Setup) {
			require.Equal(t, []int{}, s.Alerts)
			require.False(t, s.Count)
		}},
		{"the default warnings ticked", url.Values{"alerts": {"1"}, "alert": {"60", "30", "10"}, "count": {"on"}}, func(t *testing.T, s Setup) {
			require.True(t, s.DefaultAlerts())
		}},
		{"the pause when put away", url.Values{"pausehidden": {"on"}}, func(t *testing.T, s Setup) {
			require.True(t, s.PauseHidden)
		}},
		{"untimed ignores the teams' times", url.Values{"untimed": {"on"}, "minutes1": {"0"}, "minutes2": {"99"}}, func(t *testing.T, s Setup) {
			require.True(t, s.Untimed)
			require.False(t, s.Handicap())
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, problems := Parse(tc.q)
			require.Empty(t, problems)
			tc.check(t, s)
			again, problems := Parse(s.Query())
			require.Empty(t, problems)
			require.Equal(t, s, again, "Query is the inverse of Parse")
		})
	}
}

func TestParseRefusesTimeSettings(t *testing.T) {
	for _, tc := range []struct {
		name  string
		q     url.Values
		field string
		why   string
	}{
		{"a team with 0 minutes", url.Values{"minutes1": {"0"}}, "minutes1", ReasonTeamTime},
		{"a team with 61 minutes", url.Values{"minutes2": {"61"}}, "minutes2", ReasonTeamTime},
		{"a team's time in words", url.Values{"minutes2": {"three"}}, "minutes2", ReasonTeamTime},
		{"a team's time with a fraction", url.Values{"minutes1": {"2.5"}}, "minutes1", ReasonTeamTime},
		{"an unknown control", url.Values{"control": {"hourglass"}}, "control", ReasonControl},
		{"a delay over 30 s", url.Values{"control": {"delay"}, "delay": {"31"}}, "delay", ReasonDelay},
		{"a negative delay", url.Values{"control": {"bronstein"}, "delay": {"-1"}}, "delay", ReasonDelay},
		{"an empty delay", url.Values{"control": {"delay"}, "delay": {""}}, "delay", ReasonDelay},
		{"an unknown warning", url.Values{"alerts": {"1"}, "alert": {"45"}}, "alert", ReasonAlert},
		{"the count as a warning", url.Values{"alerts": {"1"}, "alert": {"5"}}, "alert", ReasonAlert},
		{"a warning in words", url.Values{"alert": {"a minute"}}, "alert", ReasonAlert},
		{"a count not understood", url.Values{"alerts": {"1"}, "count": {"maybe"}}, "count", ReasonCount},
		{"a pause not understood", url.Values{"pausehidden": {"yes please"}}, "pausehidden", ReasonHidden},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, problems := Parse(tc.q)
			require.Equal(t, []Problem{{tc.field, tc.why}}, problems)
		})
	}
}

func FuzzParseTime(f *testing.F) {
	f.Add("3", "", "delay", "5", "300", "on", "on")
	f.Add("0", "61", "bronstein", "31", "45", "", "x")
	f.Fuzz(func(t *testing.T, m1, m2, control, delay, alert, count, hidden string) {
		s, problems := Parse(url.Values{
			"minutes1": {m1}, "minutes2": {m2}, "control": {control}, "delay": {delay},
			"alerts": {"1"}, "alert": {alert}, "count": {count}, "pausehidden": {hidden},
		})
		if len(problems) > 0 {
			return
		}
		// Whatever is accepted is within the limits, and reads back the same.
		for i := range s.Teams {
			require.GreaterOrEqual(t, s.TeamMinutes(i), MinMinutes)
			require.LessOrEqual(t, s.TeamMinutes(i), MaxMinutes)
		}
		require.Contains(t, Controls, s.Control)
		require.GreaterOrEqual(t, s.Delay, 0)
		require.LessOrEqual(t, s.Delay, MaxDelay)
		for _, a := range s.Alerts {
			require.Contains(t, AlertChoices, a)
		}
		require.True(t, slices.IsSortedFunc(s.Alerts, func(a, b int) int { return b - a }))
		again, problems := Parse(s.Query())
		require.Empty(t, problems)
		require.Equal(t, s, again)
	})
}
