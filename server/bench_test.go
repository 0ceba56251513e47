package server_test

import (
	"context"
	"testing"
)

// BenchmarkRender measures uncached renders (data load + React in goja).
func BenchmarkRender(b *testing.B) {
	s := startStoreB(b)
	entries, _ := s.app.Site.Catalog.GoodsEntries(context.Background(), "en", 7, 1)
	for _, p := range []struct{ name, path string }{{"home", "/en/"}, {"product", "/en" + entries[0].Path}} {
		b.Run(p.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := s.app.Site.RenderUncached(context.Background(), p.path); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkHomeData(b *testing.B) {
	s := startStoreB(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.app.Site.Catalog.Home(context.Background(), "en", "USD"); err != nil {
			b.Fatal(err)
		}
	}
}
