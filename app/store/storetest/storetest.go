// Package storetest gives tests a fresh database: SQLite always, and
// PostgreSQL when TEST_DATABASE_URL is set. Each PostgreSQL database gets a
// random name and is dropped afterwards, so runs never see each other's data.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"souk/app/store"
	"souk/ent"
)

// Backend is one database a test runs on.
type Backend struct {
	Name string
	URL  string // DATABASE_URL for store.Open ("" = SQLite in Dir)
	Dir  string
}

// Backends returns SQLite and, when configured, PostgreSQL, each fresh.
func Backends(t testing.TB) []Backend {
	t.Helper()
	out := []Backend{{Name: "sqlite", Dir: t.TempDir()}}
	if base := os.Getenv("TEST_DATABASE_URL"); base != "" {
		out = append(out, Backend{Name: "postgres", URL: NewPostgres(t, base), Dir: t.TempDir()})
	}
	return out
}

// Open opens a backend and closes it when the test ends.
func Open(t testing.TB, b Backend) *ent.Client {
	t.Helper()
	db, err := store.Open(context.Background(), b.URL, b.Dir)
	if err != nil {
		t.Fatalf("open %s: %v", b.Name, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Each runs fn as a subtest on every backend.
func Each(t *testing.T, fn func(t *testing.T, db *ent.Client, b Backend)) {
	for _, b := range Backends(t) {
		t.Run(b.Name, func(t *testing.T) { fn(t, Open(t, b), b) })
	}
}

// NewPostgres creates a randomly named database on the server of base and
// returns its URL; it is dropped when the test ends.
func NewPostgres(t testing.TB, base string) string { return NewPostgresFrom(t, base, "") }

// NewPostgresFrom is NewPostgres with the new database a copy of the
// database template ("": empty).
func NewPostgresFrom(t testing.TB, base, template string) string {
	t.Helper()
	buf := make([]byte, 6)
	_, _ = rand.Read(buf)
	name := "souk_test_" + hex.EncodeToString(buf)
	u, err := CreatePostgres(base, name, template)
	if err != nil {
		t.Fatalf("postgres: %v", err)
	}
	t.Cleanup(func() { _ = DropPostgres(base, name) })
	return u
}

// CreatePostgres creates the database name on the server of base, a copy
// of template unless that is "", and returns its URL. A template must have
// no connection open while it is copied: a store that just closed may
// still be ending one, so a busy template is asked again for a few seconds.
func CreatePostgres(base, name, template string) (string, error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	stmt := "CREATE DATABASE " + name
	if template != "" {
		stmt += " TEMPLATE " + template
	}
	for try := 0; ; try++ {
		_, err = admin.Exec(stmt)
		if err == nil || template == "" || try == 50 || !strings.Contains(err.Error(), "being accessed by other users") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		return "", fmt.Errorf("create database %s: %w", name, err)
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", fmt.Errorf("TEST_DATABASE_URL: %w", err)
	}
	u.Path = "/" + name
	return u.String(), nil
}

// DropPostgres drops the database name, closing its connections.
func DropPostgres(base, name string) error {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return err
	}
	defer admin.Close()
	_, err = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	return err
}

// SQLitePath is where a SQLite backend keeps its file.
func SQLitePath(b Backend) string { return filepath.Join(b.Dir, "souk.db") }
