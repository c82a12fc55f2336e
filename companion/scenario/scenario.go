// Package scenario replays a written-down game (the format of `tavolo replay`) with the
// rules of the game it names.
package scenario

import (
	"encoding/json"
	"errors"
	"fmt"

	"tavolo/companion/diamant"
	"tavolo/companion/donuts"
)

// replayers maps a scenario's "game" to the package that replays it. Each returns the
// result object, whether it stopped on an illegal action, and an error when the data is not
// a scenario of that game.
var replayers = map[string]func([]byte) (any, bool, error){
	"diamant": diamant.ReplayScenario,
	"donuts":  donuts.ReplayScenario,
}

// Replay picks the game named in the scenario and replays it: the result, whether it
// stopped on an illegal action, and an error when data is not a scenario.
func Replay(data []byte) (any, bool, error) {
	var head struct {
		Game string `json:"game"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, false, fmt.Errorf("not a scenario: %w", err)
	}
	if head.Game == "" {
		return nil, false, errors.New("the scenario names no game")
	}
	run, ok := replayers[head.Game]
	if !ok {
		return nil, false, fmt.Errorf("unknown game %q", head.Game)
	}
	return run(data)
}
