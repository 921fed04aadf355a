package web

import (
	"fmt"
	stdnet "net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// portQueue is what the kernel holds unsent on the sockets of local port
// port, closed ones waiting to finish too (/proc/net/tcp's tx_queue).
func portQueue(t *testing.T, port int) int {
	t.Helper()
	b, err := os.ReadFile("/proc/net/tcp")
	if err != nil {
		t.Skipf("no /proc/net/tcp: %v", err)
	}
	total := 0
	for _, l := range strings.Split(string(b), "\n")[1:] {
		f := strings.Fields(l)
		if len(f) < 5 || !strings.HasSuffix(f[1], fmt.Sprintf(":%04X", port)) {
			continue
		}
		tx, _, _ := strings.Cut(f[4], ":")
		n, _ := strconv.ParseInt(tx, 16, 64)
		total += int(n)
	}
	return total
}

// TestPageUnreadIsBoundedAndDropped: through the door's listener, a client
// that asks for a large answer and reads none of it makes the kernel hold
// no more than PageSendBuffer allows (a tester's held 2.8 MB each), and
// once the answer is given up (its write deadline passed) nothing is kept
// for the closed socket (a tester's sat in FIN-WAIT-1 holding it all).
func TestPageUnreadIsBoundedAndDropped(t *testing.T) {
	raw, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := raw.Addr().(*stdnet.TCPAddr).Port
	big := make([]byte, 16<<20)
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.NewResponseController(w).SetWriteDeadline(time.Now().Add(time.Second))
		w.Write(big)
	})}
	go hs.Serve(Limit(raw, Caps{}))
	defer hs.Close()
	c, err := stdnet.Dial("tcp", raw.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.(*stdnet.TCPConn).SetReadBuffer(4096)
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	time.Sleep(700 * time.Millisecond)
	if held := portQueue(t, port); held > 4*PageSendBuffer {
		t.Errorf("the kernel held %d bytes for a client reading nothing; want at most about twice PageSendBuffer (%d)", held, PageSendBuffer)
	}
	time.Sleep(2 * time.Second) // the answer's deadline has passed: the door closed it
	if held := portQueue(t, port); held != 0 {
		t.Errorf("after the answer was given up the kernel still held %d bytes for it", held)
	}
}
