package belief

import "github.com/krieg/krieg/game"

// A refused attempt has a witness: one enemy man that makes it illegal,
// either by standing in its way or by attacking our king once it is made.
// (Pawn captures, which an empty target also refuses, and castling are left
// out.) When only one enemy class can hold the witness and that class has a
// single man, the man stands where it would witness: the enemy king, which
// random and careless attempts most often bump into, is found that way.

// witnessParts returns, for each enemy class, the squares from which a man
// of that class alone would make our attempt m illegal, in two parts: the
// attempt's path (for a pawn push, also its target), and per class the
// squares attacking our king after the move, on square k, along lines
// through our men only. own holds our men before the move.
func witnessParts(own *game.Position, m game.Move, us game.Color) (path game.Bitboard, attack [game.King + 1]game.Bitboard, k game.Square) {
	switch own.At(m.From()).Type() {
	case game.Pawn:
		path = game.Between(m.From(), m.To()) | m.To().Bit()
	case game.Bishop, game.Rook, game.Queen:
		path = game.Between(m.From(), m.To())
	}
	after := *own
	after.Apply(m)
	occ := after.ByColor(us)
	k = after.KingSquare(us)
	if k == game.NoSquare {
		return path, attack, k
	}
	for _, t := range Classes {
		if t == game.Pawn {
			attack[t] = game.PawnAttacks(us, k)
		} else {
			attack[t] = game.AttacksFrom(t, us, k, occ)
		}
		// A man on the target is captured by the move and attacks nothing.
		attack[t] &^= occ | m.To().Bit()
	}
	return path, attack, k
}

// fixWitness fixes the witness's square when it can only stand on one
// square of the attempt's path: no enemy man may stand where it would
// attack our king after the move (a refused e4-e5 with no line from our king
// through e4 proves a man on e5).
func (b *Belief) fixWitness(path game.Bitboard, attack *[game.King + 1]game.Bitboard) {
	for _, t := range Classes {
		if attack[t]&b.Possible[t] != 0 {
			return
		}
	}
	if on := path & b.Union(); on.Count() == 1 {
		b.Fixed |= on
	}
}

// IllegalAttempt uses our refused attempt m, a move our men could make that
// is neither a pawn capture nor castling: when a single class can hold the
// witness and that class has at most one man, it stands on a witness square.
func (b *Belief) IllegalAttempt(own *game.Position, m game.Move) {
	path, attack, ksq := witnessParts(own, m, b.enemy.Other())
	var w [game.King + 1]game.Bitboard
	for _, t := range Classes {
		w[t] = path | attack[t]
	}
	only, count := game.PieceType(0), 0
	for _, t := range Classes {
		if b.Possible[t]&w[t] != 0 {
			only, count = t, count+1
		}
	}
	if count == 1 && (only == game.King || b.Max[only] == 1) {
		b.Possible[only] &= w[only]
	}
	b.fixWitness(path, &attack)
	b.jointWitness(&w, path, &attack, ksq)
	b.syncJoint()
}
