// Package postgres keeps tables in PostgreSQL: the table store of web/table for several
// servers sharing one database (--database postgres://…). It keeps the same contract as
// the SQLite store (web/store/storetest): every change of a table is one transaction that
// moves its version on only from the version it was made against (UPDATE … WHERE version
// = $n), so two servers changing one table at once never both succeed.
//
// Every change of a table's version is also announced, at its commit, on the channel
// Channel (a trigger: "id version"), for the other servers' live streams (Listen).
package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"tavolo/web/table"
)

// Store is a table.Store in PostgreSQL.
type Store struct {
	pool  *pgxpool.Pool
	locks *pgxpool.Pool // the connections holding tables' locks (LockTable)
	now   func() time.Time
	conn  *pgx.ConnConfig // the listening connection's (Follow): the URL's, without the pool's settings
	// The listening connection while Follow listens (for tests: to cut it).
	listening atomic.Pointer[pgx.Conn]
	// Who hears the servers' presence (HearPresence), set before Follow.
	presenceHeard     func(msg string)
	presenceListening func()
}

// Channel is the channel of NOTIFY on which every new version of a table is announced,
// as "ID VERSION", a join code given as "ID code", and a sweep that archived or deleted
// tables as sweptPayload.
const Channel = "tavolo_tables"

const sweptPayload = "swept"

// codePayload follows a table's id when its join code was given: "ID code" (its version
// stays).
const codePayload = "code"

// writeTimeout bounds a change: it is not cut short when its request ends (a phone that
// goes away mid-write must not leave the reply unsure of what was stored), but a database
// that does not answer does not hold the request for ever.
const writeTimeout = 30 * time.Second

// migrations bring a database from one schema version (the tavolo_schema table) to the
// next, each in one transaction; a new column or table is a new entry at the end, never
// an edit of an old one. The columns are those of the SQLite store; the setup, the
// actions and the seats are kept as the text they were given (not jsonb, which would
// reorder them).
var migrations = []string{`
CREATE TABLE tables (
	id         TEXT PRIMARY KEY,
	game       TEXT NOT NULL,
	setup      TEXT NOT NULL,
	version    BIGINT NOT NULL,
	actions    INTEGER NOT NULL,
	finished   BOOLEAN NOT NULL DEFAULT FALSE,
	archived   BOOLEAN NOT NULL DEFAULT FALSE,
	code       TEXT UNIQUE,
	import_key TEXT UNIQUE,
	created    BIGINT NOT NULL,
	updated    BIGINT NOT NULL
);
CREATE TABLE log (
	table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
	seq      INTEGER NOT NULL,
	action   TEXT NOT NULL,
	PRIMARY KEY (table_id, seq)
);
CREATE TABLE devices (
	table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
	device   TEXT NOT NULL,
	seats    TEXT NOT NULL,
	host     BOOLEAN NOT NULL DEFAULT FALSE,
	joined   BIGINT NOT NULL,
	PRIMARY KEY (table_id, device)
);
CREATE INDEX devices_by_device ON devices(device);
CREATE INDEX tables_by_updated ON tables(updated);
CREATE FUNCTION tavolo_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('` + Channel + `', NEW.id || ' ' || NEW.version);
	RETURN NULL;
END $$;
CREATE TRIGGER tables_version_changed AFTER UPDATE OF version ON tables
	FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version)
	EXECUTE FUNCTION tavolo_table_changed();
`}

// The advisory locks' keys (pg_advisory_lock): one for the migrations, one for the sweep.
const (
	migrateLock = 0x7a70_0001
	sweepLock   = 0x7a70_0002
)

// Open connects to the database at url (postgres://user:password@host:port/database?…,
// with pgx's pool settings such as pool_max_conns) and brings its schema to the newest.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	locks, err := lockPool(ctx, url)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return &Store{pool: pool, locks: locks, now: time.Now, conn: cfg.ConnConfig.Copy()}, nil
}

// migrate runs the migrations the database has not had, each in one transaction with its
// new schema version, under an advisory lock: servers started at once migrate one after
// the other, and the later ones find nothing left to do.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrateLock); err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrateLock)
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS tavolo_schema (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	var version int
	err = conn.QueryRow(ctx, `SELECT version FROM tavolo_schema`).Scan(&version)
	if errors.Is(err, pgx.ErrNoRows) {
		_, err = conn.Exec(ctx, `INSERT INTO tavolo_schema (version) VALUES (0)`)
	}
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	if version > len(migrations) {
		return fmt.Errorf("postgres: the database's schema (%d) is newer than this server's (%d)", version, len(migrations))
	}
	for ; version < len(migrations); version++ {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, migrations[version]); err != nil {
				return fmt.Errorf("postgres: migration %d: %w", version+1, err)
			}
			_, err := tx.Exec(ctx, `UPDATE tavolo_schema SET version = $1`, version+1)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// Ping reads the database: for /healthz.
func (s *Store) Ping(ctx context.Context) error {
	var n int
	return s.pool.QueryRow(ctx, `SELECT count(*) FROM tables WHERE id = ''`).Scan(&n)
}

// Close closes the connections.
func (s *Store) Close() error {
	s.locks.Close()
	s.pool.Close()
	return nil
}

// writing is the context of a change: its request's values, not its end (writeTimeout).
func writing(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), writeTimeout)
}

// tx runs fn in one transaction, committed if fn returns no error.
func (s *Store) tx(ctx context.Context, fn func(pgx.Tx) error) error {
	ctx, cancel := writing(ctx)
	defer cancel()
	return pgx.BeginFunc(ctx, s.pool, fn)
}

func (s *Store) Create(ctx context.Context, t table.Table, host table.Device) error {
	seats, err := json.Marshal(nonNil(host.Seats))
	if err != nil {
		return err
	}
	now := s.now().UnixMilli()
	// One statement: one transaction.
	ctx, cancel := writing(ctx)
	defer cancel()
	_, err = s.pool.Exec(ctx, `WITH t AS (
			INSERT INTO tables (id, game, setup, version, actions, finished, created, updated)
			VALUES ($1, $2, $3, 0, 0, FALSE, $4, $4) RETURNING id)
		INSERT INTO devices (table_id, device, seats, host, joined) SELECT id, $5, $6, TRUE, $4 FROM t`,
		t.ID, t.Game, string(t.Setup), now, host.ID, string(seats))
	return err
}

func (s *Store) Import(ctx context.Context, r table.Record) error {
	now := s.now().UnixMilli()
	err := s.tx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO tables (id, game, setup, version, actions, finished, created, updated, import_key)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $7, NULLIF($8, ''))`, r.ID, r.Game, string(r.Setup), len(r.Log), len(r.Log), r.Finished, now, r.ImportKey); err != nil {
			return err
		}
		if len(r.Log) > 0 {
			actions := make([]string, len(r.Log))
			for i, a := range r.Log {
				actions[i] = string(a)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO log (table_id, seq, action)
				SELECT $1, n - 1, a FROM unnest($2::text[]) WITH ORDINALITY AS x(a, n)`, r.ID, actions); err != nil {
				return err
			}
		}
		return insertDevices(ctx, tx, r.ID, r.Devices, now)
	})
	if uniqueViolation(err, "tables_import_key_key") {
		return table.ErrImported
	}
	return err
}

// insertDevices writes a table's devices in the given order (joined: now, now+1, …).
func insertDevices(ctx context.Context, tx pgx.Tx, id string, devices []table.Device, now int64) error {
	if len(devices) == 0 {
		return nil
	}
	ids := make([]string, len(devices))
	seats := make([]string, len(devices))
	hosts := make([]bool, len(devices))
	for i, d := range devices {
		b, err := json.Marshal(nonNil(d.Seats))
		if err != nil {
			return err
		}
		ids[i], seats[i], hosts[i] = d.ID, string(b), d.Host
	}
	_, err := tx.Exec(ctx, `INSERT INTO devices (table_id, device, seats, host, joined)
		SELECT $1, d, s, h, $5::bigint + n - 1 FROM unnest($2::text[], $3::text[], $4::boolean[]) WITH ORDINALITY AS x(d, s, h, n)`,
		id, ids, seats, hosts, now)
	return err
}

func (s *Store) FindImport(ctx context.Context, key string) (string, error) {
	if key == "" {
		return "", table.ErrNotFound
	}
	return s.findID(ctx, `SELECT id FROM tables WHERE import_key = $1 AND NOT archived`, key)
}

func (s *Store) FindByCode(ctx context.Context, code string) (string, error) {
	return s.findID(ctx, `SELECT id FROM tables WHERE code = $1 AND NOT archived`, code)
}

func (s *Store) findID(ctx context.Context, query, arg string) (string, error) {
	var id string
	err := s.pool.QueryRow(ctx, query, arg).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", table.ErrNotFound
	}
	return id, err
}

const tableColumns = `id, game, setup, version, actions, finished, archived, COALESCE(code, ''), COALESCE(import_key, ''), created, updated`

// Load reads a table, its log and its devices in one statement: one round trip, one
// snapshot.
func (s *Store) Load(ctx context.Context, id string) (table.Record, error) {
	var r table.Record
	var log, devices, seats []string
	var hosts []bool
	var setup string
	var created, updated int64
	err := s.pool.QueryRow(ctx, `SELECT `+tableColumns+`,
			ARRAY(SELECT action FROM log WHERE table_id = t.id ORDER BY seq),
			ARRAY(SELECT device FROM devices WHERE table_id = t.id ORDER BY joined, device),
			ARRAY(SELECT seats FROM devices WHERE table_id = t.id ORDER BY joined, device),
			ARRAY(SELECT host FROM devices WHERE table_id = t.id ORDER BY joined, device)
		FROM tables t WHERE id = $1`, id).
		Scan(&r.ID, &r.Game, &setup, &r.Version, &r.Actions, &r.Finished, &r.Archived, &r.Code, &r.ImportKey, &created, &updated,
			&log, &devices, &seats, &hosts)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, table.ErrNotFound
	}
	if err != nil {
		return r, err
	}
	r.Setup = json.RawMessage(setup)
	r.Created, r.Updated = time.UnixMilli(created), time.UnixMilli(updated)
	r.Log = make([]json.RawMessage, len(log))
	for i, a := range log {
		r.Log[i] = json.RawMessage(a)
	}
	for i, d := range devices {
		dev := table.Device{ID: d, Host: hosts[i]}
		if err := json.Unmarshal([]byte(seats[i]), &dev.Seats); err != nil {
			return r, err
		}
		r.Devices = append(r.Devices, dev)
	}
	return r, nil
}

// missing tells why a change made against version found no table at it: the table is
// not there (table.ErrNotFound) or at another version (table.ErrConflict).
func missing(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, id string) error {
	var n int
	if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM tables WHERE id = $1`, id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return table.ErrNotFound
	}
	return table.ErrConflict
}

// Append moves the version on and adds the action in one statement (one round trip, one
// transaction): no row is added unless the version was the one the action was made
// against. Of two servers at once, the second waits for the first's row lock, then finds
// the version moved on (READ COMMITTED reads the row again), and adds nothing.
func (s *Store) Append(ctx context.Context, id string, version int64, action json.RawMessage, finished bool) (int64, error) {
	ctx, cancel := writing(ctx)
	defer cancel()
	tag, err := s.pool.Exec(ctx, `WITH b AS (
			UPDATE tables SET version = version + 1, actions = actions + 1, updated = $3, finished = $4
			WHERE id = $1 AND version = $2 RETURNING actions)
		INSERT INTO log (table_id, seq, action) SELECT $1, actions - 1, $5 FROM b`,
		id, version, s.now().UnixMilli(), finished, string(action))
	if err == nil && tag.RowsAffected() != 1 {
		err = missing(ctx, s.pool, id)
	}
	return version + 1, err
}

// bump moves a table from version to version+1 in tx, its count of actions by delta, or
// fails with table.ErrConflict (or table.ErrNotFound). finished, unless nil, is set too.
func (s *Store) bump(ctx context.Context, tx pgx.Tx, id string, version int64, delta int, finished *bool) error {
	tag, err := tx.Exec(ctx, `UPDATE tables SET version = version + 1, actions = actions + $3, updated = $4,
			finished = COALESCE($5, finished)
		WHERE id = $1 AND version = $2`, id, version, delta, s.now().UnixMilli(), finished)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	return missing(ctx, tx, id)
}

func (s *Store) Undo(ctx context.Context, id string, version int64, finished bool) (int64, error) {
	err := s.tx(ctx, func(tx pgx.Tx) error {
		if err := s.bump(ctx, tx, id, version, -1, &finished); err != nil {
			return err
		}
		// The row is locked by the bump: its count is this transaction's own.
		tag, err := tx.Exec(ctx, `DELETE FROM log WHERE table_id = $1 AND seq = (SELECT actions FROM tables WHERE id = $1)`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return table.ErrConflict // nothing to take back: the log was empty
		}
		return nil
	})
	return version + 1, err
}

func (s *Store) Update(ctx context.Context, id string, version int64, setup json.RawMessage, devices []table.Device) (int64, error) {
	err := s.tx(ctx, func(tx pgx.Tx) error {
		if err := s.bump(ctx, tx, id, version, 0, nil); err != nil {
			return err
		}
		if setup != nil {
			if _, err := tx.Exec(ctx, `UPDATE tables SET setup = $2 WHERE id = $1`, id, string(setup)); err != nil {
				return err
			}
		}
		if devices == nil {
			return nil
		}
		if _, err := tx.Exec(ctx, `DELETE FROM devices WHERE table_id = $1`, id); err != nil {
			return err
		}
		// joined keeps the given order: the host first, then in order of arrival.
		return insertDevices(ctx, tx, id, devices, s.now().UnixMilli())
	})
	return version + 1, err
}

func (s *Store) SetCode(ctx context.Context, id, code string) error {
	ctx, cancel := writing(ctx)
	defer cancel()
	// The version stays: the other servers are told apart ("ID code", Follow), for a copy
	// of the table they keep to be read again.
	tag, err := s.pool.Exec(ctx, `WITH u AS (UPDATE tables SET code = $2 WHERE id = $1 RETURNING id)
		SELECT pg_notify($3, id || ' `+codePayload+`') FROM u`, id, code, Channel)
	if uniqueViolation(err, "tables_code_key") {
		return table.ErrCodeTaken
	}
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return table.ErrNotFound
	}
	return nil
}

func (s *Store) ListForDevice(ctx context.Context, device, game string) ([]table.Table, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+tableColumns+` FROM tables
		WHERE id IN (SELECT table_id FROM devices WHERE device = $1) AND game = $2 AND NOT archived
		ORDER BY updated DESC, id LIMIT 100`, device, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []table.Table
	for rows.Next() {
		var t table.Table
		var setup string
		var created, updated int64
		if err := rows.Scan(&t.ID, &t.Game, &setup, &t.Version, &t.Actions, &t.Finished, &t.Archived, &t.Code, &t.ImportKey, &created, &updated); err != nil {
			return nil, err
		}
		t.Setup = json.RawMessage(setup)
		t.Created, t.Updated = time.UnixMilli(created), time.UnixMilli(updated)
		out = append(out, t)
	}
	return out, rows.Err()
}

// Sweep runs on one server at a time: under an advisory lock held by its transaction. A
// server that finds the lock taken sweeps nothing (the other is sweeping).
func (s *Store) Sweep(ctx context.Context, by table.SweepTimes) (archived, deleted int, err error) {
	err = s.tx(ctx, func(tx pgx.Tx) error {
		var got bool
		if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock($1)`, sweepLock).Scan(&got); err != nil || !got {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM tables WHERE actions = 0 AND updated < $1`, by.EmptyBefore.UnixMilli())
		if err != nil {
			return err
		}
		deleted = int(tag.RowsAffected())
		tag, err = tx.Exec(ctx, `UPDATE tables SET archived = TRUE, code = NULL, import_key = NULL
			WHERE NOT finished AND NOT archived AND updated < $1`, by.IdleBefore.UnixMilli())
		if err != nil {
			return err
		}
		archived = int(tag.RowsAffected())
		tag, err = tx.Exec(ctx, `DELETE FROM tables WHERE (finished OR archived) AND updated < $1`, by.DeleteBefore.UnixMilli())
		if err != nil {
			return err
		}
		deleted += int(tag.RowsAffected())
		if archived+deleted == 0 {
			return nil
		}
		// Archived and deleted tables keep their versions: the other servers are told that
		// any table may have changed (their caches drop every table, as this one's does).
		_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, Channel, sweptPayload)
		return err
	})
	if err != nil {
		return 0, 0, err
	}
	return archived, deleted, nil
}

// uniqueViolation tells whether err is a unique constraint's refusal, of that constraint.
func uniqueViolation(err error, constraint string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == constraint
}

func nonNil(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}
