package web

import (
	"sync/atomic"
	"time"

	"tavolo/web/conns"
)

// The limits whose refusals are counted (Metrics.Refused), by their names in the metrics.
const (
	limitActions = iota
	limitHardMoves
	limitNewTables
	limitJoinLookups
	numLimits
)

// LimitNames name the limits as the metrics label them, those counted here first, then the
// live streams' and the connections' (counted by web/live and web/conns).
var LimitNames = []string{"actions", "hard_moves", "new_tables", "join_lookups", "streams", "connections"}

// ActionBuckets are the upper bounds, in seconds, of the buckets of the actions' latency.
var ActionBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}

// metrics are the server's counts for an operator: atomic counters only, so that an
// action pays two reads of the clock and three atomic additions.
type metrics struct {
	actions      atomic.Uint64
	actionNanos  atomic.Uint64
	actionBucket [12]atomic.Uint64 // by ActionBuckets, the last beyond them; not cumulative
	refused      [numLimits]atomic.Uint64
}

// action counts an action on a table that took d.
func (m *metrics) action(d time.Duration) {
	m.actions.Add(1)
	m.actionNanos.Add(uint64(d))
	s := d.Seconds()
	i := 0
	for i < len(ActionBuckets) && s > ActionBuckets[i] {
		i++
	}
	m.actionBucket[i].Add(1)
}

// Snapshot is what the metrics say at one moment.
type Snapshot struct {
	TablesFollowed int     // tables that at least one live stream follows
	Streams        int     // live streams open
	Actions        uint64  // actions on tables answered since the start
	ActionSeconds  float64 // their time in all
	// ActionBuckets: how many actions took at most each of ActionBuckets (cumulative).
	ActionBuckets []uint64
	// Refused: requests and connections refused by each limit of LimitNames.
	Refused map[string]uint64
}

// Snapshot reads the metrics: for /metrics, on the debug address.
func (s *Server) Snapshot() Snapshot {
	m := &s.metrics
	snap := Snapshot{TablesFollowed: s.Hub.Tables(), Streams: s.Streams.Open(),
		Actions: m.actions.Load(), ActionSeconds: float64(m.actionNanos.Load()) / 1e9,
		Refused: map[string]uint64{}}
	var sum uint64
	for i := range ActionBuckets {
		sum += m.actionBucket[i].Load()
		snap.ActionBuckets = append(snap.ActionBuckets, sum)
	}
	for i := range numLimits {
		snap.Refused[LimitNames[i]] = m.refused[i].Load()
	}
	snap.Refused["streams"] = s.Streams.Refused()
	snap.Refused["connections"] = conns.Refused()
	return snap
}
