package game

// Status tells whether the side to move is checkmated or stalemated.
type Status uint8

// The statuses.
const (
	Ongoing Status = iota
	Checkmate
	Stalemate
)

// Status returns Checkmate, Stalemate or Ongoing for the side to move.
func (p *Position) Status() Status {
	if p.HasLegalMove() {
		return Ongoing
	}
	if p.InCheck() {
		return Checkmate
	}
	return Stalemate
}

// HasLegalMove reports whether the side to move has a legal move
// (len(LegalMoves) > 0), stopping at the first man that has one: the other
// men first, since a king step costs an attack test per square. Castling
// need not be looked at: when it is legal, so is the king's step to the
// square it crosses.
func (p *Position) HasLegalMove() bool {
	r := p.restrictions()
	if r.double {
		return p.kingTargets(&r) != 0
	}
	for b := r.own &^ p.types[Pawn] &^ p.types[King]; b != 0; {
		if p.pieceTargets(&r, b.PopFirst()) != 0 {
			return true
		}
	}
	pawns := r.own & p.types[Pawn]
	one, two := r.pawnPushes(pawns)
	for b := pawns; b != 0; {
		if p.pawnTargets(&r, b.PopFirst(), one, two) != 0 {
			return true
		}
	}
	if r.ksq != NoSquare && p.kingTargets(&r) != 0 {
		return true
	}
	return p.enPassantCaptors(&r) != 0
}

// InsufficientMaterial reports whether neither side can ever mate, even with
// the other's help (the definition of python-chess, which kriegspiel.org's
// referee uses): a side with a pawn, rook or queen can mate; a side with only
// a king and one knight cannot unless the other side has more than a king and
// queens; a side with bishops only cannot if all bishops on the board stand on
// one colour and there are no pawns or knights.
func (p *Position) InsufficientMaterial() bool {
	return p.CannotMate(White) && p.CannotMate(Black)
}

// CannotMate reports whether c has too little material ever to mate (the
// rule InsufficientMaterial applies to both sides, and a fallen flag against c's
// opponent is a draw when it holds for c).
func (p *Position) CannotMate(c Color) bool {
	own := p.colors[c]
	if own&(p.types[Pawn]|p.types[Rook]|p.types[Queen]) != 0 {
		return false
	}
	if own&p.types[Knight] != 0 {
		return own.Count() <= 2 && p.colors[c.Other()]&^p.types[King]&^p.types[Queen] == 0
	}
	if own&p.types[Bishop] != 0 {
		b := p.types[Bishop]
		sameColour := b&LightSquares == 0 || b&^LightSquares == 0
		return sameColour && p.types[Pawn]|p.types[Knight] == 0
	}
	return true
}
