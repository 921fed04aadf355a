package jkrieg

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// CheckContext is what rules R3-R6 need after an enemy move that checks us.
type CheckContext struct {
	Own         *game.Position // our men after the move
	Us          game.Color
	Checks      []referee.CheckKind
	Capture     game.Square // where the enemy captured, or NoSquare
	EPCapture   bool        // the capture may have been en passant (our pawn had just made a double step)
	Tries       int         // our pawn tries (-1 when not told)
	MayBePinned func(game.Square) bool
}

// CheckerSquares returns, for rules R3-R6, the squares where the man giving
// each announced check may stand; R8 is left to the caller (a double check
// has two checkers, so the union of both sets holds them).
func CheckerSquares(c CheckContext) []game.Bitboard {
	k := c.Own.KingSquare(c.Us)
	if k == game.NoSquare {
		return nil
	}
	ours := c.Own.ByColor(c.Us)
	out := make([]game.Bitboard, len(c.Checks))
	for i, kind := range c.Checks {
		out[i] = checkRays(k, kind, ours)
	}
	single := len(c.Checks) == 1
	for i, kind := range c.Checks {
		// R4: a capture on a line of the check's kind was made by the checker
		// (a discovered check never leaves the capturer on that line, except
		// after an en passant capture, which empties two squares).
		if c.Capture != game.NoSquare && !c.EPCapture && !sameKindTwice(c.Checks) && kind != referee.CheckPlain {
			if out[i].Has(c.Capture) {
				out[i] = c.Capture.Bit()
				continue
			}
			out[i] = discovered(k, out[i], c.Capture, ours)
		}
		if !single || c.Tries < 0 {
			continue
		}
		if c.Tries > 0 && !epPossible(c.Own, c.Us) {
			// R5: some legal pawn capture removes the checker.
			out[i] &= ourPawnTargets(c.Own, c.Us, func(game.Square) bool { return false })
		}
		if c.Tries == 0 {
			// R6: an unpinned pawn attacking the checker could have taken it.
			out[i] &^= ourPawnTargets(c.Own, c.Us, c.MayBePinned)
		}
	}
	return out
}

// checkRays returns rule R3's squares for one check kind: along the matching
// rays from the king up to the first of our men or the edge, or the knight
// squares not holding our men; every kind for a check of unknown direction.
func checkRays(k game.Square, kind referee.CheckKind, ours game.Bitboard) game.Bitboard {
	straight := game.RookAttacks(k, ours) &^ ours
	diag := game.BishopAttacks(k, ours) &^ ours
	switch kind {
	case referee.CheckRank:
		return straight & game.RankMask(k.Rank())
	case referee.CheckFile:
		return straight & game.FileMask(k.File())
	case referee.CheckLong:
		return diag & referee.LongDiagonal(k)
	case referee.CheckShort:
		return diag & referee.ShortDiagonal(k)
	case referee.CheckKnight:
		return game.KnightAttacks(k) &^ ours
	}
	return straight | diag | game.KnightAttacks(k)&^ours
}

// sameKindTwice reports whether two announced checks have the same kind.
func sameKindTwice(checks []referee.CheckKind) bool {
	return len(checks) == 2 && checks[0] == checks[1]
}

// discovered narrows a check line when the capture square s is off it: the
// capturer came from the line, uncovering the checker, so the checker stands
// beyond the nearest line square from which some man could reach s.
func discovered(k game.Square, line game.Bitboard, s game.Square, ours game.Bitboard) game.Bitboard {
	out := line &^ s.Bit()
	var keep game.Bitboard
	for x := line; x != 0; {
		t := x.PopFirst()
		// t can be the checker if some square between the king and t could
		// have been the capturer's origin.
		for y := game.Between(k, t) & line; y != 0; {
			if reaches(y.PopFirst(), s, ours) {
				keep |= t.Bit()
				break
			}
		}
	}
	return out & keep
}

// reaches reports whether some man on from could capture on s in one move
// (a queen's or knight's move, or a pawn's diagonal step of either colour),
// with our men blocking.
func reaches(from, s game.Square, ours game.Bitboard) bool {
	if game.QueenAttacks(from, ours).Has(s) || game.KnightAttacks(from).Has(s) {
		return true
	}
	return game.PawnAttacks(game.White, from).Has(s) || game.PawnAttacks(game.Black, from).Has(s)
}

// ourPawnTargets returns the squares our pawns attack, skipping pawns pinned reports true for.
func ourPawnTargets(own *game.Position, us game.Color, pinned func(game.Square) bool) game.Bitboard {
	var t game.Bitboard
	for x := own.Pieces(us, game.Pawn); x != 0; {
		p := x.PopFirst()
		if !pinned(p) {
			t |= game.PawnAttacks(us, p)
		}
	}
	return t &^ own.ByColor(us)
}

// epPossible reports whether one of our pawns stands where an en passant
// capture could be open to it (its fifth rank), so a pawn try may be an en
// passant capture that removes or blocks the checker in ways R5 does not model.
func epPossible(own *game.Position, us game.Color) bool {
	rank := game.Rank5
	if us == game.Black {
		rank = game.Rank4
	}
	return own.Pieces(us, game.Pawn)&rank != 0
}

// PinnedByAnything is the JKrieg rules' view of pins: a pawn on an open line
// from our king (no man of ours between) may be pinned by whatever stands beyond.
func PinnedByAnything(own *game.Position, us game.Color) func(game.Square) bool {
	return func(p game.Square) bool {
		k := own.KingSquare(us)
		if k == game.NoSquare || game.Line(k, p) == 0 || game.Between(k, p)&own.ByColor(us) != 0 {
			return false
		}
		for x := game.Line(k, p) &^ own.ByColor(us); x != 0; {
			if game.Between(k, x.PopFirst()).Has(p) {
				return true
			}
		}
		return false
	}
}
