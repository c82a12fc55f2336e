package donuts

import (
	"encoding/json"
	"errors"
	"fmt"
)

// scenario is a Donuts scenario file (see the scenario format).
type scenario struct {
	Game    string   `json:"game"`
	Board   []string `json:"board"`
	First   string   `json:"first"`
	Setup   []string `json:"setup"`
	Moves   []Point  `json:"moves"`
	Suggest string   `json:"suggest"`
}

// ReplayScenario replays a scenario file (see the scenario format). It returns the result
// object to print as JSON, whether the replay stopped on an illegal action (the result then
// holds "error": {"at", "message"}), and an error when the data is not a donuts scenario.
func ReplayScenario(data []byte) (any, bool, error) {
	var sc scenario
	if err := json.Unmarshal(data, &sc); err != nil {
		return nil, false, fmt.Errorf("donuts: not a scenario: %w", err)
	}
	if sc.Game != "donuts" {
		return nil, false, fmt.Errorf("donuts: the scenario is for %q", sc.Game)
	}
	board, err := ParseBoard(sc.Board)
	if err != nil {
		return nil, false, err
	}
	first, err := ParseColor(sc.First)
	if err != nil {
		return nil, false, errors.New("donuts: first must be chocolate or vanilla")
	}
	var level Level
	if sc.Suggest != "" {
		if level, err = ParseLevel(sc.Suggest); err != nil {
			return nil, false, err
		}
	}
	spec := Spec{Board: board, First: first, Setup: sc.Setup}
	g, at, err := Replay(spec, sc.Moves)
	if g == nil {
		return map[string]any{"error": errorResult(at, err)}, true, nil
	}
	res := resultOf(g)
	if err != nil {
		res["error"] = errorResult(at, err)
		return res, true, nil
	}
	if sc.Suggest != "" {
		if p, ok := Suggest(g, level); ok {
			res["suggestion"] = p
		}
	}
	return res, false, nil
}

func errorResult(at int, err error) map[string]any {
	return map[string]any{"at": at, "message": err.Error()}
}

// resultOf gives the result fields of the scenario format.
func resultOf(g *Game) map[string]any {
	res := map[string]any{
		"board":    g.Rows(),
		"finished": g.Finished(),
		"left":     Counts{g.Left(Chocolate), g.Left(Vanilla)},
	}
	if g.Finished() {
		res["winner"] = g.Winner()
		res["reason"] = g.Reason()
	} else {
		res["next"] = g.Turn()
		res["free"] = g.Free()
		res["allowed"] = g.Legal()
	}
	return res
}
