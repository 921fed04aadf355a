package web

import (
	"bufio"
	"encoding/binary"
	"io"
	stdnet "net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/krieg/krieg/server"
)

// rawFrames opens a WebSocket to the door by hand, so that a test can send
// frames no well-behaved client library would: it returns the connection
// after the upgrade, and a reader of what the server sends.
func rawFrames(t *testing.T, u *umpire) (stdnet.Conn, *bufio.Reader) {
	t.Helper()
	nc, err := stdnet.Dial("tcp", u.http)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	nc.SetDeadline(time.Now().Add(20 * time.Second))
	req := "GET /ws HTTP/1.1\r\nHost: " + u.http + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if _, err := nc.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("the upgrade was answered %s", resp.Status)
	}
	return nc, br
}

// closeFrame reads the server's frames until its close frame and returns
// the close status and reason, and the text of the frames before it; it
// fails the test if the connection ends without one.
func closeFrame(t *testing.T, br *bufio.Reader) (websocket.StatusCode, string, string) {
	t.Helper()
	var seen []string
	for {
		var head [2]byte
		if _, err := io.ReadFull(br, head[:]); err != nil {
			t.Fatalf("the connection ended without a close frame (%v); before it: %q", err, seen)
		}
		n := uint64(head[1] & 0x7f)
		switch n {
		case 126:
			var ext [2]byte
			if _, err := io.ReadFull(br, ext[:]); err != nil {
				t.Fatalf("a cut frame header: %v", err)
			}
			n = uint64(binary.BigEndian.Uint16(ext[:]))
		case 127:
			var ext [8]byte
			if _, err := io.ReadFull(br, ext[:]); err != nil {
				t.Fatalf("a cut frame header: %v", err)
			}
			n = binary.BigEndian.Uint64(ext[:])
		}
		if n > 1<<20 {
			t.Fatalf("the server sent a frame of %d bytes", n)
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(br, payload); err != nil {
			t.Fatalf("a cut frame: %v", err)
		}
		if head[0]&0x0f != 0x8 {
			seen = append(seen, string(payload))
			continue
		}
		if len(payload) < 2 {
			t.Fatalf("a close frame without a status")
		}
		return websocket.StatusCode(binary.BigEndian.Uint16(payload)), string(payload[2:]), strings.Join(seen, "")
	}
}

// masked is a client frame of opcode op carrying payload, masked with a
// fixed key (the key does not matter to the server).
func masked(op byte, payload []byte) []byte {
	key := [4]byte{1, 2, 3, 4}
	f := []byte{0x80 | op}
	switch {
	case len(payload) < 126:
		f = append(f, 0x80|byte(len(payload)))
	default:
		f = append(f, 0x80|126, byte(len(payload)>>8), byte(len(payload)))
	}
	f = append(f, key[:]...)
	for i, b := range payload {
		f = append(f, b^key[i%4])
	}
	return f
}

// TestHugeFrameLengthGetsACloseFrame: a frame that declares a payload of
// 2^62 bytes is refused at once with a close frame saying the message is
// too big (1009), as a message over the limit is; an outside tester saw
// the connection simply drop.
func TestHugeFrameLengthGetsACloseFrame(t *testing.T) {
	u := startUmpire(t, server.Config{}, "", Options{})
	nc, br := rawFrames(t, u)
	f := append(longHeader(1<<62), []byte("guest\n")...) // the start of the payload, and no more
	if _, err := nc.Write(f); err != nil {
		t.Fatal(err)
	}
	code, reason, _ := closeFrame(t, br)
	if code != websocket.StatusMessageTooBig || !strings.Contains(reason, "4096") {
		t.Fatalf("closed with %d %q; want %d naming the 4096 bytes allowed", code, reason, websocket.StatusMessageTooBig)
	}
}

// TestUnmaskedFrameRefusedInOurWords: a client frame that is not masked
// is refused with a close frame whose reason is kriegd's own plain words,
// naming no program or package (an outside tester read "wsstream: ...").
func TestUnmaskedFrameRefusedInOurWords(t *testing.T) {
	u := startUmpire(t, server.Config{}, "", Options{})
	nc, br := rawFrames(t, u)
	if _, err := nc.Write([]byte{0x81, 6, 'g', 'u', 'e', 's', 't', '\n'}); err != nil {
		t.Fatal(err)
	}
	code, reason, text := closeFrame(t, br)
	if code != websocket.StatusProtocolError || !strings.Contains(reason, "masked") || strings.Contains(reason, "wsstream") || strings.Contains(reason, "websocket") {
		t.Fatalf("closed with %d %q; want %d saying in plain words that frames must be masked", code, reason, websocket.StatusProtocolError)
	}
	if strings.Contains(text, "wsstream") || strings.Contains(text, "websocket") {
		t.Fatalf("before the close frame the client read %q, naming a package", text)
	}
}

// TestMaskedFramesStillServed: the hand-made client of the tests above
// logs in when its frames are right, so their refusals are the frames'; a
// message sent in two parts with a ping between them is read whole.
func TestMaskedFramesStillServed(t *testing.T) {
	u := startUmpire(t, server.Config{}, "", Options{})
	nc, br := rawFrames(t, u)
	first := masked(0x1, []byte("gue"))
	first[0] &^= 0x80 // not the message's last part
	login := append(append(first, masked(0x9, []byte("p"))...), masked(0x0, []byte("st\n"))...)
	if _, err := nc.Write(login); err != nil {
		t.Fatal(err)
	}
	var heard strings.Builder
	for !strings.Contains(heard.String(), "Starting session as guest") {
		heard.Write(readFrame(t, br))
	}
}

// readFrame reads one frame the server sent (at most 64 KiB) and returns
// its payload.
func readFrame(t *testing.T, br *bufio.Reader) []byte {
	t.Helper()
	var head [2]byte
	if _, err := io.ReadFull(br, head[:]); err != nil {
		t.Fatalf("reading a frame: %v", err)
	}
	n := int(head[1] & 0x7f)
	if n == 126 {
		var ext [2]byte
		io.ReadFull(br, ext[:])
		n = int(binary.BigEndian.Uint16(ext[:]))
	}
	payload := make([]byte, n)
	if _, err := io.ReadFull(br, payload); err != nil {
		t.Fatalf("reading a frame's payload: %v", err)
	}
	return payload
}

// TestBadFrameShapesRefusedInOurWords: frames of a shape WebSocket does
// not allow (reserved bits, an unknown type, a split ping, parts of a
// message out of order) are refused with 1002 and kriegd's own words; an
// outside tester read the library's ("received unknown opcode
// opcode(3)").
func TestBadFrameShapesRefusedInOurWords(t *testing.T) {
	unfinished := func(f []byte) []byte { f[0] &^= 0x80; return f }
	for _, c := range []struct {
		name   string
		frames [][]byte
		want   string
	}{
		{"reserved bits", [][]byte{append([]byte{0xc1}, masked(0x1, []byte("guest\n"))[1:]...)}, "reserved bits"},
		{"type 3", [][]byte{masked(0x3, []byte("x"))}, "type 3"},
		{"split ping", [][]byte{unfinished(masked(0x9, []byte("x")))}, "cannot be split"},
		{"lone continuation", [][]byte{masked(0x0, []byte("x"))}, "no message begun"},
		{"new message mid-message", [][]byte{unfinished(masked(0x1, []byte("gu"))), masked(0x1, []byte("x"))}, "before the last one ended"},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := startUmpire(t, server.Config{}, "", Options{})
			nc, br := rawFrames(t, u)
			for _, f := range c.frames {
				if _, err := nc.Write(f); err != nil {
					t.Fatal(err)
				}
			}
			code, reason, _ := closeFrame(t, br)
			if code != websocket.StatusProtocolError || !strings.Contains(reason, c.want) {
				t.Fatalf("closed with %d %q; want %d saying %q", code, reason, websocket.StatusProtocolError, c.want)
			}
		})
	}
}

// TestRefusedMessageClosedGently: a client still sending the message the
// door refused (1009) reads the close frame and then the end of the
// stream, not a reset: the door reads away what is left before it closes,
// as the game port does after a line too long. Without that the close
// frame could be lost to the reset.
func TestRefusedMessageClosedGently(t *testing.T) {
	u := startUmpire(t, server.Config{}, "", Options{})
	nc, br := rawFrames(t, u)
	f := longHeader(1 << 20)
	done := make(chan struct{})
	go func() { // the rest of the message, sent on regardless
		defer close(done)
		nc.Write(f)
		chunk := make([]byte, 64<<10)
		for i := 0; i < 16; i++ {
			if _, err := nc.Write(chunk); err != nil {
				return
			}
		}
	}()
	code, _, _ := closeFrame(t, br)
	if code != websocket.StatusMessageTooBig {
		t.Fatalf("closed with %d; want %d", code, websocket.StatusMessageTooBig)
	}
	if _, err := io.Copy(io.Discard, br); err != nil {
		t.Fatalf("after the close frame: %v; want the end of the stream, not a reset", err)
	}
	<-done
}

// longHeader is the header of a masked client text frame announcing n
// bytes in the 64-bit length form.
func longHeader(n uint64) []byte {
	f := binary.BigEndian.AppendUint64([]byte{0x81, 0x80 | 127}, n)
	return append(f, 1, 2, 3, 4)
}
