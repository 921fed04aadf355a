package web

import (
	stdnet "net"
	"sync"

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

// cappedConn is a connection counted by capped until it is closed.
type cappedConn struct {
	stdnet.Conn
	l    *capped
	addr string
	once sync.Once
}

// NetConn returns the connection underneath (server.LimitSendBuffer
// reaches the socket through it).
func (c *cappedConn) NetConn() stdnet.Conn { return c.Conn }

// Close closes the connection and frees its place (once, however often
// it is closed).
func (c *cappedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.give(c.addr) })
	return err
}
