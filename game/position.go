package game

// CastleRights holds the four castling rights as bits.
type CastleRights uint8

// The castling rights.
const (
	WhiteKingside CastleRights = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside
)

// Position is a full chess position: men, side to move, castling rights,
// en passant target, and the move clocks. It is a value: copying it is cheap
// and a copy is independent.
type Position struct {
	board    [64]Piece
	colors   [2]Bitboard
	types    [7]Bitboard
	turn     Color
	castling CastleRights
	ep       Square
	halfmove int
	fullmove int
}

// Empty returns a position with no men, White to move, move number 1.
func Empty() Position {
	return Position{ep: NoSquare, fullmove: 1}
}

// Start returns the standard starting position.
func Start() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("game: start FEN does not parse: " + err.Error()) // unreachable: constant input
	}
	return p
}

// StartFEN is the FEN of the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// At returns the man on s, or NoPiece.
func (p *Position) At(s Square) Piece { return p.board[s] }

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// Castling returns the castling rights.
func (p *Position) Castling() CastleRights { return p.castling }

// EnPassant returns the en passant target square, or NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber returns the move number, starting at 1 and growing after Black moves.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.colors[White] | p.colors[Black] }

// ByColor returns the squares of c's men.
func (p *Position) ByColor(c Color) Bitboard { return p.colors[c] }

// ByType returns the squares of all men of type t, both colours.
func (p *Position) ByType(t PieceType) Bitboard { return p.types[t] }

// Pieces returns the squares of c's men of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.colors[c] & p.types[t] }

// KingSquare returns c's king square, or NoSquare when c has no king.
func (p *Position) KingSquare(c Color) Square {
	k := p.Pieces(c, King)
	if k == 0 {
		return NoSquare
	}
	return k.First()
}

// Put places pc on s, replacing whatever stood there.
func (p *Position) Put(s Square, pc Piece) {
	p.Remove(s)
	if pc == NoPiece {
		return
	}
	p.board[s] = pc
	p.colors[pc.Color()] |= s.Bit()
	p.types[pc.Type()] |= s.Bit()
}

// Remove empties s.
func (p *Position) Remove(s Square) {
	pc := p.board[s]
	if pc == NoPiece {
		return
	}
	p.board[s] = NoPiece
	p.colors[pc.Color()] &^= s.Bit()
	p.types[pc.Type()] &^= s.Bit()
}

// SetTurn sets the side to move.
func (p *Position) SetTurn(c Color) { p.turn = c }

// SetCastling sets the castling rights.
func (p *Position) SetCastling(cr CastleRights) { p.castling = cr }

// SetEnPassant sets the en passant target square (NoSquare for none).
func (p *Position) SetEnPassant(s Square) { p.ep = s }

// Only returns a copy of p holding only c's men, with the same side to move,
// castling rights of c and no en passant target: what c sees of the board.
func (p *Position) Only(c Color) Position {
	q := *p
	for b := p.colors[c.Other()]; b != 0; {
		q.Remove(b.PopFirst())
	}
	if c == White {
		q.castling &= WhiteKingside | WhiteQueenside
	} else {
		q.castling &= BlackKingside | BlackQueenside
	}
	q.ep = NoSquare
	return q
}

// AttackersTo returns the men of colour by that attack s, given occupancy occ.
func (p *Position) AttackersTo(s Square, by Color, occ Bitboard) Bitboard {
	them := p.colors[by]
	return them & (pawnAttacks[by.Other()][s]&p.types[Pawn] |
		knightAttacks[s]&p.types[Knight] |
		kingAttacks[s]&p.types[King] |
		BishopAttacks(s, occ)&(p.types[Bishop]|p.types[Queen]) |
		RookAttacks(s, occ)&(p.types[Rook]|p.types[Queen]))
}

// Checkers returns the enemy men giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	k := p.KingSquare(p.turn)
	if k == NoSquare {
		return 0
	}
	return p.AttackersTo(k, p.turn.Other(), p.Occupied())
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.Checkers() != 0 }

// Hash returns a 64-bit digest of the men, side to move, castling rights and
// en passant target (not the move clocks): equal positions hash equally.
func (p *Position) Hash() uint64 {
	h := uint64(p.turn)<<8 | uint64(p.castling)<<16 | uint64(p.ep+1)<<24
	for _, b := range p.colors {
		h = Mix(h ^ uint64(b))
	}
	for _, b := range p.types[Pawn:] {
		h = Mix(h ^ uint64(b))
	}
	return h
}

// Mix is the splitmix64 finaliser: each bit of x reaches every bit of the
// result, so that digests built on it spread equal-looking boards apart.
func Mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
