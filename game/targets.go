package game

// Targets is where each man of the side to move may legally go, man by man:
// the legal moves as sets of squares, which a caller can filter a whole
// man's moves at a time with bitboard arithmetic rather than one move at a
// time. Listed in LegalMoves' order (AppendMoves gives exactly LegalMoves'
// list): the king's steps, castling (king's side first), the other men by
// square and then the pawns by square, then en passant captures.
type Targets struct {
	King  Square   // the king's square, or NoSquare when the side has none
	Steps Bitboard // the king's steps, castling aside
	// Castle holds the square the king reaches by castling on the king's
	// side and on the queen's side, or NoSquare where it may not castle.
	Castle [2]Square
	// Men holds the other men's targets, the first N of them: pieces by
	// square, then pawns by square.
	Men [16]ManTargets
	N   int
	// Promoting holds the pawns among Men whose every move promotes: each
	// target is four moves (queen, rook, bishop, knight).
	Promoting Bitboard
	// EnPassant holds the pawns that may capture en passant, onto Passant.
	EnPassant Bitboard
	Passant   Square
}

// ManTargets is where the man on From may go (its captures included).
type ManTargets struct {
	From Square
	To   Bitboard
}

// promotions lists a promotion's pieces in LegalMoves' order.
var promotions = [4]PieceType{Queen, Rook, Bishop, Knight}

// LegalTargets sets t to the legal moves of the side to move, man by man,
// and returns their number (t.Count(), counted as they are found).
func (p *Position) LegalTargets(t *Targets) int {
	r := p.restrictions()
	t.King, t.Steps, t.Castle, t.N = r.ksq, 0, [2]Square{NoSquare, NoSquare}, 0
	t.Promoting, t.EnPassant, t.Passant = 0, 0, p.ep
	n := 0
	if r.ksq != NoSquare {
		t.Steps = p.kingTargets(&r)
		n = t.Steps.Count()
		if r.double {
			return n
		}
		if !r.check {
			for i := range castleSides[r.us&1] {
				if s := &castleSides[r.us&1][i]; p.canCastle(&r, s) {
					t.Castle[i] = s.to
					n++
				}
			}
		}
	}
	for b := r.own &^ p.types[Pawn] &^ p.types[King]; b != 0; {
		from := b.PopFirst()
		to := p.pieceTargets(&r, from)
		t.Men[t.N&15] = ManTargets{From: from, To: to}
		t.N++
		n += to.Count()
	}
	pawns := r.own & p.types[Pawn]
	one, two := r.pawnPushes(pawns)
	promoting := Rank7
	if r.us == Black {
		promoting = Rank2
	}
	t.Promoting = pawns & promoting
	for b := pawns; b != 0; {
		from := b.PopFirst()
		to := p.pawnTargets(&r, from, one, two)
		t.Men[t.N&15] = ManTargets{From: from, To: to}
		t.N++
		if t.Promoting.Has(from) {
			n += 4 * to.Count() // each target is four moves
		} else {
			n += to.Count()
		}
	}
	t.EnPassant = p.enPassantCaptors(&r)
	return n + t.EnPassant.Count()
}

// Count returns the number of legal moves t holds (len(LegalMoves)).
func (t *Targets) Count() int {
	n := t.Steps.Count() + t.EnPassant.Count()
	for _, c := range t.Castle {
		if c != NoSquare {
			n++
		}
	}
	for i := 0; i < t.N; i++ {
		n += t.Men[i].To.Count()
	}
	if t.Promoting == 0 {
		return n
	}
	// A promoting pawn's target is four moves.
	for i := 0; i < t.N; i++ {
		if m := &t.Men[i]; t.Promoting.Has(m.From) {
			n += 3 * m.To.Count()
		}
	}
	return n
}

// AppendMoves appends the moves t holds to out, in LegalMoves' order, and
// returns it.
func (t *Targets) AppendMoves(out []Move) []Move {
	return t.AppendMovesTo(out, ^Bitboard(0))
}

// AppendMovesTo appends the moves t holds that land on a square of to, in
// LegalMoves' order, and returns it.
func (t *Targets) AppendMovesTo(out []Move, to Bitboard) []Move {
	if t.King != NoSquare {
		for b := t.Steps & to; b != 0; {
			out = append(out, NewMove(t.King, b.PopFirst(), NoPieceType))
		}
		for _, c := range t.Castle {
			if c != NoSquare && to.Has(c) {
				out = append(out, NewMove(t.King, c, NoPieceType))
			}
		}
	}
	for i := 0; i < t.N; i++ {
		m := &t.Men[i]
		promotes := t.Promoting.Has(m.From)
		for b := m.To & to; b != 0; {
			s := b.PopFirst()
			if !promotes {
				out = append(out, NewMove(m.From, s, NoPieceType))
				continue
			}
			for _, pr := range promotions {
				out = append(out, NewMove(m.From, s, pr))
			}
		}
	}
	if t.Passant != NoSquare && to.Has(t.Passant) {
		for b := t.EnPassant; b != 0; {
			out = append(out, NewMove(b.PopFirst(), t.Passant, NoPieceType))
		}
	}
	return out
}
