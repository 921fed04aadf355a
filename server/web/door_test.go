package web

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
)

// get fetches path from the door with the given Accept-Encoding.
func get(t *testing.T, u *umpire, path, encoding string) (*http.Response, []byte) {
	t.Helper()
	return getVia(t, http.DefaultTransport, u, path, encoding)
}

// getVia is get through the transport rt.
func getVia(t *testing.T, rt http.RoundTripper, u *umpire, path, encoding string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", "http://"+u.http+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", encoding) // set by hand: the transport then leaves the body compressed
	resp, err := rt.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// TestSiteServed: the page, its versioned files (cached for good, sent
// compressed as the browser accepts), the configuration naming the
// WebSocket, every answer under the content security policy; nothing
// outside the site's files.
func TestSiteServed(t *testing.T) {
	u := startUmpire(t, server.Config{}, "", Options{})
	resp, body := get(t, u, "/", "")
	if resp.StatusCode != 200 || !strings.Contains(string(body), "<title>krieg") || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("/: %d %q, Cache-Control %q", resp.StatusCode, body[:min(len(body), 80)], resp.Header.Get("Cache-Control"))
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Fatalf("content security policy %q", csp)
	}
	wasm := regexp.MustCompile(`data-wasm="(krieg-[0-9a-f]{12}\.wasm)"`).FindStringSubmatch(string(body))
	if wasm == nil {
		t.Fatalf("index.html names no versioned board:\n%s", body)
	}
	for _, c := range []struct{ accept, encoding string }{{"gzip, deflate, br", "br"}, {"gzip", "gzip"}, {"br;q=0, gzip", "gzip"}, {"", ""}} {
		resp, _ := get(t, u, "/"+wasm[1], c.accept)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != c.encoding || resp.Header.Get("Content-Type") != "application/wasm" ||
			resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("board with Accept-Encoding %q: %d, headers %v", c.accept, resp.StatusCode, resp.Header)
		}
	}
	_, body = get(t, u, "/krieg.json", "")
	var cfg Config
	if err := json.Unmarshal(body, &cfg); err != nil || !cfg.Server || cfg.Socket != "ws" {
		t.Fatalf("krieg.json %q: %v", body, err)
	}
	for _, bad := range []string{"/../harness_test.go", "/%2e%2e%2fweb.go", "/.hidden", "/nothing.js", "/sub/index.html"} {
		if resp, body := get(t, u, bad, ""); resp.StatusCode != 404 && resp.StatusCode != 307 || strings.Contains(string(body), "package web") {
			t.Errorf("%s: %d; want 404 (or a redirect to a cleaned path)", bad, resp.StatusCode)
		}
	}
	if resp, _ := get(t, u, "/record?white=a&black=../../etc", ""); resp.StatusCode != 400 {
		t.Errorf("a record asked with a bad name: %d; want 400", resp.StatusCode)
	}
}

// TestAssembleForStaticHosts: the static site says it has no server, and
// a second build replaces the first's versioned files.
func TestAssembleForStaticHosts(t *testing.T) {
	site := standInSite(t)
	b, err := os.ReadFile(filepath.Join(site, "krieg.json"))
	if err != nil || strings.TrimSpace(string(b)) != `{"server":false}` {
		t.Fatalf("krieg.json %q, %v; want no server", b, err)
	}
	before, _ := filepath.Glob(filepath.Join(site, "krieg-*.wasm*"))
	wasm := filepath.Join(t.TempDir(), "other.wasm")
	os.WriteFile(wasm, []byte("\x00asm another board"), 0o644)
	exec := filepath.Join(t.TempDir(), "exec.js")
	os.WriteFile(exec, []byte("// exec"), 0o644)
	if err := Assemble(site, SiteOptions{Wasm: wasm, WasmExec: exec, Brotli: -1}); err != nil {
		t.Fatal(err)
	}
	after, _ := filepath.Glob(filepath.Join(site, "krieg-*.wasm*"))
	if len(before) != 3 || len(after) != 2 || after[0] == before[0] {
		t.Fatalf("versioned boards before %v, after %v; want the old three replaced by two (no brotli)", before, after)
	}
}

// TestWebSocketPlaysTCP: a player on the WebSocket door and one on TCP
// find each other in the one lobby (a seek, listed in /lobby.json, and
// play), play a Wild 16 game to mate, each hearing exactly the referee's
// truth for its side; the record then comes from /record.
func TestWebSocketPlaysTCP(t *testing.T) {
	truth := mateGame(t, 160)
	u := startUmpire(t, server.Config{Attempts: 10000}, "", Options{})
	web := u.client(t, "", "", false)
	tcp := u.client(t, "", "", true)
	if err := web.Console("seek 5 3 u w16 white"); err != nil {
		t.Fatal(err)
	}
	var seek server.SeekView
	waitFor(t, "the seek in /lobby.json", func() bool {
		_, body := get(t, u, "/lobby.json", "")
		var l server.LobbyView
		if json.Unmarshal(body, &l) == nil && len(l.Seeks) == 1 {
			seek = l.Seeks[0]
			return true
		}
		return false
	})
	if seek.From != web.Handle() || seek.Rules != "wild16" || seek.Minutes != 5 || seek.Colour != "white" {
		t.Fatalf("seek listed as %+v", seek)
	}
	if err := tcp.Console("play " + web.Handle()); err != nil {
		t.Fatal(err)
	}
	players := [2]*icc.Client{web, tcp}
	for _, p := range players {
		next(t, p, net.KindStarted)
	}
	heard := [2][]string{}
	for _, e := range truth.Log() {
		if e.AskedAny {
			players[e.Mover].Do(net.AskAny)
		} else if err := players[e.Mover].Attempt(e.Attempt); err != nil {
			t.Fatal(err)
		}
		for side, p := range players {
			if _, ok := e.HeardBy(game.Color(side)); ok {
				ev := next(t, p, net.KindHeard)
				heard[side] = append(heard[side], describe(ev.Entry, e.Mover == game.Color(side)))
			}
		}
	}
	for side := range players {
		if want := truthFor(truth, game.Color(side)); strings.Join(heard[side], "\n") != strings.Join(want, "\n") {
			t.Fatalf("%s heard\n%s\nthe referee says\n%s", game.Color(side), strings.Join(heard[side], "\n"), strings.Join(want, "\n"))
		}
		if ev := next(t, players[side], net.KindEnded); ev.Snap.Result == nil || ev.Snap.Result.Reason != referee.ReasonCheckmate {
			t.Fatalf("%s: the game ended %+v", game.Color(side), ev.Snap.Result)
		}
	}
	resp, body := get(t, u, "/record?white="+web.Handle()+"&black="+tcp.Handle(), "")
	if resp.StatusCode != 200 {
		t.Fatalf("/record: %d %s", resp.StatusCode, body)
	}
	rec, err := record.Read(strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	if err := record.Check(rec, referee.Wild16); err != nil || rec.Result != truth.Result().Score {
		t.Fatalf("the record served does not replay to the game: %v (result %q)", err, rec.Result)
	}
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("no %s within 10 s", what)
}
