package server

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"testing"
	"time"
)

// FuzzLogin serves any bytes as a connection's whole input from its first
// byte (the login dialogue, then commands) to a server in memory: the
// connection is answered and ends, the server recovers no panic, and it is
// empty again once everything ends.
func FuzzLogin(f *testing.F) {
	for _, s := range []string{
		"level1=5\r\nlevel2settings=1111111111111111111111111\r\nguest\r\ngames\r\nquit\r\n",
		"member " + memberPassword + "\r\nwho\r\nfinger\r\n", "member\r\n" + memberPassword + "\r\nhistory\r\n",
		"member wrong\r\n", "member\r\nwrong\r\n", "\xff\r\n", "\xff\r\nguest\r\n", "alice\r\nseek 5 0\r\nunseek\r\n",
		"e2e4\r\nwho\r\nguest\r\n", "g\r\n", "alice 0123456789abcdef0123456789abcdef\r\n", "guest1234 abc\r\n",
		strings.Repeat("x", MaxLine+10) + "\r\n", "", "\r\n\r\n\r\n", "level1=0\r\nlevel2settings=\r\nbob\r\nregister pass\r\n",
		"\x19[\x19(\r\nguest\r\ntell guest1 \x19(0\x19)\r\n", "level1\r\nlevel2settings\r\nset-2 81 1\r\n"} {
		f.Add([]byte(s))
	}
	p := newInproc(f)
	f.Fuzz(func(t *testing.T, input []byte) {
		nc := newMemConn(input, "10.0.0.1:4000")
		p.s.serveConn(nc, true) // as the game port serves it
		if p.panics() > 0 {
			t.Fatalf("the server recovered a panic serving %q", input)
		}
		if out := nc.written(); !strings.Contains(out, "login: ") {
			t.Fatalf("no login prompt; the connection got %q", out)
		}
		p.settle(t)
	})
}

// fuzzPlayers is how many users FuzzCommands logs in for each input; the
// last speaks plain text (level 0, no datagrams).
const fuzzPlayers = 4

// fuzzVerbs are the command words FuzzCommands chooses from.
var fuzzVerbs = func() []string {
	var out []string
	for w := range verbs {
		out = append(out, w)
	}
	sort.Strings(out)
	return append(out, "e2e4", "e7e5", "g1f3", "a7a8q", "e1g1")
}()

// FuzzCommands runs any sequence of commands with any arguments from four
// logged-in users at once (two per address), with the clock moved on,
// connections dropped and players logging back in (with or without their
// reconnect token) between them, against a server in memory. Each input
// is a series of lines: the first byte picks the user and what happens
// (a raw line, a command word with the rest as its arguments, the clock
// moved on, the connection dropped, a login again, which with the token
// takes over a connection still logged in); %0 to %3 name the
// users, %t is the user's reconnect token. After each line the server's
// state must hold together, no panic is recovered, and the plain user
// never receives a framing byte (0x19), which only another user's text
// could carry; once everyone leaves, the server is empty again.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{
		"\x00match %1 5 0 u\n\x01accept\n\x00e2e4\n\x01e7e5\n\x00resign\n",
		"\x00match %1 1 0 u berkeley\n\x01accept\n\x00any\n\x00draw\n\x01draw\n",
		"\x03tell %0 \x19[1 *\x19(24 1 e2e4\x19)\n\x00tell %3 \x19(15\x19) hi\n\x02say \x19[x\n",
		"\x00seek 5 0\n\x01play 1\n\x18\x05\n\x04\x00e2e4\n\x1c\x01\n\x00who\n",
		"\x00match %1 0.1 0\n\x01accept\n\x14\xff\n\x14\xff\n\x00flag\n\x01flag\n",
		"\x00match %1 5 0\n\x01accept\n\x19\x00\n\x14\xff\n\x1d\x01\n\x01e7e5\n\x1d\x00\n",
		"\x00register pass1\n\x00finger\n\x01finger %0\n\x00history\n\x00games\n",
		"\x00match %3 5 0 u\n\x03accept\n\x00observe 1\n\x02observe 1\n\x02unobserve\n\x03e2e4\n\x00moves\n",
		"\x0c\x10 x y z\n\x0c\x20 1 2\n\x10\x30 %1\n\x10\x40\n\x0c\x50 help\n\x11\x60\n",
		"\x00level1=0\n\x00level2settings=0\n\x00set-2 24 1\n\x00set-2 81 1\n\x00quit\n\x1c\x00\n"} {
		f.Add([]byte(s))
	}
	p := newInproc(f)
	round := 0
	f.Fuzz(func(t *testing.T, input []byte) {
		round++
		tb := newFuzzTable(t, p, round)
		for _, op := range bytes.Split(input, []byte("\n")) {
			tb.do(op)
			if p.panics() > 0 {
				t.Fatalf("the server recovered a panic after %q", op)
			}
			p.checkState(t)
		}
		tb.leave()
		p.settle(t)
	})
}

// fuzzTable is FuzzCommands' users for one input.
type fuzzTable struct {
	t      *testing.T
	p      *inproc
	names  [fuzzPlayers]string
	cs     [fuzzPlayers]*conn
	out    [fuzzPlayers]strings.Builder
	tokens [fuzzPlayers]string
}

func newFuzzTable(t *testing.T, p *inproc, round int) *fuzzTable {
	tb := &fuzzTable{t: t, p: p}
	for i := range tb.names {
		tb.names[i] = fmt.Sprintf("u%dr%d", i, round)
		tb.enter(i, false)
	}
	return tb
}

// enter logs user i in (again), with its reconnect token when withToken.
func (tb *fuzzTable) enter(i int, withToken bool) {
	nc := newMemConn(nil, fmt.Sprintf("10.0.0.%d:%d", i%2, 4000+i))
	c := tb.p.s.admit(nc)
	if c == nil {
		tb.t.Fatalf("user %d was refused a connection", i)
	}
	c.s.wg.Done() // served here, not by a goroutine Close waits for
	login := tb.names[i]
	if withToken && tb.tokens[i] != "" {
		login += " " + tb.tokens[i]
	}
	if i < fuzzPlayers-1 {
		login = "level1=5\nlevel2settings=" + strings.Repeat("1", 256) + "\n" + login
	}
	old := tb.cs[i]
	tb.drain()
	tb.cs[i] = c
	tb.out[i].Reset()
	if err := c.login(newLines(strings.NewReader(login + "\n"))); err != nil {
		// Refused (the name is held by a seat that waits for its token,
		// or logged in and no token was given).
		c.finish(err)
		tb.cs[i] = old
		tb.drain()
		return
	}
	if old != nil {
		// Taken over: the old connection was let go.
		var shut bool
		tb.p.s.locked(func() error { shut = old.closed; return nil })
		if !shut {
			tb.t.Fatalf("user %d logged in again with its token, and its old connection stays", i)
		}
		old.finish(errors.New("taken over"))
	}
	tb.drain()
	if _, after, ok := strings.Cut(tb.out[i].String(), "\x19(200 "); ok {
		tb.tokens[i], _, _ = strings.Cut(after, "\x19)")
	} else if _, after, ok := strings.Cut(tb.out[i].String(), "Your reconnect token is "); ok {
		tb.tokens[i], _, _ = strings.Cut(after, ":")
	}
}

// do carries out one line of the input.
func (tb *fuzzTable) do(op []byte) {
	if len(op) == 0 {
		return
	}
	i, kind, rest := int(op[0]&3), (op[0]>>2)&7, op[1:]
	arg := byte(0)
	if len(rest) > 0 {
		arg = rest[0]
	}
	switch kind {
	case 0, 1, 2:
		tb.line(i, string(rest))
	case 3, 4:
		if len(rest) > 0 {
			tb.line(i, fuzzVerbs[int(arg)%len(fuzzVerbs)]+" "+string(rest[1:]))
		}
	case 5:
		tb.p.clock.advance(time.Duration(arg) * 250 * time.Millisecond)
		tb.drain()
	case 6:
		if c := tb.cs[i]; c != nil {
			c.finish(io.EOF)
			tb.drain()
			tb.cs[i] = nil
		}
	case 7:
		// A login again: with the token while logged in takes over.
		if tb.cs[i] == nil || arg&1 == 1 {
			tb.enter(i, arg&1 == 1)
		}
	}
}

// line sends one command line from user i, its names and token filled in.
func (tb *fuzzTable) line(i int, text string) {
	c := tb.cs[i]
	if c == nil {
		return
	}
	for j, n := range tb.names {
		text = strings.ReplaceAll(text, fmt.Sprintf("%%%d", j), n)
	}
	text = strings.ReplaceAll(text, "%t", tb.tokens[i])
	if i == fuzzPlayers-1 {
		// The plain user stays plain: it never asks for framing.
		if cmd, err := ParseCommand(text); err == nil && (cmd.Verb == "level1" || cmd.Verb == "level2settings" || cmd.Verb == "set-2") {
			return
		}
	}
	if err := c.handle(text); err != nil {
		c.finish(err)
		tb.cs[i] = nil
	}
	tb.drain()
}

// drain takes everything queued for the users, checks the plain user's
// stream, and ends the connections the server let go (a slow reader).
func (tb *fuzzTable) drain() {
	for i, c := range tb.cs {
		if c == nil {
			continue
		}
		for open := true; open; {
			select {
			case b, ok := <-c.out:
				if !ok {
					open = false
					break
				}
				tb.out[i].Write(b)
			default:
				open = false
			}
		}
		if i == fuzzPlayers-1 {
			if _, after, ok := strings.Cut(tb.out[i].String(), "**** Starting session as "); ok && strings.Contains(after, "\x19") {
				tb.t.Fatalf("the plain user received a framing byte: %q", after)
			}
		}
		var shut bool
		tb.p.s.locked(func() error { shut = c.closed; return nil })
		if shut {
			c.finish(errors.New("let go"))
			tb.cs[i] = nil
		}
	}
}

// leave ends every user's connection.
func (tb *fuzzTable) leave() {
	for i, c := range tb.cs {
		if c != nil {
			c.finish(io.EOF)
			tb.cs[i] = nil
		}
	}
}
