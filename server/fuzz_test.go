package server_test

import (
	"context"
	"fmt"
	stdnet "net"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
)

// FuzzParseCommand: any line parses or fails with an error, never panics;
// what it returns is valid UTF-8 without control or framing bytes.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"e2e4", "chessmove e7e8q", "match bob 5 3 r berkeley white", "tell bob hi \x19[", "level1=5",
		"level2settings=0101", "set-2 81 1", "\xff\xfe", "say " + strings.Repeat("x", 5000), "e2-e4", "a7a8=N"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := server.ParseCommand(line)
		if err != nil {
			if c.Verb != "" {
				t.Fatalf("%q: error %v with verb %q", line, err, c.Verb)
			}
			return
		}
		for _, s := range append([]string{c.Verb, c.Rest}, c.Args...) {
			if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) {
				t.Fatalf("%q: parsed into %q with control or invalid bytes", line, s)
			}
		}
		if c.Verb == "move" && (len(c.Args) != 1 || len(c.Args[0]) < 4 || len(c.Args[0]) > 5) {
			t.Fatalf("%q: a move with args %q", line, c.Args)
		}
	})
}

// dialPlain logs name in as a plain client: no level 1, no datagrams.
func dialPlain(t *testing.T, addr, name string) *raw {
	t.Helper()
	u := &umpire{addr: addr}
	r := u.dial(t)
	r.send(name)
	r.waitFor("Starting session as " + name)
	return r
}

// fuzzServer is one kriegd shared by every input of FuzzSession.
type fuzzServer struct {
	addr string
	n    atomic.Int64
}

// FuzzSession sends any bytes as a logged-in user's input (after a
// challenge to the listener and a started game, so game commands have a
// game to reach) while another user listens at level 0 with no
// datagrams: the server must not fall over, and the listener must never
// receive a framing byte (0x19), which only user text could carry.
func FuzzSession(f *testing.F) {
	for _, s := range []string{"tell %s hi\r\n", "say \x19[1 *\x19(24 1 e2e4\x19)\r\n", "e2e4\r\ne7e5\r\nresign\r\n",
		"tell %s \xff\xfe\x00\x1b[31m\r\nwho\r\n", "match %s 1 0 u berkeley\r\ndraw\r\nabort\r\n", "level1=0\r\nlevel2settings=1\r\nsay x\r\n",
		strings.Repeat("A", 5000) + "\r\n", "observe 1\r\nfinger %s\r\nhistory\r\ngames\r\n"} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	st, err := store.Open(context.Background(), "", dir)
	if err != nil {
		f.Fatal(err)
	}
	defer st.Close()
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		f.Fatal(err)
	}
	srv := server.New(server.Config{DataDir: dir, Store: st, Attempts: 1e6, Log: quietLog})
	go srv.Serve(ln)
	defer srv.Close()
	fs := &fuzzServer{addr: ln.Addr().String()}

	f.Fuzz(func(t *testing.T, input []byte) {
		n := fs.n.Add(1)
		listener, attacker := fmt.Sprintf("lis%d", n), fmt.Sprintf("att%d", n)
		lis := dialPlain(t, fs.addr, listener)
		att := dialPlain(t, fs.addr, attacker)
		att.send("match " + listener + " 5 0 u")
		lis.waitFor("You can \"accept\" or \"decline\".")
		lis.send("accept")
		att.waitFor("Creating: ")
		att.nc.Write([]byte(strings.ReplaceAll(string(input), "%s", listener)))
		att.nc.Write([]byte("\r\ntell " + listener + " END-OF-INPUT\r\n")) // fails when the input got the attacker cut off
		// Everything the attacker's input caused is queued before the answer
		// to its last line, or the attacker was cut off.
		deadline := time.Now().Add(5 * time.Second)
		for !att.isClosed() && !strings.Contains(att.all(), "(told "+listener+")") && !strings.Contains(att.all(), "Usage: tell") {
			if time.Now().After(deadline) {
				t.Fatalf("the server stopped answering; the attacker received %q", att.all())
			}
			time.Sleep(time.Millisecond)
		}
		att.nc.Close()
		lis.send("finger " + listener)
		lis.waitFor(listener + " is an unregistered guest")
		got := lis.all()
		after := got[strings.Index(got, "Starting session"):]
		if strings.Contains(after, "\x19") {
			t.Fatalf("the listener received a framing byte: %q", after)
		}
		lis.nc.Close()
	})
}
