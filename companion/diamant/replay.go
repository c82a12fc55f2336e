package diamant

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// scenario is a Diamant scenario file: players in seat order and actions where exits are
// given by name. "seed" is optional and only matters for {"draw": "random"}.
type scenario struct {
	Game    string            `json:"game"`
	Players *[]string         `json:"players"`
	Seed    uint64            `json:"seed"`
	Actions []json.RawMessage `json:"actions"`
	Suggest string            `json:"suggest"`
}

// scenarioAction is one action of a scenario: exactly one of draw and exits.
type scenarioAction struct {
	Draw  *string   `json:"draw"`
	Exits *[]string `json:"exits"`
}

// ScenarioError is the "error" of a replay that stopped on a refused action.
type ScenarioError struct {
	At      int    `json:"at"`
	Code    Code   `json:"code"`
	Message string `json:"message"`
}

// ScenarioResult is what a replay prints: the state as the scenario format writes it, and
// the refusal that stopped it, if any.
type ScenarioResult struct {
	Snapshot
	Error *ScenarioError `json:"error,omitempty"`
	// Suggestion is, with "suggest" and a vote due, each explorer's vote in the cave by
	// name: "continue" or "leave", as an explorer of that level would vote (Suggest).
	Suggestion map[string]string `json:"suggestion,omitempty"`
}

// ReplayScenario replays a scenario file (see the scenario format). It returns the result
// object to print as JSON, whether the replay stopped on an illegal action (the result then
// holds "error": {"at", "message"}), and an error when the data is not a diamant scenario.
func ReplayScenario(data []byte) (any, bool, error) {
	var sc scenario
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&sc); err != nil {
		return nil, false, fmt.Errorf("not a diamant scenario: %w", err)
	}
	if sc.Game != "diamant" {
		return nil, false, fmt.Errorf("not a diamant scenario: game is %q", sc.Game)
	}
	if sc.Players == nil {
		return nil, false, errors.New("not a diamant scenario: no players")
	}
	var level Level
	if sc.Suggest != "" {
		var err error
		if level, err = ParseLevel(sc.Suggest); err != nil {
			return nil, false, err
		}
	}

	s, err := New(Setup{Players: *sc.Players, Seed: sc.Seed})
	if err != nil {
		e := err.(*Error)
		return map[string]any{"error": ScenarioError{At: -1, Code: e.Code, Message: e.Error()}}, true, nil
	}
	var buf [64]Event
	for i, raw := range sc.Actions {
		act, refusal := s.scenarioAction(raw)
		if refusal == nil {
			_, err := s.Step(act, buf[:0])
			if err != nil {
				refusal = err.(*Error)
			}
		}
		if refusal != nil {
			return ScenarioResult{Snapshot: s.Snapshot(),
				Error: &ScenarioError{At: i, Code: refusal.Code, Message: refusal.Error()}}, true, nil
		}
	}
	res := ScenarioResult{Snapshot: s.Snapshot()}
	if leavers, voters, ok := Suggest(s, level, false); ok && level != "" {
		res.Suggestion = make(map[string]string, voters.Count())
		for _, i := range voters.List() {
			res.Suggestion[s.names[i]] = "continue"
			if leavers.Has(i) {
				res.Suggestion[s.names[i]] = "leave"
			}
		}
	}
	return res, false, nil
}

// scenarioAction turns a scenario's action into an Action, refusing actions, card names
// and player names that mean nothing: like any illegal action, they stop the replay there.
func (s *State) scenarioAction(raw json.RawMessage) (Action, *Error) {
	var a scenarioAction
	if err := json.Unmarshal(raw, &a); err != nil || (a.Draw == nil) == (a.Exits == nil) {
		return Action{}, &Error{Code: CodeUnknownAction, Seat: -1}
	}
	if a.Draw != nil {
		var c Card
		if err := c.UnmarshalText([]byte(*a.Draw)); err != nil {
			return Action{}, &Error{Code: CodeUnknownCard, Seat: -1, Name: *a.Draw}
		}
		return Draw(c), nil
	}
	if !s.VoteDue() {
		return Exits(0), nil // let the rules say why no vote is due
	}
	var leavers Seats
	for _, name := range *a.Exits {
		i := s.Seat(name)
		if i < 0 {
			return Action{}, &Error{Code: CodeUnknownSeat, Seat: -1, Name: name}
		}
		if leavers.Has(i) {
			return Action{}, &Error{Code: CodeDuplicateExit, Seat: i, Name: s.names[i]}
		}
		leavers |= 1 << uint(i)
	}
	return Exits(leavers), nil
}
