package player

import (
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// loneBoards returns the believed boards of a lone-king ending: fen's own
// men and the enemy king on each of kings, equally likely.
func loneBoards(t *testing.T, fen string, kings ...game.Square) (game.Position, []controller.Board) {
	t.Helper()
	p, err := game.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	us := p.Turn()
	own := p.Only(us)
	var boards []controller.Board
	for _, k := range kings {
		b := own
		b.Put(k, game.NewPiece(us.Other(), game.King))
		boards = append(boards, controller.Board{Pos: b, Weight: 1 / float64(len(kings))})
	}
	return own, boards
}

// The lone-king weighing picks the move that mates on every believed
// board, gambles on a mate when a failure costs little, and otherwise keeps
// the rook out of the king's reach on every board.
func TestRankLone(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		kings     []game.Square
		want      string // the best move, or "" when only safety is checked
	}{
		// Kg6, Rb3; the king on g8 or h8: Rb8 mates on both.
		{"mate on every board", "7k/8/6K1/8/8/1R6/8/8 w - - 0 1", []game.Square{game.G8, game.H8}, "b3b8"},
		// Black: Kg3, Re4; the king on g1 or h1: Re1 mates on both.
		{"mate on every board, Black", "8/8/8/8/4r3/6k1/8/6K1 b - - 0 1", []game.Square{game.G1, game.H1}, "e4e1"},
		// The king on one of three squares of the eighth rank, two of them
		// mated by Ra8; on the third it escapes but nothing is lost.
		{"gamble on mate", "6k1/8/6K1/8/8/8/8/R7 w - - 0 1", []game.Square{game.F8, game.G8, game.H8}, "a1a8"},
		// The king by the rook on c5 or far away on h8: the rook must not
		// stay where c5 could take it.
		{"keep the rook", "7k/8/8/8/3R4/8/8/K7 w - - 0 1", []game.Square{game.C5, game.H8}, ""},
		// Pawns beside the rook: the same mate, and the same care for the
		// rook (a king on c5 may take the pawn on b5; that is no loss).
		{"mate beside a pawn", "7k/8/6K1/8/8/1R6/P7/8 w - - 0 1", []game.Square{game.G8, game.H8}, "b3b8"},
		{"keep the rook beside a pawn", "7k/8/8/1P6/3R4/8/8/K7 w - - 0 1", []game.Square{game.C5, game.H8}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			own, boards := loneBoards(t, c.fen, c.kings...)
			kind, _ := loneEnding(&own, boards)
			if kind == loneNone {
				t.Fatal("not recognised as a lone-king ending")
			}
			r := rankLone(kind, &own, boards, map[game.Move]bool{}, referee.Wild16, time.Now().Add(time.Second))
			best := r.choices[0]
			if c.want != "" && best.move.String() != c.want {
				t.Errorf("best %v (score %.4f); want %s", best.move, best.score, c.want)
			}
			if best.risky {
				t.Errorf("best %v lets the king take the rook on some board", best.move)
			}
		})
	}
}

// The referee's answer splits boards by the checks' directions only when
// the rules announce them.
func TestAnswerOf(t *testing.T) {
	plain := referee.Wild16
	plain.CheckDirection = false
	seen := map[int]string{}
	for _, fen := range []string{
		"R3k3/8/8/8/8/8/8/4K3 b - - 0 1",   // rank
		"4k3/8/8/8/8/8/8/4RK2 b - - 0 1",   // file
		"4k3/8/8/8/Q7/8/8/4K3 b - - 0 1",   // long diagonal
		"4k3/8/8/7Q/8/8/8/4K3 b - - 0 1",   // short diagonal
		"4k3/8/3N4/8/8/8/8/4K3 b - - 0 1",  // knight
		"4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1", // file and knight
		"4k3/8/8/8/8/8/8/R3K3 b - - 0 1",   // silence
	} {
		p, err := game.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		class := answerOf(&p, referee.Wild16)
		if other, ok := seen[class]; ok {
			t.Errorf("%s and %s: one class %d", fen, other, class)
		}
		seen[class] = fen
		want := answerCheck
		if !p.InCheck() {
			want = answerSilent
		}
		if got := answerOf(&p, plain); got != want {
			t.Errorf("%s, plain checks: class %d; want %d", fen, got, want)
		}
		if class < 0 || class >= answerClasses {
			t.Errorf("%s: class %d out of range", fen, class)
		}
	}
}

// Only a king, one rook and pawns make the rook ending: a bishop or a
// second rook beside them does not.
func TestLoneEndingMaterial(t *testing.T) {
	for fen, want := range map[string]bool{
		"k7/8/8/8/3R4/8/P7/K7 w - - 0 1":  true,
		"k7/8/8/8/3R4/8/PB6/K7 w - - 0 1": false,
		"k7/8/8/8/3R4/8/1R6/K7 w - - 0 1": false,
		"k7/8/8/8/3Q4/8/P7/K7 w - - 0 1":  false,
	} {
		own, boards := loneBoards(t, fen, game.G6)
		if kind, _ := loneEnding(&own, boards); (kind == loneRook) != want {
			t.Errorf("%s: lone ending %v; want rook %v", fen, kind, want)
		}
	}
}

// A pawn of ours in the rook's line to a believed king square leaves the
// tables nothing to say about that square: the rook on a1 behind its pawn
// on a4 does not check a king on a6, which the table (no pawn) would call
// in check with us to move, and so no mate. The square is priced, not
// charged as a draw.
func TestLoneEstimateBehindAPawn(t *testing.T) {
	own, _ := loneBoards(t, "7k/8/8/8/P7/8/8/R5K1 w - - 0 1", game.H8)
	p := own
	p.Put(game.A6, game.NewPiece(game.Black, game.King))
	faithful := func(p *game.Position) bool {
		core := kxkCore(p, game.White, game.Rook)
		return kxkFaithful(game.Rook, game.White, game.A1, p.KingSquare(game.Black), p.Occupied(), core.Occupied())
	}
	if faithful(&p) {
		t.Error("the core of Ra1, Pa4 against Ka6 was called faithful")
	}
	p = own
	p.Put(game.H6, game.NewPiece(game.Black, game.King))
	if !faithful(&p) {
		t.Error("the core of Ra1, Pa4 against Kh6 was not called faithful")
	}
	if est := loneEstimate(loneRook, &own, game.A6.Bit()|game.H6.Bit(), game.White); est >= loneDrawn {
		t.Errorf("estimate %.0f plies: the square behind the pawn was charged as a draw", est)
	}
}
