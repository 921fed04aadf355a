package server

import (
	"io"
	"strings"
	"testing"
	"time"
)

// TestMateAndResultLeaveTogether: the mating move's announcements and the
// result reach each player in one piece of output (one write, one
// WebSocket message), since a client waits only a moment for a move's last
// words: split, a browser under load heard "0 pawn tries" after a mate.
func TestMateAndResultLeaveTogether(t *testing.T) {
	_, tb := inprocGame(t, "5 0 u w16 white")
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

// TestLongGameRejoinAndObserve: after 300 plies a player who dropped gets
// the game back with its token, and a newcomer can observe it: the moves
// so far leave in one piece, where one piece a move filled the queue and
// cut them off as slow readers (found by an outside tester).
func TestLongGameRejoinAndObserve(t *testing.T) {
	p, tb := inprocGame(t, "60 0 u w16 white")
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for ply := 0; ply < 300; ply++ {
		p.clock.advance(200 * time.Millisecond) // within the attempts limit
		tb.line(ply%2, shuffle[ply%4])
	}
	if tb.cs[0] == nil || tb.cs[1] == nil {
		t.Fatal("a player was let go during the game")
	}
	tb.cs[0].finish(io.EOF)
	tb.cs[0] = nil
	tb.drain()
	tb.enter(0, true)
	if tb.cs[0] == nil {
		t.Fatalf("White could not come back to a 300-ply game: %q", tb.out[0].String())
	}
	if n := strings.Count(tb.out[0].String(), "\x19(24 1 "); n < 300 {
		t.Fatalf("White came back and heard %d of the 300 moves", n)
	}
	tb.line(2, "observe 1")
	if tb.cs[2] == nil {
		t.Fatal("the observer of a 300-ply game was let go")
	}
	if n := strings.Count(tb.out[2].String(), "\x19(24 1 "); n < 300 {
		t.Fatalf("the observer heard %d of the 300 moves", n)
	}
}

// inprocGame starts a game between the first two users of a table in
// memory, on the match terms given; the users leave when the test ends.
func inprocGame(t *testing.T, terms string) (*inproc, *fuzzTable) {
	p := newInproc(t)
	tb := newFuzzTable(t, p, 0)
	t.Cleanup(tb.leave)
	tb.line(0, "match %1 "+terms)
	tb.line(1, "accept")
	return p, tb
}

// TestObserversCapped: a game takes at most MaxObservers observers, since
// each move goes to every one of them (700 observers slowed the players'
// moves 3.6x; found by an outside attacker).
func TestObserversCapped(t *testing.T) {
	_, tb := inprocGame(t, "5 0 u w16 white")
	tb.p.s.cfg.MaxObservers = 1
	tb.line(2, "observe 1")
	tb.line(3, "observe 1")
	if !strings.Contains(tb.out[2].String(), "\x19(24 1 ") && !strings.Contains(tb.out[2].String(), "Game 1") {
		t.Fatalf("the first observer was not let in: %q", tb.out[2].String())
	}
	if !strings.Contains(tb.out[3].String(), "as many observers as it takes (1)") {
		t.Fatalf("the second observer of a game capped at one: %q", tb.out[3].String())
	}
	var n int
	tb.p.s.locked(func() error { n = len(tb.p.s.games[1].observers); return nil })
	if n != 1 {
		t.Fatalf("game 1 has %d observers; want 1", n)
	}
}
