package table

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// A table as it is kept: its setup, its action log and the devices at it; and the store
// that keeps tables (web/store has its SQLite implementation, so that a table compiles
// without it). A table's state is what replaying its log gives, so the log is all that is
// stored. Every accepted action is written in the same transaction as the table's new
// version, before the reply.

// Errors a store returns.
var (
	ErrNotFound = errors.New("store: no such table")
	// ErrConflict: the table's version moved on since the caller read it (another tab,
	// another device); nothing was written.
	ErrConflict = errors.New("store: the table has changed")
	// ErrCodeTaken: another table already has that join code.
	ErrCodeTaken = errors.New("store: the code is taken")
	// ErrImported: a table was already imported with that import key; nothing was written.
	ErrImported = errors.New("store: a table was already imported from that record")
)

// Table is one game being played.
type Table struct {
	ID       string
	Game     string          // "diamant", "donuts", …
	Setup    json.RawMessage // the game's setup and table options, as the game encodes them
	Version  int64           // counts every change: actions appended, undone, setup changed
	Actions  int             // length of the action log
	Finished bool
	Archived bool   // idle too long: read-only, out of the lists
	Code     string // join code for other devices, "" until the table is opened to them
	// ImportKey is the identity of the record a table was moved here from (ImportKeyOf),
	// "" for a table made here: the same record moved again finds the table it made.
	// Archiving a table forgets it.
	ImportKey string `json:",omitempty"`
	Created   time.Time
	Updated   time.Time
}

// Device is a browser at a table, known by its session, and the seats it holds.
type Device struct {
	ID    string
	Seats []int
	Host  bool
}

// Record is a table as loaded: with its log and its devices.
type Record struct {
	Table
	Log     []json.RawMessage
	Devices []Device
}

// SweepTimes say which tables a sweep archives or deletes: those unchanged since when.
type SweepTimes struct {
	EmptyBefore  time.Time // no action yet: abandoned before it began; deleted
	IdleBefore   time.Time // unfinished: archived
	DeleteBefore time.Time // finished or archived: deleted
}

// Store keeps tables. Every write names the version it was made against and fails with
// ErrConflict when the table has moved on.
type Store interface {
	// Create stores a new table with its first device.
	Create(ctx context.Context, t Table, host Device) error
	// Import stores a whole table at once, in one transaction: its setup, its log (the
	// table's version is the log's length), its devices and its import key (a table moved
	// from a device to the server). ErrImported, and nothing written, when a table not
	// archived already has that key.
	Import(ctx context.Context, r Record) error
	// FindImport returns the id of the table imported with that key (not archived), or
	// ErrNotFound.
	FindImport(ctx context.Context, key string) (string, error)
	// Load reads a table with its log and devices.
	Load(ctx context.Context, id string) (Record, error)
	// Append adds an action at the end of the log; it returns the new version.
	Append(ctx context.Context, id string, version int64, action json.RawMessage, finished bool) (int64, error)
	// Undo removes the last action of the log; it returns the new version.
	Undo(ctx context.Context, id string, version int64, finished bool) (int64, error)
	// Update replaces the setup (unless nil) and the devices (unless nil) in one
	// transaction, one version: a change of a table that touches both (a seat added with
	// its player's name, a seat handed over with the options that follow it) is never
	// stored half-made, even if the process dies in the middle. It returns the new version.
	Update(ctx context.Context, id string, version int64, setup json.RawMessage, devices []Device) (int64, error)
	// SetCode gives the table a join code (ErrCodeTaken if another table has it).
	SetCode(ctx context.Context, id, code string) error
	// FindByCode returns the id of the table with that join code, or ErrNotFound.
	FindByCode(ctx context.Context, code string) (string, error)
	// ListForDevice lists the tables of a game where a device sits, most recently
	// changed first, without archived ones.
	ListForDevice(ctx context.Context, device, game string) ([]Table, error)
	// Sweep deletes the tables never played (no action) unchanged since EmptyBefore,
	// archives the unfinished tables unchanged since IdleBefore, and deletes the tables
	// (finished or archived) unchanged since DeleteBefore.
	Sweep(ctx context.Context, by SweepTimes) (archived, deleted int, err error)
	Close() error
}

// Records are the reads of a store, and the one write that is not a change of a running
// table (a table moved from a phone, which no stream follows yet): what a handler may do
// with the store. Every change of a table goes through Tables, which tells its streams.
type Records interface {
	Load(ctx context.Context, id string) (Record, error)
	FindByCode(ctx context.Context, code string) (string, error)
	ListForDevice(ctx context.Context, device, game string) ([]Table, error)
	FindImport(ctx context.Context, key string) (string, error)
	Import(ctx context.Context, r Record) error
}

// Shared is a store that several servers share (web/store/postgres): what each server
// needs beside Store so that its cache, its locks and its live streams hold when the others
// write too (Tables uses it when its store has it).
type Shared interface {
	// LockTable takes a table's lock across every server, and reads the table's version
	// under it (found: false when it is not in the store); unlock lets it go.
	LockTable(ctx context.Context, id string) (version int64, found bool, unlock func(), err error)
	// Follow tells changed of every new version of a table committed by any server, in
	// order, until ctx ends; an empty id is any table (a sweep archived or deleted some),
	// a version 0 a change that kept the version (a join code given). A change may be
	// missed while it is not listening: it calls
	// listening each time it listens again (and the first time), for the caller to read
	// what it follows again (Versions); lost is told why it stopped listening.
	Follow(ctx context.Context, changed func(id string, version int64), listening func(context.Context), lost func(error))
	// Versions reads tables' versions; a table not in the store is left out.
	Versions(ctx context.Context, ids []string) (map[string]int64, error)
}
