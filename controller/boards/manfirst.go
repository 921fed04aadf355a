package boards

import "github.com/krieg/krieg/game"

// The man-first opponent model, an alternative to the uniform one for
// measurement (Sampler.SetManFirst): the enemy picks one of its men that can
// move, each as likely, then one of that man's legal moves, each as likely.
// Under the uniform model every move of a board weighs one over the board's
// number of legal moves, so a long run of moves that what we hear forces
// (a rook checking and retreating, over and over) weighs each board, move
// after move, by its king's mobility and hands the mass to the boards whose
// king has the fewest moves (docs/deduction.md, "B2"); under this one a
// rook's move weighs the same whatever the king could have done.

// manFirstWeights appends to out the weight of each child the runs hold
// when the enemy picks one of its men that can move, each as likely, then
// one of that man's legal moves (t), each as likely, from a board of
// weight w.
func manFirstWeights(out []float64, t *game.Targets, runs []run, w float64) []float64 {
	men := 0
	if t.Steps != 0 || t.Castle[0] != game.NoSquare || t.Castle[1] != game.NoSquare {
		men++
	}
	passers := t.EnPassant // the pawns whose only move may be en passant
	for i := 0; i < t.N; i++ {
		if t.Men[i].To != 0 {
			men++
			passers &^= t.Men[i].From.Bit()
		}
	}
	men += passers.Count()
	for i := range runs {
		r := &runs[i]
		each := w / float64(men*manMoves(t, r.from))
		for k := r.to.Count(); k > 0; k-- {
			out = append(out, each)
		}
	}
	return out
}

// manMoves counts the legal moves t holds of the man on from.
func manMoves(t *game.Targets, from game.Square) int {
	if from == t.King {
		n := t.Steps.Count()
		for _, c := range t.Castle {
			if c != game.NoSquare {
				n++
			}
		}
		return n
	}
	n := 0
	if t.EnPassant.Has(from) {
		n++
	}
	for i := 0; i < t.N; i++ {
		if m := &t.Men[i]; m.From == from {
			per := 1
			if t.Promoting.Has(from) {
				per = 4 // a promotion is four moves
			}
			n += per * m.To.Count()
		}
	}
	return max(1, n)
}
