package server

import (
	"strings"
	"testing"
)

// TestMateAndResultLeaveTogether: the mating move's announcements and the
// result reach each player in one piece of output (one write, one
// WebSocket message), since a client waits only a moment for a move's last
// words: split, a browser under load heard "0 pawn tries" after a mate.
func TestMateAndResultLeaveTogether(t *testing.T) {
	p := newInproc(t)
	tb := newFuzzTable(t, p, 0)
	defer tb.leave()
	tb.line(0, "match %1 5 0 u w16 white")
	tb.line(1, "accept")
	for i, mv := range []string{"f2f3", "e7e5", "g2g4"} {
		tb.line(i%2, mv)
	}
	white := tb.cs[0]
	if white == nil || tb.cs[1] == nil {
		t.Fatal("a player was let go before the mate")
	}
	if err := tb.cs[1].handle("d8h4"); err != nil {
		t.Fatal(err)
	}
	var chunks []string
	for len(white.out) > 0 {
		chunks = append(chunks, string(<-white.out))
	}
	var last string
	for _, c := range chunks {
		if strings.Contains(c, "\x19(16 ") { // datagram 16: the game's result
			last = c
		}
	}
	if last == "" {
		t.Fatalf("White heard no result after the mate: %q", chunks)
	}
	if !strings.Contains(last, "\x19(24 ") { // datagram 24: the mating move heard
		t.Fatalf("the result came in a piece of its own %q; the mating move's announcements came apart: %q", last, chunks)
	}
	t.Logf("White's output after the mate, in %d pieces: %q", len(chunks), chunks)
}
