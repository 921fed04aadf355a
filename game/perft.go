package game

// Perft counts the leaf nodes of the legal move tree of the given depth, the
// standard test of a move generator (Chess Programming Wiki, "Perft"). Like
// Stockfish's perft it does not play the moves of the last ply: it counts them.
func (p *Position) Perft(depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.countLegal())
	}
	// One frame per ply below p, allocated once: a child declared in the
	// recursive function would be moved to the heap at every node.
	return perft(p, make([]perftFrame, depth-1), depth)
}

// perftFrame is what one ply of perft works in: the moves of a position and
// the child being counted.
type perftFrame struct {
	moves [MaxMoves]Move
	child Position
}

// perft is Perft for depth >= 2, working in frames[0]; the deeper plies use
// the rest of frames.
func perft(p *Position, frames []perftFrame, depth int) uint64 {
	f := &frames[0]
	l := moveList{moves: &f.moves}
	p.generate(&l)
	q := &f.child
	var n uint64
	for _, m := range f.moves[:l.n] {
		*q = *p
		q.Apply(m)
		if depth == 2 {
			n += uint64(q.countLegal())
		} else {
			n += perft(q, frames[1:], depth-1)
		}
	}
	return n
}

// DivideEntry is one root move and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each legal root move, in generation order.
func (p *Position) Divide(depth int) []DivideEntry {
	var buf [MaxMoves]Move
	var out []DivideEntry
	for _, m := range p.LegalMoves(buf[:0]) {
		q := *p
		q.Apply(m)
		out = append(out, DivideEntry{m, q.Perft(depth - 1)})
	}
	return out
}
