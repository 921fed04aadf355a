package web

import (
	"bufio"
	"fmt"
	"io"
	stdnet "net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestSlowReaderLosesConnection: a client that asks for a large file and
// stops reading is let go once it falls behind the pace, its answer given
// up, instead of holding its connection for ever; a client that reads gets
// the whole file over the same door.
func TestSlowReaderLosesConnection(t *testing.T) {
	grace := writeGrace
	writeGrace = 300 * time.Millisecond
	defer func() { writeGrace = grace }()
	site := standInSite(t)
	const size = 48 << 20
	if err := os.WriteFile(filepath.Join(site, "big.bin"), make([]byte, size), 0o644); err != nil {
		t.Fatal(err)
	}
	answered := make(chan struct{}, 2) // an answer to /big.bin ended, sent or given up
	u := startWrapped(t, server.Config{}, site, Options{}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h.ServeHTTP(w, r)
			if r.URL.Path == "/big.bin" {
				answered <- struct{}{}
			}
		})
	})
	get := func(small bool) (*stdnet.TCPConn, *bufio.Reader) {
		c, err := stdnet.Dial("tcp", u.http)
		if err != nil {
			t.Fatal(err)
		}
		tc := c.(*stdnet.TCPConn)
		if small {
			tc.SetReadBuffer(4096)
		}
		t.Cleanup(func() { tc.Close() })
		fmt.Fprintf(tc, "GET /big.bin HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n")
		return tc, bufio.NewReader(tc)
	}
	// The reader: the whole file.
	c, br := get(false)
	c.SetReadDeadline(time.Now().Add(60 * time.Second))
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := io.Copy(io.Discard, resp.Body); n != size || err != nil {
		t.Fatalf("a reading client got %d bytes of %d (%v)", n, size, err)
	}
	<-answered
	// The slow reader reads nothing: its answer is given up within the
	// pace (2.3 s a 32 KB write here), not held open for as long as it likes.
	get(true)
	began := time.Now()
	select {
	case <-answered:
		t.Logf("given up after %v", time.Since(began))
	case <-time.After(15 * time.Second):
		t.Fatalf("the answer to a client that read nothing was still being written 15 s on (pace: %v a write)", writeGrace)
	}
}
