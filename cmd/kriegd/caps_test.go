package main

import (
	"fmt"
	"io"
	stdnet "net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHTTPDoorCapsConnectionsPerAddress: one address holding requests
// open (slowloris) on the --http port gets --http-max-conns-per-addr
// connections; the ones beyond are closed at once, while a client from
// another address loads the page and plays through its WebSocket.
func TestHTTPDoorCapsConnectionsPerAddress(t *testing.T) {
	bin := buildKriegd(t)
	site := t.TempDir()
	if err := os.WriteFile(filepath.Join(site, "index.html"), []byte("<!doctype html><title>krieg</title>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const perAddr, tries = 8, 20
	_, _, _, page := startKriegdWith(t, bin, filepath.Join(t.TempDir(), "data"), "--http", "127.0.0.1:0", "--site", site,
		"--http-max-conns-per-addr", fmt.Sprint(perAddr))
	host := strings.TrimSuffix(strings.TrimPrefix(page, "http://"), "/")
	d := stdnet.Dialer{LocalAddr: &stdnet.TCPAddr{IP: stdnet.ParseIP("127.0.60.1")}}
	closed := make(chan time.Duration, tries)
	for range tries {
		nc, err := d.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		nc.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n")) // and nothing more, as slowloris
		go func() {
			start := time.Now()
			nc.SetReadDeadline(time.Now().Add(3 * time.Second))
			if _, err := nc.Read(make([]byte, 1)); err == io.EOF || isReset(err) {
				closed <- time.Since(start)
			}
		}()
	}
	time.Sleep(3500 * time.Millisecond)
	if n := len(closed); n != tries-perAddr {
		t.Fatalf("%d of %d held connections from one address were closed within 3 s; want %d", n, tries, tries-perAddr)
	}
	for range tries - perAddr {
		if took := <-closed; took > time.Second {
			t.Fatalf("a connection over the cap was closed after %v", took)
		}
	}
	resp, err := http.Get(page)
	if err != nil {
		t.Fatalf("the page from another address: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "<title>krieg</title>") {
		t.Fatalf("the page: %s %q", resp.Status, body)
	}
	guestOverSocket(t, "ws://"+host+"/ws", nil)
}

// isReset reports whether err is a connection reset by the peer.
func isReset(err error) bool {
	return err != nil && strings.Contains(err.Error(), "connection reset")
}

// TestConnectionsFitOpenFiles: the caps of both doors and the admin port
// stay under the process's limit of open files: defaults are lowered to
// fit, caps given that do not fit are refused naming their flags, and
// kriegd started under "ulimit -n 1024" with --max-conns 5000 says so.
func TestConnectionsFitOpenFiles(t *testing.T) {
	both := []string{"--http", ":0", "--admin", ":0"}
	f := serveFlags{maxConns: 2000, maxPerAddr: 64, httpMaxConns: 2000, httpMaxPerAddr: 128, httpAddr: ":0", admin: ":0"}
	if err := fitFiles(&f, map[string]bool{}, 1024); err != nil {
		t.Fatal(err)
	}
	if f.maxConns+f.httpMaxConns+adminConns+fileReserve > 1024 || f.maxConns < 400 || f.httpMaxConns < 400 || f.httpMaxPerAddr > f.httpMaxConns {
		t.Fatalf("under 1024 files the defaults became --max-conns %d, --http-max-conns %d", f.maxConns, f.httpMaxConns)
	}
	if !strings.Contains(f.lowered, "--max-conns to ") || !strings.Contains(f.lowered, "--http-max-conns to ") {
		t.Fatalf("the operator is told %q", f.lowered)
	}
	f = serveFlags{maxConns: 2000, maxPerAddr: 64, httpMaxConns: 2000, httpMaxPerAddr: 128, httpAddr: ":0", admin: ":0"}
	if err := fitFiles(&f, map[string]bool{"max-conns": true}, 20000); err != nil || f.lowered != "" {
		t.Fatalf("under 20000 files: %v, %q", err, f.lowered)
	}
	err := fitFiles(&f, map[string]bool{"max-conns": true, "http-max-conns": true}, 1024)
	if err == nil || !strings.Contains(err.Error(), "--max-conns 2000 + --http-max-conns 2000 + 16 for --admin + 128 kept for files need 4144 open files") {
		t.Fatalf("caps given over the limit: %v", err)
	}
	if _, err := parseServe(append(both, "--max-conns", "100000"), io.Discard); err == nil {
		if limit, _ := openFilesLimit(); limit < 100000+2000+adminConns+fileReserve {
			t.Fatal("--max-conns 100000 over this process's limit was accepted")
		}
	}
	bin := buildKriegd(t)
	cmd := exec.Command("sh", "-c", `ulimit -n 1024 && exec "$0" "$@"`, bin, "--listen", "127.0.0.1:0", "--data", t.TempDir(), "--max-conns", "5000")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "--max-conns 5000 + 128 kept for files need 5128 open files, over this process's limit of 1024") {
		t.Fatalf("kriegd under ulimit -n 1024 with --max-conns 5000: %v\n%s", err, out)
	}
}
