package api

import (
	"sync"
	"time"
)

// Bounds of the QR login sockets: anyone may open one, so one client must
// not hold many, nor make the server draw codes without end.
const (
	QRSocketsPerAddress = 5
	QRSocketsMax        = 10_000          // all addresses together
	qrRefreshEvery      = 5 * time.Second // a code is replaced on request at most this often
)

// openCount counts open connections per client address, within a limit
// per address and one overall.
type openCount struct {
	mu     sync.Mutex
	perKey int
	max    int
	total  int
	open   map[string]int
}

func newOpenCount(perKey, max int) *openCount {
	return &openCount{perKey: perKey, max: max, open: map[string]int{}}
}

// take counts a new connection of key, if within the limits.
func (o *openCount) take(key string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.open[key] >= o.perKey || o.total >= o.max {
		return false
	}
	o.open[key]++
	o.total++
	return true
}

// give forgets a connection of key.
func (o *openCount) give(key string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.open[key]--; o.open[key] <= 0 {
		delete(o.open, key)
	}
	o.total--
}
