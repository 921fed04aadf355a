package game

import "testing"

// TestHasLegalMove: HasLegalMove answers as LegalMoves does over the order
// test's positions and a few that have no legal move or only a king's.
func TestHasLegalMove(t *testing.T) {
	var buf [MaxMoves]Move
	seen := [2]int{}
	check := func(p *Position) {
		want := len(p.LegalMoves(buf[:0])) > 0
		if got := p.HasLegalMove(); got != want {
			t.Fatalf("%s: HasLegalMove %v, LegalMoves lists %d", p.FEN(), got, len(p.LegalMoves(buf[:0])))
		}
		if want {
			seen[1]++
		} else {
			seen[0]++
		}
	}
	for _, fen := range []string{
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", // mated
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                // stalemated
		"4k3/8/8/8/8/8/3PPP2/r2QK1NR w K - 0 1",                         // a pinned queen
		"k7/8/8/8/8/8/1r6/K6r w - - 0 1",                                // a check only the king answers
		"4k3/8/8/8/1b6/8/3P4/4K2r w - - 0 1",                            // a rook's check, a pinned pawn
		"7k/5K2/6P1/8/3Pp3/4N3/8/8 b - d3 0 1",                          // only an en passant capture
		"4k3/8/8/8/8/5n2/8/R3K2R w KQ - 0 1",                            // a knight's check
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		check(&p)
	}
	orderPositions(check)
	if seen[0] == 0 || seen[1] == 0 {
		t.Fatalf("positions without and with a legal move: %v; the test needs both", seen)
	}
}
