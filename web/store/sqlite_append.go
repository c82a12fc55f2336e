package store

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"io"
	"sync"

	"tavolo/web/table"
)

// An action's write is the hottest path of the store: every action of every table. It
// runs on the driver's connection itself (database/sql's Conn.Raw), with statements
// prepared on it once: database/sql's Tx starts a goroutine for each transaction to watch
// its context, and wakes it at the commit, about a third of an Append's CPU
// (BenchmarkAppend). The connection is the store's one (SetMaxOpenConns(1)), held for the
// whole write as a Tx holds it.

// rawStatements are an action's statements, prepared on one driver connection.
type rawStatements struct {
	mu     sync.Mutex
	conn   any // the driver connection they were prepared on
	bump   driver.Stmt
	log    driver.Stmt
	exists driver.Stmt
	// The transaction's own: the driver's BeginTx and Commit prepare theirs anew each time
	// (BenchmarkAppendAtScale: 40 → 34 µs an action).
	begin, commit, rollback driver.Stmt
}

// on returns the statements prepared on dc, preparing them if dc is a connection they were
// not prepared on (the first write, or database/sql opened a new connection after the
// first went bad).
func (r *rawStatements) on(ctx context.Context, dc any) (*rawStatements, error) {
	if r.conn == dc {
		return r, nil
	}
	// Statements of a connection database/sql has closed are let go, not finalized: the
	// driver cannot finalize them once its connection is closed.
	r.forget()
	p, ok := dc.(driver.ConnPrepareContext)
	if !ok {
		return nil, errors.New("store: the SQLite driver cannot prepare statements with a context")
	}
	var err error
	prepare := func(q string) driver.Stmt {
		if err != nil {
			return nil
		}
		var st driver.Stmt
		st, err = p.PrepareContext(ctx, q)
		return st
	}
	r.bump, r.log, r.exists = prepare(bumpFinished), prepare(appendLog), prepare(`SELECT COUNT(*) FROM tables WHERE id = ?`)
	r.begin, r.commit, r.rollback = prepare("BEGIN"), prepare("COMMIT"), prepare("ROLLBACK")
	if err != nil {
		r.close() // on dc, still open
		return nil, err
	}
	r.conn = dc
	return r, nil
}

// forget lets the statements go.
func (r *rawStatements) forget() {
	r.conn, r.bump, r.log, r.exists, r.begin, r.commit, r.rollback = nil, nil, nil, nil, nil, nil, nil
}

// close finalizes the statements, while their connection is open.
func (r *rawStatements) close() {
	for _, st := range []driver.Stmt{r.bump, r.log, r.exists, r.begin, r.commit, r.rollback} {
		if st != nil {
			st.Close()
		}
	}
	r.forget()
}

func (s *SQLite) Append(ctx context.Context, id string, version int64, action json.RawMessage, finished bool) (int64, error) {
	ctx = context.WithoutCancel(ctx) // as tx: a write is not cut short
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		s.raw.mu.Lock()
		defer s.raw.mu.Unlock()
		st, err := s.raw.on(ctx, dc)
		if err != nil {
			return err
		}
		if _, err := exec(ctx, st.begin); err != nil {
			return err
		}
		if err := st.append(ctx, id, version, action, finished, s.now().UnixMilli()); err != nil {
			exec(ctx, st.rollback)
			return err
		}
		if _, err := exec(ctx, st.commit); err != nil {
			exec(ctx, st.rollback) // a commit that failed may leave the transaction open
			return err
		}
		return nil
	})
	return version + 1, err
}

// append is Append's statements, in its transaction: the table's version moved on if it
// is still version, then the action logged.
func (r *rawStatements) append(ctx context.Context, id string, version int64, action json.RawMessage, finished bool, now int64) error {
	res, err := exec(ctx, r.bump, int64(1), now, int64(boolInt(finished)), id, version)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return r.missing(ctx, id)
	}
	_, err = exec(ctx, r.log, id, id, string(action))
	return err
}

// missing tells why a table's version did not move on: the table is gone, or it is at
// another version.
func (r *rawStatements) missing(ctx context.Context, id string) error {
	rows, err := r.exists.(driver.StmtQueryContext).QueryContext(ctx, []driver.NamedValue{{Ordinal: 1, Value: id}})
	if err != nil {
		return err
	}
	defer rows.Close()
	n := make([]driver.Value, 1)
	if err := rows.Next(n); err != nil && err != io.EOF {
		return err
	}
	if count, _ := n[0].(int64); count == 0 {
		return table.ErrNotFound
	}
	return table.ErrConflict
}

// exec runs a prepared statement with args, in order.
func exec(ctx context.Context, st driver.Stmt, args ...any) (driver.Result, error) {
	named := make([]driver.NamedValue, len(args))
	for i, a := range args {
		named[i] = driver.NamedValue{Ordinal: i + 1, Value: a}
	}
	return st.(driver.StmtExecContext).ExecContext(ctx, named)
}
