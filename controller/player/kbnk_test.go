package player

import (
	"math/rand/v2"
	"testing"

	"github.com/krieg/krieg/game"
)

// King, bishop and knight mate a lone king in at most 33 moves: 65 plies
// with the strong side to move.
func TestKBNKLongestMate(t *testing.T) {
	p := position(t, "8/8/8/3k4/8/8/8/KBN5 w - - 0 1")
	if _, _, ok := KBNKDistance(&p); !ok {
		t.Fatal("not a KBNK position")
	}
	longest := uint8(0)
	for _, d := range kbnk[0] {
		if d != kxkNone {
			longest = max(longest, d)
		}
	}
	if longest != 65 {
		t.Errorf("longest mate %d plies, want 65", longest)
	}
}

// Every distance the KBNK table gives agrees with the move generator, in
// both colours and under the board's symmetries: from distance d some move
// reaches d-1 and none less (the strong side), every move reaches at most
// d-1 and one reaches it (the lone king); 0 is a checkmate.
func TestKBNKAgreesWithMoveGeneration(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	var buf [game.MaxMoves]game.Move
	mates := 0
	for checked := 0; checked < 3000; {
		p, ok := randomKBNK(rng)
		if !ok {
			continue
		}
		checked++
		d, mate, _ := KBNKDistance(&p)
		if mate && d == 0 {
			if p.Status() != game.Checkmate {
				t.Fatalf("%s: distance 0 but not checkmate", p.FEN())
			}
			continue
		}
		best, worst, anyDraw := successors(&p, p.LegalMoves(buf[:0]), KBNKDistance)
		strongToMove := p.Pieces(p.Turn(), game.Bishop) != 0
		switch {
		case mate && strongToMove && best != d-1:
			t.Fatalf("%s: distance %d, best move reaches %d", p.FEN(), d, best)
		case mate && !strongToMove && (anyDraw || worst != d-1):
			t.Fatalf("%s: distance %d, longest defence %d (draw %v)", p.FEN(), d, worst, anyDraw)
		case !mate && strongToMove && best != 1000:
			t.Fatalf("%s: called drawn, but a move reaches a mate in %d", p.FEN(), best)
		case !mate && !strongToMove && !anyDraw && p.Status() == game.Ongoing:
			t.Fatalf("%s: called drawn, but every king move is still mated", p.FEN())
		}
		if mate {
			mates++
		}
	}
	if mates < 2500 {
		t.Errorf("only %d of 3000 random positions are mates; the strong side wins nearly all", mates)
	}
}

// randomKBNK draws a legal king, bishop and knight against king position,
// either side the strong one, either to move.
func randomKBNK(rng *rand.Rand) (game.Position, bool) {
	var sq [4]game.Square
	occ := game.Bitboard(0)
	for i := range sq {
		sq[i] = game.Square(rng.IntN(64))
		if occ.Has(sq[i]) {
			return game.Position{}, false
		}
		occ |= sq[i].Bit()
	}
	if sq[0].Distance(sq[3]) < 2 {
		return game.Position{}, false
	}
	strong := game.Color(rng.IntN(2))
	p := game.Empty()
	p.Put(sq[0], game.NewPiece(strong, game.King))
	p.Put(sq[1], game.NewPiece(strong, game.Bishop))
	p.Put(sq[2], game.NewPiece(strong, game.Knight))
	p.Put(sq[3], game.NewPiece(strong.Other(), game.King))
	p.SetTurn(game.Color(rng.IntN(2)))
	q := p
	q.SetTurn(p.Turn().Other())
	if q.InCheck() {
		return game.Position{}, false // the side not to move may not stand in check
	}
	return p, true
}

// BenchmarkKBNKBuild times the table's retrograde analysis.
func BenchmarkKBNKBuild(b *testing.B) {
	for b.Loop() {
		buildKBNK()
	}
}
