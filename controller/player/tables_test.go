package player

import (
	"math/rand/v2"
	"testing"

	"github.com/krieg/krieg/game"
)

// The longest forced mates are known from endgame theory: king and queen
// mate a lone king in at most 10 moves (19 plies with the strong side to
// move), king and rook in at most 16 (31 plies).
func TestKXKLongestMates(t *testing.T) {
	for _, tc := range []struct {
		piece game.PieceType
		want  uint8
	}{{game.Queen, 19}, {game.Rook, 31}} {
		p := position(t, map[game.PieceType]string{game.Queen: "8/8/8/3k4/8/8/8/K5Q1 w - - 0 1", game.Rook: "8/8/8/8/8/2k5/8/K6R w - - 0 1"}[tc.piece])
		if _, _, ok := KXKDistance(&p); !ok {
			t.Fatalf("%v: not a KXK position", tc.piece)
		}
		longest := uint8(0)
		for _, bySK := range kxk[tc.piece][0] {
			for _, byPC := range bySK {
				for _, d := range byPC {
					if d != kxkNone {
						longest = max(longest, d)
					}
				}
			}
		}
		if longest != tc.want {
			t.Errorf("%v: longest mate %d plies, want %d", tc.piece, longest, tc.want)
		}
	}
}

// Every distance the KXK tables give agrees with the move generator: from a
// position at distance d some legal move reaches d-1 and none reaches less;
// a mate at 0 is a checkmate; a drawn weak-to-move position has a way out.
func TestKXKAgreesWithMoveGeneration(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var buf [game.MaxMoves]game.Move
	for _, piece := range []game.PieceType{game.Queen, game.Rook} {
		checked := 0
		for checked < 3000 {
			p, ok := randomKXK(rng, piece)
			if !ok {
				continue
			}
			checked++
			d, mate, _ := KXKDistance(&p)
			moves := p.LegalMoves(buf[:0])
			if mate && d == 0 {
				if p.Status() != game.Checkmate {
					t.Fatalf("%s: distance 0 but not checkmate", p.FEN())
				}
				continue
			}
			best, worst, anyDraw := successors(&p, moves, KXKDistance)
			strongToMove := p.Pieces(p.Turn(), piece) != 0
			switch {
			case !mate && strongToMove && best != 1000 && !anyDraw:
				t.Fatalf("%s: called drawn, but every move keeps a mate", p.FEN())
			case !mate && !strongToMove && !anyDraw && len(moves) > 0:
				t.Fatalf("%s: called drawn, but every king move is still mated", p.FEN())
			case mate && strongToMove && best != d-1:
				t.Fatalf("%s: distance %d, best move reaches %d", p.FEN(), d, best)
			case mate && !strongToMove && (anyDraw || worst != d-1):
				t.Fatalf("%s: distance %d, longest defence %d (draw %v)", p.FEN(), d, worst, anyDraw)
			}
		}
	}
}

// randomKXK draws a legal king and piece against king position.
func randomKXK(rng *rand.Rand, piece game.PieceType) (game.Position, bool) {
	sk, pc, wk := game.Square(rng.IntN(64)), game.Square(rng.IntN(64)), game.Square(rng.IntN(64))
	if sk == pc || sk == wk || pc == wk || sk.Distance(wk) < 2 {
		return game.Position{}, false
	}
	p := game.Empty()
	p.Put(sk, game.NewPiece(game.White, game.King))
	p.Put(pc, game.NewPiece(game.White, piece))
	p.Put(wk, game.NewPiece(game.Black, game.King))
	p.SetTurn(game.Color(rng.IntN(2)))
	if p.Turn() == game.White {
		q := p
		q.SetTurn(game.Black)
		if q.InCheck() {
			return game.Position{}, false // Black in check with White to move
		}
	}
	return p, true
}

// Known king and pawn endings, from both colours.
func TestKPKKnownPositions(t *testing.T) {
	for _, tc := range []struct {
		fen string
		win bool
	}{
		{"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", true},  // king on a key square
		{"4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", true},  // whoever moves
		{"8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", false}, // the defender holds the opposition in front
		{"k7/8/8/8/8/8/P7/K7 w - - 0 1", false},    // rook pawn, defender in the corner
		{"8/8/8/8/8/k7/7P/K7 w - - 0 1", true},     // the pawn outruns the king (rule of the square)
		{"8/8/8/8/8/7k/7P/K7 w - - 0 1", false},    // ... not when the king blocks it
		{"k7/7p/8/8/8/8/8/K7 b - - 0 1", true},     // Black's pawn, far from White's king
		{"8/8/8/8/8/3k4/3p4/3K4 b - - 0 1", true},  // Black's pawn on its seventh rank, Black to move
		{"8/8/8/8/8/3k4/3p4/3K4 w - - 0 1", false}, // ... White to move is stalemated
	} {
		p := position(t, tc.fen)
		win, ok := KPKWins(&p)
		if !ok {
			t.Fatalf("%s: not KPK", tc.fen)
		}
		if win != tc.win {
			t.Errorf("%s: win %v, want %v", tc.fen, win, tc.win)
		}
	}
}

// position parses a FEN for a test.
func position(t *testing.T, fen string) game.Position {
	t.Helper()
	p, err := game.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// successors are the shortest and longest distances to mate a table gives
// after each of moves in p, and whether some move leaves the table or its
// mates (best is 1000 and worst -1 when none reaches a mate).
func successors(p *game.Position, moves []game.Move, distance func(*game.Position) (int, bool, bool)) (best, worst int, anyDraw bool) {
	best, worst = 1000, -1
	for _, m := range moves {
		next := *p
		next.Apply(m)
		d, mate, ok := distance(&next)
		if !ok || !mate {
			anyDraw = true
			continue
		}
		best, worst = min(best, d), max(worst, d)
	}
	return best, worst, anyDraw
}
