package kriegdtest

import (
	stdnet "net"
	"sync"
)

// Accepting is a listener that keeps the connections it accepted, so that
// a test can ask the kernel about the server's side of one (SendQueue).
type Accepting struct {
	stdnet.Listener
	mu    sync.Mutex
	conns []stdnet.Conn
}

// Wrap makes l listen through ln, and returns l: a server given
// Wrap(ln) accepts through it.
func (l *Accepting) Wrap(ln stdnet.Listener) stdnet.Listener {
	l.Listener = ln
	return l
}

// Accept accepts the next connection and keeps it, unchanged.
func (l *Accepting) Accept() (stdnet.Conn, error) {
	nc, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.conns = append(l.conns, nc)
		l.mu.Unlock()
	}
	return nc, err
}

// Conns are the connections accepted so far.
func (l *Accepting) Conns() []stdnet.Conn {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]stdnet.Conn(nil), l.conns...)
}
