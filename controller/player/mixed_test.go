package player

import (
	"math/rand/v2"
	"testing"

	"github.com/krieg/krieg/game"
)

// The mixed strategy draws among the candidates close to the best, and only
// among them.
func TestMixedDrawsAmongTheClose(t *testing.T) {
	a, b, c := game.NewMove(game.E2, game.E4, 0), game.NewMove(game.D2, game.D4, 0), game.NewMove(game.G1, game.F3, 0)
	choices := []choice{{move: a, score: 0.5}, {move: b, score: 0.5 - mixMargin/2}, {move: c, score: 0.5 - 2*mixMargin}}
	rng := rand.New(rand.NewPCG(1, 1))
	seen := map[game.Move]int{}
	for i := 0; i < 1000; i++ {
		seen[mixed(choices, rng)]++
	}
	if seen[c] != 0 || seen[a] == 0 || seen[b] == 0 || seen[a] < seen[b] {
		t.Errorf("draws %v: want a most, b sometimes, never c", seen)
	}
}
