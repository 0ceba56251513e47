// Package store opens the ent client on SQLite (embedded default) or
// PostgreSQL (DATABASE_URL), and creates the schema.
package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver

	"souk/ent"
)

// Open connects to databaseURL, or to DATA_DIR/souk.db when it is empty, and
// migrates the schema. The caller closes the client.
func Open(ctx context.Context, databaseURL, dataDir string) (*ent.Client, error) {
	drv, err := openDriver(databaseURL, dataDir)
	if err != nil {
		return nil, err
	}
	client := ent.NewClient(ent.Driver(drv))
	if err := client.Schema.Create(ctx); err != nil {
		client.Close()
		return nil, fmt.Errorf("store: migrate schema: %w", err)
	}
	return client, nil
}

// IsPostgres tells whether a URL names a PostgreSQL database.
func IsPostgres(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

func openDriver(databaseURL, dataDir string) (dialect.Driver, error) {
	if IsPostgres(databaseURL) {
		db, err := sql.Open("pgx", databaseURL)
		if err != nil {
			return nil, fmt.Errorf("store: open postgres: %w", err)
		}
		db.SetMaxOpenConns(20)
		return entsql.OpenDB(dialect.Postgres, db), nil
	}
	path := databaseURL
	if path == "" {
		if err := os.MkdirAll(dataDir, 0o755); err != nil {
			return nil, fmt.Errorf("store: create data dir: %w", err)
		}
		path = filepath.Join(dataDir, "souk.db")
	}
	path = strings.TrimPrefix(path, "sqlite://")
	// WAL lets readers run during a write; busy_timeout waits instead of
	// failing when two writers meet; foreign keys are off by default in
	// SQLite. Transactions begin IMMEDIATE: a deferred one that reads and
	// then writes cannot wait for the write lock and fails at once under
	// concurrent writers (two clicks on "add to cart", say).
	dsn := fmt.Sprintf("file:%s?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate", path)
	drv, err := openSQLite(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite %s: %w", path, err)
	}
	return drv, nil
}
