package player

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
)

// TestLooseMen: static charges our unguarded knight only against an enemy
// who may see it, and in proportion to that chance; a guarded knight and
// unguarded pawns cost nothing.
func TestLooseMen(t *testing.T) {
	loosePos := gametest.Position(t, "4k3/pppp4/8/8/4N3/8/PPPP4/4K3 b - - 0 1")    // knight on e4, no guard
	guardedPos := gametest.Position(t, "4k3/pppp4/8/8/4N3/3P4/PPP5/4K3 b - - 0 1") // d3 guards e4
	if got := loose(&loosePos, game.White); got != 3 {
		t.Errorf("loose knight: %v, want 3", got)
	}
	if got := loose(&guardedPos, game.White); got != 0 {
		t.Errorf("guarded knight: %v, want 0", got)
	}
	blind, half, sure := static(&loosePos, game.White, 0), static(&loosePos, game.White, 0.5), static(&loosePos, game.White, 1)
	if !(sure < half && half < blind) {
		t.Errorf("loose knight: static %v (blind), %v (half), %v (seeing): want falling", blind, half, sure)
	}
	if a, b := static(&guardedPos, game.White, 0), static(&guardedPos, game.White, 1); a != b {
		t.Errorf("guarded knight: static %v blind, %v seeing: want equal", a, b)
	}
}
