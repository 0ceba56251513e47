package realtime

import (
	"strconv"
	"sync"
)

// caps counts open sockets per account and per client address, within
// PerAccount, PerAddress and MaxConnections, so nobody can hold the node's
// sockets.
type caps struct {
	mu                     sync.Mutex
	open                   map[string]int
	total                  int
	perAccount, perAddress int
	max                    int
}

func newCaps() *caps {
	return &caps{open: map[string]int{}, perAccount: PerAccount, perAddress: PerAddress, max: MaxConnections}
}

// SetCaps changes the limits (a load test on loopback holds thousands of
// sockets from one address). Call it before serving.
func (h *Hub) SetCaps(perAccount, perAddress, max int) {
	h.caps.mu.Lock()
	h.caps.perAccount, h.caps.perAddress, h.caps.max = perAccount, perAddress, max
	h.caps.mu.Unlock()
}

func accountKey(user int) string { return "u" + strconv.Itoa(user) }

// take reserves a socket for the address and (when user > 0) the account.
func (k *caps) take(addr string, user int) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	a, u := "a"+addr, accountKey(user)
	if k.total >= k.max || k.open[a] >= k.perAddress || (user > 0 && k.open[u] >= k.perAccount) {
		return false
	}
	k.open[a]++
	if user > 0 {
		k.open[u]++
	}
	k.total++
	return true
}

// give releases what take reserved.
func (k *caps) give(addr string, user int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	keys := []string{"a" + addr}
	if user > 0 {
		keys = append(keys, accountKey(user))
	}
	for _, key := range keys {
		if k.open[key]--; k.open[key] <= 0 {
			delete(k.open, key)
		}
	}
	k.total--
}
