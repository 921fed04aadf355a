package icc

// Concurrency design.
//
// A Client has at most one connection at a time and one reader goroutine
// per connection. The reader is the only goroutine that feeds the parser and
// the session (under mu) and the only one that sends on the events channel
// while it runs; it blocks on a full channel (no event is dropped) until the
// client is closed. Connect and Reconnect emit events only while no reader
// runs. Writes (the reader's login replies, the user's attempts and
// commands) are serialised by wmu. Close cancels the client's context,
// closes the connection (which ends the reader's Read), waits for the
// reader, then closes the events channel.
//
// A move's announcements come as separate text lines after its datagram, so
// the reader holds the move until something else arrives or the line stays
// quiet for Options.Quiet (a read deadline), then reports it whole.

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	stdnet "net"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// Options configure a Client.
type Options struct {
	Addr     string // host:port, used by the default Dial
	User     string // empty: log in as a guest
	Password string
	// PasswordInLogin sends the password on the login line ("NAME
	// PASSWORD", as kriegd reads it) instead of at the password prompt,
	// so that a server with no account for the name refuses the password
	// rather than logging in unregistered without asking for it.
	PasswordInLogin bool
	// Token is the reconnect token an earlier connection was given for the
	// unregistered name User: the login then takes that name's seat back.
	Token string
	// GuestIfRefused has a Token the server refuses (it restarted and
	// forgot the name) give way to a fresh guest login, as a guest's own
	// token does after a reconnection, instead of failing the login: a
	// console taking back a seat kept on disk. Unset, the refusal is the
	// login's error (a web page tells it and forgets the seat).
	GuestIfRefused bool
	// Patterns reads the referee's words; nil means DefaultPatterns.
	Patterns *Patterns
	// Dial opens the connection; nil means TCP to Addr. DialTLS dials a
	// kriegd with --tls-cert; a web page passes its WebSocket; tests pass
	// pipes.
	Dial func(ctx context.Context) (io.ReadWriteCloser, error)
	// LoginTimeout bounds Connect's wait for the login (default 30 s).
	LoginTimeout time.Duration
	// Quiet is how long a move waits for more announcements (default 40 ms).
	Quiet time.Duration
	// Backoff paces Reconnect.
	Backoff Backoff
	// Now is the clock (default time.Now).
	Now func() time.Time
	// SaveDir, when set, receives the record of each finished game the
	// server sends one of (kriegd does; ICC does not).
	SaveDir string
}

// Backoff is capped exponential backoff with jitter: the n-th wait (from 0)
// is drawn uniformly from [d/2, d] where d = min(Max, Min·2ⁿ).
type Backoff struct {
	Min, Max time.Duration // defaults 500 ms and 10 s
	Tries    int           // give up after this many tries; 0 means until the context ends
}

// Delay returns the wait before try n (n ≥ 1 waits; try 0 is immediate).
func (b Backoff) Delay(n int, rng *rand.Rand) time.Duration {
	if n <= 0 {
		return 0
	}
	d := b.Min
	for i := 1; i < n && d < b.Max; i++ {
		d *= 2
	}
	d = min(d, b.Max)
	return d/2 + time.Duration(rng.Int64N(int64(d/2)+1))
}

// errSaysAll marks a dial error whose words name the server and what to
// do, which Connect passes on without its own "dial ADDR" before them.
var errSaysAll = errors.New("icc")

// ErrLost is the error of a connection that ended while logging in.
var ErrLost = errors.New("icc: the connection closed")

// Client is the ICC driver: a net.Communicator over one server connection.
type Client struct {
	opt    Options
	events chan net.Event
	life   context.Context
	end    context.CancelFunc
	rng    *rand.Rand

	mu     sync.Mutex // guards sess, conn, login, closed
	sess   *session
	conn   io.ReadWriteCloser
	login  chan error // the login's outcome on the current connection
	closed bool
	wg     sync.WaitGroup // the reader

	wmu sync.Mutex // serialises writes

	// sendMu lets Close close events only once no deliver is sending:
	// Connect (a Reconnect on another goroutine) may deliver while the
	// client closes.
	sendMu       sync.RWMutex
	eventsClosed bool

	lobbies chan string  // the JSON of a lobby the server sent, for Lobby
	asking  atomic.Int32 // Lobby calls waiting for one
	heard   atomic.Bool  // the current connection has brought a byte
	plain   bool         // the connection is plain TCP (no Dial was given)
}

// silentFor is how long a connection that has brought nothing at all is
// waited for: a server always greets a login within it, and one that
// wants TLS says nothing to a plain connection.
var silentFor = 10 * time.Second

// New returns a client; nothing happens until Connect.
func New(opt Options) (*Client, error) {
	if opt.Patterns == nil {
		p, err := DefaultPatterns()
		if err != nil {
			return nil, err
		}
		opt.Patterns = p
	}
	plain := opt.Dial == nil
	if plain {
		opt.Dial = dialTCP(opt.Addr)
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.LoginTimeout == 0 {
		opt.LoginTimeout = 30 * time.Second
	}
	if opt.Quiet == 0 {
		opt.Quiet = 40 * time.Millisecond
	}
	if opt.Backoff.Min == 0 {
		opt.Backoff.Min = 500 * time.Millisecond
	}
	if opt.Backoff.Max == 0 {
		opt.Backoff.Max = 10 * time.Second // well within kriegd's grace (a minute) to take a seat back
	}
	life, end := context.WithCancel(context.Background())
	c := &Client{opt: opt, plain: plain, events: make(chan net.Event, 1024), life: life, end: end, lobbies: make(chan string, 1),
		rng:  rand.New(rand.NewPCG(uint64(opt.Now().UnixNano()), 0x696363)),
		sess: &session{user: opt.User, password: opt.Password, inLogin: opt.PasswordInLogin, token: opt.Token, guestIfRefused: opt.GuestIfRefused, patterns: opt.Patterns, now: opt.Now}}
	return c, nil
}

// Events returns the event stream; it is closed by Close.
func (c *Client) Events() <-chan net.Event { return c.events }

// Record returns the record of the game just finished, as kriegd sends it
// to its players once the game is over (datagram 201), kept only when its
// moves and result are the game's. ICC sends none, and kriegd none for a
// game it does not keep (aborted before its first moves).
func (c *Client) Record() (*record.Record, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	g := c.sess.g
	switch {
	case g == nil || g.result == nil:
		return nil, errors.New("the game is not over")
	case g.record == nil:
		return nil, errors.New("the server has sent no record of this game")
	}
	return g.record, nil
}

// HasRecord reports whether Record has the finished game's record to give.
func (c *Client) HasRecord() bool {
	_, err := c.Record()
	return err == nil
}

// Connect dials, logs in and returns once the server is ready (after the
// set-2 81 barrier), or with the reason it is not.
func (c *Client) Connect(ctx context.Context) error {
	dialed, err := c.connect(ctx)
	if err == nil || !dialed || ctx.Err() != nil {
		return err
	}
	// A seat kept on disk the server would not give back, whatever it
	// said (a token it forgot, or a name registered since, whose password
	// the token is not): a fresh guest logs in instead (GuestIfRefused),
	// and says so, rather than the program ending.
	c.mu.Lock()
	s := c.sess
	// The session may have given the seat up already, when the server
	// refused it in a datagram and then closed the connection.
	retry := c.opt.GuestIfRefused && !c.closed && s.password == "" && (s.user != "" && s.token != "" || s.forgotten != "")
	if retry {
		s.forgotten, s.seatRefused, s.user, s.me, s.token = cmp.Or(s.user, s.forgotten), true, "", "", ""
	}
	c.mu.Unlock()
	if retry {
		_, err = c.connect(ctx)
	}
	return err
}

// connect is one try of Connect; dialed tells whether the server answered
// the dial, so that the login itself failed.
func (c *Client) connect(ctx context.Context) (dialed bool, err error) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return false, fmt.Errorf("icc: connect: %w", net.ErrClosed)
	}
	if c.conn != nil {
		c.mu.Unlock()
		return false, nil
	}
	c.mu.Unlock()
	c.wg.Wait() // a reader of a lost connection may still be finishing
	conn, err := c.opt.Dial(ctx)
	if err != nil {
		c.deliver([]net.Event{c.connEvent(net.Disconnected, err, "")})
		if errors.Is(err, syscall.ECONNREFUSED) {
			return false, &refusedError{addr: c.opt.Addr, err: err}
		}
		if errors.Is(err, errSaysAll) {
			return false, err // it names the server and what to do already
		}
		return false, fmt.Errorf("icc: dial %s: %w", c.opt.Addr, err)
	}
	login := make(chan error, 1)
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		conn.Close()
		return false, fmt.Errorf("icc: connect: %w", net.ErrClosed)
	}
	c.conn, c.login = conn, login
	c.heard.Store(false)
	c.sess.connected()
	evs, _ := c.sess.take()
	c.mu.Unlock()
	c.deliver(evs)
	// given, closed when the login fails, frees a reader waiting to
	// deliver what the server said meanwhile: nobody reads the events
	// until Connect returns, and Connect waits for the reader.
	given := make(chan struct{})
	c.wg.Add(1)
	go c.read(conn, given)

	timeout := time.NewTimer(c.opt.LoginTimeout)
	defer timeout.Stop()
	silent := time.NewTicker(min(silentFor, c.opt.LoginTimeout))
	defer silent.Stop()
	for err == nil {
		select {
		case err = <-login:
			if err == nil {
				return true, nil
			}
		case <-ctx.Done():
			err = ctx.Err()
		case <-timeout.C:
			err = fmt.Errorf("icc: no login within %v", c.opt.LoginTimeout)
		case <-silent.C:
			if !c.heard.Load() {
				err = c.silence()
			}
		}
	}
	close(given)
	conn.Close()
	c.wg.Wait()
	return true, fmt.Errorf("icc: login as %q: %w", c.nameForErrors(), err)
}

// silence is the error of a connection that has brought nothing at all:
// on a plain connection, most likely a server that wants TLS.
func (c *Client) silence() error {
	if c.plain {
		return fmt.Errorf("icc: the server at %s has said nothing in %v; if it serves TLS (kriegd --tls-cert), connect with tls://%s", c.opt.Addr, silentFor, c.opt.Addr)
	}
	return fmt.Errorf("icc: the server at %s has said nothing in %v", c.opt.Addr, silentFor)
}

// refusedError is a dial refused because nothing listens at the address,
// said in one sentence: the system's words name the call, not the cause.
type refusedError struct {
	addr string
	err  error
}

func (e *refusedError) Error() string {
	return fmt.Sprintf("icc: nothing is listening at %s (the connection was refused); is the server (kriegd) running there?", e.addr)
}

func (e *refusedError) Unwrap() error { return e.err }

func (c *Client) nameForErrors() string {
	if c.opt.User == "" {
		return "guest"
	}
	return c.opt.User
}

// Reconnect connects again after a dropped connection, waiting between
// tries with capped exponential backoff and jitter. The game's state is
// kept. A refused login (wrong password) is not retried.
func (c *Client) Reconnect(ctx context.Context) error {
	var err error
	for n := 0; c.opt.Backoff.Tries == 0 || n < c.opt.Backoff.Tries; n++ {
		if d := c.opt.Backoff.Delay(n, c.rng); d > 0 {
			c.deliver([]net.Event{c.connEvent(net.Reconnecting, nil, fmt.Sprintf("trying again in %v", d.Round(100*time.Millisecond)))})
			select {
			case <-time.After(d):
			case <-ctx.Done():
				return fmt.Errorf("icc: reconnect: %w", ctx.Err())
			}
		}
		if err = c.Connect(ctx); err == nil {
			return nil
		}
		var le *LoginError
		if errors.As(err, &le) || errors.Is(err, ErrNoPassword) || errors.Is(err, ErrPasswordUnused) || errors.Is(err, net.ErrClosed) {
			return err
		}
	}
	return fmt.Errorf("icc: reconnect: gave up after %d tries: %w", c.opt.Backoff.Tries, err)
}

// connEvent is a connection event with the game's snapshot, for use while
// no reader runs.
func (c *Client) connEvent(state net.ConnState, err error, text string) net.Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	snap := c.sess.g.snapshot()
	snap.State = state
	return net.Event{Kind: net.KindConnection, Snap: snap, Err: err, Text: text}
}

// preLoginLimit is how many bytes a server may send before the login
// ends: kriegd and ICC greet in a few kilobytes, so a server sending more
// speaks another protocol, or floods.
const preLoginLimit = 256 << 10

// read is the connection's reader goroutine; given closes when Connect
// gives the connection up before its login ended.
func (c *Client) read(conn io.ReadWriteCloser, given <-chan struct{}) {
	defer c.wg.Done()
	p := Parser{Immediate: true}
	before := 0 // bytes read while the login is under way
	buf := make([]byte, 8192)
	dl, canDeadline := conn.(interface{ SetReadDeadline(time.Time) error })
	for {
		c.mu.Lock()
		waiting := c.sess.waiting()
		c.mu.Unlock()
		if canDeadline {
			var t time.Time
			if waiting {
				t = time.Now().Add(c.opt.Quiet)
			}
			dl.SetReadDeadline(t)
		}
		n, err := conn.Read(buf)
		if n > 0 {
			c.heard.Store(true)
		}
		c.mu.Lock()
		for _, it := range p.Feed(buf[:n]) {
			c.sess.item(it)
		}
		if c.sess.prompt(p.Pending()) {
			p.DropPending()
		}
		quiet := errors.Is(err, os.ErrDeadlineExceeded)
		if quiet || !canDeadline && p.Pending() == "" {
			c.sess.flush()
		}
		lost := err != nil && !quiet
		if lost {
			for _, it := range p.Flush() {
				c.sess.item(it)
			}
			if c.life.Err() != nil {
				err = nil // closed by us
			}
			c.sess.lost(err)
			if c.conn == conn {
				c.conn = nil
			}
		}
		evs, writes := c.sess.take()
		lobby := c.sess.lobby
		c.sess.lobby = ""
		unsaved := c.sess.unsaved
		var snap net.Snapshot
		if unsaved != nil {
			c.sess.unsaved, snap = nil, c.sess.snapshot() // only then: this runs for every chunk read
		}
		if c.login != nil {
			if before += n; before > preLoginLimit {
				c.endLogin(fmt.Errorf("the server at %s sent %d KB without ending the login; is it a kriegd or ICC server?", c.opt.Addr, preLoginLimit>>10))
			}
		}
		c.signalLogin(lost)
		c.mu.Unlock()
		if lobby != "" {
			evs = append(evs, c.handOver(lobby)...)
		}
		if unsaved != nil && c.opt.SaveDir != "" {
			ev := c.save(unsaved)
			ev.Snap = snap
			evs = append(evs, ev)
		}
		if len(writes) > 0 {
			if werr := c.write(conn, writes...); werr != nil && !lost {
				conn.Close() // the next Read fails and reports the loss
			}
		}
		c.deliverOn(given, evs)
		if lost {
			return
		}
	}
}

// save writes a finished game's record into the save folder, and says
// where (or why not) in the event it returns.
func (c *Client) save(rec *record.Record) net.Event {
	path, err := record.SaveNew(c.opt.SaveDir, "krieg-"+c.opt.Now().Format("2006-01-02-150405"), rec)
	if err != nil {
		return net.Event{Kind: net.KindProblem, Text: "icc: " + err.Error(), Err: err}
	}
	return net.Event{Kind: net.KindConsole, Text: "game saved: " + path}
}

// signalLogin tells Connect how the login went, once. Called with mu held.
func (c *Client) signalLogin(lost bool) {
	if c.login == nil {
		return
	}
	var err error
	switch {
	case c.sess.failed != nil:
		err = c.sess.failed
	case lost && c.sess.lastWords != "":
		err = fmt.Errorf("%w: the server said %q", ErrLost, c.sess.lastWords)
	case lost:
		err = ErrLost
	case c.sess.phase != phaseReady:
		return
	}
	c.endLogin(err)
}

// endLogin tells Connect the login's outcome err (nil: logged in), once.
// Called with mu held.
func (c *Client) endLogin(err error) {
	if c.login != nil {
		c.login <- err
		c.login = nil
	}
}

// deliver sends events in order, waiting for room, until the client closes.
func (c *Client) deliver(evs []net.Event) { c.deliverOn(nil, evs) }

// deliverOn is deliver that also stops when given closes (a nil given
// never does).
func (c *Client) deliverOn(given <-chan struct{}, evs []net.Event) {
	c.sendMu.RLock()
	defer c.sendMu.RUnlock()
	if c.eventsClosed {
		return
	}
	for _, ev := range evs {
		select {
		case c.events <- ev:
		case <-c.life.Done():
			return
		case <-given:
			return
		}
	}
}

// write sends lines to conn, each ended by a newline.
func (c *Client) write(conn io.Writer, lines ...string) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if _, err := io.WriteString(conn, b.String()); err != nil {
		return fmt.Errorf("icc: write: %w", err)
	}
	return nil
}

// send writes lines to the current connection.
func (c *Client) send(lines ...string) error {
	c.mu.Lock()
	conn, closed := c.conn, c.closed
	c.mu.Unlock()
	if conn == nil || closed {
		return fmt.Errorf("icc: %w", net.ErrClosed)
	}
	return c.write(conn, lines...)
}

// Begin challenges spec.Opponent (or seeks a game when it is empty):
// "match <name> <min> <inc> r|u w16 [white|black]" (the ruleset's name
// instead of w16 for the other rulesets, which kriegd plays).
func (c *Client) Begin(spec net.GameSpec) error {
	return c.send(MatchCommand(spec))
}

// Attempt sends our attempt in coordinate form.
func (c *Client) Attempt(m game.Move) error {
	if err := c.expect(m); err != nil {
		return err
	}
	return c.send(m.String())
}

// expect records an attempt about to go out, so its answer can be matched.
func (c *Client) expect(m game.Move) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.conn == nil || c.closed {
		// Said before whose move it is: with the connection lost, that
		// is what stands in the way (the move would go nowhere).
		return fmt.Errorf("icc: %w", net.ErrClosed)
	}
	g := c.sess.g
	if g == nil || g.result != nil {
		return errors.New("icc: no game in progress")
	}
	if g.toMove != g.spec.Side {
		return errors.New("icc: not your move")
	}
	g.sent = append(g.sent, m)
	return nil
}

// Do sends a command; AskAny is Wild 16's "px" (any pawn capture).
func (c *Client) Do(cmd net.Command) error {
	if cmd == net.AskAny {
		if err := c.expect(game.NoMove); err != nil {
			return err
		}
		return c.send("px")
	}
	return c.send(cmd.String())
}

// Console sends a raw line, as typed.
func (c *Client) Console(line string) error {
	line = strings.TrimRight(line, "\r\n")
	if len(line) > maxLine {
		// A server closes a connection that sends more (kriegd at 4096
		// bytes): refused here, the line costs nothing.
		return fmt.Errorf("icc: a line of %d bytes is too long to send (at most %d): not sent", len(line), maxLine)
	}
	return c.send(line)
}

// maxLine is the longest line Console sends: kriegd reads at most 4096
// bytes a line, ICC less.
const maxLine = 1000

// Close logs out, closes the connection, waits for the reader and closes Events.
func (c *Client) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	conn := c.conn
	c.mu.Unlock()
	c.end()
	if conn != nil {
		c.write(conn, "exit")
		conn.Close()
	}
	c.wg.Wait()
	c.sendMu.Lock() // a deliver under way has seen life end and returns
	c.eventsClosed = true
	close(c.events)
	c.sendMu.Unlock()
	return nil
}

// MatchCommand is the line that challenges spec.Opponent to spec's game,
// or seeks it when Opponent is empty.
func MatchCommand(spec net.GameSpec) string {
	rated := "u"
	if spec.Rated {
		rated = "r"
	}
	args := fmt.Sprintf("%d %d %s", int(spec.Base/time.Minute), int(spec.Increment/time.Second), rated)
	switch {
	case spec.Rules.Name != "" && spec.Rules.Name != referee.Wild16.Name:
		args += " " + spec.Rules.Name // kriegd plays every ruleset by name
	case spec.Kriegspiel || spec.Rules.Name != "":
		args += " w16"
	}
	if !spec.AnySide {
		args += " " + spec.Side.String() // a seek's colour as a challenge's: kriegd and ICC take both
	}
	if spec.Opponent == "" {
		return "seek " + args
	}
	return "match " + spec.Opponent + " " + args
}

// ParseAddr reads a server address as --connect takes it: host:port for
// plain TCP, or tls://host:port for TLS. It returns host:port and whether
// to speak TLS.
func ParseAddr(s string) (addr string, useTLS bool, err error) {
	addr, useTLS = strings.CutPrefix(s, "tls://")
	if strings.Contains(addr, "://") {
		return "", false, fmt.Errorf("icc: %q: want host:port or tls://host:port", s)
	}
	if _, _, err := stdnet.SplitHostPort(addr); err != nil {
		return "", false, fmt.Errorf("icc: %q: want host:port or tls://host:port: %w", s, err)
	}
	return addr, useTLS, nil
}
