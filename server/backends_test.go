package server_test

import (
	"testing"

	"souk/app/store/storetest"
)

// sqliteOnly is for tests of behaviour that does not depend on the database.
func sqliteOnly(t *testing.T) storetest.Backend {
	return storetest.Backend{Name: "sqlite", Dir: t.TempDir()}
}
