package server_test

import (
	"context"
	"crypto/tls"
	"io"
	stdnet "net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/tlstest"
)

// TestDriverTakesItsSeatBackWithItsToken: krieg's ICC driver, logged in as
// a guest, keeps the reconnect token kriegd sends; when its connection
// drops mid-game, a stranger cannot take the seat, and the driver's
// Reconnect takes it back with the token and plays on.
func TestDriverTakesItsSeatBackWithItsToken(t *testing.T) {
	u := startUmpire(t, server.Config{Attempts: 10000, Grace: 10 * time.Second})
	var mu sync.Mutex
	var last io.ReadWriteCloser
	a := u.connectWith(t, icc.Options{Addr: u.addr, Quiet: 15 * time.Millisecond, LoginTimeout: 5 * time.Second,
		Dial: func(ctx context.Context) (io.ReadWriteCloser, error) {
			var d stdnet.Dialer
			nc, err := d.DialContext(ctx, "tcp", u.addr)
			mu.Lock()
			last = nc
			mu.Unlock()
			return nc, err
		}})
	c := a.c
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b := u.connect(t, "bob", "")
	if err := c.Begin(net.GameSpec{Rules: referee.Wild16, Kriegspiel: true, Side: game.White, Opponent: "bob", Base: 5 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	b.next(net.KindChallenge)
	if err := b.c.Do(net.Accept); err != nil {
		t.Fatal(err)
	}
	started := a.next(net.KindStarted)
	b.next(net.KindStarted)
	me := started.Snap.Spec.White

	mu.Lock()
	last.Close()
	mu.Unlock()
	for ev := a.next(net.KindConnection); ev.Snap.State != net.Disconnected; ev = a.next(net.KindConnection) {
	}
	stranger := u.dial(t)
	stranger.send("level1=5", "level2settings="+strings.Repeat("1", 256), me)
	stranger.waitFor("\x19(69 ") // a guest's name is never anyone else's to log in with
	stranger.waitFor("login: ")

	if err := c.Reconnect(ctx); err != nil {
		t.Fatalf("reconnect: %v", err)
	}
	mv, _ := game.ParseMove("e2e4")
	if err := c.Attempt(mv); err != nil {
		t.Fatal(err)
	}
	ev := b.next(net.KindHeard)
	if ev.Entry.Mover != game.White {
		t.Fatalf("bob heard %+v; want white's move", ev.Entry)
	}
}

// TestDriverOverTLS: kriegd behind TLS, krieg's ICC driver logs in and
// plays over it; a plain-TCP client gets nothing readable from the port.
func TestDriverOverTLS(t *testing.T) {
	cert := tlstest.New(t)
	u := startUmpireOn(t, server.Config{}, func(ln stdnet.Listener) stdnet.Listener {
		return tls.NewListener(ln, &tls.Config{Certificates: []tls.Certificate{cert.Pair}})
	})
	connect := func(name string) *icc.Client {
		c, err := icc.New(icc.Options{Addr: u.addr, User: name, Dial: icc.DialTLS(u.addr, &tls.Config{RootCAs: cert.Pool, ServerName: "127.0.0.1"}),
			LoginTimeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			for range c.Events() {
			}
		}()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := c.Connect(ctx); err != nil {
			t.Fatalf("%s over TLS: %v", name, err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	connect("alice")
	plain := u.dial(t)
	plain.send("guest")
	if tail := plain.closed(); strings.Contains(tail, "login:") {
		t.Fatalf("the TLS port spoke plain text: %q", tail)
	}
	r, err := tls.Dial("tcp", u.addr, &tls.Config{RootCAs: cert.Pool, ServerName: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	r.Write([]byte("guest\r\nwho\r\n"))
	r.SetReadDeadline(time.Now().Add(5 * time.Second))
	var got strings.Builder
	buf := make([]byte, 4096)
	for !strings.Contains(got.String(), "alice") {
		n, err := r.Read(buf)
		got.Write(buf[:n])
		if err != nil {
			t.Fatalf("reading over TLS: %v; got %q", err, got.String())
		}
	}
}
