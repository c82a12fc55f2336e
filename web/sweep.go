package web

import (
	"context"
	"time"

	"tavolo/web/table"
)

// How long tables are kept: one never played (no action: a lobby nobody started, a game
// opened and left) goes after two hours unchanged; an unfinished one is archived after a
// day unchanged; a finished or archived one goes after a week. Sweeps run every ten
// minutes.
const (
	keepEmpty     = 2 * time.Hour
	keepIdle      = 24 * time.Hour
	keepOld       = 7 * 24 * time.Hour
	sweepInterval = 10 * time.Minute
)

// sweep archives and deletes the tables kept long enough, until ctx is done.
func (s *Server) sweep(ctx context.Context) {
	tick := time.NewTicker(sweepInterval)
	defer tick.Stop()
	for {
		now := time.Now()
		s.Presence.Prune(now.Add(-keepIdle))
		archived, deleted, err := s.store.Sweep(ctx, table.SweepTimes{EmptyBefore: now.Add(-keepEmpty),
			IdleBefore: now.Add(-keepIdle), DeleteBefore: now.Add(-keepOld)})
		if err != nil && ctx.Err() == nil {
			s.Log.Error("sweep failed", "err", err)
		} else if archived+deleted > 0 {
			s.Log.Info("swept tables", "archived", archived, "deleted", deleted)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
