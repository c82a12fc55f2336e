package diamant

import (
	"encoding/json"
	"fmt"
	"slices"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

// Import is a Diamant table kept on a phone as the server takes it (POST /tables/import).
// Its options are checked as the setup form checks them and made again from what the
// form sets (Options.Imported); its actions are decoded, and both are encoded again as
// the server writes its own tables, never kept as they were sent: a draw carries the
// version it makes here (its place in the log plus one, the version of an imported table
// being its log's length). Then it is replayed. The record returned has rec's game, that
// setup and log, and whether the game is over; no id, no devices. Errors: table.ErrOption,
// an *engine.Error for the players (as the form says it), and table.ErrDamaged for what
// cannot be read or does not replay.
func Import(rec table.Record) (table.Record, *Table, error) {
	var opt Options
	if err := json.Unmarshal(rec.Setup, &opt); err != nil {
		return table.Record{}, nil, fmt.Errorf("%w: setup: %w", table.ErrDamaged, err)
	}
	opt, err := opt.Imported()
	if err != nil {
		return table.Record{}, nil, err
	}
	out := table.Record{Table: table.Table{Game: Game.Name()}, Log: make([]json.RawMessage, len(rec.Log))}
	if out.Setup, err = json.Marshal(opt); err != nil {
		return table.Record{}, nil, err
	}
	for i, raw := range rec.Log {
		var a engine.Action
		if err := json.Unmarshal(raw, &a); err != nil {
			return table.Record{}, nil, fmt.Errorf("%w: action %d: %w", table.ErrDamaged, i, err)
		}
		if out.Log[i], err = Stamped(a, int64(i+1)); err != nil {
			return table.Record{}, nil, fmt.Errorf("%w: action %d: %w", table.ErrDamaged, i, err)
		}
	}
	sh, err := Replay(out)
	if err != nil {
		return table.Record{}, nil, fmt.Errorf("%w: %w", table.ErrDamaged, err)
	}
	out.Finished = sh.State.Finished()
	return out, sh, nil
}

// Imported are the options of a table kept on a phone as a new table's form makes them:
// a way of drawing and of voting that exist, the players the engine accepts (an
// *engine.Error says why not), with their names cleaned (engine.CleanName), and none of
// the settings of a table open to other phones (the phone's engine never opens one).
// Anything else the options held is left out.
func (o Options) Imported() (Options, error) {
	switch {
	case o.Draw != DrawApp && o.Draw != DrawBox, o.Vote != VotePhone && o.Vote != VoteCards:
		return Options{}, fmt.Errorf("%w: draw %q, vote %q", table.ErrOption, o.Draw, o.Vote)
	case o.Phones || o.Lobby || o.Hidden || len(o.Own) > 0 || o.Ended || o.Proposal != nil || len(o.Keepers) > 0 || len(o.Moved) > 0:
		return Options{}, fmt.Errorf("%w: the settings of a table open to other phones", table.ErrOption)
	}
	if _, err := engine.New(o.Setup); err != nil {
		return Options{}, err
	}
	players := make([]string, len(o.Players))
	for i, name := range o.Players {
		players[i] = engine.CleanName(name)
	}
	out := Options{Setup: engine.Setup{Players: players, Seed: o.Seed}, Draw: o.Draw, Vote: o.Vote}
	if o.ExplorerSeats() != 0 { // computer explorers: their levels, by seat, as a form sets them
		if len(o.Explorers) > len(players) || o.Vote != VotePhone || o.People() < 1 {
			return Options{}, fmt.Errorf("%w: computer explorers", table.ErrOption)
		}
		for _, l := range o.Explorers {
			if _, err := engine.ParseLevel(string(l)); l != "" && err != nil {
				return Options{}, fmt.Errorf("%w: computer explorers' level %q", table.ErrOption, l)
			}
		}
		out.Explorers = slices.Clone(o.Explorers)
	}
	return out, nil
}
