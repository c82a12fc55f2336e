package donuts

import (
	"encoding/json"
	"fmt"

	engine "tavolo/companion/donuts"
	"tavolo/web/table"
)

// ErrLevel: a game against the computer at a level it does not have.
var ErrLevel = fmt.Errorf("%w: the computer's level is not easy, normal or hard", table.ErrOption)

// Import is a Donuts table kept on a phone as the server takes it (POST /tables/import).
// Its options are checked as the setup form checks them and made again from what the
// form sets (Options.Imported); its moves are decoded, and both are encoded again as the
// server writes its own tables, never kept as they were sent. Then it is replayed. The
// record returned has rec's game, that setup and log, and whether the game is over; no
// id, no devices. Errors: table.ErrOption (ErrLevel, ErrNoHuman among them), and
// table.ErrDamaged for what cannot be read or does not replay.
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
		var p engine.Point
		if err := json.Unmarshal(raw, &p); err != nil {
			return table.Record{}, nil, fmt.Errorf("%w: move %d: %w", table.ErrDamaged, i, err)
		}
		if out.Log[i], err = json.Marshal(p); err != nil {
			return table.Record{}, nil, err
		}
	}
	t, err := Load(out)
	if err != nil {
		return table.Record{}, nil, fmt.Errorf("%w: %w", table.ErrDamaged, err)
	}
	out.Finished = t.Game.Finished()
	return out, t, nil
}

// Imported are the options of a table kept on a phone as the setup form makes them: two
// players, or one against the computer with a colour (ErrNoHuman) and a level it has
// (ErrLevel); a board drawn from its number, with no donut placed; a first player; and
// none of the settings of a game open to a second phone (the phone's engine never opens
// one). Anything else the options held is left out.
func (o Options) Imported() (Options, error) {
	out := Options{Mode: o.Mode, AI: o.AI, Drawn: o.Drawn}
	switch o.Mode {
	case ModeComputer:
		if o.Human != engine.Chocolate && o.Human != engine.Vanilla {
			return Options{}, ErrNoHuman
		}
		if _, err := engine.ParseLevel(string(o.Level)); err != nil {
			return Options{}, ErrLevel
		}
		out.Human, out.Level = o.Human, o.Level
	case ModeTwo:
		if o.Human != engine.None || o.Level != "" {
			return Options{}, fmt.Errorf("%w: a colour or a level between two players", table.ErrOption)
		}
	default:
		return Options{}, fmt.Errorf("%w: mode %q", table.ErrOption, o.Mode)
	}
	s := o.Spec
	switch {
	case o.Phones || len(o.Own) > 0 || o.Ask != nil:
		return Options{}, fmt.Errorf("%w: the settings of a game open to a second phone", table.ErrOption)
	case s.First != engine.Chocolate && s.First != engine.Vanilla:
		return Options{}, fmt.Errorf("%w: no first player", table.ErrOption)
	case s.Seed == nil || s.Setup != nil || s.Board != engine.NewBoard(*s.Seed):
		return Options{}, fmt.Errorf("%w: a board that is not its number's, or donuts placed before the game", table.ErrOption)
	}
	out.Spec = engine.Numbered(*s.Seed, s.First)
	return out, nil
}
