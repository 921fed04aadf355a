package game

import (
	"errors"
	"fmt"
)

// Move is a move in coordinate form: from, to and promotion piece. Castling is
// the king's two-square move (e1g1). The zero value NoMove is not a move.
type Move uint16

// NoMove is the zero Move.
const NoMove Move = 0

// NewMove builds a move; promo is NoPieceType except for promotions.
func NewMove(from, to Square, promo PieceType) Move {
	return Move(uint16(from) | uint16(to)<<6 | uint16(promo)<<12)
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the promotion piece type, or NoPieceType.
func (m Move) Promotion() PieceType { return PieceType(m >> 12 & 7) }

// String writes the move in coordinate form: "e2e4", "e7e8q".
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if p := m.Promotion(); p != NoPieceType {
		s += string(p.Letter()[0] | 0x20)
	}
	return s
}

// ErrMoveText is wrapped by every move-text parsing error.
var ErrMoveText = errors.New("game: bad move text")

// ParseMove reads a move in coordinate form: "e2e4", "e7e8q" (promotion letter
// in either case). It checks only the text, not whether the move is legal.
func ParseMove(text string) (Move, error) {
	if len(text) != 4 && len(text) != 5 {
		return NoMove, fmt.Errorf("%w: %q, want coordinates such as e2e4 or e7e8q", ErrMoveText, text)
	}
	from, err1 := ParseSquare(text[0:2])
	to, err2 := ParseSquare(text[2:4])
	if err1 != nil || err2 != nil {
		return NoMove, fmt.Errorf("%w: %q, want coordinates such as e2e4 or e7e8q", ErrMoveText, text)
	}
	if from == to {
		return NoMove, fmt.Errorf("%w: %q goes nowhere", ErrMoveText, text)
	}
	promo := NoPieceType
	if len(text) == 5 {
		t, ok := PieceTypeFromLetter(text[4])
		if !ok || t == Pawn || t == King {
			return NoMove, fmt.Errorf("%w: %q, promotion letter must be q, r, b or n", ErrMoveText, text)
		}
		promo = t
	}
	return NewMove(from, to, promo), nil
}

// MarshalText writes the coordinate form.
func (m Move) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads the coordinate form.
func (m *Move) UnmarshalText(b []byte) error {
	if string(b) == "0000" {
		*m = NoMove
		return nil
	}
	mv, err := ParseMove(string(b))
	if err != nil {
		return err
	}
	*m = mv
	return nil
}
