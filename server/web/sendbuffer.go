package web

import (
	"bufio"
	stdnet "net"
	"net/http"

	"github.com/krieg/krieg/server"
)

// A WebSocket's client that asks for output and never reads it would make
// the kernel hold the unsent bytes, as on the game port: the server keeps
// the socket's send buffer at server.SendBuffer there, but through the
// door it sees only the WebSocket stream. So the door limits the buffer of
// the socket it hijacks for the WebSocket. (The page's files get a larger
// one, PageSendBuffer, set as the door accepts the connection; their
// answers are paced too, pace.go.)

// limitSendBuffer wraps w so that the connection it hijacks has its
// socket's send buffer limited (server.LimitSendBuffer).
func limitSendBuffer(w http.ResponseWriter) http.ResponseWriter {
	return &limitedWriter{ResponseWriter: w}
}

// limitedWriter is limitSendBuffer's ResponseWriter.
type limitedWriter struct {
	http.ResponseWriter
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *limitedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack hijacks the connection underneath and limits its send buffer.
func (w *limitedWriter) Hijack() (stdnet.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	server.LimitSendBuffer(nc)
	return nc, brw, nil
}
