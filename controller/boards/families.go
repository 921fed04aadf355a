package boards

import (
	"sync"

	"github.com/krieg/krieg/game"
)

// family is the children of one board after an enemy move: the children
// at [start, start+count) of its share, held by the runs from run on, each
// of weight w; or, when w is negative, of the weights at the same places of
// its share's weights (the purposeful opponent model weighs each move).
// Weights are added child by child in order, as they were when each child
// was held on its own, so that the boards kept stay exactly the same
// (TestRefreshFingerprint).
type family struct {
	parent       int32
	start, count int32
	run          int32
	w            float64
	end          float64 // the weight of the children up to this family's last (share.sum)
}

// run is children of one board that one man makes: its moves from from to
// each square of to, in increasing order, each promoting to promo
// (NoPieceType for none). Most of a board's children are a few runs, so
// that a refresh writes one run per man rather than one move per child,
// and only the children resampling picks are ever listed.
type run struct {
	to    game.Bitboard
	from  game.Square
	promo game.PieceType
}

// move returns the k-th move of r (k < r.to.Count()).
func (r *run) move(k int32) game.Move {
	to := r.to
	for ; k > 0; k-- {
		to &= to - 1
	}
	return game.NewMove(r.from, to.First(), r.promo)
}

// appendRunMoves appends the moves of runs to out, in order, and returns it.
func appendRunMoves(out []game.Move, runs []run) []game.Move {
	for i := range runs {
		r := &runs[i]
		for to := r.to; to != 0; {
			out = append(out, game.NewMove(r.from, to.PopFirst(), r.promo))
		}
	}
	return out
}

// share is the children of one share of the boards (expand), held by
// family so that under the uniform opponent model, where every child of a
// board weighs the same, a family costs its runs.
type share struct {
	runs     []run
	children int       // how many children the runs hold
	weights  []float64 // only for families of negative w, at their children's places
	families []family
}

// reset empties sh for a new refresh, keeping its memory.
func (sh *share) reset() {
	sh.runs, sh.children, sh.weights, sh.families = sh.runs[:0], 0, sh.weights[:0], sh.families[:0]
}

// push appends a run of the single move m.
func (sh *share) push(m game.Move) {
	sh.runs = append(sh.runs, run{to: m.To().Bit(), from: m.From(), promo: m.Promotion()})
}

// add records the family of board parent whose children are those of the
// runs appended since run r, each of weight w, and returns how many they
// are.
func (sh *share) add(parent int32, r int, w float64) int {
	n := 0
	for i := r; i < len(sh.runs); i++ {
		n += sh.runs[i].to.Count()
	}
	if n > 0 {
		sh.families = append(sh.families, family{parent: parent, start: int32(sh.children), count: int32(n), run: int32(r), w: w})
		sh.children += n
	}
	return n
}

// addWeighed records the family of board parent whose children are those
// of the runs appended since run r, weighed one by one by weights.
func (sh *share) addWeighed(parent int32, r int, weights []float64) {
	n := len(weights)
	if n <= 0 {
		return
	}
	start := sh.children
	for len(sh.weights) < start {
		sh.weights = append(sh.weights, 0)
	}
	sh.weights = append(sh.weights[:start], weights...)
	sh.families = append(sh.families, family{parent: parent, start: int32(start), count: int32(n), run: int32(r), w: -1})
	sh.children += n
}

// child returns the move of child j of family f.
func (sh *share) child(f *family, j int32) game.Move {
	for i := f.run; ; i++ {
		r := &sh.runs[i]
		n := int32(r.to.Count())
		if j < n {
			return r.move(j)
		}
		j -= n
	}
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
			j := int32(0)
			for r := f.run; j < f.count; r++ {
				for to := sh.runs[r].to; to != 0; j++ {
					m := game.NewMove(sh.runs[r].from, to.PopFirst(), sh.runs[r].promo)
					picks = append(picks, child{parent: f.parent, move: m, w: sh.weight(f, j) / total})
				}
			}
		}
	}
	return picks
}

// sum returns total after the weights of sh's children, added child by
// child in order (as resampling adds them, so that the last point falls
// where it always did), and records in each family the sum up to its last
// child. The refresh sums the shares in order (inOrder).
func (sh *share) sum(total float64) float64 {
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
	return total
}

// inOrder runs a step for each share in the shares' order, as soon as the
// share and all before it are done: the sum of the weights, which must go
// share by share, overlaps the expansion of the shares still out instead of
// waiting for the last. One worker at a time runs the steps, outside the
// lock, so that the others take their next shares meanwhile.
type inOrder struct {
	mu      sync.Mutex
	done    []bool
	next    int
	running bool // a worker is running the steps
}

// reset readies o for k shares.
func (o *inOrder) reset(k int) {
	o.done = append(o.done[:0], make([]bool, k)...)
	o.next, o.running = 0, false
}

// finish records share c done and, unless another worker is at it, runs
// step for every share whose turn has come, including those done while it
// runs.
func (o *inOrder) finish(c int, step func(c int)) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.done[c] = true
	if o.running {
		return
	}
	o.running = true
	for o.next < len(o.done) && o.done[o.next] {
		n := o.next
		o.mu.Unlock()
		step(n)
		o.mu.Lock()
		o.next++
	}
	o.running = false
}
