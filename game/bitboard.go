package game

import "math/bits"

// Bitboard is a set of squares: bit i is square i (a1 = bit 0, h8 = bit 63).
type Bitboard uint64

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&s.Bit() != 0 }

// Count returns how many squares are in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square in a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Squares lists the set's squares in increasing order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for b != 0 {
		out = append(out, b.PopFirst())
	}
	return out
}

// File and rank masks.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xff
	Rank2 Bitboard = Rank1 << 8
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
	// LightSquares holds every light square (h1 is light).
	LightSquares Bitboard = 0x55aa55aa55aa55aa
)

// FileMask returns the squares of file f (0 = a).
func FileMask(f int) Bitboard { return FileA << uint(f) }

// RankMask returns the squares of rank r (0 = rank 1).
func RankMask(r int) Bitboard { return Rank1 << uint(8*r) }

// bit returns the set holding only s, for s on the board (it masks the shift
// count, which spares the compiler's test for counts past 63).
func bit(s Square) Bitboard { return 1 << (uint(s) & 63) }
