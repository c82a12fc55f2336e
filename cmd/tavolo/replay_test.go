package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScenarios replays every scenario kept in the games' test data and compares the
// result with its "expect", as the scenario format defines a match.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("../../companion/*/testdata/scenarios/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files, "no scenario files found")
	for _, file := range files {
		t.Run(filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(file))))+"/"+filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			var sc struct {
				Expect map[string]any `json:"expect"`
			}
			require.NoError(t, json.Unmarshal(data, &sc))
			require.NotNil(t, sc.Expect, "scenario has no expect")

			var stdout, stderr bytes.Buffer
			code := replayFile(file, &stdout, &stderr)
			var got map[string]any
			require.NoError(t, json.Unmarshal(stdout.Bytes(), &got), "stdout: %s stderr: %s", stdout.String(), stderr.String())

			if wantErr, ok := sc.Expect["error"].(map[string]any); ok {
				require.Equal(t, replayIllegal, code, "exit code; output %s", stdout.String())
				gotErr, ok := got["error"].(map[string]any)
				require.True(t, ok, "result holds no error: %s", stdout.String())
				require.Equal(t, wantErr["at"], gotErr["at"], "error.at; output %s", stdout.String())
				require.NotEmpty(t, gotErr["message"])
				return
			}
			require.Equal(t, replayOK, code, "exit code; output %s", stdout.String())
			if err := subset(sc.Expect, got, "expect"); err != nil {
				t.Fatalf("%v\ngot: %s", err, stdout.String())
			}
		})
	}
}

// subset reports where got differs from want: every field of want must be in got with an
// equal value; got may hold more fields.
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

func TestReplayBadFiles(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"not-json.json": "{",
		"no-game.json":  `{"players": ["a", "b", "c"]}`,
		"unknown.json":  `{"game": "chess"}`,
	}
	for name, body := range cases {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(body), 0o600))
		var stdout, stderr bytes.Buffer
		require.Equal(t, replayBadFile, replayFile(path, &stdout, &stderr), name)
		require.NotEmpty(t, stderr.String(), name)
	}
	var stdout, stderr bytes.Buffer
	require.Equal(t, replayBadFile, replayFile(filepath.Join(dir, "missing.json"), &stdout, &stderr))
}
