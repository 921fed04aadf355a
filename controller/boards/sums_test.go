package boards

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/krieg/krieg/game"
)

// TestAddRepeated holds addRepeated to the loop of additions it replaces,
// bit for bit, over weights and sums of every size a refresh meets, halfway
// cases (a weight of exactly half the spacing, or one and a half), sums that
// cross powers of two, and zero.
func TestAddRepeated(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	check := func(acc, w float64, n int32) {
		t.Helper()
		want := acc
		for range n {
			want += w
		}
		if got := addRepeated(acc, w, n); got != want {
			t.Fatalf("addRepeated(%v, %v, %d) = %v, want %v", acc, w, n, got, want)
		}
	}
	for range 200000 {
		acc := 0.0
		if rng.IntN(8) != 0 {
			acc = math.Ldexp(rng.Float64(), -rng.IntN(40))
		}
		w := math.Ldexp(rng.Float64(), -rng.IntN(60))
		n := int32(rng.IntN(300))
		check(acc, w, n)
		// Halfway and near-halfway weights for acc's spacing.
		if acc > 0 {
			_, e := math.Frexp(acc)
			u := math.Ldexp(1, e-53)
			k := float64(rng.IntN(5))
			check(acc, (k+0.5)*u, n)
			check(acc, math.Nextafter((k+0.5)*u, 1), n)
			check(acc, math.Nextafter((k+0.5)*u, 0), n)
		}
		// Sums ending just below and above a power of two.
		top := math.Ldexp(1, -rng.IntN(20))
		check(top-float64(n)*w/2, w, n)
	}
	check(0, 1, 5)
	check(1, 1e-300, 3)
	check(5e-324, 5e-324, 7)
	check(1e300, 1e300, 3)
}

// TestResampleMatchesChildByChild holds totalWeight and resample to the
// child-by-child loops they shortcut, bit for bit, on random shares of
// equal-weight and weighed families.
func TestResampleMatchesChildByChild(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		// Every third trial gives every child the same weight and as many
		// points as children from zero, so that points fall on the sums.
		even := trial%3 == 0
		same := []float64{0x1p-10, 0.1, 1.0 / 3}[trial%9/3]
		shares := make([]share, 1+rng.IntN(4))
		for i := range shares {
			sh := &shares[i]
			for f := range 1 + rng.IntN(200) {
				start := len(sh.runs)
				for range 1 + rng.IntN(40) {
					sh.push(game.Move(rng.IntN(1 << 12)))
				}
				if even {
					sh.add(int32(f), start, same)
				} else if rng.IntN(4) == 0 {
					weights := make([]float64, len(sh.runs)-start)
					for j := range weights {
						weights[j] = rng.Float64() * 1e-4
					}
					sh.addWeighed(int32(f), start, weights)
				} else {
					sh.add(int32(f), start, math.Ldexp(rng.Float64(), -rng.IntN(30)))
				}
			}
		}
		// The loops as they were: every child's weight added in order.
		want := 0.0
		eachChild(shares, func(sh *share, f *family, j int32) { want += sh.weight(f, j) })
		total := totalWeight(shares)
		if total != want {
			t.Fatalf("trial %d: total %v, want %v", trial, total, want)
		}
		capacity := 1 + rng.IntN(3000)
		if even {
			capacity = 0
			for i := range shares {
				capacity += shares[i].children
			}
		}
		step := total / float64(capacity)
		point := rng.Float64() * step
		if even {
			point = 0
		}
		// The points, each the last plus the step, and the children the
		// points fall before, child by child.
		every := []float64{point}
		for len(every) <= capacity+1 {
			every = append(every, every[len(every)-1]+step)
		}
		var wantPicks []child
		acc, next := 0.0, 0
		eachChild(shares, func(sh *share, f *family, j int32) {
			acc += sh.weight(f, j)
			first := next
			for next < len(every) && every[next] < acc {
				next++
			}
			if next > first {
				wantPicks = append(wantPicks, child{parent: f.parent, move: sh.child(f, j), w: float64(next-first) / float64(capacity)})
			}
		})
		if got := resample(shares, total, capacity, point, nil); !slices.Equal(got, wantPicks) {
			t.Fatalf("trial %d: %d picks, want %d", trial, len(got), len(wantPicks))
		}
		// As the refresh does it: each share on its own, in any order,
		// its picks placed from its first point on (rebirths).
		pts := points(point, step, total, capacity, nil)
		starts, firsts := make([]float64, len(shares)), make([]int, len(shares))
		plan(shares, pts, starts, firsts)
		placed := make([]child, len(pts))
		spans := make([]span, len(shares))
		for i := len(shares) - 1; i >= 0; i-- {
			picks := resampleShare(&shares[i], starts[i], pts, firsts[i], capacity, nil)
			end := len(pts)
			if i+1 < len(shares) {
				end = firsts[i+1]
			}
			if firsts[i]+len(picks) > end {
				t.Fatalf("trial %d: share %d picks %d children, more than its %d points", trial, i, len(picks), end-firsts[i])
			}
			copy(placed[firsts[i]:], picks)
			spans[i] = span{firsts[i], len(picks)}
		}
		var got []child
		for _, sp := range spans {
			got = append(got, placed[sp.from:sp.from+sp.n]...)
		}
		if !slices.Equal(got, wantPicks) {
			t.Fatalf("trial %d: share by share %d picks, want %d", trial, len(got), len(wantPicks))
		}
	}
}

// eachChild calls visit for every child of every share, in order.
func eachChild(shares []share, visit func(sh *share, f *family, j int32)) {
	for i := range shares {
		sh := &shares[i]
		for k := range sh.families {
			f := &sh.families[k]
			for j := int32(0); j < f.count; j++ {
				visit(sh, f, j)
			}
		}
	}
}

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

// totalWeight sums every share in order, as the refresh does.
func totalWeight(shares []share) float64 {
	total := 0.0
	for i := range shares {
		total = shares[i].sum(total)
	}
	return total
}

// resample is systematic resampling over all the shares in one pass, from
// point: what the refresh does share by share on its workers.
func resample(shares []share, total float64, capacity int, point float64, picks []child) []child {
	pts := points(point, total/float64(capacity), total, capacity, nil)
	starts, firsts := make([]float64, len(shares)), make([]int, len(shares))
	plan(shares, pts, starts, firsts)
	for i := range shares {
		picks = resampleShare(&shares[i], starts[i], pts, firsts[i], capacity, picks)
	}
	return picks
}
