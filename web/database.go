package web

import "strings"

// IsDatabaseURL tells whether s can name a database Tavolo keeps its tables in: a
// PostgreSQL URL (postgres://… or postgresql://…).
func IsDatabaseURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// storeName says where a server's tables are, for its log: never the database's URL,
// which may hold a password.
func storeName(cfg Config) string {
	switch {
	case cfg.Store != nil:
		return "given"
	case cfg.Database != "":
		return "postgres"
	}
	return "sqlite"
}
