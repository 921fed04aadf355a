package player

import (
	"math/rand/v2"
	"testing"

	"github.com/krieg/krieg/game"
)

// King, bishop and knight mate a lone king in at most 33 moves (65 plies
// with the strong side to move), two bishops in at most 19 (37 plies).
func TestKBNKLongestMate(t *testing.T) {
	for _, c := range []struct {
		fen   string
		pair  *menPair
		plies uint8
	}{{"8/8/8/3k4/8/8/8/KBN5 w - - 0 1", pairBN, 65}, {"8/8/8/3k4/8/8/8/KBB5 w - - 0 1", pairBB, 37}} {
		p := position(t, c.fen)
		if _, _, ok := c.pair.distance(&p); !ok {
			t.Fatalf("%s: not the pair's position", c.fen)
		}
		longest := uint8(0)
		for _, d := range c.pair.table[0] {
			if d != kxkNone {
				longest = max(longest, d)
			}
		}
		if longest != c.plies {
			t.Errorf("%s: longest mate %d plies, want %d", c.fen, longest, c.plies)
		}
	}
}

// Every distance the KBNK and KBBK tables give agrees with the move
// generator, in both colours and under the board's symmetries: from
// distance d some move reaches d-1 and none less (the strong side), every
// move reaches at most d-1 and one reaches it (the lone king); 0 is a
// checkmate. Bishops of one colour never mate: half the KBBK positions are
// drawn.
func TestKBNKAgreesWithMoveGeneration(t *testing.T) {
	checkPairTable(t, pairBN, KBNKDistance, 2500)
	checkPairTable(t, pairBB, KBBKDistance, 1200)
}

// checkPairTable checks 3000 random positions of pair against the move
// generator; at least least of them must be mates.
func checkPairTable(t *testing.T, pair *menPair, distance func(*game.Position) (int, bool, bool), least int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, 11))
	var buf [game.MaxMoves]game.Move
	mates := 0
	for checked := 0; checked < 3000; {
		p, ok := randomKBNK(rng, pair.second)
		if !ok {
			continue
		}
		checked++
		d, mate, _ := distance(&p)
		if mate && d == 0 {
			if p.Status() != game.Checkmate {
				t.Fatalf("%s: distance 0 but not checkmate", p.FEN())
			}
			continue
		}
		best, worst, anyDraw := successors(&p, p.LegalMoves(buf[:0]), distance)
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
	if mates < least {
		t.Errorf("only %d of 3000 random positions are mates; want at least %d", mates, least)
	}
}

// randomKBNK draws a legal king, bishop and second man (a knight or a
// bishop) against king position, either side the strong one, either to move.
func randomKBNK(rng *rand.Rand, second game.PieceType) (game.Position, bool) {
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
	p.Put(sq[2], game.NewPiece(strong, second))
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
		pairBN.build()
	}
}
