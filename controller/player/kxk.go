package player

import (
	"sync"

	"github.com/krieg/krieg/game"
)

// The KXK tables give, for king and queen or king and rook against king,
// every position's distance to mate in plies with best play in ordinary
// chess. Each is built once by retrograde analysis (a fraction of a second
// for the queen, about a second for the rook) the first time it is asked.
//
// Like the KPK table, the bot consults them only about its own hypotheses:
// averaged over the boards it believes possible, a move's distance to mate
// is how the bot sweeps and confines a king it cannot see.

// kxkNone marks a position that is invalid, drawn, or not (yet) a mate.
const kxkNone = 255

// kxkTable is indexed [side to move: 0 strong, 1 weak][strong king][piece][weak king].
type kxkTable [2][64][64][64]uint8

var (
	kxkOnce [game.King + 1]sync.Once
	kxk     [game.King + 1]*kxkTable
)

// KXKDistance returns the plies to mate in p, a king and a queen or rook
// against a lone king, with best play; ok is false for any other material,
// and mate is false when the strong side cannot force mate (the weak king
// takes the piece, or stalemate).
func KXKDistance(p *game.Position) (plies int, mate, ok bool) {
	if p.Occupied().Count() != 3 {
		return 0, false, false
	}
	var piece game.PieceType
	switch {
	case p.ByType(game.Queen) != 0:
		piece = game.Queen
	case p.ByType(game.Rook) != 0:
		piece = game.Rook
	default:
		return 0, false, false
	}
	ps := p.ByType(piece).First()
	strong := p.At(ps).Color()
	stm := 0
	if p.Turn() != strong {
		stm = 1
	}
	kxkOnce[piece].Do(func() { kxk[piece] = buildKXK(piece) })
	d := kxk[piece][stm][p.KingSquare(strong)][ps][p.KingSquare(strong.Other())]
	return int(d), d != kxkNone, true
}

// kxkCore is p with only the kings and one of strong's men of type piece
// (which strong must have): the table's view of a lone king against more
// men. Its distance is a fair guide only when kxkFaithful says so.
func kxkCore(p *game.Position, strong game.Color, piece game.PieceType) game.Position {
	core := *p
	keep := p.Pieces(strong, piece).First().Bit() | p.ByType(game.King)
	for x := p.Occupied() &^ keep; x != 0; {
		core.Remove(x.PopFirst())
	}
	return core
}

// kxkFaithful reports whether strong's piece on pc grips the lone king's
// square wk and its neighbours alike among all the men (occupancy all) and
// among the core's (occupancy core): no other man of ours stands in its
// lines there. Even then the other men may take squares from the king, so
// the core's distance is a guide, not a bound: a real stalemate is seen on
// the board.
func kxkFaithful(piece game.PieceType, strong game.Color, pc, wk game.Square, all, core game.Bitboard) bool {
	near := game.KingAttacks(wk) | wk.Bit()
	return game.AttacksFrom(piece, strong, pc, all)&near == game.AttacksFrom(piece, strong, pc, core)&near
}

// buildKXK runs the retrograde analysis level by level: a strong-side
// position is mate in n when one move reaches a weak-side position of n-1;
// a weak-side position is mate in n when every move reaches a strong-side
// position already solved, the longest being n-1.
func buildKXK(piece game.PieceType) *kxkTable {
	t := new(kxkTable)
	for stm := range t {
		for sk := range t[stm] {
			for pc := range t[stm][sk] {
				for wk := range t[stm][sk][pc] {
					t[stm][sk][pc][wk] = kxkNone
				}
			}
		}
	}
	// Level 0: the weak side to move is mated.
	for sk := game.Square(0); sk < 64; sk++ {
		for pc := game.Square(0); pc < 64; pc++ {
			for wk := game.Square(0); wk < 64; wk++ {
				if kxkValid(1, piece, sk, pc, wk) && kxkMated(piece, sk, pc, wk) {
					t[1][sk][pc][wk] = 0
				}
			}
		}
	}
	for level, found := uint8(1), true; found; level++ {
		found = false
		stm := int(level%2) ^ 1 // odd levels: the strong side moves
		for sk := game.Square(0); sk < 64; sk++ {
			for pc := game.Square(0); pc < 64; pc++ {
				for wk := game.Square(0); wk < 64; wk++ {
					if t[stm][sk][pc][wk] != kxkNone || !kxkValid(stm, piece, sk, pc, wk) {
						continue
					}
					var solved bool
					if stm == 0 {
						solved = t.strongReaches(piece, sk, pc, wk, level-1)
					} else {
						solved = t.weakForced(piece, sk, pc, wk, level-1)
					}
					if solved {
						t[stm][sk][pc][wk] = level
						found = true
					}
				}
			}
		}
	}
	return t
}

// kxkValid reports whether the men may stand so with stm to move.
func kxkValid(stm int, piece game.PieceType, sk, pc, wk game.Square) bool {
	if sk == pc || sk == wk || pc == wk || sk.Distance(wk) < 2 {
		return false
	}
	// The weak king may not be in check with the strong side to move.
	return stm == 1 || !game.AttacksFrom(piece, game.White, pc, sk.Bit()|wk.Bit()).Has(wk)
}

// weakMoves returns the squares the weak king may step to (a capture of
// an unprotected piece included).
func weakMoves(piece game.PieceType, sk, pc, wk game.Square) game.Bitboard {
	// The piece's lines pass through the king's square: it cannot hide behind itself.
	hit := game.AttacksFrom(piece, game.White, pc, sk.Bit())
	free := game.KingAttacks(wk) &^ game.KingAttacks(sk) &^ sk.Bit()
	return free &^ (hit &^ pc.Bit())
}

// kxkMated reports whether the weak king, to move, is checkmated.
func kxkMated(piece game.PieceType, sk, pc, wk game.Square) bool {
	inCheck := game.AttacksFrom(piece, game.White, pc, sk.Bit()|wk.Bit()).Has(wk)
	return inCheck && weakMoves(piece, sk, pc, wk) == 0
}

// strongReaches reports whether the strong side has a move to a weak-side
// position of exactly level.
func (t *kxkTable) strongReaches(piece game.PieceType, sk, pc, wk game.Square, level uint8) bool {
	for x := game.KingAttacks(sk) &^ game.KingAttacks(wk) &^ pc.Bit(); x != 0; {
		if t[1][x.PopFirst()][pc][wk] == level {
			return true
		}
	}
	for x := game.AttacksFrom(piece, game.White, pc, sk.Bit()|wk.Bit()) &^ sk.Bit() &^ wk.Bit(); x != 0; {
		if t[1][sk][x.PopFirst()][wk] == level {
			return true
		}
	}
	return false
}

// weakForced reports whether every weak-king move reaches a solved
// strong-side position, the longest of them at level (none is drawn).
func (t *kxkTable) weakForced(piece game.PieceType, sk, pc, wk game.Square, level uint8) bool {
	moves := weakMoves(piece, sk, pc, wk)
	if moves == 0 || moves.Has(pc) {
		return false // stalemate (mate was level 0), or the piece falls
	}
	longest := uint8(0)
	for x := moves; x != 0; {
		d := t[0][sk][pc][x.PopFirst()]
		if d == kxkNone || d > level {
			return false
		}
		longest = max(longest, d)
	}
	return longest == level
}
