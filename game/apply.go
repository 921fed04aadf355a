package game

// castleMask[s] holds the rights lost when a move leaves from or arrives on s.
var castleMask = func() (m [64]CastleRights) {
	m[E1], m[A1], m[H1] = WhiteKingside|WhiteQueenside, WhiteQueenside, WhiteKingside
	m[E8], m[A8], m[H8] = BlackKingside|BlackQueenside, BlackQueenside, BlackKingside
	return m
}()

// IsCastling reports whether m moves a king two files: castling.
func (p *Position) IsCastling(m Move) bool {
	d := int(m.To()) - int(m.From())
	return p.board[m.From()].Type() == King && (d == 2 || d == -2)
}

// Apply plays m on p in place. m must be legal (or at least pseudo-legal for
// the side to move); use Play to check.
func (p *Position) Apply(m Move) {
	from, to := m.From(), m.To()
	pc := p.board[from]
	us := p.turn
	p.halfmove++
	if captured := p.board[to]; captured != NoPiece {
		p.halfmove = 0
		p.lift(to, captured)
	}
	ep := p.ep
	p.ep = NoSquare
	switch d := int(to) - int(from); pc.Type() {
	case Pawn:
		p.halfmove = 0
		switch {
		case to == ep && us == White:
			p.Remove(to - 8)
		case to == ep:
			p.Remove(to + 8)
		case d == 16 || d == -16:
			p.ep = (from + to) / 2
		}
	case King:
		if d == 2 || d == -2 { // castling: the rook crosses over the king
			rookFrom, rookTo := from+3, from+1
			if d < 0 {
				rookFrom, rookTo = from-4, from-1
			}
			rook := p.board[rookFrom]
			p.lift(rookFrom, rook)
			p.place(rookTo, rook)
		}
	}
	p.lift(from, pc)
	if promo := m.Promotion(); promo != NoPieceType {
		pc = NewPiece(us, promo)
	}
	p.place(to, pc)
	p.castling &^= castleMask[from] | castleMask[to]
	if us == Black {
		p.fullmove++
	}
	p.turn = us.Other()
}

// lift takes pc off s, where it stands.
func (p *Position) lift(s Square, pc Piece) {
	b := bit(s)
	p.board[s] = NoPiece
	p.colors[pc.Color()&1] &^= b
	p.types[pc.Type()] &^= b
}

// place puts pc (a man, not NoPiece) on the empty square s.
func (p *Position) place(s Square, pc Piece) {
	b := bit(s)
	p.board[s] = pc
	p.colors[pc.Color()&1] |= b
	p.types[pc.Type()] |= b
}

// IsLegal reports whether m is a legal move in p: one of LegalMoves. It
// judges the moving man alone, as generate would its moves, without
// listing the others' (the boards of the deduction judge one attempt on
// thousands of boards).
func (p *Position) IsLegal(m Move) bool {
	from, to, promo := m.From(), m.To(), m.Promotion()
	if m>>15 != 0 || p.colors[p.turn&1]&bit(from) == 0 { // no move sets the top bit
		return false
	}
	r := p.restrictions()
	kind := p.board[from].Type()
	if kind == King {
		if promo != NoPieceType {
			return false
		}
		if p.kingTargets(&r)&bit(to) != 0 {
			return true
		}
		if r.check {
			return false
		}
		for i := range castleSides[r.us&1] {
			if s := &castleSides[r.us&1][i]; s.to == to && from == r.ksq && p.canCastle(&r, s) {
				return true
			}
		}
		return false
	}
	if r.double {
		return false
	}
	if kind != Pawn {
		return promo == NoPieceType && p.pieceTargets(&r, from)&bit(to) != 0
	}
	promoting := Rank7
	if r.us == Black {
		promoting = Rank2
	}
	if promoting&bit(from) != 0 {
		if promo != Queen && promo != Rook && promo != Bishop && promo != Knight {
			return false
		}
	} else if promo != NoPieceType {
		return false
	}
	one, two := r.pawnPushes(bit(from))
	if p.pawnTargets(&r, from, one, two)&bit(to) != 0 {
		return true
	}
	return to == p.ep && promo == NoPieceType && p.enPassantCaptors(&r)&bit(from) != 0
}

// Play returns the position after m, or ok = false when m is not legal.
func (p *Position) Play(m Move) (next Position, ok bool) {
	if !p.IsLegal(m) {
		return Position{}, false
	}
	next = *p
	next.Apply(m)
	return next, true
}

// IsCapture reports whether m (legal in p) captures, en passant included.
func (p *Position) IsCapture(m Move) bool {
	return p.board[m.To()] != NoPiece || p.board[m.From()].Type() == Pawn && m.To() == p.ep && m.From().File() != m.To().File()
}

// CapturedSquare returns the square of the man m captures (for en passant the
// captured pawn's square), or NoSquare when m captures nothing.
func (p *Position) CapturedSquare(m Move) Square {
	if p.board[m.To()] != NoPiece {
		return m.To()
	}
	if p.board[m.From()].Type() == Pawn && m.To() == p.ep && m.From().File() != m.To().File() {
		if p.turn == White {
			return m.To() - 8
		}
		return m.To() + 8
	}
	return NoSquare
}
