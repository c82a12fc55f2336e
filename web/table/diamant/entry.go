package diamant

import (
	"encoding/json"

	engine "tavolo/companion/diamant"
)

// Entry is an action as a table's log keeps it: the engine's action and, for a draw, the
// version the draw made (At), which names the vote the draw opens (Table.VoteStep): after
// an undo, a draw opens a new vote at the same place of the log, and its version tells the
// two apart. A draw logged before stamps, and any other action, has none (0).
//
// As JSON it is the engine's action, a draw with its stamp beside: {"draw":"T5","at":7}.
// The engine reads an entry as the action it holds, passing over the stamp.
type Entry struct {
	Action engine.Action
	At     int64
}

// stampedDraw is a draw with its stamp, as JSON: the engine's draw and "at".
type stampedDraw struct {
	Draw engine.Card `json:"draw"`
	At   int64       `json:"at"`
}

// MarshalJSON writes the entry: the engine's action, and a draw's stamp.
func (e Entry) MarshalJSON() ([]byte, error) {
	if e.Action.Type != engine.ActDraw || e.At == 0 {
		return json.Marshal(e.Action)
	}
	return json.Marshal(stampedDraw{Draw: e.Action.Card, At: e.At})
}

// UnmarshalJSON reads an entry: the engine's action, and a draw's stamp.
func (e *Entry) UnmarshalJSON(b []byte) error {
	var out Entry
	if err := json.Unmarshal(b, &out.Action); err != nil {
		return err
	}
	if out.Action.Type == engine.ActDraw {
		var stamp struct {
			At int64 `json:"at"`
		}
		if err := json.Unmarshal(b, &stamp); err != nil {
			return err
		}
		out.At = stamp.At
	}
	*e = out
	return nil
}

// Stamped is an action as the log keeps it (Entry): a draw carries the version it makes.
func Stamped(a engine.Action, version int64) ([]byte, error) {
	return json.Marshal(Entry{Action: a, At: version})
}
