package diamant

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every scenario file is replayed against its expect by cmd/tavolo's TestScenarios, as
// `tavolo replay` runs it; these tests cover what the files do not.

func TestReplayScenarioBadData(t *testing.T) {
	for name, body := range map[string]string{
		"not json":           "{",
		"other game":         `{"game": "donuts"}`,
		"no players":         `{"game": "diamant", "actions": []}`,
		"actions not a list": `{"game": "diamant", "players": ["a","b","c"], "actions": 3}`,
	} {
		_, _, err := ReplayScenario([]byte(body))
		require.Error(t, err, name)
	}
}

func TestReplayScenarioRefusals(t *testing.T) {
	cases := []struct {
		name string
		body string
		at   float64
		code Code
	}{
		{"too many", `{"game":"diamant","players":["a","b","c","d","e","f","g","h","i"],"actions":[]}`, -1, CodeTooManyPlayers},
		{"unknown card", `{"game":"diamant","players":["a","b","c"],"actions":[{"draw":"T6"}]}`, 0, CodeUnknownCard},
		{"unknown name", `{"game":"diamant","players":["a","b","c"],"actions":[{"draw":"T1"},{"exits":["z"]}]}`, 1, CodeUnknownSeat},
		{"named twice", `{"game":"diamant","players":["a","b","c"],"actions":[{"draw":"T1"},{"exits":["a","a"]}]}`, 1, CodeDuplicateExit},
		{"empty action", `{"game":"diamant","players":["a","b","c"],"actions":[{}]}`, 0, CodeUnknownAction},
		{"two in one", `{"game":"diamant","players":["a","b","c"],"actions":[{"draw":"T1","exits":[]}]}`, 0, CodeUnknownAction},
		{"exits not names", `{"game":"diamant","players":["a","b","c"],"actions":[{"draw":"T1"},{"exits":3}]}`, 1, CodeUnknownAction},
		{"jump", `{"game":"diamant","players":["a","b","c"],"actions":[{"jump":true}]}`, 0, CodeUnknownAction},
		{"exits not due", `{"game":"diamant","players":["a","b","c"],"actions":[{"exits":["a"]}]}`, 0, CodeVoteNotDue},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			result, illegal, err := ReplayScenario([]byte(tc.body))
			require.NoError(t, err)
			require.True(t, illegal)
			out, err := json.Marshal(result)
			require.NoError(t, err)
			var got struct {
				Error map[string]any `json:"error"`
			}
			require.NoError(t, json.Unmarshal(out, &got))
			require.Equal(t, tc.at, got.Error["at"], "%s", out)
			require.Equal(t, string(tc.code), got.Error["code"], "%s", out)
			require.NotEmpty(t, got.Error["message"])
		})
	}
}
