package diamant

import (
	"context"
	"testing"

	engine "tavolo/companion/diamant"
	"tavolo/web/live"
	"tavolo/web/store/memory"
	"tavolo/web/table"
)

// What the offline engine's tables cost to read and act on, over its store in memory: with
// the server's cache in front of the store (records and replays), or with the replays kept
// alone (table.NewTablesInMemory). Run with:
//
//	go test ./web/table/diamant/ -run '^$' -bench 'EngineTables|ReplayWholeGame' -benchmem
//
// Under WebAssembly, multiply by what cmd/tavolo-offline's test reports for the engine.

// benchAction is one request of a game on one phone: the table read and replayed, the next
// action applied and stored, then the table read again (the reply's page, the next request).
func benchAction(b *testing.B, ts *table.Tables, id string) (finished bool) {
	ctx := context.Background()
	o, err := table.Open(ctx, ts, Game, id, "phone")
	if err != nil {
		b.Fatal(err)
	}
	t := o.State.Own(o.Rec, o.Device)
	a := engine.Draw(t.State.RandomCard())
	if t.State.VoteDue() {
		a = engine.Exits(0) // everybody goes on; one player leaves now and then
		if in := t.State.InCave().List(); o.Rec.Version%4 == 0 && len(in) > 0 {
			a = engine.Exits(engine.SeatsOf(in[0]))
		}
	}
	raw, err := t.Apply(a)
	if err != nil {
		b.Fatal(err)
	}
	v, err := ts.Append(ctx, id, o.Rec.Version, raw, t.State.Finished(), t.Share())
	if err != nil {
		b.Fatal(err)
	}
	if o, err = table.Open(ctx, ts, Game, id, "phone"); err != nil || o.Rec.Version != v {
		b.Fatal(err)
	}
	return o.State.State.Finished()
}

func newBenchTable(b *testing.B, ts *table.Tables, seed uint64) string {
	opt := Options{Setup: engine.Setup{Players: []string{"Anna", "Bruno", "Carla", "Dario"}, Seed: seed}, Draw: DrawApp, Vote: VoteCards}
	id, err := ts.Create(context.Background(), Game.Name(), opt, table.Device{ID: "phone", Seats: []int{0, 1, 2, 3}})
	if err != nil {
		b.Fatal(err)
	}
	return id
}

// BenchmarkEngineTables plays whole games, an action a loop, and reports the actions of
// a game.
func BenchmarkEngineTables(b *testing.B) {
	for _, v := range []struct {
		name string
		make func(table.Store) *table.Tables
	}{
		{"cache", func(s table.Store) *table.Tables { return table.NewTables(s, table.CacheBudget, live.NewHub()) }},
		{"replays", func(s table.Store) *table.Tables { return table.NewTablesInMemory(s, live.NewHub()) }},
	} {
		b.Run(v.name, func(b *testing.B) {
			ts := v.make(memory.New(func(table.Record, bool) {}))
			seed := uint64(1)
			id := newBenchTable(b, ts, seed)
			actions, games := 0, 0
			b.ReportAllocs()
			for b.Loop() {
				actions++
				if benchAction(b, ts, id) {
					seed++
					games++
					id = newBenchTable(b, ts, seed)
				}
			}
			if games > 0 {
				b.ReportMetric(float64(actions)/float64(games), "actions/game")
			}
		})
	}
}

// BenchmarkReplayWholeGame is what reading a finished game's table costs without a replay
// kept: its whole log replayed (the engine's first read of a table after it starts).
func BenchmarkReplayWholeGame(b *testing.B) {
	ts := table.NewTablesInMemory(memory.New(nil), live.NewHub())
	id := newBenchTable(b, ts, 1)
	for !benchAction(b, ts, id) {
	}
	rec, err := ts.Store().Load(context.Background(), id)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Replay(rec); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(rec.Log)), "actions")
}
