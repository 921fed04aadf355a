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
	var buf [MaxMoves]Move
	if len(p.LegalMoves(buf[:0])) > 0 {
		return Ongoing
	}
	if p.InCheck() {
		return Checkmate
	}
	return Stalemate
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
