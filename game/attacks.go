package game

// Attack tables. Leaper attacks are plain tables; slider attacks use magic
// bitboards. Their magic numbers come from a deterministic random search;
// that search takes most of a second (seconds in a browser), so the numbers
// it finds are kept in magics.go, which a test regenerates from the search
// (go test ./game -run MagicFactors -update), and each kept number is
// checked as the tables are filled: one that does not fit is searched anew.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	// between[a][b] holds the squares strictly between a and b on a shared line, else empty.
	between [64][64]Bitboard
	// line[a][b] holds the whole line (edge to edge) through a and b, else empty.
	line [64][64]Bitboard
	// rookRays[s] and bishopRays[s] hold what a rook or bishop on s attacks on an empty board.
	rookRays, bishopRays [64]Bitboard

	rookMagics   [64]magic
	bishopMagics [64]magic
)

// magic finds a slider's attacks from one square: the relevant occupancy
// times factor, shifted right, indexes this square's block of sliderAttacks.
type magic struct {
	mask   Bitboard
	factor uint64
	shift  uint8
	offset uint32 // where this square's block starts in sliderAttacks
}

// sliderAttacks holds every square's block of rook attacks, then of bishop
// attacks: a rook on a square with n relevant squares has 1<<n entries (102400
// in all), a bishop likewise (5248). One flat array spares a slice header per lookup.
var sliderAttacks [102400 + 5248]Bitboard

func (m *magic) index(occ Bitboard) uint64 {
	return uint64(m.offset) + (uint64(occ&m.mask)*m.factor)>>m.shift
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func init() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			knightAttacks[s] |= offset(f+d[0], r+d[1])
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					kingAttacks[s] |= offset(f+df, r+dr)
				}
			}
		}
		pawnAttacks[White][s] = offset(f-1, r+1) | offset(f+1, r+1)
		pawnAttacks[Black][s] = offset(f-1, r-1) | offset(f+1, r-1)
	}
	for a := Square(0); a < 64; a++ {
		for _, dirs := range [][4][2]int{rookDirs, bishopDirs} {
			for _, d := range dirs {
				var ray Bitboard
				for f, r := a.File()+d[0], a.Rank()+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
					b := NewSquare(f, r)
					between[a][b] = ray
					ray |= b.Bit()
				}
				full := slide(a, 0, [][2]int{d, {-d[0], -d[1]}}) | a.Bit()
				for s := full; s != 0; {
					b := s.PopFirst()
					if b != a {
						line[a][b] = full
					}
				}
			}
		}
	}
	for s := Square(0); s < 64; s++ {
		rookRays[s], bishopRays[s] = slide(s, 0, rookDirs[:]), slide(s, 0, bishopDirs[:])
	}
	found := buildSliders(&keptFactors, sliderAttacks[:])
	rookMagics, bishopMagics = found[0], found[1]
}

// sliderKinds are the rook's then the bishop's directions, in the order
// of their blocks in sliderAttacks and of keptFactors.
var sliderKinds = [2][][2]int{rookDirs[:], bishopDirs[:]}

// buildSliders finds every square's magic, rook then bishop, and fills
// table (as long as sliderAttacks) with the attacks: kept holds a factor
// to try first for each (nil: search them all, as magics.go was made).
func buildSliders(kept *[2][64]uint64, table []Bitboard) (magics [2][64]magic) {
	rng := xorshift(0x9E3779B97F4A7C15)
	var offset uint32
	for k, dirs := range sliderKinds {
		for s := Square(0); s < 64; s++ {
			var try uint64
			if kept != nil {
				try = kept[k][s]
			}
			m := findMagic(s, dirs, try, table[offset:], &rng)
			m.offset = offset
			magics[k][s] = m
			offset += 1 << (64 - m.shift)
		}
	}
	if offset != uint32(len(table)) {
		panic("game: slider attack tables miscounted") // unreachable: the sizes are fixed by the board
	}
	return magics
}

func offset(f, r int) Bitboard {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return 0
	}
	return NewSquare(f, r).Bit()
}

// slide returns the squares a slider on s attacks along dirs, stopping at occupied squares.
func slide(s Square, occ Bitboard, dirs [][2]int) Bitboard {
	var out Bitboard
	for _, d := range dirs {
		for f, r := s.File()+d[0], s.Rank()+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
			b := NewSquare(f, r).Bit()
			out |= b
			if occ&b != 0 {
				break
			}
		}
	}
	return out
}

type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 2685821657736338717
}

// findMagic finds a magic factor for a slider on s moving along dirs and
// writes its attacks at the start of block (zeroed): try, when it fits, else the
// first that fits of a search drawing from rng.
func findMagic(s Square, dirs [][2]int, try uint64, block []Bitboard, rng *xorshift) magic {
	// The relevant occupancy excludes the board edges the rays end on.
	var mask Bitboard
	for _, d := range dirs {
		for f, r := s.File()+d[0], s.Rank()+d[1]; ; f, r = f+d[0], r+d[1] {
			nf, nr := f+d[0], r+d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 || nf < 0 || nf > 7 || nr < 0 || nr > 7 {
				break
			}
			mask |= NewSquare(f, r).Bit()
		}
	}
	n := mask.Count()
	m := magic{mask: mask, shift: uint8(64 - n), factor: try}
	if try != 0 && fillKept(s, dirs, m, block[:1<<n]) {
		return m
	}
	subsets := make([]Bitboard, 0, 1<<n)
	answers := make([]Bitboard, 0, 1<<n)
	for sub := Bitboard(0); ; sub = (sub - mask) & mask { // Carry-Rippler enumeration
		subsets = append(subsets, sub)
		answers = append(answers, slide(s, sub, dirs))
		if sub == mask && n > 0 || n == 0 {
			break
		}
	}
	used := make([]int, 1<<n)
	// fits tries m.factor, marking the entries it writes with epoch.
	fits := func(epoch int) bool {
		for i, sub := range subsets {
			idx := m.index(sub)
			if used[idx] != epoch {
				used[idx] = epoch
				block[idx] = answers[i]
			} else if block[idx] != answers[i] {
				return false
			}
		}
		return true
	}
	for epoch := 1; ; epoch++ {
		a, b, c := rng.next(), rng.next(), rng.next() // a sparse candidate: the AND of three draws
		m.factor = a & b & c
		if fits(epoch) {
			return m
		}
	}
}

// fillKept writes the attacks of a slider on s moving along dirs into
// block (zeroed) through m, with no scratch space (a start in a browser
// pays for every allocation), and reports whether m's factor fits; when
// it does not, block is zeroed again. An empty entry is one not yet
// written: a slider always attacks some square.
func fillKept(s Square, dirs [][2]int, m magic, block []Bitboard) bool {
	for sub := Bitboard(0); ; sub = (sub - m.mask) & m.mask { // Carry-Rippler enumeration
		idx, att := m.index(sub), slide(s, sub, dirs) // m.offset is 0 until the block is placed
		if block[idx] == 0 {
			block[idx] = att
		} else if block[idx] != att {
			clear(block)
			return false
		}
		if sub == m.mask {
			return true
		}
	}
}

// RookAttacks returns the squares a rook on s attacks given the occupied squares occ.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	return sliderAttacks[rookMagics[s].index(occ)]
}

// BishopAttacks returns the squares a bishop on s attacks given the occupied squares occ.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	return sliderAttacks[bishopMagics[s].index(occ)]
}

// QueenAttacks returns the squares a queen on s attacks given the occupied squares occ.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// Between returns the squares strictly between a and b when they share a rank,
// file or diagonal, and the empty set otherwise.
func Between(a, b Square) Bitboard { return between[a][b] }

// Line returns the full line through a and b (edge to edge) when they share a
// rank, file or diagonal, and the empty set otherwise.
func Line(a, b Square) Bitboard { return line[a][b] }

// AttacksFrom returns the squares a piece of type t and colour c on s attacks given occupancy occ.
func AttacksFrom(t PieceType, c Color, s Square, occ Bitboard) Bitboard {
	switch t {
	case Pawn:
		return pawnAttacks[c][s]
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Queen:
		return QueenAttacks(s, occ)
	case King:
		return kingAttacks[s]
	}
	return 0
}
