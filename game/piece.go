package game

// Color is a side: White or Black.
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opposing side.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Title returns "White" or "Black".
func (c Color) Title() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// PieceType is a kind of chessman regardless of colour.
type PieceType uint8

// The piece types. NoPieceType is the zero value.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// PieceTypes lists every real piece type, pawn first.
var PieceTypes = [...]PieceType{Pawn, Knight, Bishop, Rook, Queen, King}

// Letter returns the upper-case letter of the type ("P", "N", ...), or "" for none.
func (t PieceType) Letter() string {
	if t > King {
		return ""
	}
	return string(" PNBRQK"[t : t+1])
}

// String returns the type's lower-case name ("pawn", "knight", ...).
func (t PieceType) String() string {
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}[t%7]
}

// PieceTypeFromLetter reads a piece letter in either case; ok is false for anything else.
func PieceTypeFromLetter(b byte) (PieceType, bool) {
	switch b | 0x20 {
	case 'p':
		return Pawn, true
	case 'n':
		return Knight, true
	case 'b':
		return Bishop, true
	case 'r':
		return Rook, true
	case 'q':
		return Queen, true
	case 'k':
		return King, true
	}
	return NoPieceType, false
}

// Piece is a coloured chessman; NoPiece is the zero value (an empty square).
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// NewPiece combines a colour and a type.
func NewPiece(c Color, t PieceType) Piece { return Piece(uint8(c)<<3 | uint8(t)) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// FENLetter returns the piece's FEN letter: upper case for White.
func (p Piece) FENLetter() byte {
	if p == NoPiece {
		return '.'
	}
	l := p.Type().Letter()[0]
	if p.Color() == Black {
		l |= 0x20
	}
	return l
}
