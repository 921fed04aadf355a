package icc

import (
	"context"
	stdnet "net"
	"strings"
	"testing"
	"time"
)

// TestSilentServerToldAsTLS: a server that accepts the connection and says
// nothing (as a kriegd serving TLS does to a plain connection) ends the
// login within silentFor, not the whole login timeout, with a hint to
// connect with tls://.
func TestSilentServerToldAsTLS(t *testing.T) {
	old := silentFor
	silentFor = 200 * time.Millisecond
	t.Cleanup(func() { silentFor = old })
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	held := make(chan struct{})
	defer close(held)
	acceptEach(ln, func(conn stdnet.Conn) { // held open, silent
		<-held
		conn.Close()
	})
	c, err := New(Options{Addr: ln.Addr().String(), User: "alice", LoginTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	began := time.Now()
	err = c.Connect(context.Background())
	if err == nil || !strings.Contains(err.Error(), "has said nothing in 200ms; if it serves TLS (kriegd --tls-cert), connect with tls://"+ln.Addr().String()) {
		t.Fatalf("a silent server: %v; want the TLS hint", err)
	}
	if d := time.Since(began); d > 5*time.Second {
		t.Fatalf("the silent server was waited for %v; want about 200ms", d)
	}
}

// acceptEach runs each on every connection ln accepts, until ln closes.
func acceptEach(ln stdnet.Listener, each func(stdnet.Conn)) {
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go each(conn)
		}
	}()
}

// TestRefusedConnectionSaysWhy: a server that says why it turns the
// connection away and closes it (kriegd full, too many from an address)
// ends the login with its words, not only "the connection closed".
func TestRefusedConnectionSaysWhy(t *testing.T) {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	acceptEach(ln, func(conn stdnet.Conn) {
		conn.Write([]byte("kriegd is full: too many connections. Try again later.\r\n"))
		conn.Close()
	})
	c, err := New(Options{Addr: ln.Addr().String(), LoginTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	err = c.Connect(context.Background())
	if err == nil || !strings.Contains(Reason(err), `the server said "kriegd is full: too many connections. Try again later."`) {
		t.Fatalf("a refused connection: %v; want the server's words", err)
	}
}
