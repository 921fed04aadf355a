package player

import (
	"sync"

	"github.com/krieg/krieg/game"
)

// The KPK table says, for every position of king and pawn against king,
// whether the pawn's side wins with best play in ordinary chess. It is built
// once by retrograde iteration (about 0.3 s) the first time it is asked.
//
// The bot asks it about its own hypotheses (each board it believes possible),
// never about the true board: averaged over the belief's king squares it is
// the rule of the square over the Wave set of Ciancarini, Dalla Libera and
// Maran's "A Rational Approach to Kriegspiel", made exact.

// kpk status values.
const (
	kpkUnknown uint8 = iota
	kpkInvalid
	kpkWin
	kpkDraw
)

// kpkTable is indexed [side to move][strong king][weak king][pawn], with the
// strong side White and its pawn moving up the board.
type kpkTable [2][64][64][64]uint8

var (
	kpkOnce sync.Once
	kpk     *kpkTable
)

// KPKWins reports whether p is a king-and-pawn against king position that
// the pawn's side wins with best play. ok is false when p holds other men.
func KPKWins(p *game.Position) (win, ok bool) {
	pawns := p.ByType(game.Pawn)
	if p.Occupied().Count() != 3 || pawns.Count() != 1 {
		return false, false
	}
	ps := pawns.First()
	strong := p.At(ps).Color()
	wk, bk, stm := p.KingSquare(strong), p.KingSquare(strong.Other()), 0
	if p.Turn() != strong {
		stm = 1
	}
	if strong == game.Black { // mirror the ranks: the pawn then moves up
		wk, bk, ps = wk^56, bk^56, ps^56
	}
	kpkOnce.Do(func() { kpk = buildKPK() })
	return kpk[stm][wk][bk][ps] == kpkWin, true
}

// buildKPK fills the table: immediate wins and draws first, then rounds of
// propagation until nothing changes; whatever stays unknown is a draw.
func buildKPK() *kpkTable {
	t := new(kpkTable)
	for wk := game.Square(0); wk < 64; wk++ {
		for bk := game.Square(0); bk < 64; bk++ {
			for ps := game.A2; ps <= game.H7; ps++ {
				t[0][wk][bk][ps] = kpkStart(0, wk, bk, ps)
				t[1][wk][bk][ps] = kpkStart(1, wk, bk, ps)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for wk := game.Square(0); wk < 64; wk++ {
			for bk := game.Square(0); bk < 64; bk++ {
				for ps := game.A2; ps <= game.H7; ps++ {
					for stm := 0; stm < 2; stm++ {
						if t[stm][wk][bk][ps] != kpkUnknown {
							continue
						}
						if v := t.propagate(stm, wk, bk, ps); v != kpkUnknown {
							t[stm][wk][bk][ps] = v
							changed = true
						}
					}
				}
			}
		}
	}
	for stm := range t {
		for wk := range t[stm] {
			for bk := range t[stm][wk] {
				for ps := range t[stm][wk][bk] {
					if t[stm][wk][bk][ps] == kpkUnknown {
						t[stm][wk][bk][ps] = kpkDraw
					}
				}
			}
		}
	}
	return t
}

// kpkStart classifies a position without looking ahead.
func kpkStart(stm int, wk, bk, ps game.Square) uint8 {
	if wk == bk || wk == ps || bk == ps || game.KingAttacks(wk).Has(bk) {
		return kpkInvalid
	}
	pawnHits := game.PawnAttacks(game.White, ps)
	if stm == 0 {
		if pawnHits.Has(bk) {
			return kpkInvalid // Black in check with White to move
		}
		q := ps + 8
		if ps.Rank() == 6 && q != wk && q != bk && (!game.KingAttacks(bk).Has(q) || game.KingAttacks(wk).Has(q)) {
			return kpkWin // promotes safely
		}
		return kpkUnknown
	}
	free := game.KingAttacks(bk) &^ game.KingAttacks(wk) &^ pawnHits
	if free == 0 || free.Has(ps) {
		return kpkDraw // stalemate, or the pawn falls
	}
	return kpkUnknown
}

// propagate decides a position from its children, or leaves it unknown.
func (t *kpkTable) propagate(stm int, wk, bk, ps game.Square) uint8 {
	if stm == 0 {
		all := kpkDraw
		for x := game.KingAttacks(wk) &^ game.KingAttacks(bk) &^ ps.Bit(); x != 0; {
			if v := t[1][x.PopFirst()][bk][ps]; v == kpkWin {
				return kpkWin
			} else if v == kpkUnknown {
				all = kpkUnknown
			}
		}
		if ps.Rank() < 6 && ps+8 != wk && ps+8 != bk {
			if v := t[1][wk][bk][ps+8]; v == kpkWin {
				return kpkWin
			} else if v == kpkUnknown {
				all = kpkUnknown
			}
			if ps.Rank() == 1 && ps+16 != wk && ps+16 != bk {
				if v := t[1][wk][bk][ps+16]; v == kpkWin {
					return kpkWin
				} else if v == kpkUnknown {
					all = kpkUnknown
				}
			}
		}
		return all
	}
	all := kpkWin
	for x := game.KingAttacks(bk) &^ game.KingAttacks(wk) &^ game.PawnAttacks(game.White, ps); x != 0; {
		if v := t[0][wk][x.PopFirst()][ps]; v == kpkDraw {
			return kpkDraw
		} else if v == kpkUnknown {
			all = kpkUnknown
		}
	}
	return all
}
