package memory

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/web/store/storetest"
	"tavolo/web/table"
)

func TestContract(t *testing.T) {
	storetest.Run(t, storetest.Opener{
		Open: func(*testing.T) table.Store {
			s := &kept{records: map[string]table.Record{}}
			s.Store = New(s.keep)
			return s
		},
		// What the callback kept is what the next start gets back.
		Reopen: func(t *testing.T, old table.Store) table.Store {
			s := New(nil)
			for _, r := range old.(*kept).records {
				s.Restore(r)
			}
			return s
		},
	})
}

// kept is a store with what its callback was given, as the offline build keeps it.
type kept struct {
	*Store
	records map[string]table.Record
}

func (k *kept) keep(r table.Record, deleted bool) {
	if deleted {
		delete(k.records, r.ID)
		return
	}
	k.records[r.ID] = r
}

func TestRemoveTellsTheKeeper(t *testing.T) {
	k := &kept{records: map[string]table.Record{}}
	k.Store = New(k.keep)
	ctx := context.Background()
	require.NoError(t, k.Create(ctx, table.Table{ID: "t", Game: "donuts", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	require.Contains(t, k.records, "t")
	k.Remove("t")
	require.NotContains(t, k.records, "t")
	_, err := k.Load(ctx, "t")
	require.ErrorIs(t, err, table.ErrNotFound)
}
