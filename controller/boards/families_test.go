package boards

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/krieg/krieg/game"
)

// TestRunsListTheirChildren holds a share's runs to the moves they stand
// for: on random families of runs of many squares, some promoting, child
// finds each child where the listing puts it, and pickAll picks them all in
// that order.
func TestRunsListTheirChildren(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 200 {
		var sh share
		var want [][]game.Move // each family's children, listed
		for f := range 1 + rng.IntN(50) {
			start := len(sh.runs)
			for range rng.IntN(5) {
				r := run{to: game.Bitboard(rng.Uint64() & rng.Uint64() & rng.Uint64()), from: game.Square(rng.IntN(64))}
				if rng.IntN(8) == 0 {
					r.promo = game.Queen
				}
				if r.to != 0 {
					sh.runs = append(sh.runs, r)
				}
			}
			listed := appendRunMoves(nil, sh.runs[start:])
			if n := sh.add(int32(f), start, 1); n != len(listed) {
				t.Fatalf("trial %d: add counts %d children, the runs list %d", trial, n, len(listed))
			}
			if len(listed) > 0 {
				want = append(want, listed)
			}
		}
		if len(sh.families) != len(want) {
			t.Fatalf("trial %d: %d families, want %d", trial, len(sh.families), len(want))
		}
		var all []game.Move
		for k := range sh.families {
			f := &sh.families[k]
			for j, m := range want[k] {
				if got := sh.child(f, int32(j)); got != m {
					t.Fatalf("trial %d: family %d child %d is %v, the listing says %v", trial, k, j, got, m)
				}
			}
			all = append(all, want[k]...)
		}
		var got []game.Move
		for _, c := range pickAll([]share{sh}, 1, nil) {
			got = append(got, c.move)
		}
		if !slices.Equal(got, all) {
			t.Fatalf("trial %d: pickAll picks %d children, want %d in order", trial, len(got), len(all))
		}
	}
}
