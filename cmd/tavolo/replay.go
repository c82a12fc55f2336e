package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"tavolo/companion/scenario"
)

// Exit codes of `tavolo replay`, as the scenario format defines them.
const (
	replayOK      = 0
	replayIllegal = 1
	replayBadFile = 2
)

// replayFile runs `tavolo replay FILE`.
func replayFile(path string, stdout, stderr io.Writer) int {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return replayBadFile
	}
	result, illegal, err := scenario.Replay(data)
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
