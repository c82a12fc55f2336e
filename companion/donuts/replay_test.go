package donuts

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScenarioFiles replays every scenario in testdata and checks each expected field,
// as the scenario format defines a match (extra fields allowed; for an error, error.at).
func TestScenarioFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/scenarios/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			var sc struct {
				Expect map[string]any `json:"expect"`
			}
			require.NoError(t, json.Unmarshal(data, &sc))
			res, illegal, err := ReplayScenario(data)
			require.NoError(t, err)
			out, err := json.Marshal(res)
			require.NoError(t, err)
			var got map[string]any
			require.NoError(t, json.Unmarshal(out, &got))
			if want, ok := sc.Expect["error"].(map[string]any); ok {
				require.True(t, illegal, "%s", out)
				gotErr, ok := got["error"].(map[string]any)
				require.True(t, ok, "%s", out)
				assert.Equal(t, want["at"], gotErr["at"], "%s", out)
				assert.NotEmpty(t, gotErr["message"])
				return
			}
			require.False(t, illegal, "%s", out)
			for k, v := range sc.Expect {
				assert.Equal(t, v, got[k], "field %s; got %s", k, out)
			}
			if _, ok := got["suggestion"]; ok {
				assert.Contains(t, got["allowed"], got["suggestion"])
			}
		})
	}
}

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
