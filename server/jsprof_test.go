package server_test

import (
	"context"
	"os"
	"testing"

	"github.com/dop251/goja"
)

func TestJSProfileHome(t *testing.T) {
	if os.Getenv("JSPROF") == "" {
		t.Skip()
	}
	s := startStore(t, sqliteOnly(t))
	f, _ := os.Create("/tmp/js.prof")
	_ = goja.StartProfile(f)
	for i := 0; i < 30; i++ {
		_, _ = s.app.Site.RenderUncached(context.Background(), "/en/")
	}
	goja.StopProfile()
	f.Close()
}
