//go:build !js

package web

import (
	"tavolo/web/store"
	"tavolo/web/table"
)

// openStore opens the default store: SQLite in the data folder.
func openStore(dir string) (table.Store, error) { return store.OpenSQLite(dir) }
