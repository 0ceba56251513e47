package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
)

// sqliteDriver sends every write (and every transaction) to one
// connection and reads to a pool beside it. SQLite has one write lock;
// writers on several connections that find it taken sleep in its busy
// handler (up to 100 ms a time) while the lock sits free, so under a few
// concurrent writers latency went to seconds (chat sends at 10 000
// sockets: p50 12 s). Waiting for the one write connection in Go's pool
// hands it over at once. Reads need no lock in WAL mode and run beside
// the writer.
type sqliteDriver struct {
	read, write *entsql.Driver
}

func openSQLite(dsn string) (*sqliteDriver, error) {
	r, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	w, err := sql.Open("sqlite", dsn)
	if err != nil {
		r.Close()
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	return &sqliteDriver{read: entsql.OpenDB(dialect.SQLite, r), write: entsql.OpenDB(dialect.SQLite, w)}, nil
}

// reads reports whether a statement only reads (ent writes with INSERT,
// UPDATE and DELETE, some with RETURNING through Query).
func reads(query string) bool {
	q := strings.TrimLeft(query, " \t\n(")
	return len(q) >= 6 && strings.EqualFold(q[:6], "SELECT")
}

func (d *sqliteDriver) Exec(ctx context.Context, query string, args, v any) error {
	return d.write.Exec(ctx, query, args, v)
}

func (d *sqliteDriver) Query(ctx context.Context, query string, args, v any) error {
	if reads(query) {
		return d.read.Query(ctx, query, args, v)
	}
	return d.write.Query(ctx, query, args, v)
}

func (d *sqliteDriver) Tx(ctx context.Context) (dialect.Tx, error) { return d.write.Tx(ctx) }

// BeginTx is what ent's Client.BeginTx asks for.
func (d *sqliteDriver) BeginTx(ctx context.Context, opts *sql.TxOptions) (dialect.Tx, error) {
	return d.write.BeginTx(ctx, opts)
}

func (d *sqliteDriver) Close() error    { return errors.Join(d.read.Close(), d.write.Close()) }
func (d *sqliteDriver) Dialect() string { return dialect.SQLite }
