package postgres

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// What makes the store one several servers share (table.Shared): a table's lock held in
// the database, the versions other servers commit heard as they commit, and the versions
// read again after the hearing was cut.

// lockClass is the first key of the tables' advisory locks (the second is the hash of
// the table's id): the two-key locks are a space apart from the one-key locks of the
// migrations and the sweep.
const lockClass = 0x7a70

// lockTimeout bounds the wait for a table's lock (another server's request holding it).
const lockTimeout = 30 * time.Second

// lockPool is the pool of the connections that hold the tables' locks, apart from the one
// the writes use: a request holds its table's lock on one of these while it writes on the
// other, so the locks held never leave the writes without a connection.
func lockPool(ctx context.Context, url string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	// A connection per table acted on at once (a server takes its own tables' locks one
	// at a time, table.Locks): beyond that, an action waits for one.
	cfg.MaxConns = int32(max(16, 4*runtime.GOMAXPROCS(0)))
	cfg.MinConns = 0
	// A server that dies holding a lock (killed: its connections close, and the database
	// lets its locks go at once) or that the network loses (nothing closes): the database
	// asks its side of the connection after 10 s of silence, and ends the session, letting
	// its locks go, once 3 asks 5 s apart went unanswered: within half a minute rather than
	// the system's two hours. Over TCP only (a Unix socket's end is always seen).
	for name, value := range map[string]string{"tcp_keepalives_idle": "10", "tcp_keepalives_interval": "5", "tcp_keepalives_count": "3"} {
		cfg.ConnConfig.RuntimeParams[name] = value
	}
	return pgxpool.NewWithConfig(ctx, cfg)
}

// LockTable takes table id's lock across every server on the database, and reads its
// version under it: what another server committed before letting the lock go is read.
// found is false for a table not in the store. unlock lets the lock go.
func (s *Store) LockTable(ctx context.Context, id string) (version int64, found bool, unlock func(), err error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), lockTimeout)
	defer cancel()
	conn, err := s.locks.Acquire(ctx)
	if err != nil {
		return 0, false, nil, fmt.Errorf("postgres: a table's lock: %w", err)
	}
	// One round trip: the lock, then the version, each statement with its own snapshot
	// (READ COMMITTED), the second's taken once the lock is held.
	b := &pgx.Batch{}
	b.Queue(`SELECT pg_advisory_lock($1, hashtext($2))`, lockClass, id)
	b.Queue(`SELECT version FROM tables WHERE id = $1`, id)
	res := conn.SendBatch(ctx, b)
	_, err = res.Exec()
	if err == nil {
		err = res.QueryRow().Scan(&version)
		found = err == nil
		if errors.Is(err, pgx.ErrNoRows) {
			err = nil
		}
	}
	if cerr := res.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		// The lock may be held or not: a connection whose session ends lets it go.
		conn.Conn().Close(context.Background())
		conn.Release()
		return 0, false, nil, fmt.Errorf("postgres: a table's lock: %w", err)
	}
	// The lock is let go beside the request, which need not wait for it: the next request
	// for the table, on any server, waits in the database until it is.
	return version, found, func() {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), lockTimeout)
			defer cancel()
			if _, err := conn.Exec(ctx, `SELECT pg_advisory_unlock($1, hashtext($2))`, lockClass, id); err != nil {
				conn.Conn().Close(ctx)
			}
			conn.Release()
		}()
	}, nil
}

// Versions reads the versions of tables; a table not in the store is left out.
func (s *Store) Versions(ctx context.Context, ids []string) (map[string]int64, error) {
	out := make(map[string]int64, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT id, version FROM tables WHERE id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var v int64
		if err := rows.Scan(&id, &v); err != nil {
			return nil, err
		}
		out[id] = v
	}
	return out, rows.Err()
}

// Follow hears every new version of a table that any server commits (this one's too), on
// one connection of its own (LISTEN), and tells changed, in the order of the commits, until
// ctx ends; a join code given (the version kept) as changed(id, 0), a sweep that archived
// or deleted tables as changed("", 0). A notification missed is never sent again: each time it listens again, after
// its connection was lost (and the first time), it calls listening, once nothing can be
// missed any more, for the caller to read what it follows again (Versions); lost is told
// why each connection ended.
func (s *Store) Follow(ctx context.Context, changed func(id string, version int64), listening func(context.Context), lost func(error)) {
	wait := retryFirst
	for ctx.Err() == nil {
		err := s.listen(ctx, changed, listening)
		if ctx.Err() != nil {
			return
		}
		lost(err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, retryMost)
	}
}

// The waits before listening again after the connection was lost: doubled each time.
const (
	retryFirst = 100 * time.Millisecond
	retryMost  = 5 * time.Second
)

// listen listens on one connection until it fails or ctx ends.
func (s *Store) listen(ctx context.Context, changed func(id string, version int64), listening func(context.Context)) error {
	conn, err := pgx.ConnectConfig(ctx, s.conn.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if s.presenceHeard != nil {
		if _, err := conn.Exec(ctx, `LISTEN `+PresenceChannel); err != nil {
			return err
		}
	}
	if _, err := conn.Exec(ctx, `LISTEN `+Channel); err != nil {
		return err
	}
	s.listening.Store(conn)
	defer s.listening.Store(nil)
	if s.presenceListening != nil {
		s.presenceListening()
	}
	listening(ctx)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if n.Channel == PresenceChannel {
			s.presenceHeard(n.Payload)
			continue
		}
		if n.Payload == sweptPayload {
			changed("", 0)
			continue
		}
		id, v, ok := strings.Cut(n.Payload, " ")
		if ok && v == codePayload && id != "" {
			changed(id, 0)
			continue
		}
		version, err := strconv.ParseInt(v, 10, 64)
		if !ok || err != nil || id == "" {
			continue // not Tavolo's
		}
		changed(id, version)
	}
}

// PresenceChannel is the channel of NOTIFY on which the servers tell each other which
// devices have a live stream on them (table.PresenceBus; the messages are table's).
const PresenceChannel = "tavolo_presence"

// Announce sends a message of presence to every server listening (this one too).
func (s *Store) Announce(ctx context.Context, msg string) error {
	_, err := s.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, PresenceChannel, msg)
	return err
}

// HearPresence has Follow listen to the servers' presence too: heard is told each
// message, listening each time it listens again (and the first time). Called before
// Follow.
func (s *Store) HearPresence(heard func(msg string), listening func()) {
	s.presenceHeard, s.presenceListening = heard, listening
}
