package web

import (
	stdnet "net"
	"sync"
	"sync/atomic"

	"github.com/krieg/krieg/server"
)

// Caps are how many connections a door holds at once, in all and from
// one IP address; zero fields have no cap.
type Caps struct {
	Total   int
	PerAddr int
	// Refused, when set, is told of each connection closed over a cap
	// (the limit it hit: "total" or "per_addr").
	Refused func(limit string)
}

// Limit returns ln holding at most caps' connections at once: a
// connection beyond a cap is closed as soon as it is accepted, before a
// byte is read, so that a crowd holding requests open (slowloris) costs
// the door a descriptor only while it is under its caps. A connection
// counts until it is closed, hijacked ones (WebSockets) too.
func Limit(ln stdnet.Listener, caps Caps) stdnet.Listener {
	return &capped{Listener: ln, caps: caps, perAddr: map[string]int{}}
}

// capped is Limit's listener.
type capped struct {
	stdnet.Listener
	caps    Caps
	mu      sync.Mutex
	total   int
	perAddr map[string]int
}

// Accept returns the next connection under the caps, closing the others.
func (l *capped) Accept() (stdnet.Conn, error) {
	for {
		nc, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := server.AddrOf(nc)
		limit := l.take(addr)
		if limit == "" {
			server.SetSendBuffer(nc, PageSendBuffer)
			return &cappedConn{Conn: nc, l: l, addr: addr}, nil
		}
		// Closed here, without a goroutine: nothing was read or written,
		// so the close cannot block.
		nc.Close()
		if l.caps.Refused != nil {
			l.caps.Refused(limit)
		}
	}
}

// take counts a connection from addr, or names the cap that is full.
func (l *capped) take(addr string) (full string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.caps.PerAddr > 0 && l.perAddr[addr] >= l.caps.PerAddr:
		return "per_addr"
	case l.caps.Total > 0 && l.total >= l.caps.Total:
		return "total"
	}
	l.total++
	l.perAddr[addr]++
	return ""
}

// give uncounts a connection from addr.
func (l *capped) give(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total--
	if l.perAddr[addr]--; l.perAddr[addr] <= 0 {
		delete(l.perAddr, addr)
	}
}

// PageSendBuffer is the send buffer the door sets on each connection's
// socket as it accepts it (a WebSocket's is lowered to server.SendBuffer
// when it becomes one). Left to Linux, a client that asked for the board
// and read none of it made the host hold 2.8 MB per connection, and kept
// holding it after the door gave the answer up (a tester's 100 such
// connections held 280 MB for minutes). The board's 4 MB need a larger
// buffer than the game port's lines: at 256 KB (Linux doubles it) a
// socket moves about 5 MB/s at a 100 ms round trip.
const PageSendBuffer = 256 << 10

// cappedConn is a connection counted by capped until it is closed.
type cappedConn struct {
	stdnet.Conn
	l    *capped
	addr string
	once sync.Once
	// failed is set once a write failed (its deadline passed: a client
	// that stopped reading): its close then drops what is unsent.
	failed atomic.Bool
}

// Write writes b, noting a failure (Close then drops the unsent bytes).
func (c *cappedConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	if err != nil {
		c.failed.Store(true)
	}
	return n, err
}

// NetConn returns the connection underneath (server.LimitSendBuffer
// reaches the socket through it).
func (c *cappedConn) NetConn() stdnet.Conn { return c.Conn }

// Close closes the connection and frees its place (once, however often
// it is closed).
func (c *cappedConn) Close() error {
	if l, ok := c.Conn.(interface{ SetLinger(int) error }); ok && c.failed.Load() {
		// A client that stopped reading: its unsent bytes are dropped at
		// once (a reset), not kept by the kernel for minutes after the
		// close, where no cap counts them.
		l.SetLinger(0)
	}
	err := c.Conn.Close()
	c.once.Do(func() { c.l.give(c.addr) })
	return err
}
