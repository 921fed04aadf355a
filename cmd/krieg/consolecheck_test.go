package main

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// TestTypedMoveForms: a move typed in capitals, with a dash, as castling
// or in algebraic notation goes out in coordinates; an ambiguous or
// impossible one is kept back, saying why.
func TestTypedMoveForms(t *testing.T) {
	checkOn := func(fen string) *attemptCheck {
		t.Helper()
		p, err := game.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return &attemptCheck{snap: net.Snapshot{InGame: true, Side: game.White, ToMove: game.White, Own: p.Only(game.White),
			Spec: net.GameSpec{Kriegspiel: true, Rules: referee.Wild16}}}
	}
	castle := checkOn("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
	openBishop := checkOn("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1")
	start := checkOn(game.StartFEN)
	for _, c := range []struct {
		ck         *attemptCheck
		typed, out string
	}{
		{start, "E2E4", "e2e4"}, {start, "e2-e4", "e2e4"}, {start, "G1-F3", "g1f3"}, {start, "Nf3", "g1f3"},
		{start, "e4", "e2e4"}, {start, "Nc3+", "b1c3"}, {castle, "O-O", "e1g1"}, {castle, "0-0", "e1g1"},
		{castle, "O-O-O", "e1c1"}, {castle, "0-0-0", "e1c1"}, {castle, "o-o", "e1g1"}, {castle, "o-o-o", "e1c1"},
		{start, "nf3", "g1f3"}, {start, "nc3+", "b1c3"}, {openBishop, "bc4", "f1c4"}, {start, "NF3", "g1f3"}, {start, "E4", "e2e4"}, {openBishop, "BC4", "f1c4"}, {start, "b4", "b2b4"}, {start, "finger", "finger"}, {start, "d2d4?", "d2d4"}, {start, "d2d4!!", "d2d4"}, {start, "e2-e4!?", "e2e4"}, {start, "match bob 5 3", "match bob 5 3"},
	} {
		line := c.typed
		if err := c.ck.check(&line); err != nil || line != c.out {
			t.Errorf("%q went out as %q (%v); want %q", c.typed, line, err, c.out)
		}
	}
	twoKnights := checkOn("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1")
	walked := checkOn("r3k2r/pppppppp/8/8/4P3/8/PPPPKPPP/R6R w kq - 0 1")
	back := checkOn("r3k2r/pppppppp/8/8/4P3/8/PPPP1PPP/R3K2R w kq - 0 1") // the king went and came back
	noRook := checkOn("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/4K2R w Kkq - 0 1") // a1's rook was taken
	blackBack := &attemptCheck{snap: net.Snapshot{InGame: true, Side: game.Black, ToMove: game.Black, Spec: back.snap.Spec}}
	if p, err := game.ParseFEN("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQq - 0 1"); err == nil {
		blackBack.snap.Own = p.Only(game.Black) // h8's rook went and came back
	}
	for _, c := range []struct {
		ck          *attemptCheck
		typed, want string
	}{
		{twoKnights, "Nc3", "ambiguous: the knights on b1 and d1 can both go there (write Nbc3 or Ndc3)"}, {start, "Qd4", "not sent, no attempt used: no queen of yours can go to d4"}, {start, "e4 d4 Nf3", "holds several moves: type one a line"}, {start, "O-O", "stands between king and rook"},
		{walked, "O-O", "your king has left e1"}, {walked, "0-0-0", "your king has left e1"},
		{back, "O-O", "your king or your rook on h1 has moved, so you can no longer castle kingside"},
		{back, "O-O-O", "your king or your rook on a1 has moved, so you can no longer castle queenside"},
		{noRook, "O-O-O", "you have no rook on a1 to castle queenside with"},
		{blackBack, "O-O", "your king or your rook on h8 has moved, so you can no longer castle kingside"},
	} {
		line := c.typed
		err := c.ck.check(&line)
		if !errors.Is(err, controller.ErrNotSent) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v; want it kept back as %s", c.typed, err, c.want)
		}
	}
}

// TestAlgebraicWithNoGame: a move in algebraic notation with no game on
// is refused as such (it cannot be read without our board; the server
// would only say that it takes coordinates); coordinates and commands go
// out, for the server to answer.
func TestAlgebraicWithNoGame(t *testing.T) {
	var none attemptCheck
	for typed, want := range map[string]string{"Nf3": "Nf3: no game in progress", "O-O": "O-O: no game in progress", "e2e4": "", "finger": "", "games": ""} {
		line := typed
		err := none.check(&line)
		if got := fmt.Sprint(err); want != "" && got != want || want == "" && err != nil {
			t.Errorf("%q with no game: %v; want %q", typed, err, want)
		}
	}
}

// TestAwaitingTheTurn: after a move is sent, the console waits until the
// move is answered and our turn has come again; a clock update, server
// text or an offer in between does not end the wait (the local game, ICC
// and kriegspiel.org all send clocks after a move), a refusal of our
// attempt does, and so does the end of the game.
func TestAwaitingTheTurn(t *testing.T) {
	start := game.Start()
	snap := net.Snapshot{InGame: true, Side: game.White, ToMove: game.White, Own: start.Only(game.White),
		Spec: net.GameSpec{Kriegspiel: true, Rules: referee.Wild16}}
	e2e4, _ := game.ParseMove("e2e4")
	heard := func(mover, toMove game.Color, v referee.Verdict) net.Event {
		s := snap
		s.ToMove = toMove
		return net.Event{Kind: net.KindHeard, Snap: s, Entry: referee.Entry{Mover: mover, Attempt: e2e4, Verdict: v}}
	}
	blackToMove := snap
	blackToMove.ToMove = game.Black
	for _, c := range []struct {
		name   string
		events []net.Event
		want   bool
	}{
		{"not yet answered", nil, true},
		{"accepted, then a clock, text and an offer", []net.Event{heard(game.White, game.Black, referee.Accepted),
			{Kind: net.KindClock, Snap: blackToMove}, {Kind: net.KindConsole, Snap: blackToMove}, {Kind: net.KindOffer, Snap: blackToMove}}, true},
		{"accepted, then the enemy moved", []net.Event{heard(game.White, game.Black, referee.Accepted), heard(game.Black, game.White, referee.Accepted)}, false},
		{"refused: still our turn", []net.Event{heard(game.White, game.White, referee.Illegal)}, false},
		{"the game ended", []net.Event{{Kind: net.KindEnded, Snap: blackToMove}}, false},
	} {
		ck := &attemptCheck{snap: snap}
		line := "e2e4"
		if err := ck.check(&line); err != nil || !ck.awaiting {
			t.Fatalf("e2e4 sent: %v, awaiting %v", err, ck.awaiting)
		}
		for _, ev := range c.events {
			ck.follow(ev)
		}
		if ck.awaiting != c.want {
			t.Errorf("%s: awaiting %v; want %v", c.name, ck.awaiting, c.want)
		}
	}
}

// TestRefusedPxEndsTheWait: a px the referee refuses names no move, and
// is an answer all the same: the lines typed after it go at once, not
// after the console gives up waiting (a tester's Nf3 went ten seconds
// late, on the clock). krieg's referee makes the one capture a single try
// allows; another server may refuse it, and two tries keep px back here.
func TestRefusedPxEndsTheWait(t *testing.T) {
	start := game.Start()
	snap := net.Snapshot{InGame: true, Side: game.White, ToMove: game.White, Own: start.Only(game.White),
		Spec: net.GameSpec{Kriegspiel: true, Rules: referee.Wild16}}
	ck := &attemptCheck{snap: snap}
	ck.follow(net.Event{Kind: net.KindStarted, Snap: snap})
	one := referee.Announcement{Kind: referee.KindTries, Side: game.White, Tries: referee.Tries{Count: 1}}
	ck.follow(net.Event{Kind: net.KindHeard, Snap: snap, Entry: referee.Entry{Mover: game.Black, Verdict: referee.Accepted, Said: []referee.Announcement{one}}})
	line := "px"
	if err := ck.check(&line); err != nil || !ck.awaiting {
		t.Fatalf("px with a pawn try: %v, awaiting %v; want it sent and its answer awaited", err, ck.awaiting)
	}
	ck.follow(net.Event{Kind: net.KindHeard, Snap: snap, Entry: referee.Entry{Mover: game.White, Attempt: game.NoMove, Verdict: referee.Illegal}})
	if ck.awaiting {
		t.Error("still awaiting after the referee refused px")
	}
}

// TestResignationWaitsForTheEnd: after a resignation sent behind a move
// of ours, the move's answer and the opponent's reply giving us the turn
// do not end the wait: only the game's end does, so that a pasted new
// finds the game over (a tester's e2e4, resign, new lost the new).
func TestResignationWaitsForTheEnd(t *testing.T) {
	start := game.Start()
	snap := net.Snapshot{InGame: true, Side: game.White, ToMove: game.White, Own: start.Only(game.White),
		Spec: net.GameSpec{Kriegspiel: true, Rules: referee.Berkeley}}
	ck := &attemptCheck{}
	ck.follow(net.Event{Kind: net.KindStarted, Snap: snap})
	ck.awaiting, ck.answered, ck.ending = true, false, true // e2e4, then resign, sent
	snap.ToMove = game.Black
	ck.follow(net.Event{Kind: net.KindHeard, Snap: snap, Entry: referee.Entry{Mover: game.White, Attempt: game.NewMove(game.E2, game.E4, 0), Verdict: referee.Accepted}})
	snap.ToMove = game.White
	ck.follow(net.Event{Kind: net.KindHeard, Snap: snap, Entry: referee.Entry{Mover: game.Black, Verdict: referee.Accepted}})
	if !ck.awaiting {
		t.Fatal("our turn came again before the resignation's end, and the wait ended: a pasted new would go too soon")
	}
	snap.InGame = false
	ck.follow(net.Event{Kind: net.KindEnded, Snap: snap})
	if ck.awaiting || ck.ending {
		t.Fatal("the game ended, and the lines after the resignation still wait")
	}
}
