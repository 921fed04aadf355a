package launch

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// dialTLS refuses in a browser, which has no TCP: the page dials its
// server's WebSocket, so no TLS client is linked into it.
func (f *Flags) dialTLS(addr string) (func(ctx context.Context) (io.ReadWriteCloser, error), error) {
	return nil, fmt.Errorf("%w: --connect tls://%s: a browser has no TCP: %w", ErrUsage, addr, errors.ErrUnsupported)
}
