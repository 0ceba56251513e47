package server_test

import (
	"testing"

	"souk/app/store/storetest"
)

// sqliteOnly is for tests of behaviour that does not depend on the
// database: a SQLite store with the seeded catalogue (seededBackends).
func sqliteOnly(t *testing.T) storetest.Backend {
	t.Helper()
	b := storetest.Backend{Name: "sqlite", Dir: t.TempDir()}
	copyDir(t, seededSQLite.make(t, ""), b.Dir)
	return b
}
