//go:build !js

package launch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	stdnet "net"
	"os"

	"github.com/krieg/krieg/net/icc"
)

// dialTLS dials a server at addr over TLS, trusting the system's
// certificates or those of --tls-ca.
func (f *Flags) dialTLS(addr string) (func(ctx context.Context) (io.ReadWriteCloser, error), error) {
	host, _, _ := stdnet.SplitHostPort(addr)
	cfg := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if f.TLSCA != "" {
		pem, err := os.ReadFile(f.TLSCA)
		if err != nil {
			return nil, fmt.Errorf("--tls-ca: %w", err)
		}
		cfg.RootCAs = x509.NewCertPool()
		if !cfg.RootCAs.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("%w: --tls-ca %s: no PEM certificate in it", ErrUsage, f.TLSCA)
		}
	}
	return icc.DialTLS(addr, cfg), nil
}
