package game

import (
	"hash/fnv"
	"math/rand/v2"
	"testing"
)

// legalOrderDigest is the FNV-64a digest of every LegalMoves list, in order,
// over the positions orderPositions visits. The order is part of
// LegalMoves' contract, since seeded players and samplers pick moves by index,
// so a faster generator must keep it.
const legalOrderDigest = 0x486143455c1f7a12

// orderPositions plays seeded random games from the perft positions and calls
// visit on every position reached, and on each side's half of it (Only), which
// has one king or none: the boards B2 and the attempters generate moves on.
func orderPositions(visit func(p *Position)) {
	rng := rand.New(rand.NewPCG(3, 4))
	var buf [MaxMoves]Move
	for g := 0; g < 60; g++ {
		p, err := ParseFEN(perftCases[g%len(perftCases)].fen)
		if err != nil {
			panic(err)
		}
		for ply := 0; ply < 200; ply++ {
			visit(&p)
			for _, c := range [2]Color{White, Black} {
				q := p.Only(c)
				visit(&q)
			}
			moves := p.LegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.Apply(moves[rng.IntN(len(moves))])
		}
	}
}

func TestLegalMovesOrder(t *testing.T) {
	h := fnv.New64a()
	var buf [MaxMoves]Move
	n := 0
	orderPositions(func(p *Position) {
		moves := p.LegalMoves(buf[:0])
		if c := p.countLegal(); c != len(moves) {
			t.Fatalf("%s: countLegal = %d; LegalMoves lists %d", p.FEN(), c, len(moves))
		}
		for _, m := range moves {
			h.Write([]byte{byte(m), byte(m >> 8)})
		}
		h.Write([]byte{0xff, 0xff})
		n++
	})
	if got := h.Sum64(); got != legalOrderDigest {
		t.Errorf("LegalMoves order digest over %d positions = %#x; want %#x", n, got, uint64(legalOrderDigest))
	}
}

// TestLegalMovesAppends checks that LegalMoves appends the same list after
// what out holds, whether out has room for MaxMoves more (generated in place)
// or not (generated aside and appended).
func TestLegalMovesAppends(t *testing.T) {
	var buf [MaxMoves + 3]Move
	orderPositions(func(p *Position) {
		want := p.LegalMoves(nil)
		prefix := []Move{NewMove(A1, A2, NoPieceType), NewMove(B1, B2, NoPieceType), NewMove(C1, C2, NoPieceType)}
		roomy := p.LegalMoves(append(buf[:0], prefix...))
		short := p.LegalMoves(append([]Move(nil), prefix...))
		for _, got := range [][]Move{roomy, short} {
			if len(got) != len(prefix)+len(want) {
				t.Fatalf("%s: LegalMoves after %d moves returns %d; want %d", p.FEN(), len(prefix), len(got), len(prefix)+len(want))
			}
			for i, m := range append(prefix, want...) {
				if got[i] != m {
					t.Fatalf("%s: LegalMoves after a prefix gives %v; want %v", p.FEN(), got, append(prefix, want...))
				}
			}
		}
	})
}
