//go:build !js

package web

import (
	"context"
	"fmt"
	"time"

	"tavolo/web/store"
	"tavolo/web/store/postgres"
	"tavolo/web/table"
)

// openStore opens the store: PostgreSQL at database (a postgres:// URL) when given, or
// else the default, SQLite in the data folder.
func openStore(dir, database string) (table.Store, error) {
	if database == "" {
		return store.OpenSQLite(dir)
	}
	if !IsDatabaseURL(database) {
		return nil, fmt.Errorf("web: the database %q is not a postgres:// URL", database)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return postgres.Open(ctx, database)
}
