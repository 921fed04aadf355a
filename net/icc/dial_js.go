package icc

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// dialTCP is the default Dial in a browser, which has no TCP: a page
// passes Options.Dial (a WebSocket), so the TCP client stays out of its
// WebAssembly.
func dialTCP(addr string) func(ctx context.Context) (io.ReadWriteCloser, error) {
	return func(context.Context) (io.ReadWriteCloser, error) {
		return nil, fmt.Errorf("icc: dialing %s: a browser has no TCP, Options.Dial opens the connection: %w", addr, errors.ErrUnsupported)
	}
}
