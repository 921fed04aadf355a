package server

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	stdnet "net"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/krieg/krieg/server/linger"
	"github.com/krieg/krieg/server/rating"
)

// conn is one connection: a reader (this goroutine) and a writer fed by a
// bounded queue.
type conn struct {
	s      *Server
	nc     stdnet.Conn
	addr   string // the IP address it comes from
	out    chan []byte
	done   chan struct{}
	closed bool // under s.mu: the queue is closed
	// preLogin is true (under s.mu) until the connection logs in: it
	// counts against the smaller budget of connections logging in.
	preLogin bool
	// overflow is true (under s.mu) for a connection let in beyond
	// MaxConns: only a login that proves a name takes it further (full.go).
	overflow bool
	// arrived is when the connection was let in: an overflow connection
	// silent past overflowGrace gives its place to a newer one (full.go).
	arrived time.Time
	active  time.Time // when it last sent a command (under s.mu)
	// silence is how long the connection may stay silent now (set with
	// its read deadline), for the reason it is told when it is closed.
	silence time.Duration
	// loggingIn is true until the login is done (its goroutine's own).
	loggingIn bool
	// telnet is true for a connection of the game port (Serve), whose
	// input may carry a telnet client's negotiation (telnet.go); set
	// before it is served.
	telnet bool

	// Set at login (under s.mu).
	name       string
	registered bool
	rating     rating.Rating // kept here so that no command reads the store under the lock
	token      string        // an unregistered player's reconnect token
	level1     bool
	seeks      []*seek // its open seeks, oldest first
	dgs        [maxDatagram + 1]bool

	// The attempt and lobby limiters (under s.mu).
	attempts, lobby *bucket
	listings        *bucket // who, games, observe, finger, history
	inbox           *bucket // messages from others, one to one (mail)
	warned          bool    // told to slow down its attempts
	lobbyWarned     bool    // told to slow down its lobby commands

	// Touched only by the connection's own reader (see readLimits).
	lines    *bucket // every line read, a refused command costing more
	penalty  float64 // what the last command's refusal adds to its line's cost
	refusals int     // commands refused by a limit in a row (throttle.go)
	flooding bool    // maxRefusals reached outside a game: the reader closes

	broken chan struct{} // closed by the writer when the socket fails

	// unsent is how many bytes of output are queued or being written: its
	// reader pauses while it is high and a send past maxUnsent disconnects
	// it (backpressure.go). drained wakes a paused reader after a write.
	unsent  atomic.Int64
	drained chan struct{}

	// waiting is what c is sent (under s.mu) while the result of a game
	// it follows waits for the record to be written, behind the place kept
	// for that result (resultfirst.go).
	waiting []*place
}

func newConn(s *Server, nc stdnet.Conn) *conn {
	now := s.clock.Now()
	return &conn{s: s, nc: nc, addr: AddrOf(nc), arrived: now, out: make(chan []byte, s.cfg.OutQueue), done: make(chan struct{}), broken: make(chan struct{}),
		drained:  make(chan struct{}, 1),
		attempts: newBucket(now, 2*s.cfg.Attempts), lobby: newBucket(now, 5*s.cfg.Lobby),
		listings: newBucket(now, 5*s.cfg.Listings),
		inbox:    newBucket(now, 5*s.cfg.Inbox), lines: newBucket(now, 2*s.cfg.Lines), rating: rating.Start}
}

// run serves the connection until it ends. A panic while serving it (a
// bug) is logged with its stack and ends this connection only: every
// locked section unlocks as the panic unwinds (Server.locked), so the
// server goes on for everyone else.
func (c *conn) run() {
	go c.s.safely("writing to "+c.addr, c.write)()
	err := c.serveSafely()
	c.finish(err)
	<-c.done
	if errors.Is(err, errLineTooLong) || errors.Is(err, errTelnetTooLong) {
		// Cut off in the middle of its input: unread input left there
		// would reset the connection and could lose the line saying why.
		linger.CloseGently(c.nc)
	}
	c.nc.Close()
}

// finish ends the connection's part in the server after serving it ended
// with err: the user is told why (unless it quit) and leaves.
func (c *conn) finish(err error) {
	c.s.locked(func() error {
		switch {
		case err == nil || errors.Is(err, errQuit) || c.closed:
		case clientGone(err):
			// The client stopped sending (a half-close) or went: the
			// reading library's words ("failed to read frame header: EOF")
			// would tell it nothing.
		case errors.Is(err, errShutdown):
			c.sendText(cmdServer, shutdownNotice)
		case errors.Is(err, errSilent) && c.loggingIn:
			// The login's deadline is not moved by input: refused names count.
			c.sendText(cmdServer, fmt.Sprintf("kriegd closed the connection: logging in took too long (%s)", spell(c.silence)))
		case errors.Is(err, errSilent):
			c.sendText(cmdServer, fmt.Sprintf("kriegd closed the connection: no input for too long (%s)", spell(c.silence)))
		default:
			c.sendText(cmdServer, err.Error())
		}
		c.closeFor(err)
		c.s.gone(c)
		c.shut()
		return nil
	})
}

// clientGone reports whether reading ended because the client closed its
// side of the connection or the connection broke.
func clientGone(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, stdnet.ErrClosed) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

// errPanic is what a user whose connection hit a bug is told.
var errPanic = errors.New("kriegd hit an internal error serving this connection and closed it; please report it")

// serveSafely is serve with a panic turned into errPanic.
func (c *conn) serveSafely() (err error) {
	defer c.s.recovered("serving "+c.addr, func(any) { err = errPanic })
	return c.serve()
}

// errLost ends a connection whose socket failed while its reader still
// held lines it had read.
var errLost = errors.New("the connection was lost")

// errQuit ends a connection the user left.
var errQuit = errors.New("quit")

// serve logs the user in and reads commands.
func (c *conn) serve() error {
	var in io.Reader = c.nc
	if c.telnet {
		in = newTelnetReader(c.nc)
	}
	rd := newLines(in)
	c.silence = c.s.cfg.LoginTime
	c.nc.SetReadDeadline(c.s.clock.Now().Add(c.silence))
	c.loggingIn = true
	if err := c.login(rd); err != nil {
		return err
	}
	c.loggingIn = false
	for {
		line, err := rd.next()
		if err != nil {
			return err
		}
		if err := c.handle(line); err != nil {
			return err
		}
		if err := c.throttle(); err != nil {
			return err
		}
		if err := c.backpressure(); err != nil {
			return err
		}
		select {
		case <-c.broken:
			return errLost // what the client sent before it went is not carried out
		default:
		}
	}
}

// handle carries out one line of a logged-in user. The commands that call
// the store or hash a password do so outside the server's lock.
func (c *conn) handle(line string) error {
	cmd, perr := ParseCommand(line)
	if perr == nil {
		if slow := unlockedCommands[cmd.Verb]; slow != nil {
			return slow(c, cmd)
		}
	}
	return c.s.locked(func() error {
		if c.s.closed {
			return errShutdown // read as the server closed: nothing more runs
		}
		defer c.armIdle()
		switch {
		case errors.Is(perr, errEmpty):
			return nil
		case perr != nil:
			c.sendText(cmdOther, perr.Error())
			return nil
		}
		return c.do(cmd)
	})
}

// armIdle sets how long the connection may stay silent (under s.mu): an
// unregistered user outside a game is let go sooner than a player. One
// watching a game is in it for this: a tester's guest observer was cut
// as idle midway through the game it watched.
func (c *conn) armIdle() {
	c.active = c.s.clock.Now()
	idle := c.s.cfg.IdleTimeout
	if !c.registered && !c.s.inGame(c) {
		idle = min(idle, c.s.cfg.GuestIdleTimeout)
	}
	c.silence = idle
	c.nc.SetReadDeadline(c.s.clock.Now().Add(idle))
}

// spell writes a duration for a person: "10 minutes", "1 hour", "45 seconds".
func spell(d time.Duration) string {
	unit := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %ss", n, one)
	}
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		return unit(int(d/time.Hour), "hour")
	case d >= time.Minute && d%time.Minute == 0:
		return unit(int(d/time.Minute), "minute")
	}
	return unit(int((d+time.Second-1)/time.Second), "second")
}

// write drains the queue to the socket. What is queued together goes out
// in one write (one WebSocket message through the browser's door), so that
// messages sent together, such as a mating move and the result, reach the
// client together: a client waits only a moment for a move's last words.
// A write that does not finish in time (writeBy) ends the connection
// as a slow reader's.
func (c *conn) write() {
	defer close(c.done)
	for b := range c.out {
		b, open := coalesce(b, c.out)
		c.nc.SetWriteDeadline(c.writeBy(len(b)))
		_, err := c.nc.Write(b)
		c.sent(len(b))
		if err != nil {
			c.writeFailed(err)
			c.nc.Close()
			close(c.broken) // the reader stops at its next line (conn.serve)
			for b := range c.out {
				c.sent(len(b))
			}
			return
		}
		if !open {
			return
		}
	}
}

// maxCoalesced bounds how many bytes one write gathers from the queue.
const maxCoalesced = 64 << 10

// coalesce appends to b what else out holds now, up to maxCoalesced bytes;
// open is false once out is found closed.
func coalesce(b []byte, out chan []byte) (_ []byte, open bool) {
	for len(b) < maxCoalesced {
		select {
		case more, ok := <-out:
			if !ok {
				return b, false
			}
			b = append(b, more...)
		default:
			return b, true
		}
	}
	return b, true
}

// shut closes the queue (under s.mu); the writer sends what is queued and stops.
func (c *conn) shut() {
	if c.closed {
		return
	}
	c.leaveWaiting() // it may find the queue full and shut c itself
	if !c.closed {
		c.closed = true
		close(c.out)
	}
}

// delivery is a message held back until a game's record is saved.
type delivery struct {
	c    *conn
	text string
}

// send queues raw bytes (under s.mu): a game message or an answer to the
// user's own command. A reader so slow that its queue is full is
// disconnected: the server never waits for one user.
func (c *conn) send(text string) {
	if c.closed || text == "" {
		return
	}
	if c.s.holding {
		c.s.held = append(c.s.held, delivery{c, text})
		return
	}
	if len(c.waiting) > 0 {
		c.wait(text)
		return
	}
	c.enqueue(text)
}

// enqueue puts text on the writer's queue (under s.mu), disconnecting a
// reader so slow that the queue is full: OutQueue pieces, or maxUnsent
// bytes unsent before this one (so that one piece larger than that, a
// long game's record, still goes to a reader that keeps up).
func (c *conn) enqueue(text string) {
	if c.closed || text == "" {
		return
	}
	if c.unsent.Load() >= maxUnsent {
		c.tooSlow()
		return
	}
	c.unsent.Add(int64(len(text)))
	select {
	case c.out <- []byte(text):
	default:
		c.unsent.Add(-int64(len(text)))
		c.tooSlow()
	}
}

// tooSlow disconnects a reader whose queue is full (under s.mu): its user
// leaves as if its line had dropped (a player's grace period starts).
func (c *conn) tooSlow() {
	c.s.logAddr(c.addr, slog.LevelWarn, "kriegd: a reader too slow: disconnecting", "user", c.label(), "why", "its queue is full")
	c.s.metrics.limited("slow_reader")
	c.shut()
	tellClose(c.nc, closePolicy, "too slow reading what kriegd sends")
	c.nc.Close()
}

// lobbySend queues lobby traffic (someone's seek, a tell, a challenge)
// unless the reader's queue is half full, in pieces or in bytes: such
// traffic is dropped, never let push a reader over its queue. It reports
// whether it was queued.
func (c *conn) lobbySend(text string) bool {
	if c.closed {
		return false
	}
	if c.s.holding {
		c.s.held = append(c.s.held, delivery{c, text})
		return true
	}
	if len(c.out)+len(c.waiting) >= cap(c.out)/2 || c.unsent.Load() >= maxUnsent/2 {
		c.s.metrics.limited("lobby_dropped")
		return false
	}
	c.send(text)
	return true
}

// mail queues a message from another user to c (under s.mu), one to one
// (a tell, a challenge), within c's inbox limit (Config.Inbox) and as
// lobby traffic (lobbySend); it returns why it was not queued (for the
// sender, after c's name), or "".
func (c *conn) mail(text string) string {
	switch {
	case !c.inbox.take(c.s.clock.Now(), c.s.cfg.Inbox, 5*c.s.cfg.Inbox):
		c.s.metrics.limited("inbox")
		return " is receiving too many messages; try again in a moment"
	case !c.lobbySend(text):
		return " is not reading for now"
	}
	return ""
}

// label names the connection in the log (never with a password).
func (c *conn) label() string {
	if c.name != "" {
		return c.name
	}
	return c.nc.RemoteAddr().String()
}

// wrap writes one level-1 unit of command number cmd with body (text lines
// and datagrams), or the body alone for a client without level 1.
func (c *conn) wrap(cmd int, body string) string {
	if c.level1 {
		return fmt.Sprintf("%s%d *\r\n%s%s", unitOpen, cmd, body, unitClose)
	}
	return body
}

// unit sends one level-1 unit (see wrap).
func (c *conn) unit(cmd int, body string) { c.send(c.wrap(cmd, body)) }

// textUnit writes lines of text as one unit.
func (c *conn) textUnit(cmd int, lines ...string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l + "\r\n")
	}
	return c.wrap(cmd, b.String())
}

// sendText sends lines of text as one unit.
func (c *conn) sendText(cmd int, lines ...string) { c.send(c.textUnit(cmd, lines...)) }

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
	if !c.attempts.take(now, c.s.cfg.Attempts, 2*c.s.cfg.Attempts) {
		c.s.metrics.limited("attempts")
		c.refused()
		return false
	}
	c.warned = false
	return true
}

// allowAttempt is allow for an attempt or an Any? of c's (under s.mu),
// telling the user once when it is refused.
func (c *conn) allowAttempt() bool {
	if c.allow(c.s.clock.Now()) {
		return true
	}
	if !c.warned {
		c.sendText(cmdIllegal, "Too many attempts: slow down (at most "+strconv.Itoa(int(c.s.cfg.Attempts))+" a second). Attempts are ignored until then.")
		c.warned = true
	}
	return false
}

// allowLobby takes one token for a lobby command from the connection's
// bucket and its address's (under s.mu); false, with the user told once,
// when either is empty.
func (c *conn) allowLobby(now time.Time) bool {
	rate := c.s.cfg.Lobby
	if c.allowBoth(now, c.lobby, c.s.lobbyAddr, rate, "lobby") {
		c.lobbyWarned = false
		return true
	}
	c.refused()
	if !c.lobbyWarned {
		c.lobbyWarned = true
		c.sendText(cmdOther, fmt.Sprintf("Too many seeks, tells, challenges, offers and registrations: slow down (at most %g a second). They are ignored until then.", rate))
	}
	return false
}

// lobbyVerbs are the commands that reach other users and so are limited
// (offers too: each reaches the opponent).
var lobbyVerbs = map[string]bool{"seek": true, "unseek": true, "tell": true, "say": true, "match": true, "decline": true, "withdraw": true, "draw": true, "abort": true}
