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
	MaxDelay       = 30 // seconds of a simple or Bronstein delay
	DefaultDelay   = 5  // the delay the form offers
	MaxName        = 40 // characters of a team name
)

// Time controls: what happens to a team's time around each of its turns.
const (
	ControlIncrement = "increment" // Fischer: Increment seconds added after each turn
	ControlDelay     = "delay"     // simple delay: each turn waits Delay seconds before the time runs
	ControlBronstein = "bronstein" // after each turn, the time used is given back, up to Delay seconds
)

// Controls are the time controls in the form's order.
var Controls = []string{ControlIncrement, ControlDelay, ControlBronstein}

// AlertChoices are the warnings a setup may choose, in seconds left, from the earliest;
// DefaultAlerts those of the rulebook's clock. The count of the last 5 seconds is Count.
var (
	AlertChoices  = []int{300, 120, 60, 30, 10}
	DefaultAlerts = []int{60, 30, 10}
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

// Team is one team as set up. An empty Name means the default, localized by the page;
// Minutes 0 means the setup's Minutes (a team with its own time plays a handicap).
type Team struct {
	Name    string `json:"name"`
	Color   string `json:"color"`
	Minutes int    `json:"minutes,omitempty"`
}

// Setup is a clock's settings, as the setup form sends them.
type Setup struct {
	Game        string  `json:"game"` // an id the setup form makes, so that each new setup is a new game
	Teams       [2]Team `json:"teams"`
	Minutes     int     `json:"minutes"`
	Untimed     bool    `json:"untimed"`
	Control     string  `json:"control"`   // one of Controls
	Increment   int     `json:"increment"` // seconds, with ControlIncrement
	Delay       int     `json:"delay"`     // seconds, with ControlDelay and ControlBronstein
	Alerts      []int   `json:"alerts"`    // seconds left, among AlertChoices, from the earliest; never nil
	Count       bool    `json:"count"`     // count the last 5 seconds
	PauseHidden bool    `json:"pauseHidden"`
	Start       string  `json:"start"`
}

// Default is the rulebook's setup: 5 minutes a team, no increment, warnings at 60, 30 and
// 10 seconds and a count of the last 5, the first team starts.
func Default() Setup {
	return Setup{
		Teams:   [2]Team{{Color: Colors[0]}, {Color: Colors[1]}},
		Minutes: DefaultMinutes,
		Control: ControlIncrement,
		Delay:   DefaultDelay,
		Alerts:  slices.Clone(DefaultAlerts),
		Count:   true,
		Start:   StartFirst,
	}
}

// TeamMinutes is the time team i starts with, in minutes.
func (s Setup) TeamMinutes(i int) int {
	if m := s.Teams[i].Minutes; m > 0 {
		return m
	}
	return s.Minutes
}

// Handicap reports whether the teams start with different times.
func (s Setup) Handicap() bool { return s.TeamMinutes(0) != s.TeamMinutes(1) }

// DefaultAlerts reports whether the warnings are the rulebook clock's.
func (s Setup) DefaultAlerts() bool { return slices.Equal(s.Alerts, DefaultAlerts) && s.Count }

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
	ReasonTeamTime   = "donaz.error.minutesTeam"
	ReasonControl    = "donaz.error.control"
	ReasonDelay      = "donaz.error.delay"
	ReasonAlert      = "donaz.error.alert"
	ReasonCount      = "donaz.error.count"
	ReasonHidden     = "donaz.error.pauseHidden"
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
	if v, ok := checkbox(q.Get("untimed")); ok {
		s.Untimed = v
	} else {
		refuse("untimed", ReasonUntimedBad)
	}
	// An untimed clock ignores the minutes, but a number out of range is still refused
	// when there is no time limit to excuse it. A team's own time, the same.
	if has("minutes") && !s.Untimed {
		if m, ok := wholeNumber(q.Get("minutes"), MinMinutes, MaxMinutes); ok {
			s.Minutes = m
		} else {
			refuse("minutes", ReasonMinutes)
		}
	}
	for i := range s.Teams {
		field := "minutes" + strconv.Itoa(i+1)
		if v := strings.TrimSpace(q.Get(field)); v != "" && !s.Untimed {
			if m, ok := wholeNumber(v, MinMinutes, MaxMinutes); ok {
				s.Teams[i].Minutes = m
			} else {
				refuse(field, ReasonTeamTime)
			}
		}
	}
	if has("control") {
		if v := q.Get("control"); slices.Contains(Controls, v) {
			s.Control = v
		} else {
			refuse("control", ReasonControl)
		}
	}
	// The seconds of the control not chosen are not read: the form hides that field.
	if has("increment") && s.Control == ControlIncrement {
		if v, ok := wholeNumber(q.Get("increment"), 0, MaxIncrement); ok {
			s.Increment = v
		} else {
			refuse("increment", ReasonIncrement)
		}
	}
	if has("delay") && s.Control != ControlIncrement {
		if v, ok := wholeNumber(q.Get("delay"), 0, MaxDelay); ok {
			s.Delay = v
		} else {
			refuse("delay", ReasonDelay)
		}
	}
	// The warnings: the form's hidden "alerts" field says its checkboxes were sent, so
	// that none ticked means none, where a query without them keeps the default.
	if has("alerts") || has("alert") || has("count") {
		s.Alerts = []int{}
		for _, v := range q["alert"] {
			n, err := strconv.Atoi(v)
			if err != nil || !slices.Contains(AlertChoices, n) {
				refuse("alert", ReasonAlert)
				break
			}
			if !slices.Contains(s.Alerts, n) {
				s.Alerts = append(s.Alerts, n)
			}
		}
		slices.SortFunc(s.Alerts, func(a, b int) int { return b - a })
		if v, ok := checkbox(q.Get("count")); ok {
			s.Count = v
		} else {
			refuse("count", ReasonCount)
		}
	}
	if v, ok := checkbox(q.Get("pausehidden")); ok {
		s.PauseHidden = v
	} else {
		refuse("pausehidden", ReasonHidden)
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

// checkbox reads a checkbox's value: absent (empty) is off.
func checkbox(v string) (on, ok bool) {
	switch v {
	case "":
		return false, true
	case "on", "1", "true":
		return true, true
	}
	return false, false
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

// Query is the setup as the form's query, the inverse of Parse (names as typed). What
// issue #14 added is written only when it is not the default, so that a setup made before
// keeps its query, and so its running clock (whose key the query is).
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
	for i, t := range s.Teams {
		if t.Minutes > 0 {
			q.Set("minutes"+strconv.Itoa(i+1), strconv.Itoa(t.Minutes))
		}
	}
	if s.Control != ControlIncrement {
		q.Set("control", s.Control)
	}
	if s.Control != ControlIncrement || s.Delay != DefaultDelay {
		q.Set("delay", strconv.Itoa(s.Delay))
	}
	if !s.DefaultAlerts() {
		q.Set("alerts", "1")
		for _, a := range s.Alerts {
			q.Add("alert", strconv.Itoa(a))
		}
		if s.Count {
			q.Set("count", "on")
		}
	}
	if s.PauseHidden {
		q.Set("pausehidden", "on")
	}
	return q
}
