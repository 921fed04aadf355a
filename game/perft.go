package game

// Perft counts the leaf nodes of the legal move tree of the given depth, the
// standard test of a move generator (Chess Programming Wiki, "Perft").
func (p *Position) Perft(depth int) uint64 {
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	if depth <= 1 {
		if depth <= 0 {
			return 1
		}
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := *p
		q.Apply(m)
		n += q.Perft(depth - 1)
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
