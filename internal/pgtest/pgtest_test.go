package pgtest

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

var srv *Server

func TestMain(m *testing.M) { os.Exit(Main(m, &srv)) }

// Each test has a database of its own, empty, that it may change as it likes.
func TestDatabasesAreTheTestsOwn(t *testing.T) {
	ctx := context.Background()
	a, b := srv.Database(t), srv.Database(t)
	require.NotEqual(t, a, b)
	ca, err := pgx.Connect(ctx, a)
	require.NoError(t, err)
	defer ca.Close(ctx)
	cb, err := pgx.Connect(ctx, b)
	require.NoError(t, err)
	defer cb.Close(ctx)
	_, err = ca.Exec(ctx, `CREATE TABLE x (n int)`)
	require.NoError(t, err)
	var n int
	require.NoError(t, cb.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE tablename = 'x'`).Scan(&n))
	require.Zero(t, n)
}

// Without PostgreSQL's programs the server does not start, and says what to install.
func TestNoBinariesIsAnError(t *testing.T) {
	t.Setenv("TAVOLO_PG_BIN", t.TempDir())
	_, err := Start()
	require.Error(t, err)
}
