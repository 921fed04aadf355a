//go:build !js

package icc

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	stdnet "net"
)

// dialTCP is the default Dial: TCP to addr.
func dialTCP(addr string) func(ctx context.Context) (io.ReadWriteCloser, error) {
	return func(ctx context.Context) (io.ReadWriteCloser, error) {
		var d stdnet.Dialer
		return d.DialContext(ctx, "tcp", addr)
	}
}

// DialTLS is a Dial that speaks TLS with cfg to addr (a kriegd with
// --tls-cert). Browser builds have none, so that a page, which dials a
// WebSocket, links no TLS client.
func DialTLS(addr string, cfg *tls.Config) func(ctx context.Context) (io.ReadWriteCloser, error) {
	return func(ctx context.Context) (io.ReadWriteCloser, error) {
		d := tls.Dialer{Config: cfg}
		conn, err := d.DialContext(ctx, "tcp", addr)
		var unknown x509.UnknownAuthorityError
		if errors.As(err, &unknown) {
			// A club's own certificate: say the way in, not only the cause.
			return nil, fmt.Errorf("%w (a server with a certificate of its own: give its CA's certificate with --tls-ca FILE)", err)
		}
		var plain tls.RecordHeaderError
		if errors.As(err, &plain) {
			// A server that answers in plain text (a kriegd without
			// --tls-cert): say so, and the way to reach it.
			return nil, fmt.Errorf("%w: the server at %s does not speak TLS: connect to it without tls://", errSaysAll, addr)
		}
		return conn, err
	}
}
