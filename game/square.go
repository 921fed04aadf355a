package game

import "fmt"

// Square is a board square, a1 = 0, b1 = 1, ..., h8 = 63.
type Square int8

// NoSquare is the zero value for "no square" (for example no en passant target).
const NoSquare Square = -1

// Squares named for readability in tests and tables.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A2
	B2
	C2
	D2
	E2
	F2
	G2
	H2
	A3
	B3
	C3
	D3
	E3
	F3
	G3
	H3
	A4
	B4
	C4
	D4
	E4
	F4
	G4
	H4
	A5
	B5
	C5
	D5
	E5
	F5
	G5
	H5
	A6
	B6
	C6
	D6
	E6
	F6
	G6
	H6
	A7
	B7
	C7
	D7
	E7
	F7
	G7
	H7
	A8
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// NewSquare returns the square on file f (0 = a) and rank r (0 = rank 1).
func NewSquare(f, r int) Square { return Square(r*8 + f) }

// File returns 0 for the a-file through 7 for the h-file.
func (s Square) File() int { return int(s) & 7 }

// Rank returns 0 for rank 1 through 7 for rank 8.
func (s Square) Rank() int { return int(s) >> 3 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < 64 }

// Bit returns the bitboard holding only s.
func (s Square) Bit() Bitboard { return Bitboard(1) << uint(s) }

// String returns the square's name, such as "e4", or "-" for NoSquare.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(text string) (Square, error) {
	if len(text) != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8' {
		return NoSquare, fmt.Errorf("game: bad square %q", text)
	}
	return NewSquare(int(text[0]-'a'), int(text[1]-'1')), nil
}

// MarshalText writes the square's name.
func (s Square) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a square's name, or "-" for no square (as
// MarshalText writes it).
func (s *Square) UnmarshalText(b []byte) error {
	if string(b) == "-" {
		*s = NoSquare
		return nil
	}
	sq, err := ParseSquare(string(b))
	if err != nil {
		return err
	}
	*s = sq
	return nil
}

// Distance is the number of king moves from s to t.
func (s Square) Distance(t Square) int {
	df, dr := s.File()-t.File(), s.Rank()-t.Rank()
	return max(df, -df, dr, -dr)
}
