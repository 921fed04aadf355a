package attempter

import (
	"testing"

	"github.com/krieg/krieg/game"
)

func TestCheatFindsMates(t *testing.T) {
	tests := []struct{ fen, want string }{
		{"rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "d1h5"}, // fool's mate, White
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"}, // fool's mate
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"},                             // back rank
		{"k7/8/1K6/8/8/8/8/6Q1 w - - 0 1", "g1g8"},
	}
	for seed := uint64(1); seed <= 5; seed++ {
		for _, tc := range tests {
			p, err := game.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, _ := NewCheat(nil, seed).Choose(&p)
			next := p
			next.Apply(m)
			if next.Status() != game.Checkmate {
				t.Errorf("seed %d, %s: cheat played %s; want a mate such as %s", seed, tc.fen, m, tc.want)
			}
		}
	}
}
