package server_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"souk/app/config"
	"souk/app/store/storetest"
	"souk/server"
)

// A seeded catalogue is made once per backend and copied into every store
// the tests start: seeding 140 goods and indexing them was most of a
// store's start, and a run starts close to three hundred. A copy is the
// data a store seeds itself (the seed is deterministic but for its dates;
// the copies share the first store's random secrets, which no test
// compares across stores). Seeding itself is tested in app/seed.
type seedCopy struct {
	once sync.Once
	dir  string // the data directory (SQLite file, search index)
	name string // PostgreSQL: the template database
	err  error
}

var seededSQLite, seededPostgres seedCopy

// TestMain drops the PostgreSQL template when every test has run.
func TestMain(m *testing.M) {
	code := m.Run()
	if seededPostgres.name != "" {
		_ = storetest.DropPostgres(os.Getenv("TEST_DATABASE_URL"), seededPostgres.name)
	}
	for _, c := range []*seedCopy{&seededSQLite, &seededPostgres} {
		if c.dir != "" {
			os.RemoveAll(c.dir)
		}
	}
	os.Exit(code)
}

// seededBackends is storetest.Backends with the demo catalogue already in
// each database and data directory.
func seededBackends(t *testing.T) []storetest.Backend {
	t.Helper()
	out := []storetest.Backend{{Name: "sqlite", Dir: t.TempDir()}}
	copyDir(t, seededSQLite.make(t, ""), out[0].Dir)
	if base := os.Getenv("TEST_DATABASE_URL"); base != "" {
		c := seededPostgres.make(t, base)
		b := storetest.Backend{Name: "postgres", URL: storetest.NewPostgresFrom(t, base, seededPostgres.name), Dir: t.TempDir()}
		copyDir(t, c, b.Dir)
		out = append(out, b)
	}
	return out
}

// seededPostgresDB is a copy of the seeded PostgreSQL database, for tests
// of several nodes on one database (each node: seededNode).
func seededPostgresDB(t *testing.T, base string) string {
	t.Helper()
	seededPostgres.make(t, base)
	return storetest.NewPostgresFrom(t, base, seededPostgres.name)
}

// seededNode is a node on the database url (from seededPostgresDB): its
// own data directory, holding the seeded search index.
func seededNode(t *testing.T, url string) storetest.Backend {
	t.Helper()
	b := storetest.Backend{Name: "postgres", URL: url, Dir: t.TempDir()}
	copyDir(t, seededPostgres.make(t, os.Getenv("TEST_DATABASE_URL")), b.Dir)
	return b
}

// make seeds the catalogue once, on PostgreSQL when base is set, and
// answers the data directory to copy.
func (c *seedCopy) make(t *testing.T, base string) string {
	t.Helper()
	c.once.Do(func() { c.dir, c.name, c.err = seedOnce(base) })
	if c.err != nil {
		t.Fatalf("seeded catalogue: %v", c.err)
	}
	return c.dir
}

// seedOnce runs a store until its indexes are built and closes it.
func seedOnce(base string) (dir, name string, err error) {
	if dir, err = os.MkdirTemp("", "souk-seeded-"); err != nil {
		return "", "", err
	}
	url := ""
	if base != "" {
		buf := make([]byte, 6)
		_, _ = rand.Read(buf)
		name = "souk_seeded_" + hex.EncodeToString(buf)
		if url, err = storetest.CreatePostgres(base, name, ""); err != nil {
			return dir, "", err
		}
	}
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"DATA_DIR": dir, "DATABASE_URL": url, "SEED_GOODS": "140", "BASE_URL": "http://souk.test", "ARGON2_MEMORY_KIB": testHashMemory}[k]
	})
	if err != nil {
		return dir, name, err
	}
	a, err := server.AssembleShared(context.Background(), cfg, "../views", slog.New(slog.NewTextHandler(io.Discard, nil)), shared)
	if err != nil {
		return dir, name, err
	}
	defer a.Close()
	for deadline := time.Now().Add(2 * time.Minute); !a.Visual.Ready(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			return dir, name, fmt.Errorf("the visual index was not built in 2 minutes")
		}
	}
	return dir, name, nil
}

// copyDir copies the files under from into to.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatalf("copy the seeded catalogue: %v", err)
	}
}
