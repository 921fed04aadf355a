package game

import (
	"fmt"
	"testing"
)

// perftCase is one position of the Chess Programming Wiki page "Perft Results"
// (https://www.chessprogramming.org/Perft_Results), with its published counts
// indexed by depth (counts[0] is depth 1).
type perftCase struct {
	name   string
	fen    string
	counts []uint64
	// testDepth is the deepest depth checked in the ordinary test run; the rest
	// run in BenchmarkPerftDeep.
	testDepth int
}

var perftCases = []perftCase{
	{"initial", StartFEN, []uint64{20, 400, 8902, 197281, 4865609, 119060324}, 5},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862, 4085603, 193690690}, 4},
	{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238, 674624, 11030083, 178633661}, 5},
	{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467, 422333, 15833292}, 4},
	{"position4-mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", []uint64{6, 264, 9467, 422333, 15833292}, 4},
	{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379, 2103487, 89941194}, 4},
	{"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []uint64{46, 2079, 89890, 3894594, 164075551}, 4},
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for d := 1; d <= c.testDepth; d++ {
			t.Run(fmt.Sprintf("%s/depth%d", c.name, d), func(t *testing.T) {
				if got, want := p.Perft(d), c.counts[d-1]; got != want {
					t.Errorf("perft(%d) = %d; want %d", d, got, want)
				}
			})
		}
	}
}

func TestDivideSumsToPerft(t *testing.T) {
	p, _ := ParseFEN(perftCases[1].fen)
	var sum uint64
	for _, e := range p.Divide(3) {
		sum += e.Nodes
	}
	if sum != perftCases[1].counts[2] {
		t.Errorf("divide(3) sums to %d; want %d", sum, perftCases[1].counts[2])
	}
}
