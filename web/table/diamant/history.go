package diamant

import (
	"fmt"

	engine "tavolo/companion/diamant"
)

// Events replays the table's game from its setup and gives every event of it in order:
// the opening round's, then each action's. A history is made from them (a replay of a
// whole game takes microseconds); the table keeps only the last action's.
func (t *Table) Events() ([]engine.Event, error) {
	st, events, err := engine.Start(t.Opt.Setup)
	if err != nil {
		return nil, err
	}
	for i, a := range t.Actions {
		if events, err = st.Step(a, events); err == nil {
			events, err = t.Opt.ExplorersVote(st, events)
		}
		if err != nil {
			return nil, fmt.Errorf("action %d: %w", i, err)
		}
	}
	return events, nil
}
