package player

import (
	"math"
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
)

// The recorded stalemate (the enemy king on h1 behind its pawn on h2, which
// no board held; the rook on g8 takes g1 and g2): stalemateRisk charges
// the king's probability on h1 to a quiet move that keeps both attacked
// (Nd8, the move played), scaled by the boards on which the enemy can move
// no other man, and nothing to a move that frees them or checks there.
func TestStalemateRisk(t *testing.T) {
	p, err := game.ParseFEN("6R1/7B/4N3/k4P2/8/8/8/1K6 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p.Remove(sq("a5")) // our men only
	v := h1OrD3(0.1, sq("h2").Bit()|sq("d4").Bit())
	for _, c := range []struct {
		move      string
		mob       mobility
		pawnsOnly bool
		want      float64
	}{
		{"e6d8", mobility{}, false, 0.1},           // g1 (rook) and g2 (bishop) stay attacked, h2 may be its pawn
		{"e6d8", mobility{0.5, 0, 0}, false, 0.05}, // half the boards give the enemy a man that can move
		{"e6d8", mobility{1, 0, 0}, false, 0},      // every board does, and B1 agrees
		{"e6d8", mobility{1, 0, 0}, true, 0.1 * piecesDoubt},
		{"e6d8", mobility{0.9, 0, 0}, true, 0.1 * piecesDoubt},  // B1's doubt: piecesDoubt at least
		{"e6d8", mobility{1, 0.5, 0}, true, 0.05 * piecesDoubt}, // where no pawn can move either
		{"e6d8", mobility{1, 1, 0}, true, 0},                    // a pawn can move on every board
		{"g8a8", mobility{}, false, 0},                          // g1 is free
		{"g8g1", mobility{}, false, 0},                          // a king on h1 would be in check
	} {
		v.PawnsOnly = c.pawnsOnly
		after := p
		after.Apply(move(t, c.move))
		if got := stalemateRisk(&after, game.White, &v, c.mob); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("%s (a man can move on %.0f%% of boards, a pawn on %.0f%%, B1 allows no piece %v): risk %.4f, want %.4f",
				c.move, 100*c.mob.men, 100*c.mob.pawns, c.pawnsOnly, got, c.want)
		}
	}
}

// TestStalemateRiskDoubtsTheBoards: the recorded Rg4, which left the king on
// h5 (0.6 % of the boards) no square, its only other man a blocked pawn,
// while every board gave it a rook: charged as if a quarter of the boards
// were right while B1 admits no piece, and not at all once it does not.
func TestStalemateRiskDoubtsTheBoards(t *testing.T) {
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
	v.EnemyMen = fewMen + 1
	if got, want := stalemateRisk(&p, game.Black, &v, mobility{1, 0, 0}), 0.006*piecesDoubt; got < want-1e-9 || got > want+1e-9 {
		t.Errorf("Rg4 leaves a king on h5 no square: risk %.4f, want %.4f", got, want)
	}
	v.PawnsOnly = false
	if got := stalemateRisk(&p, game.Black, &v, mobility{1, 0, 0}); got != 0 {
		t.Errorf("B1 sure of a piece that every board can move: risk %.4f, want 0", got)
	}
}

// TestMobileShare: a capture of the enemy's last piece leaves it only its
// blocked pawns (the recorded Bxa5 stalemate); a piece elsewhere can move; a
// piece pinned to its king cannot (as the bishop pinned by the bot's queen in
// the recorded Rd2 stalemate); a check stalemates nowhere. Where the move
// freezes squares and some board has the king on one, only those boards count.
// The share of the weight on which the move takes a man is counted alike.
func TestMobileShare(t *testing.T) {
	boards := []controller.Board{
		board(t, "8/4k3/6pn/N6r/r6p/P3K2P/8/4bq2 b - - 0 1", 0.75),  // the knight on a5
		board(t, "8/4k3/6pn/7r/r6p/P3K2P/2N5/4bq2 b - - 0 1", 0.25), // the knight on c2
	}
	pinned := []controller.Board{board(t, "4r3/k7/8/8/r3N2p/P3K2P/8/8 b - - 0 1", 1)}
	mixed := []controller.Board{
		board(t, "4r3/k7/8/8/r3N2p/P3K2P/8/8 b - - 0 1", 0.2), // the king on e3, its knight pinned
		board(t, "4r3/k7/8/8/r6p/P6P/4N3/K7 b - - 0 1", 0.8),  // the king on a1, its knight free
	}
	passant := []controller.Board{board(t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 1)}
	e3 := sq("e3").Bit()
	for _, c := range []struct {
		what   string
		boards []controller.Board
		move   string
		at     game.Bitboard
		want   mobility
	}{
		{"the king on e3 frozen: only the board with it there counts", mixed, "a7b7", e3, mobility{}},
		{"no frozen square: every board counts", mixed, "a7b7", 0, mobility{0.8, 0, 0}},
		{"a frozen square no board has the king on: every board counts", mixed, "a7b7", sq("h1").Bit(), mobility{0.8, 0, 0}},
		{"Bxa5 on the first board, a quiet Ba5 on the second", boards, "e1a5", 0, mobility{0.25, 0, 0.75}},
		{"the knight free on both boards", boards, "f1g2", 0, mobility{1, 0, 0}},
		{"the knight on e4 pinned by the rook on e8, the pawns blocked", pinned, "a7b7", 0, mobility{}},
		{"the pin released", pinned, "e8f8", 0, mobility{1, 0, 0}},
		{"the a-pawn unblocked", pinned, "a4a5", 0, mobility{1, 1, 0}},
		{"Rxa3 gives check", pinned, "a4a3", 0, mobility{1, 1, 1}},
		{"a move legal on no board", pinned, "e8e1", 0, mobility{}},
		{"exd6 en passant takes the last man", passant, "e5d6", 0, mobility{0, 0, 1}},
	} {
		if got := mobileShare(c.boards, move(t, c.move), c.at); got != c.want {
			t.Errorf("%s (%s): a man can move on %.2f of the weight, a pawn on %.2f, a man taken on %.2f; want %.2f, %.2f and %.2f",
				c.move, c.what, got.men, got.pawns, got.taken, c.want.men, c.want.pawns, c.want.taken)
		}
	}
}

// TestPenalizeStalemates: on the recorded Nd8 position, with one board (the
// true one: the king on h1 behind its blocked pawn), the quiet Nd8 keeps 81 %
// of its score (the king's 10 % on h1 stalemated, its 90 % of no stalemate
// squared: stalemateAversion) and falls behind Ra8, which frees g1; a score
// at or below a draw is left alone.
func TestPenalizeStalemates(t *testing.T) {
	own := gametest.White(t, "6R1/7B/4N3/5P2/8/8/8/1K5k w - - 0 1")
	v := h1OrD3(0.1, sq("h2").Bit()|sq("d4").Bit())
	boards := []controller.Board{board(t, "6R1/7B/4N3/5P2/8/8/7p/1K5k w - - 0 1", 1)}
	cands := []choice{
		{move: move(t, "e6d8"), score: 0.9},
		{move: move(t, "g8a8"), score: 0.85},
		{move: move(t, "b1a1"), score: -0.5},
	}
	penalizeStalemates(&own, cands, &v, boards)
	want := []choice{
		{move: move(t, "g8a8"), score: 0.85},
		{move: move(t, "e6d8"), score: 0.729},
		{move: move(t, "b1a1"), score: -0.5},
	}
	for i := range want {
		if cands[i].move != want[i].move || math.Abs(cands[i].score-want[i].score) > 1e-9 {
			t.Errorf("place %d: %v at %.4f, want %v at %.4f", i, cands[i].move, cands[i].score, want[i].move, want[i].score)
		}
	}
}

// stalemateRisk is the chance of a stalemate for our men after a candidate
// (only ours on after), given the view and the enemy's mobility on the boards
// after it, as penalizeStalemates works it out.
func stalemateRisk(after *game.Position, us game.Color, v *controller.ViewModel, mob mobility) float64 {
	mass, _, _ := frozenMass(after, us, v)
	return riskOf(mass, v, mob)
}

// TestFrozenBehindABlocker: the recorded Qh4, with White's king on h1 and
// its bishop on h2, which our own view shows as a check down the empty
// h-file. Since B1 allows an enemy man on h2 that may shield the king, h1
// counts as frozen (the queen on f2 holds g1 and g2, and h2 is attacked
// through it); once B1 rules out any man between, h1 is in check.
func TestFrozenBehindABlocker(t *testing.T) {
	p := gametest.Position(t, "rr5n/3k2b1/2p1b1p1/3p4/7q/3n4/5q2/K7 w - - 0 1")
	after := p.Only(game.Black) // our men after Qh4
	var v controller.ViewModel
	v.Possible[game.King] = sq("h1").Bit() | sq("a1").Bit()
	v.Possible[game.Bishop] = sq("h2").Bit()
	v.Probability[game.King][sq("h1")] = 0.9
	v.Probability[game.King][sq("a1")] = 0.1
	mass, at, share := frozenMass(&after, game.Black, &v)
	if math.Abs(mass-0.9) > 1e-9 || at != sq("h1").Bit() || share != 0.5 {
		t.Errorf("a man may stand on h2: frozen mass %.3f on %v (share %.2f), want 0.9 on h1 (0.5)", mass, at, share)
	}
	v.Possible[game.Bishop] = sq("a2").Bit()
	if mass, _, _ := frozenMass(&after, game.Black, &v); mass != 0 {
		t.Errorf("no man may stand between: frozen mass %.3f, want 0 (h1 is in check)", mass)
	}
}

// TestFewMenDoubt: with n men besides its king the enemy is taken to have
// no free man on at least 2^-n of the boards, up to fewMen men; a move that
// takes a man is judged on the men it leaves.
func TestFewMenDoubt(t *testing.T) {
	for _, c := range []struct {
		men  int
		want float64
	}{{0, 1}, {1, 0.5}, {3, 0.125}, {4, 1.0 / 16}, {5, 0}, {15, 0}} {
		v := controller.ViewModel{EnemyMen: c.men}
		if got := fewMenDoubt(c.men); got != c.want {
			t.Errorf("%d men: doubt %.4f, want %.4f", c.men, got, c.want)
		}
		if got := riskOf(0.5, &v, mobility{1, 1, 0}); got != 0.5*c.want {
			t.Errorf("%d men, every board free: risk %.4f, want %.4f", c.men, got, 0.5*c.want)
		}
		if c.men > 0 { // a capture on every board leaves one man fewer
			if got, want := riskOf(0.5, &v, mobility{1, 1, 1}), 0.5*fewMenDoubt(c.men-1); got != want {
				t.Errorf("%d men, one taken on every board: risk %.4f, want %.4f", c.men, got, want)
			}
		}
	}
}

// TestPenalizeStalematesFewMen: the boards hold the king on d3 at 99.9 %
// with a free pawn, and Nd8 would freeze only h1. With one enemy man left
// the charge takes B1's share of frozen squares (h1, one of two) and doubts
// the pawn's freedom by a half, a risk of 25 % whose complement is squared,
// so Nd8 keeps 56 % of its score; with five men neither applies and the
// boards' word stands.
func TestPenalizeStalematesFewMen(t *testing.T) {
	own := gametest.White(t, "6R1/7B/4N3/5P2/8/8/8/1K5k w - - 0 1")
	v := h1OrD3(0.001, sq("a5").Bit()|sq("h2").Bit())
	boards := []controller.Board{board(t, "6R1/7B/4N3/p4P2/8/3k4/8/1K6 w - - 0 1", 1)}
	for _, c := range []struct {
		men  int
		want float64
	}{{1, 0.50625}, {5, 0.9}} {
		v.EnemyMen = c.men
		cands := []choice{{move: move(t, "e6d8"), score: 0.9}}
		penalizeStalemates(&own, cands, &v, boards)
		if got := cands[0].score; math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%d men left: Nd8 scores %.4f, want %.4f", v.EnemyMen, got, c.want)
		}
	}
}

// h1OrD3 is the view of the recorded Nd8 position's tests: B1 allows the
// enemy king on h1 (at probability h1) or d3, and its pawns on pawns.
func h1OrD3(h1 float64, pawns game.Bitboard) controller.ViewModel {
	var v controller.ViewModel
	v.Possible[game.King] = sq("h1").Bit() | sq("d3").Bit()
	v.Possible[game.Pawn] = pawns
	v.Probability[game.King][sq("h1")] = h1
	v.Probability[game.King][sq("d3")] = 1 - h1
	v.EnemyMen = fewMen + 1 // enough that the boards' word on their mobility stands
	return v
}
