package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"tavolo/companion/diamant"
	"tavolo/companion/donuts"
)

// Exit codes of `tavolo replay`, as the scenario format defines them.
const (
	replayOK      = 0
	replayIllegal = 1
	replayBadFile = 2
)

// replayers maps a scenario's "game" to the package that replays it. Each returns the
// result object to print, whether it stopped on an illegal action, and an error when the
// file is not a scenario of that game.
var replayers = map[string]func([]byte) (any, bool, error){
	"diamant": diamant.ReplayScenario,
	"donuts":  donuts.ReplayScenario,
}

// replayFile runs `tavolo replay FILE`.
func replayFile(path string, stdout, stderr io.Writer) int {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return replayBadFile
	}
	result, illegal, err := replayData(data)
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return replayBadFile
	}
	out, err := json.Marshal(result)
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return replayBadFile
	}
	fmt.Fprintln(stdout, string(out))
	if illegal {
		return replayIllegal
	}
	return replayOK
}

// replayData picks the game named in the scenario and replays it.
func replayData(data []byte) (any, bool, error) {
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
