package web

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/labstack/echo/v4"

	"tavolo/companion/donuts"
	"tavolo/web/table"
)

// A Donuts table as the server keeps it, like a Diamant table: the options (the engine's
// spec plus who plays) in the store's setup, one plate per action in its log, and the
// device at it. Seat 0 is chocolate, seat 1 vanilla; a device holds the seats it plays:
// both for two players on one phone, the person's own against the computer.

// Ways of playing.
const (
	modeTwo      = "two"      // two players passing one phone
	modeComputer = "computer" // one player against the computer
)

// donutsOptions is what the store keeps as a table's setup.
type donutsOptions struct {
	Spec  donuts.Spec  `json:"spec"`
	Mode  string       `json:"mode"`
	Level donuts.Level `json:"level,omitempty"` // against the computer
	Human donuts.Color `json:"human,omitempty"` // against the computer: the person's colour
	AI    uint64       `json:"ai,omitempty"`    // the computer's seed, so a game replays alike
	Drawn bool         `json:"drawn,omitempty"` // the first player was drawn by lot
}

// computer is the computer's colour, None when two people play.
func (o donutsOptions) computer() donuts.Color {
	if o.Mode != modeComputer {
		return donuts.None
	}
	return o.Human.Other()
}

// donutsTable is a table loaded and replayed for one request.
type donutsTable struct {
	rec    table.Record
	opt    donutsOptions
	game   *donuts.Game
	events []donuts.Event // one per move, in order: what each move did
	fresh  int            // how many of the last events this request made (what to announce)
}

// seatOf is the seat index of a colour.
func seatOf(c donuts.Color) int { return int(c) - 1 }

// loadDonuts reads a table and replays it for the requesting device.
func (s *Server) loadDonuts(c echo.Context, id string) (*donutsTable, error) {
	rec, _, err := s.loadTable(c, id, "donuts")
	if err != nil {
		return nil, err
	}
	t := &donutsTable{rec: rec}
	if err := json.Unmarshal(rec.Setup, &t.opt); err != nil {
		return nil, fmt.Errorf("donuts table %s: setup: %w", id, err)
	}
	moves := make([]donuts.Point, len(rec.Log))
	for i, raw := range rec.Log {
		if err := json.Unmarshal(raw, &moves[i]); err != nil {
			return nil, fmt.Errorf("donuts table %s: move %d: %w", id, i, err)
		}
	}
	if err := t.replay(moves); err != nil {
		return nil, fmt.Errorf("donuts table %s: %w", id, err)
	}
	return t, nil
}

// replay rebuilds the game from its moves, keeping each move's event. A whole game
// replays in microseconds.
func (t *donutsTable) replay(moves []donuts.Point) error {
	g, err := donuts.New(t.opt.Spec)
	if err != nil {
		return err
	}
	t.game, t.events = g, t.events[:0]
	for i, m := range moves {
		ev, err := g.Play(m)
		if err != nil {
			return fmt.Errorf("move %d: %w", i, err)
		}
		t.events = append(t.events, ev)
	}
	return nil
}

// play places a donut and stores the move in the same step; it returns the move's
// event. The move must be legal.
func (s *Server) playDonut(ctx context.Context, t *donutsTable, by donuts.Color, p donuts.Point) (donuts.Event, error) {
	ev, err := t.game.PlayAs(by, p)
	if err != nil {
		return ev, err
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return ev, err
	}
	version, err := s.store.Append(ctx, t.rec.ID, t.rec.Version, raw, t.game.Finished())
	if err != nil {
		t.game.Undo() // keep the game as stored
		return ev, err
	}
	t.rec.Version = version
	t.events = append(t.events, ev)
	t.fresh++
	return ev, nil
}

// computerMoves lets the computer place while it is its turn (its reply to the person,
// or its first donut when it starts). Its choice depends only on the game and the
// table's seed, so replaying the log gives the same game.
func (s *Server) computerMoves(ctx context.Context, t *donutsTable) error {
	ai := t.opt.computer()
	for ai != donuts.None && t.game.Turn() == ai {
		p, ok := donuts.Player{Level: t.opt.Level, Seed: t.opt.AI}.Choose(t.game)
		if !ok {
			return nil
		}
		if _, err := s.playDonut(ctx, t, ai, p); err != nil {
			return err
		}
	}
	return nil
}

// undoable is how many moves an undo takes back: against the computer, back to the
// person's last move (the computer's reply and that move); between two people, the last
// move. Zero when there is nothing of the person's to take back.
func (t *donutsTable) undoable() int {
	n := len(t.events)
	ai := t.opt.computer()
	if ai == donuts.None {
		return min(n, 1)
	}
	for i := n - 1; i >= 0; i-- {
		if t.events[i].By != ai {
			return n - i
		}
	}
	return 0
}

// createDonuts stores a new table held by the device, and lets the computer place its
// first donut when it starts.
func (s *Server) createDonuts(ctx context.Context, device string, opt donutsOptions) (string, error) {
	raw, err := json.Marshal(opt)
	if err != nil {
		return "", err
	}
	seats := []int{0, 1}
	if opt.Mode == modeComputer {
		seats = []int{seatOf(opt.Human)}
	}
	id := table.NewID()
	if err := s.store.Create(ctx, table.Table{ID: id, Game: "donuts", Setup: raw}, table.Device{ID: device, Seats: seats, Host: true}); err != nil {
		return "", err
	}
	rec, err := s.store.Load(ctx, id)
	if err != nil {
		return "", err
	}
	t := &donutsTable{rec: rec, opt: opt}
	if err := t.replay(nil); err != nil {
		return "", err
	}
	return id, s.computerMoves(ctx, t)
}
