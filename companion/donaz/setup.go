// Package donaz holds the pure parts of Donaz's companion: the clock's setup, its limits
// and its validation. The clock itself runs in the browser (pwa/static/js/clock.js): it
// must answer a tap within a frame and keep time with no network.
package donaz

import (
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The limits of a setup, the same as clock.js's LIMITS.
const (
	DefaultMinutes = 5
	MinMinutes     = 1
	MaxMinutes     = 60
	MaxIncrement   = 30 // seconds added to a team's time after each of its turns
	MaxName        = 40 // characters of a team name
)

// Colors are the teams' colours, each with its own pattern, so that no team is told by
// colour alone. The page names them ("red, striped") and draws the pattern.
var Colors = []string{"red", "blue", "green", "yellow"}

// Who starts: one of the teams, or drawn at random by the clock when the game begins.
const (
	StartFirst  = "1"
	StartSecond = "2"
	StartRandom = "random"
)

// Team is one team as set up. An empty Name means the default, localized by the page.
type Team struct {
	Name  string `json:"name"`
	Color string `json:"color"`
}

// Setup is a clock's settings, as the setup form sends them.
type Setup struct {
	Game      string  `json:"game"` // an id the setup form makes, so that each new setup is a new game
	Teams     [2]Team `json:"teams"`
	Minutes   int     `json:"minutes"`
	Untimed   bool    `json:"untimed"`
	Increment int     `json:"increment"` // seconds
	Start     string  `json:"start"`
}

// Default is the rulebook's setup: 5 minutes a team, no increment, the first team starts.
func Default() Setup {
	return Setup{
		Teams:   [2]Team{{Color: Colors[0]}, {Color: Colors[1]}},
		Minutes: DefaultMinutes,
		Start:   StartFirst,
	}
}

// Problem is one refused field: the form field's name and the reason's message id.
type Problem struct {
	Field  string
	Reason string
}

// The reasons a setup is refused (message ids of the donaz catalog).
const (
	ReasonNameLong   = "donaz.error.nameLong"
	ReasonNameBad    = "donaz.error.nameBad"
	ReasonColor      = "donaz.error.color"
	ReasonSameColor  = "donaz.error.sameColor"
	ReasonMinutes    = "donaz.error.minutes"
	ReasonIncrement  = "donaz.error.increment"
	ReasonStart      = "donaz.error.start"
	ReasonGame       = "donaz.error.game"
	ReasonSameName   = "donaz.error.sameName"
	ReasonUntimedBad = "donaz.error.untimed"
)

var gameID = regexp.MustCompile(`^[a-z0-9]{1,32}$`)

// Parse reads a setup from the form's query. A missing field takes its default, so that
// /donaz/clock alone is the rulebook's game; a present but wrong one is a Problem.
// Names are trimmed; whether two names clash is for the caller to tell, once the empty
// ones have their localized defaults.
func Parse(q url.Values) (Setup, []Problem) {
	s := Default()
	var problems []Problem
	refuse := func(field, reason string) { problems = append(problems, Problem{field, reason}) }
	has := func(key string) bool { _, ok := q[key]; return ok }

	if has("game") {
		if g := q.Get("game"); gameID.MatchString(g) {
			s.Game = g
		} else {
			refuse("game", ReasonGame)
		}
	}
	for i := range s.Teams {
		n := strconv.Itoa(i + 1)
		name := strings.TrimSpace(q.Get("name" + n))
		switch {
		case utf8.RuneCountInString(name) > MaxName:
			refuse("name"+n, ReasonNameLong)
		case !utf8.ValidString(name) || strings.IndexFunc(name, unicode.IsControl) >= 0:
			refuse("name"+n, ReasonNameBad)
		default:
			s.Teams[i].Name = name
		}
		if has("color" + n) {
			if c := q.Get("color" + n); slices.Contains(Colors, c) {
				s.Teams[i].Color = c
			} else {
				refuse("color"+n, ReasonColor)
			}
		}
	}
	if s.Teams[0].Color == s.Teams[1].Color && !hasField(problems, "color1") && !hasField(problems, "color2") {
		refuse("color2", ReasonSameColor)
	}
	switch v := q.Get("untimed"); v {
	case "":
	case "on", "1", "true":
		s.Untimed = true
	default:
		refuse("untimed", ReasonUntimedBad)
	}
	// An untimed clock ignores the minutes, but a number out of range is still refused
	// when there is no time limit to excuse it.
	if has("minutes") && !s.Untimed {
		if m, ok := wholeNumber(q.Get("minutes"), MinMinutes, MaxMinutes); ok {
			s.Minutes = m
		} else {
			refuse("minutes", ReasonMinutes)
		}
	}
	if has("increment") {
		if v, ok := wholeNumber(q.Get("increment"), 0, MaxIncrement); ok {
			s.Increment = v
		} else {
			refuse("increment", ReasonIncrement)
		}
	}
	if has("start") {
		if v := q.Get("start"); v == StartFirst || v == StartSecond || v == StartRandom {
			s.Start = v
		} else {
			refuse("start", ReasonStart)
		}
	}
	return s, problems
}

// wholeNumber parses a whole number in [lo, hi]; an empty field is not one.
func wholeNumber(v string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < lo || n > hi {
		return 0, false
	}
	return n, true
}

func hasField(problems []Problem, field string) bool {
	return slices.ContainsFunc(problems, func(p Problem) bool { return p.Field == field })
}

// SameName reports whether two shown team names would be confused when spoken.
func SameName(a, b string) bool {
	return strings.EqualFold(strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " "))
}

// Query is the setup as the form's query, the inverse of Parse (names as typed).
func (s Setup) Query() url.Values {
	q := url.Values{}
	if s.Game != "" {
		q.Set("game", s.Game)
	}
	for i, t := range s.Teams {
		n := strconv.Itoa(i + 1)
		q.Set("name"+n, t.Name)
		q.Set("color"+n, t.Color)
	}
	q.Set("minutes", strconv.Itoa(s.Minutes))
	if s.Untimed {
		q.Set("untimed", "on")
	}
	q.Set("increment", strconv.Itoa(s.Increment))
	q.Set("start", s.Start)
	return q
}
