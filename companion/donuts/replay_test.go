package donuts

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every scenario file is replayed against its expect by cmd/tavolo's TestScenarios, as
// `tavolo replay` runs it; these tests cover what the files do not.

func TestReplayScenarioRefusesBadFiles(t *testing.T) {
	board := `["------","------","------","------","------","------"]`
	for name, body := range map[string]string{
		"not json":      `{`,
		"other game":    `{"game":"diamant"}`,
		"short board":   `{"game":"donuts","board":["------"],"first":"chocolate","moves":[]}`,
		"bad plate":     `{"game":"donuts","board":["x-----","------","------","------","------","------"],"first":"chocolate"}`,
		"no first":      `{"game":"donuts","board":` + board + `}`,
		"bad move":      `{"game":"donuts","board":` + board + `,"first":"vanilla","moves":[[1]]}`,
		"unknown level": `{"game":"donuts","board":` + board + `,"first":"vanilla","suggest":"expert"}`,
	} {
		_, _, err := ReplayScenario([]byte(body))
		assert.Error(t, err, name)
	}
}

func TestReplayScenarioSetupRefused(t *testing.T) {
	body := `{"game":"donuts","board":["------","------","------","------","------","------"],"first":"vanilla",
		"setup":["CCCCC.","......","......","......","......","......"],"moves":[[5,5]]}`
	res, illegal, err := ReplayScenario([]byte(body))
	require.NoError(t, err)
	require.True(t, illegal)
	out, _ := json.Marshal(res)
	assert.JSONEq(t, `{"error":{"at":-1,"message":"The setup already holds five chocolate donuts in a row."}}`, string(out))
}

func TestReplayScenarioSuggests(t *testing.T) {
	for _, level := range Levels {
		body := `{"game":"donuts","board":["------","------","------","------","------","------"],"first":"chocolate",
			"setup":["CCCC..","VVV...","......","......","......","......"],"moves":[],"suggest":"` + string(level) + `"}`
		res, illegal, err := ReplayScenario([]byte(body))
		require.NoError(t, err)
		require.False(t, illegal)
		// The first move is free, and every level takes the win at once: (0, 4).
		assert.Equal(t, P(0, 4), res.(map[string]any)["suggestion"], level)
	}
	// A finished game has no suggestion.
	body := `{"game":"donuts","board":["------","------","------","------","------","------"],"first":"chocolate",
		"setup":["CCCC..","VVV...","......","......","......","......"],"moves":[[0,4]],"suggest":"hard"}`
	res, _, err := ReplayScenario([]byte(body))
	require.NoError(t, err)
	assert.NotContains(t, res, "suggestion")
}
