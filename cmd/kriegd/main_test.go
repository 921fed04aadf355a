package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/crypto/bcrypt"

	"github.com/krieg/krieg/server/store"
	"github.com/krieg/krieg/server/tlstest"
)

// TestUserAdd registers an account with "kriegd user add" (the password on
// stdin, as from a pipe) and finds it in the store with a bcrypt hash that
// matches; the password is never printed, and a second add is refused.
func TestUserAdd(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if err := run([]string{"user", "add", "--data", dir, "Erin"}, strings.NewReader("erinpass\n"), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String()+errOut.String(), "erinpass") {
		t.Fatalf("the password was printed: %q %q", out.String(), errOut.String())
	}
	st, err := store.Open(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	a, err := st.Account(context.Background(), "erin")
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "Erin" || bcrypt.CompareHashAndPassword([]byte(a.Hash), []byte("erinpass")) != nil {
		t.Fatalf("account %+v does not hold Erin with her password", a)
	}
	// Refused before the password is asked for, naming the account as it
	// is spelt; flags may follow the name.
	err = run([]string{"user", "add", "erin", "--data", dir}, strings.NewReader(""), &out, &errOut)
	if err == nil || err.Error() != "kriegd: an account named Erin already exists (names ignore case)" {
		t.Fatalf("adding erin twice: %v; want it refused in words", err)
	}
	err = run([]string{"user", "passwd", "--data", dir, "nobody"}, strings.NewReader(""), &out, &errOut)
	if err == nil || err.Error() != "kriegd: there is no account named nobody (kriegd user list lists them)" {
		t.Fatalf("a password for no account: %v; want it refused before asking", err)
	}
	for _, bad := range [][]string{{"user", "add", "--data", dir, "guest12"}, {"user", "add", "--data", dir, "x"}, {"user", "rm", "Erin"}} {
		if err := run(bad, strings.NewReader("password\n"), &out, &errOut); err == nil {
			t.Fatalf("kriegd %v: no error", bad)
		}
	}
	if err := run([]string{"user", "add", "--data", dir, "Fay"}, strings.NewReader("abc\n"), &out, &errOut); err == nil {
		t.Fatal("a 3-character password was accepted")
	}
}

// TestLoadCommand runs a tiny `kriegd load` and refuses unbounded ones.
func TestLoadCommand(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"load", "--games", "4", "--clients", "4", "--duration", "30s"}, strings.NewReader(""), &out, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "4 saved and replaying, 4 indexed, 0 corrupt") {
		t.Fatalf("output:\n%s", out.String())
	}
	if err := run([]string{"load", "--clients", "100000"}, strings.NewReader(""), &out, &out); err == nil {
		t.Fatal("an unbounded load run should be refused")
	}
}

// TestServeRefusesBadFlags: negative, zero and absurd settings are refused
// before anything starts, each naming its flag.
func TestServeRefusesBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // in the error
	}{
		{[]string{"--grace", "-5s"}, "--grace"}, {[]string{"--grace", "0"}, "--grace"}, {[]string{"--grace", "100h"}, "--grace"},
		{[]string{"--max-conns", "-1"}, "--max-conns"}, {[]string{"--max-conns", "0"}, "--max-conns"},
		{[]string{"--max-conns-per-addr", "-3"}, "--max-conns-per-addr"},
		{[]string{"--max-conns", "10", "--max-conns-per-addr", "11"}, "--max-conns-per-addr"},
		{[]string{"--max-prelogin", "-1"}, "--max-prelogin"}, {[]string{"--max-conns", "10", "--max-conns-per-addr", "10", "--max-prelogin", "11"}, "--max-prelogin"},
		{[]string{"--max-prelogin-per-addr", "-1"}, "--max-prelogin-per-addr"}, {[]string{"--max-conns-per-addr", "4", "--max-prelogin-per-addr", "5"}, "--max-prelogin-per-addr"},
		{[]string{"--registrations-per-addr", "0"}, "--registrations-per-addr"}, {[]string{"--registrations-per-addr", "5000"}, "--registrations-per-addr"},
		{[]string{"--attempts", "-1"}, "--attempts"}, {[]string{"--attempts", "NaN"}, "--attempts"}, {[]string{"--lobby", "0"}, "--lobby"}, {[]string{"--inbox", "-2"}, "--inbox"}, {[]string{"--listings", "0"}, "--listings"},
		{[]string{"--idle", "-1m"}, "--idle"}, {[]string{"--guest-idle", "2h"}, "--guest-idle"}, {[]string{"--login-time", "0s"}, "--login-time"},
		{[]string{"--first-move", "1s"}, "--first-move"}, {[]string{"--first-move", "1h"}, "--first-move"},
		{[]string{"--write-timeout", "0s"}, "--write-timeout"}, {[]string{"--write-timeout", "1h"}, "--write-timeout"},
		{[]string{"--refused-turn", "0"}, "--refused-turn"}, {[]string{"--refused-game", "-1"}, "--refused-game"}, {[]string{"--refused-game", "2000000"}, "--refused-game"},
		{[]string{"--refused-game", "100", "--refused-turn", "101"}, "--refused-turn"},
		{[]string{"--http", "127.0.0.1:0", "--site", "/nonexistent-site"}, "--site"},
		{[]string{"--tls-cert", "x.pem"}, "--tls-key"}, {[]string{"--tls-key", "k.pem"}, "--tls-key"}, {[]string{"stray"}, "stray"},
	} {
		var out, errOut bytes.Buffer
		err := run(append([]string{"--listen", "127.0.0.1:0", "--data", t.TempDir()}, c.args...), strings.NewReader(""), &out, &errOut)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("kriegd %v: %v; want an error naming %s", c.args, err, c.want)
		}
		if line := errorLine(err); strings.Count(line, "kriegd:") != 1 {
			t.Fatalf("kriegd %v prints %q; want one kriegd: in front", c.args, line)
		}
	}
}

// TestTLSAndMetrics runs kriegd with --tls-cert, --tls-key, --admin and
// --http: a client logs in over TLS, the page and its WebSocket answer
// over HTTPS with the same certificate, /metrics answers in the
// Prometheus format with the server's figures, and the data folder is its
// owner's only.
func TestTLSAndMetrics(t *testing.T) {
	bin := buildKriegd(t)
	cert := tlstest.New(t)
	data := filepath.Join(t.TempDir(), "data")
	site := t.TempDir()
	if err := os.WriteFile(filepath.Join(site, "index.html"), []byte("<!doctype html><title>krieg</title>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, addr, metrics, page := startKriegdWith(t, bin, data, "--tls-cert", cert.CertFile, "--tls-key", cert.KeyFile, "--admin", "127.0.0.1:0",
		"--http", "127.0.0.1:0", "--site", site)
	httpsPageAndSocket(t, page, cert.Pool)
	c, err := tls.Dial("tcp", addr, &tls.Config{RootCAs: cert.Pool, ServerName: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Write([]byte("guest\r\nwho\r\n"))
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	var got strings.Builder
	for buf := make([]byte, 4096); !strings.Contains(got.String(), " logged in:"); {
		n, err := c.Read(buf)
		got.Write(buf[:n])
		if err != nil {
			t.Fatalf("over TLS: %v; got %q", err, got.String())
		}
	}
	resp, err := http.Get(metrics)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{"kriegd_connections 1", "kriegd_games_in_progress 0", "kriegd_attempts_total", "kriegd_attempt_seconds_bucket",
		"kriegd_record_writes_total", "kriegd_record_failures_total", "kriegd_panics_recovered_total 0", `kriegd_limits_hit_total{limit="lobby"}`, "go_goroutines"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics has no %q:\n%s", want, body)
		}
	}
	if fi, err := os.Stat(data); err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("the data folder: %v, %v; want 0700", fi.Mode(), err)
	}
}

// httpsPageAndSocket fetches the page at url over HTTPS, trusting only
// pool, and logs in as a guest through its WebSocket (wss://).
func httpsPageAndSocket(t *testing.T, url string, pool *x509.CertPool) {
	t.Helper()
	if !strings.HasPrefix(url, "https://") {
		t.Fatalf("the page is on %q; want https://", url)
	}
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}}, Timeout: 10 * time.Second}
	resp, err := hc.Get(url)
	if err != nil {
		t.Fatalf("the page over HTTPS: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "<title>krieg</title>") {
		t.Fatalf("the page: %s %q", resp.Status, body)
	}
	guestOverSocket(t, "wss://"+strings.TrimPrefix(url, "https://")+"ws", &websocket.DialOptions{HTTPClient: hc})
}

// guestOverSocket logs in as a guest through the WebSocket at url.
func guestOverSocket(t *testing.T, url string, opt *websocket.DialOptions) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, opt)
	if err != nil {
		t.Fatalf("the WebSocket %s: %v", url, err)
	}
	defer ws.CloseNow()
	if err := ws.Write(ctx, websocket.MessageText, []byte("guest\n")); err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for !strings.Contains(got.String(), "Starting session as") {
		_, msg, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("over %s: %v; got %q", url, err, got.String())
		}
		got.Write(msg)
	}
}

// TestPreLoginDefaults: kriegd gives connections not yet logged in a
// budget of their own unless told otherwise: 8 from one address, a
// quarter of --max-conns overall (at least 64 when there is room).
func TestPreLoginDefaults(t *testing.T) {
	for _, c := range []struct {
		args              []string
		overall, fromAddr int
	}{
		{nil, 500, 8},
		{[]string{"--max-conns", "100", "--max-conns-per-addr", "4"}, 64, 4},
		{[]string{"--max-conns", "10", "--max-conns-per-addr", "10"}, 10, 8},
		{[]string{"--max-prelogin", "7", "--max-prelogin-per-addr", "3"}, 7, 3},
	} {
		f, err := parseServe(c.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if f.maxPreLogin != c.overall || f.maxPreLoginAddr != c.fromAddr {
			t.Errorf("kriegd %v: pre-login budgets %d overall, %d per address; want %d and %d", c.args, f.maxPreLogin, f.maxPreLoginAddr, c.overall, c.fromAddr)
		}
	}
}

// TestRefusalLimitFlags: the refusals a turn and a game take, once
// settable only from Go, are kriegd flags listed in -h, reaching the
// server's configuration, with the server's defaults.
func TestRefusalLimitFlags(t *testing.T) {
	for _, c := range []struct {
		args       []string
		turn, game int
	}{
		{nil, 512, 10000},
		{[]string{"--refused-turn", "40", "--refused-game", "900"}, 40, 900},
	} {
		f, err := parseServe(c.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if cfg := f.config(nil, nil); cfg.RefusedTurn != c.turn || cfg.RefusedGame != c.game {
			t.Errorf("kriegd %v: the server takes %d refusals a turn, %d a game; want %d and %d", c.args, cfg.RefusedTurn, cfg.RefusedGame, c.turn, c.game)
		}
	}
	var help bytes.Buffer
	parseServe([]string{"-h"}, &help)
	for _, flag := range []string{"-refused-turn", "-refused-game"} {
		if !strings.Contains(help.String(), flag) {
			t.Errorf("kriegd -h does not list %s:\n%s", flag, help.String())
		}
	}
}

// TestWriteTimeoutFlag: how long a write to a client may take before the
// connection is closed as a slow reader's is a kriegd flag listed in -h,
// reaching the server's configuration, with the server's default.
func TestWriteTimeoutFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want time.Duration
	}{
		{nil, 30 * time.Second},
		{[]string{"--write-timeout", "10s"}, 10 * time.Second},
	} {
		f, err := parseServe(c.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if cfg := f.config(nil, nil); cfg.WriteTimeout != c.want {
			t.Errorf("kriegd %v: the server's writes time out after %v; want %v", c.args, cfg.WriteTimeout, c.want)
		}
	}
	var help bytes.Buffer
	parseServe([]string{"-h"}, &help)
	if !strings.Contains(help.String(), "-write-timeout") {
		t.Errorf("kriegd -h does not list -write-timeout:\n%s", help.String())
	}
}

// TestHelpExitsZero: -h prints the usage, the subcommands included, and is
// no failure; a real mistake still is.
func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}, {"user", "-h"}, {"user", "add", "-h"}, {"load", "-h"}, {"site", "-h"}} {
		var out, errOut bytes.Buffer
		err := run(args, strings.NewReader(""), &out, &errOut)
		if code := exitStatus(err, &errOut); code != 0 || strings.Contains(errOut.String(), "help requested") {
			t.Errorf("kriegd %v: exit %d, %q", args, code, errOut.String())
		}
		if (args[0] == "-h" || args[0] == "help") && (!strings.Contains(errOut.String(), "kriegd user add") || !strings.Contains(errOut.String(), "kriegd load") || !strings.Contains(errOut.String(), "-listen")) {
			t.Errorf("kriegd -h: %q; want the subcommands and the flags", errOut.String())
		}
	}
}

// TestCommandLineMistakes: a mistake on the command line exits 2 (1 is
// left for a server that failed) and is said in one line that names it and
// where to look, not followed by the whole usage.
func TestCommandLineMistakes(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bogus"}, "kriegd: flag provided but not defined: -bogus (kriegd -h lists the flags)"},
		{[]string{"--grace", "soon"}, "kriegd: invalid value \"soon\" for flag -grace"},
		{[]string{"--grace", "0"}, "kriegd: --grace must be 1s to 1h"},
		{[]string{"serve"}, "kriegd: unknown command \"serve\" (kriegd -h lists the commands"},
		{[]string{"user"}, "kriegd: usage: kriegd user add"},
		{[]string{"user", "add", "--bogus", "x"}, "(kriegd user add -h lists the flags)"},
		{[]string{"load", "--clients", "1"}, "kriegd: load: --clients must be 2 to 5000"},
		{[]string{"load", "--games", "0"}, "kriegd: load: --games must be 1 to 1000000"},
		{[]string{"load", "extra"}, `kriegd: load: unexpected argument "extra"`},
		{[]string{"user", "ls"}, `kriegd user: unknown command "ls"; the commands are add, passwd, list and rm`},
		{[]string{"--listen", "127.0.0.1:99999"}, `kriegd: --listen "127.0.0.1:99999" is not an address to listen on (such as :5000 or 127.0.0.1:5000): the port is 0 to 65535`},
		{[]string{"--http", "notanaddr"}, `kriegd: --http "notanaddr" is not an address to listen on`},
		{[]string{"--db", "mysql://x"}, `kriegd: --db "mysql://x": kriegd keeps its data in PostgreSQL`},
		{[]string{"user", "list", "--db", "mysql://x"}, `kriegd: --db "mysql://x"`},
		{[]string{"load", "--bogus"}, "(kriegd load -h lists the flags)"},
		{[]string{"site"}, "usage: kriegd site --wasm FILE"},
		{[]string{"site", "--bogus"}, "(kriegd site -h lists the flags)"},
	} {
		var errOut bytes.Buffer
		args := c.args
		data := t.TempDir()
		if args[0] != "user" && args[0] != "load" && args[0] != "site" {
			args = append([]string{"--listen", "127.0.0.1:0", "--data", data}, args...)
		}
		code := exitStatus(run(args, strings.NewReader(""), io.Discard, &errOut), &errOut)
		said := errOut.String()
		if code != 2 || !strings.Contains(said, c.want) {
			t.Errorf("kriegd %v: exit %d, %q; want exit 2 saying %q", c.args, code, said, c.want)
		}
		if strings.Contains(said, "-max-conns") || strings.Contains(said, "Flags of the server") {
			t.Errorf("kriegd %v printed the usage after the mistake: %q", c.args, said)
		}
		if made, _ := os.ReadDir(data); len(made) > 0 {
			t.Errorf("kriegd %v made %d files in the data folder before refusing", c.args, len(made))
		}
	}
}

// TestUserAddRefusesALongPassword: "kriegd user add" with a password over
// bcrypt's 72 bytes said "hashing the password: bcrypt: password length
// exceeds 72 bytes"; it is refused in the words register uses, and no
// account is made.
func TestUserAddRefusesALongPassword(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	err := run([]string{"user", "add", "--data", dir, "Gil"}, strings.NewReader(strings.Repeat("p", 73)+"\n"), &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "72 bytes at most") || strings.Contains(err.Error(), "bcrypt") {
		t.Fatalf("a 73-byte password: %v", err)
	}
	if err := run([]string{"user", "add", "--data", dir, "Gil"}, strings.NewReader(strings.Repeat("p", 72)+"\n"), &out, &errOut); err != nil {
		t.Fatalf("a 72-byte password: %v", err)
	}
}
