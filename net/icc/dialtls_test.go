//go:build !js

package icc

import (
	"context"
	"crypto/tls"
	stdnet "net"
	"strings"
	"testing"

	"github.com/krieg/krieg/server/tlstest"
)

// TestDialTLSUnknownAuthoritySaysTLSCA: a server whose certificate no
// authority of the system signed is refused with the way in (--tls-ca),
// and trusted with it.
func TestDialTLSUnknownAuthoritySaysTLSCA(t *testing.T) {
	cert := tlstest.New(t)
	ln, err := tls.Listen("tcp", "127.0.0.1:0", &tls.Config{Certificates: []tls.Certificate{cert.Pair}})
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	acceptEach(ln, func(conn stdnet.Conn) {
		conn.(*tls.Conn).Handshake()
		conn.Close()
	})
	_, err = DialTLS(ln.Addr().String(), &tls.Config{})(context.Background())
	if err == nil || !strings.Contains(err.Error(), "give its CA's certificate with --tls-ca FILE") {
		t.Fatalf("an unknown authority: %v; want the --tls-ca hint", err)
	}
	conn, err := DialTLS(ln.Addr().String(), &tls.Config{RootCAs: cert.Pool})(context.Background())
	if err != nil {
		t.Fatalf("with the CA given: %v", err)
	}
	conn.Close()
}

// TestDialTLSToAPlainServer: a server that answers a TLS hello in plain
// text (kriegd without --tls-cert, its login prompt) is told as one that
// does not speak TLS, with the way to reach it.
func TestDialTLSToAPlainServer(t *testing.T) {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	acceptEach(ln, func(conn stdnet.Conn) {
		conn.Write([]byte("Welcome to kriegd, a Kriegspiel umpire.\r\nlogin: "))
		conn.Close()
	})
	_, err = DialTLS(ln.Addr().String(), &tls.Config{})(context.Background())
	if err == nil || !strings.Contains(err.Error(), "does not speak TLS: connect to it without tls://") {
		t.Fatalf("a plain server dialled with TLS: %v; want it told as plain", err)
	}
}

// TestConsoleRefusesALongLine: a line longer than a server takes is not
// sent (kriegd would close the connection), and says why.
func TestConsoleRefusesALongLine(t *testing.T) {
	c, err := New(Options{Addr: "127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Console(strings.Repeat("x", 20000)); err == nil || !strings.Contains(err.Error(), "too long to send") {
		t.Fatalf("a 20,000-byte line: %v; want it refused unsent", err)
	}
}
