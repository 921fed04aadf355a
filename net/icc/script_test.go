package icc

// Transcripts drive a scripted ICC server on 127.0.0.1:0 and the test's
// client together. One directive per line:
//
//	# comment
//	S text      the server sends text (^Y is byte 0x19, \xNN a byte, \\ a
//	            backslash); "\r\n" follows unless the line ends in \c.
//	            Consecutive S lines go out in one write.
//	C line      the server reads one line from the client; it must equal line
//	C~ regexp   ... it must match regexp
//	A e2e4      the test makes the client attempt e2e4 (once it is our move)
//	D word      the test makes the client do a command (resign, draw, any, ...)
//	B name min inc
//	            the test makes the client challenge name to a Wild 16 game
//	drop        the server closes the connection
//	next        the server waits for the client's next connection
//	E event     the client must report this event (see describe), in order
//	include f   the directives of transcript f (same folder)

import (
	"bufio"
	"fmt"
	stdnet "net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// directive is one transcript line.
type directive struct {
	op, arg string
	line    int
}

// script is a parsed transcript.
type script struct {
	name string
	dirs []directive
}

func readScript(t *testing.T, path string) script {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for _, l := range strings.Split(string(b), "\n") {
		if f, ok := strings.CutPrefix(strings.TrimRight(l, "\r"), "include "); ok {
			inc := readScript(t, filepath.Join(filepath.Dir(path), f))
			for _, d := range inc.dirs {
				fmt.Fprintf(&text, "%s %s\n", d.op, d.arg)
			}
			continue
		}
		text.WriteString(l + "\n")
	}
	return parseScript(t, path, text.String())
}

func parseScript(t *testing.T, name, text string) script {
	t.Helper()
	s := script{name: name}
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, "\r")
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		op, arg, _ := strings.Cut(l, " ")
		switch op {
		case "S", "C", "C~", "A", "D", "B", "E", "drop", "next":
		default:
			t.Fatalf("%s:%d: unknown directive %q", name, i+1, op)
		}
		s.dirs = append(s.dirs, directive{op: op, arg: arg, line: i + 1})
	}
	return s
}

// unescape turns an S argument into bytes.
func unescape(arg string) []byte {
	end := "\r\n"
	if strings.HasSuffix(arg, `\c`) {
		arg, end = strings.TrimSuffix(arg, `\c`), ""
	}
	var out []byte
	for i := 0; i < len(arg); i++ {
		switch {
		case strings.HasPrefix(arg[i:], "^Y"):
			out = append(out, ctrlY)
			i++
		case strings.HasPrefix(arg[i:], `\x`) && i+4 <= len(arg):
			v, err := strconv.ParseUint(arg[i+2:i+4], 16, 8)
			if err == nil {
				out = append(out, byte(v))
				i += 3
				continue
			}
			out = append(out, arg[i])
		case strings.HasPrefix(arg[i:], `\\`):
			out = append(out, '\\')
			i++
		default:
			out = append(out, arg[i])
		}
	}
	return append(out, end...)
}

// action is a directive the client side carries out.
type action struct {
	d    directive
	done chan struct{}
}

// server plays the server side of s on a loopback listener. Client-side
// directives are handed to the test on actions, in order.
type server struct {
	t       *testing.T
	ln      stdnet.Listener
	s       script
	actions chan action
	errs    chan error
}

func startServer(t *testing.T, s script) *server {
	t.Helper()
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &server{t: t, ln: ln, s: s, actions: make(chan action), errs: make(chan error, 1)}
	go func() { srv.errs <- srv.run() }()
	t.Cleanup(func() { ln.Close() })
	return srv
}

func (srv *server) addr() string { return srv.ln.Addr().String() }

func (srv *server) run() error {
	conn, err := srv.ln.Accept()
	if err != nil {
		return err
	}
	defer func() { conn.Close() }()
	rd := bufio.NewReader(conn)
	var out []byte
	flush := func() error {
		if len(out) == 0 {
			return nil
		}
		_, err := conn.Write(out)
		out = nil
		return err
	}
	for _, d := range srv.s.dirs {
		where := fmt.Sprintf("%s:%d", srv.s.name, d.line)
		if d.op != "S" {
			if err := flush(); err != nil {
				return fmt.Errorf("%s: write: %w", where, err)
			}
		}
		switch d.op {
		case "S":
			out = append(out, unescape(d.arg)...)
		case "C", "C~":
			conn.SetReadDeadline(time.Now().Add(10 * time.Second))
			got, err := rd.ReadString('\n')
			if err != nil {
				return fmt.Errorf("%s: reading the client's line: %w", where, err)
			}
			got = strings.TrimRight(got, "\r\n")
			if d.op == "C" && got != d.arg {
				return fmt.Errorf("%s: client sent %q; want %q", where, got, d.arg)
			}
			if d.op == "C~" && !regexp.MustCompile("^(?:"+d.arg+")$").MatchString(got) {
				return fmt.Errorf("%s: client sent %q; want a match of %q", where, got, d.arg)
			}
		case "A", "D", "B":
			done := make(chan struct{})
			srv.actions <- action{d: d, done: done}
			<-done
		case "drop":
			conn.Close()
		case "next":
			if conn, err = srv.ln.Accept(); err != nil {
				return fmt.Errorf("%s: accept: %w", where, err)
			}
			rd = bufio.NewReader(conn)
		}
	}
	if err := flush(); err != nil {
		return err
	}
	close(srv.actions)
	// Hold the connection until the client leaves.
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		if _, err := rd.ReadString('\n'); err != nil {
			return nil
		}
	}
}

// describe writes an event as transcripts expect it.
func describe(ev net.Event) string {
	s := ev.Snap
	switch ev.Kind {
	case net.KindConnection:
		return "connection " + s.State.String()
	case net.KindStarted:
		kind := "chess"
		if s.Spec.Kriegspiel {
			kind = "w16"
		}
		return fmt.Sprintf("started %s %s #%d vs %s %v+%v", s.Spec.Side, kind, s.Spec.Number, s.Spec.Opponent, s.Spec.Base, s.Spec.Increment)
	case net.KindHeard:
		return describeEntry(ev.Entry) + " | own " + strings.Fields(s.Own.FEN())[0]
	case net.KindEnded:
		return fmt.Sprintf("ended %s %s", s.Result.Score, s.Result.Reason)
	}
	return ev.Kind.String() + " " + ev.Text
}

// describeEntry writes what was heard of one attempt: "white e2e4 accepted:
// moved, capture e5 pawn, check long-diagonal, tries 1".
func describeEntry(e referee.Entry) string {
	move := "?"
	if e.Attempt != game.NoMove {
		move = e.Attempt.String()
	}
	var said []string
	for _, a := range e.Said {
		switch a.Kind {
		case referee.KindMoved:
			said = append(said, "moved")
		case referee.KindCapture:
			said = append(said, strings.TrimSpace(fmt.Sprintf("capture %s %s", a.Square, a.Captured)))
		case referee.KindCheck:
			said = append(said, "check "+a.Check.String())
		case referee.KindTries:
			said = append(said, fmt.Sprintf("tries %d", a.Tries.Count))
		case referee.KindIllegal:
			said = append(said, "illegal")
		case referee.KindNonsense:
			said = append(said, "nonsense")
		case referee.KindGameOver:
			said = append(said, fmt.Sprintf("over %s %s", a.Result.Score, a.Result.Reason))
		default:
			said = append(said, fmt.Sprint(a.Kind))
		}
	}
	return fmt.Sprintf("heard %s %s %s: %s", e.Mover, move, e.Verdict, strings.Join(said, ", "))
}

// matches compares an event description with an expectation; an
// expectation without " | own " ignores the board, and one ending in "*"
// is a prefix.
func matches(got, want string) bool {
	if !strings.Contains(want, " | own ") {
		got, _, _ = strings.Cut(got, " | own ")
	}
	if p, ok := strings.CutSuffix(want, "*"); ok {
		return strings.HasPrefix(got, p)
	}
	return got == want
}

// play runs a transcript against a fresh client: it carries out the
// client-side directives, collects every event, and checks the E lines in
// order against the events (clock events are not compared). It returns all
// events.
func play(t *testing.T, s script, opt Options) []net.Event {
	t.Helper()
	srv := startServer(t, s)
	opt.Addr = srv.addr()
	opt.Backoff = Backoff{Min: 5 * time.Millisecond, Max: 20 * time.Millisecond, Tries: 20}
	c, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	var events []net.Event
	var wants []directive
	for _, d := range s.dirs {
		if d.op == "E" {
			wants = append(wants, d)
		}
	}
	connectErr := make(chan error, 1)
	go func() { connectErr <- c.Connect(t.Context()) }()
	actions := srv.actions
	var pending *action
	deadline := time.After(30 * time.Second)
	lost := false
	answered := 0 // events seen when the last attempt went out: its answer must come first
	for actions != nil || pending != nil {
		if pending != nil && canAct(pending.d, events, answered) {
			answered = len(events)
			if err := act(c, pending.d); err != nil {
				t.Fatalf("%s:%d: %v", s.name, pending.d.line, err)
			}
			close(pending.done)
			pending = nil
			continue
		}
		select {
		case a, ok := <-actions:
			if !ok {
				actions = nil
				continue
			}
			pending = &a
		case ev := <-c.Events():
			events = append(events, ev)
			if ev.Kind == net.KindConnection && ev.Snap.State == net.Disconnected && !lost {
				lost = true
				go func() { connectErr <- c.Reconnect(t.Context()) }()
			}
			if ev.Kind == net.KindConnection && ev.Snap.State == net.Connected {
				lost = false
			}
		case err := <-srv.errs:
			t.Fatalf("server: %v", err)
		case <-deadline:
			t.Fatalf("%s: transcript not finished within 30 s (%d events)", s.name, len(events))
		}
	}
	// Collect the rest until the last expectation is met or things go quiet.
	for quiet := time.After(300 * time.Millisecond); len(events) < 100000; {
		select {
		case ev := <-c.Events():
			events = append(events, ev)
			continue
		case <-quiet:
		}
		break
	}
	c.Close()
	if err := <-connectErr; err != nil && len(wants) > 0 && !strings.Contains(wants[0].arg, "problem") {
		t.Logf("connect: %v", err)
	}
	i := 0
	for _, ev := range events {
		if ev.Kind == net.KindClock || i >= len(wants) {
			continue
		}
		if matches(describe(ev), wants[i].arg) {
			i++
		}
	}
	if i < len(wants) {
		var got []string
		for _, ev := range events {
			if ev.Kind != net.KindClock {
				got = append(got, describe(ev))
			}
		}
		t.Fatalf("%s:%d: expected event %q not seen in order; events:\n%s", s.name, wants[i].line, wants[i].arg, strings.Join(got, "\n"))
	}
	// Every heard entry must be expected: none extra, none lost.
	heard, wantHeard := 0, 0
	for _, ev := range events {
		if ev.Kind == net.KindHeard {
			heard++
		}
	}
	for _, w := range wants {
		if strings.HasPrefix(w.arg, "heard ") {
			wantHeard++
		}
	}
	if heard != wantHeard {
		t.Fatalf("%s: %d heard events; the transcript expects %d", s.name, heard, wantHeard)
	}
	return events
}

// canAct says whether a client-side directive may run: an attempt waits
// for the answer to the one before (an event after answered) and for a
// heard or start event that shows our move.
func canAct(d directive, events []net.Event, answered int) bool {
	if d.op != "A" && !(d.op == "D" && d.arg == "any") {
		return true
	}
	for i := len(events) - 1; i >= answered; i-- {
		switch ev := events[i]; ev.Kind {
		case net.KindHeard, net.KindStarted:
			return ev.Snap.InGame && ev.Snap.ToMove == ev.Snap.Side
		}
	}
	return false
}

func act(c *Client, d directive) error {
	switch d.op {
	case "A":
		m, err := game.ParseMove(d.arg)
		if err != nil {
			return err
		}
		return c.Attempt(m)
	case "D":
		for cmd := net.Resign; cmd <= net.Decline; cmd++ {
			if cmd.String() == d.arg {
				return c.Do(cmd)
			}
		}
		return fmt.Errorf("unknown command %q", d.arg)
	case "B":
		var name string
		var base, inc int
		if _, err := fmt.Sscan(d.arg, &name, &base, &inc); err != nil {
			return err
		}
		return c.Begin(net.GameSpec{Opponent: name, Base: time.Duration(base) * time.Minute,
			Increment: time.Duration(inc) * time.Second, Kriegspiel: true, AnySide: true})
	}
	return nil
}
