package server_test

import (
	"io"
	"testing"

	"souk/server/bench"
)

// TestSocketFiguresRun runs `make bench`'s realtime figures small, with the
// clients in this process: every socket opens and joins the hub, every
// steady message reaches each of the seller's sockets, and the burst is
// stored and delivered, on both databases.
func TestSocketFiguresRun(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		rep, err := bench.SocketFigures(t.Context(), s.app, s.URL, bench.SocketOptions{
			Sockets: 40, Rate: 3, Seconds: 2, Burst: 18, Client: bench.InProcessSocketClient}, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Opened != 40 || rep.SteadySent != 6 || rep.Lost != 0 || rep.Failed != 0 || rep.BurstSent != 18 || rep.P50 <= 0 || rep.Frames == 0 {
			t.Errorf("report %+v", rep)
		}
	})
}
