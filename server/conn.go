package server

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	stdnet "net"
	"runtime/debug"
	"strings"
	"time"
)

// conn is one connection: a reader (this goroutine) and a writer fed by a
// bounded queue.
type conn struct {
	s      *Server
	nc     stdnet.Conn
	out    chan []byte
	done   chan struct{}
	closed bool // under s.mu: the queue is closed

	// Set at login (under s.mu).
	name       string
	registered bool
	level1     bool
	dgs        [maxDatagram + 1]bool

	// The attempt limiter: a token bucket.
	tokens float64
	filled time.Time
	warned bool
}

func newConn(s *Server, nc stdnet.Conn) *conn {
	return &conn{s: s, nc: nc, out: make(chan []byte, s.cfg.OutQueue), done: make(chan struct{}),
		tokens: 2 * s.cfg.Attempts, filled: time.Now()}
}

// run serves the connection until it ends. A panic while serving it (a
// bug) is logged with its stack and ends this connection only: every
// locked section unlocks as the panic unwinds (Server.locked), so the
// server goes on for everyone else.
func (c *conn) run() {
	go c.write()
	err := c.serveSafely()
	c.s.locked(func() error {
		if err != nil && !errors.Is(err, errQuit) && !c.closed {
			c.sendText(cmdServer, err.Error())
		}
		c.s.gone(c)
		c.shut()
		return nil
	})
	<-c.done
	c.nc.Close()
}

// errPanic is what a user whose connection hit a bug is told.
var errPanic = errors.New("kriegd hit an internal error serving this connection and closed it; please report it")

// serveSafely is serve with a panic turned into errPanic.
func (c *conn) serveSafely() (err error) {
	defer func() {
		if r := recover(); r != nil {
			c.s.cfg.Logf("kriegd: panic serving %s: %v\n%s", c.label(), r, debug.Stack())
			err = errPanic
		}
	}()
	return c.serve()
}

// errQuit ends a connection the user left.
var errQuit = errors.New("quit")

// serve logs the user in and reads commands.
func (c *conn) serve() error {
	rd := bufio.NewReaderSize(c.nc, MaxLine)
	c.nc.SetReadDeadline(time.Now().Add(c.s.cfg.LoginTime))
	if err := c.login(rd); err != nil {
		return err
	}
	for {
		c.nc.SetReadDeadline(time.Now().Add(c.s.cfg.IdleTimeout))
		line, err := readLine(rd)
		if err != nil {
			return err
		}
		cmd, perr := ParseCommand(line)
		err = c.s.locked(func() error {
			switch {
			case errors.Is(perr, errEmpty):
				return nil
			case perr != nil:
				c.sendText(cmdOther, perr.Error())
				return nil
			}
			return c.do(cmd)
		})
		if err != nil {
			return err
		}
	}
}

// readLine reads one line of at most MaxLine bytes. A longer line (or one
// that never ends) is an error that closes the connection.
func readLine(rd *bufio.Reader) (string, error) {
	b, err := rd.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		return "", fmt.Errorf("line too long (more than %d bytes): closing the connection", MaxLine)
	}
	var ne stdnet.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return "", fmt.Errorf("no input for too long: closing the connection")
	}
	if err != nil {
		return "", err
	}
	return string(bytes.TrimRight(b, "\r\n")), nil
}

// write drains the queue to the socket.
func (c *conn) write() {
	defer close(c.done)
	for b := range c.out {
		c.nc.SetWriteDeadline(time.Now().Add(30 * time.Second))
		if _, err := c.nc.Write(b); err != nil {
			c.nc.Close()
			for range c.out {
			}
			return
		}
	}
}

// shut closes the queue (under s.mu); the writer sends what is queued and stops.
func (c *conn) shut() {
	if !c.closed {
		c.closed = true
		close(c.out)
	}
}

// send queues raw bytes (under s.mu). A reader so slow that its queue is
// full is disconnected: the server never waits for one user.
func (c *conn) send(text string) {
	if c.closed {
		return
	}
	select {
	case c.out <- []byte(text):
	default:
		c.s.cfg.Logf("kriegd: %s reads too slowly: disconnecting", c.label())
		c.shut()
		c.nc.Close()
	}
}

// label names the connection in the log (never with a password).
func (c *conn) label() string {
	if c.name != "" {
		return c.name
	}
	return c.nc.RemoteAddr().String()
}

// unit sends one level-1 unit of command number cmd with body (text lines
// and datagrams), or the body alone to a client without level 1.
func (c *conn) unit(cmd int, body string) {
	if c.level1 {
		c.send(fmt.Sprintf("%s%d *\r\n%s%s", unitOpen, cmd, body, unitClose))
		return
	}
	c.send(body)
}

// sendText sends lines of text as one unit.
func (c *conn) sendText(cmd int, lines ...string) {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l + "\r\n")
	}
	c.unit(cmd, b.String())
}

// dg returns datagram n when the user asked for it, else "".
func (c *conn) dg(n int, fields ...any) string {
	if n < 0 || n > maxDatagram || !c.dgs[n] {
		return ""
	}
	return datagram(n, fields...)
}

// allow takes one token for an attempt; false when the user sends faster
// than the limit.
func (c *conn) allow(now time.Time) bool {
	rate := c.s.cfg.Attempts
	c.tokens += now.Sub(c.filled).Seconds() * rate
	c.filled = now
	if c.tokens > 2*rate {
		c.tokens = 2 * rate
	}
	if c.tokens < 1 {
		return false
	}
	c.tokens--
	c.warned = false
	return true
}
