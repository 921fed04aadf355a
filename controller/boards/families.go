package boards

import "github.com/krieg/krieg/game"

// family is the children of one board after an enemy move: the moves at
// [start, start+count) of its share's moves, each of weight w; or, when w
// is negative, of the weights at the same places of its share's weights
// (the purposeful opponent model weighs each move). Weights are added child
// by child in order, as they were when each child was held on its own, so
// that the boards kept stay exactly the same (TestRefreshFingerprint).
type family struct {
	parent       int32
	start, count int32
	w            float64
	end          float64 // the weight of the children up to this family's last (totalWeight)
}

// share is the children of one share of the boards (expand), held by
// family so that under the uniform opponent model, where every child of a
// board weighs the same, a child costs two bytes.
type share struct {
	moves    []game.Move
	weights  []float64 // only for families of negative w, at their moves' places
	families []family
}

// reset empties sh for a new refresh, keeping its memory.
func (sh *share) reset() {
	sh.moves, sh.weights, sh.families = sh.moves[:0], sh.weights[:0], sh.families[:0]
}

// add records the family of board parent whose children are the moves
// appended to sh.moves since start, each of weight w.
func (sh *share) add(parent int32, start int, w float64) {
	if n := len(sh.moves) - start; n > 0 {
		sh.families = append(sh.families, family{parent: parent, start: int32(start), count: int32(n), w: w})
	}
}

// addWeighed records the family of board parent whose children are the
// moves appended to sh.moves since start, weighed one by one by weights.
func (sh *share) addWeighed(parent int32, start int, weights []float64) {
	n := len(sh.moves) - start
	if n <= 0 {
		return
	}
	for len(sh.weights) < start {
		sh.weights = append(sh.weights, 0)
	}
	sh.weights = append(sh.weights[:start], weights...)
	sh.families = append(sh.families, family{parent: parent, start: int32(start), count: int32(n), w: -1})
}

// weight returns the weight of child j of family f.
func (sh *share) weight(f *family, j int32) float64 {
	if f.w >= 0 {
		return f.w
	}
	return sh.weights[f.start+j]
}

// pickAll appends every child of every share to picks, its weight divided
// by total, and returns it.
func pickAll(shares []share, total float64, picks []child) []child {
	for i := range shares {
		sh := &shares[i]
		for k := range sh.families {
			f := &sh.families[k]
			for j := int32(0); j < f.count; j++ {
				picks = append(picks, child{parent: f.parent, move: sh.moves[f.start+j], w: sh.weight(f, j) / total})
			}
		}
	}
	return picks
}

// totalWeight returns the weight of every child of every share, added
// child by child in order (as resampling adds them, so that the last point
// falls where it always did), and records in each family the sum up to its
// last child.
func totalWeight(shares []share) float64 {
	total := 0.0
	for i := range shares {
		sh := &shares[i]
		for k := range sh.families {
			f := &sh.families[k]
			if f.w >= 0 {
				total = addRepeated(total, f.w, f.count)
			} else {
				for _, w := range sh.weights[f.start : f.start+f.count] {
					total += w
				}
			}
			f.end = total
		}
	}
	return total
}

// resample is systematic resampling: capacity points spaced total/capacity
// apart from point over the children's cumulative weight, share by share
// and family by family; a child hit k times is appended to picks with
// weight k/capacity. totalWeight must have summed the shares: a family
// that no point falls in is passed over at once, and its children are
// visited only up to its last hit.
func resample(shares []share, total float64, capacity int, point float64, picks []child) []child {
	step := total / float64(capacity)
	acc := 0.0
	// hit keeps child j of family f, the points from point on falling
	// before acc, its cumulative weight, and returns the first point past it.
	hit := func(sh *share, f *family, j int32, point, acc float64) float64 {
		hits := 0
		for point < acc {
			hits++
			point += step
		}
		picks = append(picks, child{parent: f.parent, move: sh.moves[f.start+j], w: float64(hits) / float64(capacity)})
		return point
	}
	for i := range shares {
		sh := &shares[i]
		for k := range sh.families {
			f := &sh.families[k]
			for j := int32(0); j < f.count && point < f.end; j++ {
				if acc += sh.weight(f, j); point < acc {
					point = hit(sh, f, j, point, acc)
				}
			}
			acc = f.end
		}
	}
	return picks
}
