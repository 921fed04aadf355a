package player

import (
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// The recorded stalemate (the enemy king on h1 behind its pawn on h2, which
// no board held; the rook on g8 takes g1 and g2): stalemateRisk charges
// the king's probability on h1 to a quiet move that keeps both attacked
// (Nd8, the move played), scaled by the boards without an enemy piece, and
// nothing to a move that frees them or checks there.
func TestStalemateRisk(t *testing.T) {
	sq := func(s string) game.Square { x, _ := game.ParseSquare(s); return x }
	p, err := game.ParseFEN("6R1/7B/4N3/k4P2/8/8/8/1K6 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p.Remove(sq("a5")) // our men only
	var v controller.ViewModel
	v.Possible[game.King] = sq("h1").Bit() | sq("d3").Bit()
	v.Possible[game.Pawn] = sq("h2").Bit() | sq("d4").Bit()
	v.Probability[game.King][sq("h1")] = 0.1
	v.Probability[game.King][sq("d3")] = 0.9
	for _, c := range []struct {
		move      string
		share     float64
		pawnsOnly bool
		want      float64
	}{
		{"e6d8", 0, false, 0.1},    // g1 (rook) and g2 (bishop) stay attacked, h2 may be its pawn
		{"e6d8", 0.5, false, 0.05}, // half the boards give the enemy a piece that can move
		{"e6d8", 1, false, 0},      // every board does, and B1 agrees
		{"e6d8", 1, true, 0.1 * piecesDoubt},
		{"e6d8", 0.9, true, 0.1 * piecesDoubt}, // the boards without a piece count for piecesDoubt at least
		{"g8a8", 0, false, 0},                  // g1 is free
		{"g8g1", 0, false, 0},                  // a king on h1 would be in check
	} {
		v.PawnsOnly = c.pawnsOnly
		m, err := game.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		after := p
		after.Apply(m)
		if got := stalemateRisk(&after, game.White, &v, c.share); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("%s (pieces on %.0f%% of boards, B1 allows none %v): risk %.4f, want %.4f", c.move, 100*c.share, c.pawnsOnly, got, c.want)
		}
	}
}

// TestStalemateRiskDoubtsTheBoards: the recorded Rg4, which left the king on
// h5 (0.6 % of the boards) no square, its only other man a blocked pawn,
// while every board gave it a rook: charged as if a quarter of the boards
// were right while B1 admits no piece, and not at all once it does not.
func TestStalemateRiskDoubtsTheBoards(t *testing.T) {
	sq := func(s string) game.Square { x, _ := game.ParseSquare(s); return x }
	p, err := game.ParseFEN("4n2r/2n5/p3bk1p/1p5K/6r1/8/8/8 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p.Remove(sq("h5"))
	var v controller.ViewModel
	v.Possible[game.King] = sq("h5").Bit() | sq("c3").Bit()
	v.Possible[game.Pawn] = sq("a5").Bit()
	v.Probability[game.King][sq("h5")] = 0.006
	v.Probability[game.King][sq("c3")] = 0.994
	v.PawnsOnly = true
	if got, want := stalemateRisk(&p, game.Black, &v, 1), 0.006*piecesDoubt; got < want-1e-9 || got > want+1e-9 {
		t.Errorf("Rg4 leaves a king on h5 no square: risk %.4f, want %.4f", got, want)
	}
	v.PawnsOnly = false
	if got := stalemateRisk(&p, game.Black, &v, 1); got != 0 {
		t.Errorf("B1 sure of a piece that every board can move: risk %.4f, want 0", got)
	}
}

// TestMobileShare: a capture of the enemy's last piece leaves it only its
// blocked pawns (the recorded Bxa5 stalemate); a piece elsewhere can move; a
// piece pinned to its king cannot (the recorded Rd2 stalemate, a bishop
// pinned by the queen).
func TestMobileShare(t *testing.T) {
	board := func(fen string, w float64) controller.Board {
		p, err := game.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return controller.Board{Pos: p, Weight: w}
	}
	move := func(s string) game.Move {
		m, err := game.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	boards := []controller.Board{
		board("8/4k3/6pn/N6r/r6p/P3K2P/8/4bq2 b - - 0 1", 0.75),  // the knight on a5
		board("8/4k3/6pn/7r/r6p/P3K2P/2N5/4bq2 b - - 0 1", 0.25), // the knight on c2
	}
	for _, c := range []struct {
		move string
		want float64
	}{
		{"e1a5", 0.25}, // Bxa5 on the first board, a quiet Ba5 on the second
		{"f1g2", 1},
	} {
		if got := mobileShare(boards, move(c.move)); got != c.want {
			t.Errorf("after %s: a man besides the king can move on %.2f of the weight, want %.2f", c.move, got, c.want)
		}
	}
	pinned := []controller.Board{board("4r3/k7/8/8/r3N2p/P3K2P/8/8 b - - 0 1", 1)}
	if got := mobileShare(pinned, move("a7b7")); got != 0 {
		t.Errorf("the knight on e4 pinned by the rook on e8, the pawns blocked: %.2f, want 0", got)
	}
	if got := mobileShare(pinned, move("e8f8")); got != 1 {
		t.Errorf("the pin released: %.2f, want 1", got)
	}
	if got := mobileShare(pinned, move("a4a5")); got != 1 {
		t.Errorf("the a-pawn unblocked: %.2f, want 1", got)
	}
	if got := mobileShare(pinned, move("e8e1")); got != 0 {
		t.Errorf("a move legal on no board: %.2f, want 0", got)
	}
}
