package diamant

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScenarios replays every scenario in testdata as `tavolo replay` does and compares
// with its expect: every expected field must match; for an error only error.at.
func TestScenarios(t *testing.T) {
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
			result, illegal, err := ReplayScenario(data)
			require.NoError(t, err)
			out, err := json.Marshal(result)
			require.NoError(t, err)
			var got map[string]any
			require.NoError(t, json.Unmarshal(out, &got))
			if wantErr, ok := sc.Expect["error"].(map[string]any); ok {
				require.True(t, illegal, "output %s", out)
				gotErr, ok := got["error"].(map[string]any)
				require.True(t, ok, "no error in %s", out)
				require.Equal(t, wantErr["at"], gotErr["at"], "output %s", out)
				require.NotEmpty(t, gotErr["message"])
				return
			}
			require.False(t, illegal, "output %s", out)
			require.NoError(t, subset(sc.Expect, got, "expect"), "got %s", out)
		})
	}
}

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

// subset reports where got differs from want; got may hold more fields.
func subset(want, got any, path string) error {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: want an object, got %v", path, got)
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				return fmt.Errorf("%s.%s: missing", path, k)
			}
			if err := subset(wv, gv, path+"."+k); err != nil {
				return err
			}
		}
		return nil
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Errorf("%s: want %v, got %v", path, want, got)
		}
		for i := range w {
			if err := subset(w[i], g[i], fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	default:
		if !reflect.DeepEqual(want, got) {
			return fmt.Errorf("%s: want %v, got %v", path, want, got)
		}
		return nil
	}
}
