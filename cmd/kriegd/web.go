package main

import (
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
	"github.com/krieg/krieg/server/web"
)

// siteFolder is where the page's files are: --site, else a web folder
// beside the kriegd program, else bin/web (where make web writes it).
func siteFolder(flag string) string {
	if flag != "" {
		return flag
	}
	if exe, err := os.Executable(); err == nil {
		if dir := filepath.Join(filepath.Dir(exe), "web"); isDir(dir) {
			return dir
		}
	}
	return filepath.Join("bin", "web")
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// startWeb opens the HTTP door on addr (HTTPS when tlsCfg is set, with
// the game port's certificate), holding at most caps' connections: the
// page from site and the WebSocket into srv. It returns the page's URL
// and a function that closes it.
func startWeb(addr string, tlsCfg *tls.Config, caps web.Caps, site string, srv *server.Server, st *store.Store, logger *slog.Logger) (string, func(), error) {
	door, err := web.New(srv, web.Options{Site: site, Store: st, Log: logger})
	if err != nil {
		return "", nil, err
	}
	ln, err := listen(addr, tlsCfg, &caps)
	if err != nil {
		return "", nil, err
	}
	hs := &http.Server{Handler: door, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute,
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn), MaxHeaderBytes: 16 << 10}
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("kriegd: http", "err", err)
		}
	}()
	scheme := "http"
	if tlsCfg != nil {
		scheme = "https"
	}
	return scheme + "://" + ln.Addr().String() + "/", func() { hs.Close() }, nil
}

// siteCmd is "kriegd site --wasm FILE --wasm-exec FILE DIR": it writes the
// static site (make web runs it) that kriegd --http, or any static host,
// serves.
func siteCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("kriegd site", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opt web.SiteOptions
	fs.StringVar(&opt.Wasm, "wasm", "", "the board built for the browser (GOOS=js GOARCH=wasm go build ./cmd/krieg-web)")
	fs.StringVar(&opt.WasmExec, "wasm-exec", "", "wasm_exec.js of the Go that built it ($(go env GOROOT)/lib/wasm/wasm_exec.js)")
	fs.IntVar(&opt.Brotli, "brotli", 11, "brotli quality of the compressed copies, 1 to 11 (0: none)")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 || opt.Wasm == "" || opt.WasmExec == "" {
		return usageError{"usage: kriegd site --wasm FILE --wasm-exec FILE DIR"}
	}
	if opt.Brotli == 0 {
		opt.Brotli = -1
	}
	if err := web.Assemble(fs.Arg(0), opt); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "kriegd: the site is in %s\n", fs.Arg(0))
	return nil
}
