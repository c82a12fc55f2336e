package donaz

import (
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseDefaults(t *testing.T) {
	s, problems := Parse(url.Values{})
	require.Empty(t, problems)
	require.Equal(t, Default(), s)
	require.Equal(t, 5, s.Minutes)
	require.Equal(t, StartFirst, s.Start)
}

func TestParseAccepts(t *testing.T) {
	q := url.Values{
		"game": {"ab12"}, "name1": {"  Les Rapides "}, "name2": {"Ďatelina"},
		"color1": {"green"}, "color2": {"yellow"}, "minutes": {"60"}, "increment": {"30"}, "start": {"random"},
	}
	s, problems := Parse(q)
	require.Empty(t, problems)
	want := Default()
	want.Game = "ab12"
	want.Teams = [2]Team{{Name: "Les Rapides", Color: "green"}, {Name: "Ďatelina", Color: "yellow"}}
	want.Minutes, want.Increment, want.Start = 60, 30, StartRandom
	require.Equal(t, want, s)
	again, problems := Parse(s.Query())
	require.Empty(t, problems)
	require.Equal(t, s, again, "Query is the inverse of Parse")
}

func TestParseUntimedIgnoresMinutes(t *testing.T) {
	s, problems := Parse(url.Values{"untimed": {"on"}, "minutes": {"0"}})
	require.Empty(t, problems)
	require.True(t, s.Untimed)
}

func TestParseRefuses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		q     url.Values
		field string
		why   string
	}{
		{"name too long", url.Values{"name1": {strings.Repeat("é", 41)}}, "name1", ReasonNameLong},
		{"control character", url.Values{"name2": {"a\x07b"}}, "name2", ReasonNameBad},
		{"unknown colour", url.Values{"color1": {"pink"}}, "color1", ReasonColor},
		{"same colours", url.Values{"color1": {"blue"}, "color2": {"blue"}}, "color2", ReasonSameColor},
		{"no minutes", url.Values{"minutes": {""}}, "minutes", ReasonMinutes},
		{"zero minutes", url.Values{"minutes": {"0"}}, "minutes", ReasonMinutes},
		{"61 minutes", url.Values{"minutes": {"61"}}, "minutes", ReasonMinutes},
		{"fractional minutes", url.Values{"minutes": {"2.5"}}, "minutes", ReasonMinutes},
		{"negative increment", url.Values{"increment": {"-1"}}, "increment", ReasonIncrement},
		{"31 s increment", url.Values{"increment": {"31"}}, "increment", ReasonIncrement},
		{"bad start", url.Values{"start": {"3"}}, "start", ReasonStart},
		{"bad game id", url.Values{"game": {"<x>"}}, "game", ReasonGame},
		{"bad untimed", url.Values{"untimed": {"maybe"}}, "untimed", ReasonUntimedBad},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, problems := Parse(tc.q)
			require.Equal(t, []Problem{{tc.field, tc.why}}, problems)
		})
	}
}

func TestParseFortyCharactersIsFine(t *testing.T) {
	s, problems := Parse(url.Values{"name1": {strings.Repeat("ž", 40)}})
	require.Empty(t, problems)
	require.Equal(t, strings.Repeat("ž", 40), s.Teams[0].Name)
}

func TestSameName(t *testing.T) {
	require.True(t, SameName("Team 1", "team  1"))
	require.True(t, SameName(" Rossi", "ROSSI "))
	require.False(t, SameName("Team 1", "Team 2"))
}

func FuzzParse(f *testing.F) {
	f.Add("Team 1", "red", "5", "0", "1")
	f.Add("", "blue", "61", "-3", "random")
	f.Fuzz(func(t *testing.T, name, color, minutes, increment, start string) {
		s, problems := Parse(url.Values{"name1": {name}, "color1": {color}, "minutes": {minutes}, "increment": {increment}, "start": {start}})
		if len(problems) > 0 {
			return
		}
		// Whatever is accepted is within the limits.
		require.LessOrEqual(t, len([]rune(s.Teams[0].Name)), MaxName)
		require.GreaterOrEqual(t, s.Minutes, MinMinutes)
		require.LessOrEqual(t, s.Minutes, MaxMinutes)
		require.GreaterOrEqual(t, s.Increment, 0)
		require.LessOrEqual(t, s.Increment, MaxIncrement)
		require.Contains(t, Colors, s.Teams[0].Color)
		require.NotEqual(t, s.Teams[0].Color, s.Teams[1].Color)
	})
}
