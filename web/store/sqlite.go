package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite" // pure Go SQLite: nothing to install
	sqlite3 "modernc.org/sqlite/lib"
	"tavolo/web/table"
)

// SQLite is the default store: one file in the data folder.
type SQLite struct {
	db  *sql.DB
	now func() time.Time
	wal string // the WAL file's path
	// How to stop the checkpoints (checkpoint).
	stop     chan struct{}
	stopped  chan struct{}
	stopOnce sync.Once
	// The statements of an action, prepared once on the driver's connection: parsing them
	// took about a third of an Append (BenchmarkAppend), on the one connection every write
	// waits for (sqlite_append.go).
	raw rawStatements
}

// migrations bring a database from one schema version (PRAGMA user_version) to the next;
// a new column or table is a new entry at the end, never an edit of an old one.
var migrations = []string{schemaV1, schemaV2}

const schemaV1 = `
CREATE TABLE IF NOT EXISTS tables (
	id       TEXT PRIMARY KEY,
	game     TEXT NOT NULL,
	setup    TEXT NOT NULL,
	version  INTEGER NOT NULL,
	actions  INTEGER NOT NULL,
	finished INTEGER NOT NULL DEFAULT 0,
	archived INTEGER NOT NULL DEFAULT 0,
	code     TEXT UNIQUE,
	created  INTEGER NOT NULL,
	updated  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS log (
	table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
	seq      INTEGER NOT NULL,
	action   TEXT NOT NULL,
	PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS devices (
	table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
	device   TEXT NOT NULL,
	seats    TEXT NOT NULL,
	host     INTEGER NOT NULL DEFAULT 0,
	joined   INTEGER NOT NULL,
	PRIMARY KEY (table_id, device)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS devices_by_device ON devices(device);
`

// schemaV2: a table moved here from a device keeps the identity of the record it came
// from (table.ImportKeyOf), so that the same record moved again finds it; at most one
// table has a key (NULL for the tables made here, and once archived).
const schemaV2 = `
ALTER TABLE tables ADD COLUMN import_key TEXT;
CREATE UNIQUE INDEX tables_by_import_key ON tables(import_key);
`

// OpenSQLite opens (or creates) the database file tavolo.db in dir.
//
// Durability: WAL with synchronous=NORMAL. A committed transaction is in the WAL file,
// written to the operating system before the reply, so it survives the process being
// killed (kill -9); only a power cut can lose the last transactions.
//
// One connection, which holds the file's locks for as long as the store is open
// (locking_mode=EXCLUSIVE): a transaction then takes and gives back no lock (six fcntl
// calls fewer an action, on the hottest path), and no other
// process can open the data folder meanwhile: a second server started on it waits for the
// first to let go (busy_timeout, a restart) and stops with ErrInUse.
//
// The WAL is copied into the database (a checkpoint) every checkpointEvery, not by the write
// that happens to fill it: a checkpoint waits for the disk, and every action waits behind it
// (checkpoint).
func OpenSQLite(dir string) (*SQLite, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	file := filepath.Join(dir, "tavolo.db")
	q := url.Values{}
	for _, p := range []string{"locking_mode(EXCLUSIVE)", "journal_mode(WAL)", "synchronous(NORMAL)", "busy_timeout(5000)", "foreign_keys(1)", "wal_autocheckpoint(0)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+file+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	// One connection: SQLite has one writer anyway, and the exclusive locks are its.
	db.SetMaxOpenConns(1)
	if err := migrate(db); err != nil {
		db.Close()
		if se := (*sqlite.Error)(nil); errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY {
			return nil, fmt.Errorf("%w: %s", ErrInUse, dir)
		}
		return nil, err
	}
	s := &SQLite{db: db, now: time.Now, wal: file + "-wal", stop: make(chan struct{}), stopped: make(chan struct{})}
	go s.checkpoint()
	return s, nil
}

// ErrInUse: the data folder's database is held by another process (another server).
var ErrInUse = errors.New("store: the data folder is in use by another Tavolo server")

// checkpointEvery is how often the WAL is copied into the database.
const checkpointEvery = time.Second

// checkpoint copies the WAL into the database every checkpointEvery (PASSIVE), until
// Close. The checkpoint holds the one connection, and the actions wait for it: the WAL is
// first written to the disk from a file of its own, while they go on, so that the
// checkpoint's own sync of it finds little left and holds them a short time.
func (s *SQLite) checkpoint() {
	defer close(s.stopped)
	tick := time.NewTicker(checkpointEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-tick.C:
			// An error (a full disk) leaves the WAL to the next time; the writes go on
			// either way.
			if f, err := os.OpenFile(s.wal, os.O_RDWR, 0); err == nil {
				_ = f.Sync()
				f.Close()
			}
			_, _ = s.db.Exec(`PRAGMA wal_checkpoint(PASSIVE)`)
		}
	}
}

// migrate runs the migrations a database has not had, each in one transaction with the
// new user_version: a process stopped in the middle leaves the database at the version
// before it (an ALTER TABLE cannot be run twice).
func migrate(db *sql.DB) error {
	var version int
	if err := db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil {
		return err
	}
	for ; version < len(migrations); version++ {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		if _, err := tx.Exec(migrations[version]); err != nil {
			tx.Rollback()
			return fmt.Errorf("store: migration %d: %w", version+1, err)
		}
		if _, err := tx.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, version+1)); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Close stops the checkpoints, copies the whole WAL into the database and closes it.
// Ping reads the database: for /healthz.
func (s *SQLite) Ping(ctx context.Context) error {
	var n int
	return s.db.QueryRowContext(ctx, "SELECT count(*) FROM tables WHERE id = ''").Scan(&n)
}

func (s *SQLite) Close() error {
	s.stopOnce.Do(func() { close(s.stop) })
	<-s.stopped
	_, _ = s.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	s.raw.mu.Lock()
	s.raw.close()
	s.raw.mu.Unlock()
	return s.db.Close()
}

func (s *SQLite) Create(ctx context.Context, t table.Table, host table.Device) error {
	seats, err := json.Marshal(nonNil(host.Seats))
	if err != nil {
		return err
	}
	now := s.now().UnixMilli()
	return s.tx(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO tables (id, game, setup, version, actions, finished, created, updated)
			VALUES (?, ?, ?, 0, 0, 0, ?, ?)`, t.ID, t.Game, string(t.Setup), now, now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO devices (table_id, device, seats, host, joined) VALUES (?, ?, ?, 1, ?)`,
			t.ID, host.ID, string(seats), now)
		return err
	})
}

func (s *SQLite) Import(ctx context.Context, r table.Record) error {
	now := s.now().UnixMilli()
	return s.tx(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if r.ImportKey != "" {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM tables WHERE import_key = ?`, r.ImportKey).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return table.ErrImported
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO tables (id, game, setup, version, actions, finished, created, updated, import_key)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULLIF(?, ''))`, r.ID, r.Game, string(r.Setup), len(r.Log), len(r.Log), boolInt(r.Finished), now, now, r.ImportKey); err != nil {
			return err
		}
		for i, a := range r.Log {
			if _, err := tx.ExecContext(ctx, `INSERT INTO log (table_id, seq, action) VALUES (?, ?, ?)`, r.ID, i, string(a)); err != nil {
				return err
			}
		}
		for i, d := range r.Devices {
			seats, err := json.Marshal(nonNil(d.Seats))
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO devices (table_id, device, seats, host, joined) VALUES (?, ?, ?, ?, ?)`,
				r.ID, d.ID, string(seats), boolInt(d.Host), now+int64(i)); err != nil {
				return err
			}
		}
		return nil
	})
}

func (s *SQLite) FindImport(ctx context.Context, key string) (string, error) {
	if key == "" {
		return "", table.ErrNotFound
	}
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM tables WHERE import_key = ? AND archived = 0`, key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", table.ErrNotFound
	}
	return id, err
}

func (s *SQLite) Load(ctx context.Context, id string) (table.Record, error) {
	var r table.Record
	err := s.tx(ctx, func(ctx context.Context, tx *sql.Tx) error {
		t, err := scanTable(tx.QueryRowContext(ctx, `SELECT `+tableColumns+` FROM tables WHERE id = ?`, id))
		if errors.Is(err, sql.ErrNoRows) {
			return table.ErrNotFound
		}
		if err != nil {
			return err
		}
		r.Table = t

		rows, err := tx.QueryContext(ctx, `SELECT action FROM log WHERE table_id = ? ORDER BY seq`, id)
		if err != nil {
			return err
		}
		r.Log = make([]json.RawMessage, 0, r.Actions)
		for rows.Next() {
			var a string
			if err := rows.Scan(&a); err != nil {
				rows.Close()
				return err
			}
			r.Log = append(r.Log, json.RawMessage(a))
		}
		if err := rows.Close(); err != nil {
			return err
		}

		rows, err = tx.QueryContext(ctx, `SELECT device, seats, host FROM devices WHERE table_id = ? ORDER BY joined, device`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var d table.Device
			var seats string
			var host int
			if err := rows.Scan(&d.ID, &seats, &host); err != nil {
				return err
			}
			if err := json.Unmarshal([]byte(seats), &d.Seats); err != nil {
				return err
			}
			d.Host = host != 0
			r.Devices = append(r.Devices, d)
		}
		return rows.Err()
	})
	return r, err
}

// bump moves a table from version to version+1, or fails with table.ErrConflict.
// bumpFinished moves a table's version on, and its count of actions, and says whether it
// is finished; bump without the finished flag leaves it as it is.
const (
	bumpFinished = `UPDATE tables SET version = version + 1, actions = actions + ?, updated = ?, finished = ? WHERE id = ? AND version = ?`
	appendLog    = `INSERT INTO log (table_id, seq, action) VALUES (?, (SELECT actions - 1 FROM tables WHERE id = ?), ?)`
)

func (s *SQLite) bump(ctx context.Context, tx *sql.Tx, id string, version int64, actionsDelta int, finished *bool) error {
	var res sql.Result
	var err error
	if finished != nil {
		res, err = tx.ExecContext(ctx, bumpFinished, actionsDelta, s.now().UnixMilli(), boolInt(*finished), id, version)
	} else {
		res, err = tx.ExecContext(ctx, `UPDATE tables SET version = version + 1, actions = actions + ?, updated = ? WHERE id = ? AND version = ?`,
			actionsDelta, s.now().UnixMilli(), id, version)
	}
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	var exists int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM tables WHERE id = ?`, id).Scan(&exists); err != nil {
		return err
	}
	if exists == 0 {
		return table.ErrNotFound
	}
	return table.ErrConflict
}

func (s *SQLite) Undo(ctx context.Context, id string, version int64, finished bool) (int64, error) {
	err := s.tx(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var actions int
		if err := tx.QueryRowContext(ctx, `SELECT actions FROM tables WHERE id = ?`, id).Scan(&actions); errors.Is(err, sql.ErrNoRows) {
			return table.ErrNotFound
		} else if err != nil {
			return err
		}
		if actions == 0 {
			return table.ErrConflict
		}
		if err := s.bump(ctx, tx, id, version, -1, &finished); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM log WHERE table_id = ? AND seq = ?`, id, actions-1)
		return err
	})
	return version + 1, err
}

func (s *SQLite) ListForDevice(ctx context.Context, device, game string) ([]table.Table, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+tableColumns+` FROM tables
		WHERE id IN (SELECT table_id FROM devices WHERE device = ?) AND game = ? AND archived = 0
		ORDER BY updated DESC, id LIMIT 100`, device, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []table.Table
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

const tableColumns = `id, game, setup, version, actions, finished, archived, COALESCE(code, ''), COALESCE(import_key, ''), created, updated`

// scanTable reads the tableColumns of one row.
func scanTable(row interface{ Scan(...any) error }) (table.Table, error) {
	var t table.Table
	var setup string
	var finished, archived int
	var created, updated int64
	if err := row.Scan(&t.ID, &t.Game, &setup, &t.Version, &t.Actions, &finished, &archived, &t.Code, &t.ImportKey, &created, &updated); err != nil {
		return t, err
	}
	t.Setup, t.Finished, t.Archived = json.RawMessage(setup), finished != 0, archived != 0
	t.Created, t.Updated = time.UnixMilli(created), time.UnixMilli(updated)
	return t, nil
}

func (s *SQLite) Update(ctx context.Context, id string, version int64, setup json.RawMessage, devices []table.Device) (int64, error) {
	err := s.tx(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if err := s.bump(ctx, tx, id, version, 0, nil); err != nil {
			return err
		}
		if setup != nil {
			if _, err := tx.ExecContext(ctx, `UPDATE tables SET setup = ? WHERE id = ?`, string(setup), id); err != nil {
				return err
			}
		}
		if devices == nil {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM devices WHERE table_id = ?`, id); err != nil {
			return err
		}
		now := s.now().UnixMilli()
		for i, d := range devices {
			seats, err := json.Marshal(nonNil(d.Seats))
			if err != nil {
				return err
			}
			// joined keeps the given order: the host first, then in order of arrival.
			if _, err := tx.ExecContext(ctx, `INSERT INTO devices (table_id, device, seats, host, joined) VALUES (?, ?, ?, ?, ?)`,
				id, d.ID, string(seats), boolInt(d.Host), now+int64(i)); err != nil {
				return err
			}
		}
		return nil
	})
	return version + 1, err
}

func (s *SQLite) SetCode(ctx context.Context, id, code string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE tables SET code = ? WHERE id = ?`, code, id)
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE") {
			return table.ErrCodeTaken
		}
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return table.ErrNotFound
	}
	return nil
}

func (s *SQLite) FindByCode(ctx context.Context, code string) (string, error) {
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM tables WHERE code = ? AND archived = 0`, code).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", table.ErrNotFound
	}
	return id, err
}

func (s *SQLite) Sweep(ctx context.Context, by table.SweepTimes) (archived, deleted int, err error) {
	err = s.tx(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM tables WHERE actions = 0 AND updated < ?`, by.EmptyBefore.UnixMilli())
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		deleted = int(n)
		res, err = tx.ExecContext(ctx, `UPDATE tables SET archived = 1, code = NULL, import_key = NULL
			WHERE finished = 0 AND archived = 0 AND updated < ?`, by.IdleBefore.UnixMilli())
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		archived = int(n)
		res, err = tx.ExecContext(ctx, `DELETE FROM tables WHERE (finished = 1 OR archived = 1) AND updated < ?`, by.DeleteBefore.UnixMilli())
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		deleted += int(n)
		return nil
	})
	return archived, deleted, err
}

// tx runs fn in one transaction, committed if fn returns no error. A write is not cut
// short when its request ends (a phone that goes away mid-write): it is short, bounded by
// the busy timeout, and with a context that never ends the driver runs each statement
// without a goroutine to watch it.
func (s *SQLite) tx(ctx context.Context, fn func(context.Context, *sql.Tx) error) error {
	ctx = context.WithoutCancel(ctx)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(ctx, tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func nonNil(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}
