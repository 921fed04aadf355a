package boards

// Systematic resampling: capacity points spaced total/capacity apart over
// the children's cumulative weight, share by share and family by family; a
// child hit k times is kept with weight k/capacity. The points are listed
// first, so that each share can be resampled on its own, on any worker,
// and still keep exactly the children one pass over all the shares keeps
// (TestResampleMatchesChildByChild holds it to that pass).

// points returns the resampling points: point, then each the last plus
// step, while below total (a point at or past the last child's cumulative
// weight hits nothing), in out's memory.
func points(point, step, total float64, capacity int, out []float64) []float64 {
	out = out[:0]
	// The bound on their number guards against a step lost in rounding.
	for ; point < total && len(out) <= capacity+1; point += step {
		out = append(out, point)
	}
	return out
}

// plan sets, for each share, starts to the cumulative weight before its
// first child and firsts to the first point that may fall in it: the
// points before the start fell in earlier shares. share.sum must have
// summed the shares.
func plan(shares []share, pts []float64, starts []float64, firsts []int) {
	acc, k := 0.0, 0
	for i := range shares {
		for k < len(pts) && pts[k] < acc {
			k++
		}
		starts[i], firsts[i] = acc, k
		if fs := shares[i].families; len(fs) > 0 {
			acc = fs[len(fs)-1].end
		}
	}
}

// resampleShare appends to picks the children of sh that the points from
// pts[k] on hit, sh's children starting at cumulative weight acc, each
// with weight hits/capacity, and returns it. A family that no point falls
// in is passed over at once, and its children are visited only up to its
// last hit.
func resampleShare(sh *share, acc float64, pts []float64, k, capacity int, picks []child) []child {
	for n := range sh.families {
		f := &sh.families[n]
		if k == len(pts) {
			break
		}
		for j := int32(0); j < f.count && pts[k] < f.end; j++ {
			if f.w > 0 {
				j, acc = passEqual(f, j, acc, pts[k])
			}
			if acc += sh.weight(f, j); pts[k] < acc {
				hits := 0
				for ; k < len(pts) && pts[k] < acc; k++ {
					hits++
				}
				picks = append(picks, child{parent: f.parent, move: sh.child(f, j), w: float64(hits) / float64(capacity)})
				if k == len(pts) {
					break
				}
			}
		}
		acc = f.end
	}
	return picks
}

// passEqual returns the first child from j on of f (a family of equal
// weights) that the next point may hit, and the cumulative weight before it:
// the children whose cumulative weight, added one by one from acc, stays at
// or below point are passed in one step (addRepeated), so that resampling
// visits a family's children only near its hits. A weight never lowers the
// sum, so the sum after the last passed child bounds every earlier one.
func passEqual(f *family, j int32, acc, point float64) (int32, float64) {
	// Leave a child of margin for the rounding of the additions.
	k := (point-acc)/f.w - 1
	if k < 1 {
		return j, acc
	}
	n := f.count - j - 1 // child j is always visited
	if k < float64(n) {
		n = int32(k)
	}
	if n < 1 {
		return j, acc
	}
	if a := addRepeated(acc, f.w, n); a <= point {
		return j + n, a
	}
	return j, acc
}
