package chat

import "context"

// Frame is one server frame of the realtime socket (SPEC §7): code, a
// message key rendered in each connection's language (easg), and content.
// Keys, not text, travel so one frame serves readers of any language.
type Frame struct {
	Code    int      `json:"code"`
	Key     string   `json:"key,omitempty"`
	Args    []string `json:"args,omitempty"`
	Content any      `json:"content,omitempty"`
}

// Frame codes.
const (
	FrameReceived    = 2
	FrameSent        = 3
	FrameSessionEnd  = 5
	FrameRead        = 7
	FrameUnreadCount = 8
	FrameNotice      = 9
)

// Delivery is a frame for every connection of some users.
type Delivery struct {
	Users []int `json:"users"`
	Frame Frame `json:"frame"`
}

// Fanout delivers frames to users' sockets, on this node and others. It
// must not block on slow clients.
type Fanout interface {
	Deliver(ctx context.Context, ds []Delivery)
}

// Notice is the content of a notice frame (9).
type Notice struct {
	Kind string `json:"kind"` // chat, order, review, payment
	Link string `json:"link"` // path without the language prefix
}

func (s *Service) deliver(ctx context.Context, ds []Delivery) {
	if s.fanout != nil && len(ds) > 0 {
		s.fanout.Deliver(context.WithoutCancel(ctx), ds)
	}
}
