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
	// One child position per ply below p, allocated once: a child declared in
	// the recursive function would be moved to the heap at every node.
	return perft(p, make([]Position, depth-1), depth)
}

// perft is Perft for depth >= 2: each child is a copy of p with one move
// applied, built in children[0]; the deeper plies use the rest of children.
func perft(p *Position, children []Position, depth int) uint64 {
	var l moveList
	p.generate(&l)
	q := &children[0]
	var n uint64
	for _, m := range l.moves[:l.n] {
		*q = *p
		q.Apply(m)
		if depth == 2 {
			n += uint64(q.countLegal())
		} else {
			n += perft(q, children[1:], depth-1)
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
