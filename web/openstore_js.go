package web

import (
	"errors"

	"tavolo/web/table"
)

// openStore: the offline build has no SQLite; its Config names the store.
func openStore(string, string) (table.Store, error) {
	return nil, errors.New("web: the offline build needs Config.Store")
}
