package web

import (
	"net/http"
	"time"
)

// A client that asks for a file and then stops reading would hold its
// connection, and the host's socket memory for the unsent bytes, for as
// long as it liked: the door's caps count connections, not progress. So
// every answer but the WebSocket's must be taken at a pace: each write is
// given writeGrace plus its length at minReadRate, and a client slower
// than that loses the connection. (The page's largest file, the board, is
// about 4 MB compressed: a client is given about 4 minutes for it, and 25
// for the 23 MB a client that takes no compression gets.)
var (
	writeGrace  = 20 * time.Second
	minReadRate = 16 << 10 // bytes a second
)

// paced is an answer that the client must keep reading (see writeGrace).
type paced struct {
	http.ResponseWriter
	rc *http.ResponseController
}

// pace wraps w; the returned func gives the answer's last buffered bytes
// their own time, to be called when the handler returns.
func pace(w http.ResponseWriter) (*paced, func()) {
	p := &paced{ResponseWriter: w, rc: http.NewResponseController(w)}
	p.allow(0) // a deadline left by the connection's last answer is gone
	return p, func() { p.allow(0) }
}

// allow gives the next n bytes their time.
func (p *paced) allow(n int) {
	_ = p.rc.SetWriteDeadline(time.Now().Add(writeGrace + time.Duration(n)*time.Second/time.Duration(minReadRate)))
}

func (p *paced) Write(b []byte) (int, error) {
	p.allow(len(b))
	return p.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (p *paced) Unwrap() http.ResponseWriter { return p.ResponseWriter }

// unpaced clears a write deadline left by an earlier answer on the same
// connection, before it becomes a WebSocket that keeps its own time.
func unpaced(w http.ResponseWriter) {
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
}
