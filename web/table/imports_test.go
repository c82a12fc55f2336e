package table

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// The import key is the same for the same device, id and record, and differs when any of
// them does, however the parts would be joined.
func TestImportKeyOf(t *testing.T) {
	rec := func(game, setup string, log ...string) Record {
		r := Record{Table: Table{Game: game, Setup: json.RawMessage(setup)}}
		for _, a := range log {
			r.Log = append(r.Log, json.RawMessage(a))
		}
		return r
	}
	base := ImportKeyOf("phone", "id", rec("donuts", `{"mode":"two"}`, `[0,0]`, `[0,1]`))
	require.Len(t, base, 64)
	require.Equal(t, base, ImportKeyOf("phone", "id", rec("donuts", `{"mode":"two"}`, `[0,0]`, `[0,1]`)))
	for name, key := range map[string]string{
		"another device":             ImportKeyOf("phone2", "id", rec("donuts", `{"mode":"two"}`, `[0,0]`, `[0,1]`)),
		"another id":                 ImportKeyOf("phone", "id2", rec("donuts", `{"mode":"two"}`, `[0,0]`, `[0,1]`)),
		"another game":               ImportKeyOf("phone", "id", rec("diamant", `{"mode":"two"}`, `[0,0]`, `[0,1]`)),
		"another setup":              ImportKeyOf("phone", "id", rec("donuts", `{"mode":"computer"}`, `[0,0]`, `[0,1]`)),
		"a move fewer":               ImportKeyOf("phone", "id", rec("donuts", `{"mode":"two"}`, `[0,0]`)),
		"the moves joined":           ImportKeyOf("phone", "id", rec("donuts", `{"mode":"two"}`, `[0,0][0,1]`)),
		"the device in the id":       ImportKeyOf("", "phoneid", rec("donuts", `{"mode":"two"}`, `[0,0]`, `[0,1]`)),
		"the setup in the game":      ImportKeyOf("phone", "id", rec(`donuts{"mode":"two"}`, ``, `[0,0]`, `[0,1]`)),
		"the moves in another order": ImportKeyOf("phone", "id", rec("donuts", `{"mode":"two"}`, `[0,1]`, `[0,0]`)),
	} {
		require.NotEqual(t, base, key, name)
	}
}
