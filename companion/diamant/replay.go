package diamant

import "errors"

// ReplayScenario replays a scenario file (see the scenario format). It returns the result
// object to print as JSON, whether the replay stopped on an illegal action (the result then
// holds "error": {"at", "message"}), and an error when the data is not a diamant scenario.
func ReplayScenario(data []byte) (any, bool, error) {
	return nil, false, errors.New("diamant: replay not written yet")
}
