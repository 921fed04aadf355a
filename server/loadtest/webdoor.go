package loadtest

import (
	"errors"
	"fmt"
	"log/slog"
	stdnet "net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/krieg/krieg/net/wsstream"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/web"
)

// webDoor opens srv's browser door (server/web) on loopback, serving a
// one-line page from dataDir/site: the load clients want only its
// WebSocket. It returns the WebSocket's URL and a function that closes it.
func webDoor(srv *server.Server, dataDir string, log *slog.Logger) (string, func(), error) {
	site := filepath.Join(dataDir, "site")
	if err := os.MkdirAll(site, 0o700); err != nil {
		return "", nil, fmt.Errorf("loadtest: %w", err)
	}
	if err := os.WriteFile(filepath.Join(site, "index.html"), []byte("<!doctype html><title>kriegd load</title>\n"), 0o600); err != nil {
		return "", nil, fmt.Errorf("loadtest: %w", err)
	}
	// The scripted clients attempt as fast as answers come: the door's
	// message limit is lifted like the server's attempt limit.
	door, err := web.New(srv, web.Options{Site: site, Log: log, Limits: wsstream.Limits{Rate: -1}})
	if err != nil {
		return "", nil, err
	}
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("loadtest: %w", err)
	}
	hs := &http.Server{Handler: door, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("loadtest: the web door", "err", err)
		}
	}()
	return "ws://" + ln.Addr().String() + "/ws", func() { hs.Close() }, nil
}
