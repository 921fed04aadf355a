package belief

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// EnemyMove updates the belief after the enemy's unseen move: every class
// spreads by its own movement through squares that may be empty (only a man
// that can reach the capture square when a capture was announced), then what
// the referee said filters it. own holds our men after the move.
func (b *Belief) EnemyMove(own *game.Position, o *Observation, rules referee.Ruleset) {
	us := b.enemy.Other()
	ours := own.ByColor(us)
	if b.Possible[game.Pawn]&b.promotionOrigins() != 0 {
		b.makeups = b.makeups.promote() // a pawn may have promoted
		b.recount()
	}
	blocked := ours | b.Fixed
	if o.Capture == game.NoSquare {
		king := b.Possible[game.King]
		b.Fixed &^= b.mayMove(ours)
		b.jointQuiet(blocked)
		b.spreadQuiet(ours, blocked)
		switch {
		case b.onlyKingMoves(blocked):
			// A king whose men cannot move must move itself.
			b.Possible[game.King] = b.kingSteps(king, blocked)
		case len(o.Checks) > 0:
			// Only a king that stood on a check line can have made this
			// move: spread the king from there alone.
			b.Possible[game.King] = king | b.kingSteps(king&b.kingMayHaveMoved(own), blocked)
		}
	} else {
		b.Fixed &^= b.mayCapture(ours, o.Capture)
		kings := b.Possible[game.King]
		b.spreadCapture(ours|b.Fixed, o.Capture)
		b.jointCapture(kings, o.Capture)
		if o.Capture != b.ourDouble {
			b.Fixed |= o.Capture.Bit() // the capturer stands there now
		}
	}
	b.ourDouble = game.NoSquare
	b.tidy(own)
	occ := ours | b.Union()
	// The enemy moved legally: its king is not attacked by our men.
	b.Possible[game.King] &^= b.certainAttacks(own)
	b.jointUnattacked(own)
	b.jointChecks(own, o.Checks)
	if o.Tries != nil && o.TriesFor == us {
		b.jointTries(own, *o.Tries, rules.Tries)
	}
	// No enemy man gives a check the referee did not announce.
	b.Possible[game.King] &^= game.KingAttacks(own.KingSquare(us))
	b.excludeUnannouncedChecks(own, o.Checks, rules.CheckDirection, occ)
	b.jointNoChecks(own, o.Checks, rules.CheckDirection)
	if o.Tries != nil && o.TriesFor == us && len(o.Checks) == 0 {
		b.ourTries(own, *o.Tries, rules.Tries)
	}
	b.syncJoint()
}

// kingMayHaveMoved returns the squares from which the enemy king can have
// made the move that gave the announced checks: a king never gives check,
// so with a check the move was the checker's own or it uncovered a line; a
// king can only have uncovered a line by standing on it (or castled, when the
// rook may give the check).
func (b *Belief) kingMayHaveMoved(own *game.Position) game.Bitboard {
	us := b.enemy.Other()
	k := own.KingSquare(us)
	if k == game.NoSquare {
		return ^game.Bitboard(0)
	}
	ours := own.ByColor(us)
	// Castling moves the king too, and its rook may give the check.
	home := b.kingHome()
	return game.RookAttacks(k, ours) | game.BishopAttacks(k, ours) | home.Bit()
}

// onlyKingMoves reports whether the enemy's king is its only man that can
// make a quiet move: it has no piece left, and every pawn it may have has its
// push blocked by one of our men or a fixed enemy man.
func (b *Belief) onlyKingMoves(blocked game.Bitboard) bool {
	for _, t := range Classes[1:5] {
		if b.Max[t] > 0 {
			return false
		}
	}
	fwd := b.forward()
	for x := b.Possible[game.Pawn]; x != 0; {
		if !blocked.Has(game.Square(int(x.PopFirst()) + fwd)) {
			return false
		}
	}
	return true
}

// kingSteps returns the squares a king on from can step to around blocked
// squares, castling included.
func (b *Belief) kingSteps(from, blocked game.Bitboard) game.Bitboard {
	var out game.Bitboard
	for x := from; x != 0; {
		out |= game.KingAttacks(x.PopFirst())
	}
	home := b.kingHome()
	if from.Has(home) {
		if game.Between(home, home+3)&blocked == 0 {
			out |= (home + 2).Bit()
		}
		if game.Between(home, home-4)&blocked == 0 {
			out |= (home - 2).Bit()
		}
	}
	return out &^ blocked
}

// mayMove returns the fixed squares whose man may have made a quiet move:
// one of the classes possible there has a move around our men and the other
// fixed men. The rest stay fixed.
func (b *Belief) mayMove(ours game.Bitboard) game.Bitboard {
	var out game.Bitboard
	blocked := ours | b.Fixed
	fwd := b.forward()
	for x := b.Fixed; x != 0; {
		s := x.PopFirst()
		for _, t := range Classes {
			if !b.Possible[t].Has(s) {
				continue
			}
			var moves game.Bitboard
			switch t {
			case game.Pawn:
				moves = game.Square(int(s)+fwd).Bit() &^ blocked
			case game.King:
				moves = b.kingSteps(s.Bit(), blocked)
			default:
				moves = game.AttacksFrom(t, b.enemy, s, blocked) &^ blocked
			}
			if moves != 0 {
				out |= s.Bit()
				break
			}
		}
	}
	return out
}

// mayCapture returns the fixed squares whose man can capture on s.
func (b *Belief) mayCapture(ours game.Bitboard, s game.Square) game.Bitboard {
	blocked := ours | b.Fixed
	var out game.Bitboard
	for _, t := range Classes[:5] {
		out |= game.AttacksFrom(t, b.enemy, s, blocked) & b.Possible[t] & b.Fixed
	}
	out |= game.PawnAttacks(b.enemy.Other(), s) & b.Possible[game.Pawn] & b.Fixed
	if s == b.ourDouble {
		out |= beside(s) & b.Possible[game.Pawn] & b.Fixed
	}
	return out
}

// promotionOrigins returns the rank from which enemy pawns promote.
func (b *Belief) promotionOrigins() game.Bitboard {
	if b.enemy == game.White {
		return game.Rank7
	}
	return game.Rank2
}

// spreadQuiet lets every class make one move that captures nothing, around
// the squares in blocked (our men and the enemy's fixed men).
func (b *Belief) spreadQuiet(ours, blocked game.Bitboard) {
	next := b.menStep(&b.Possible, blocked)
	// Castling moves the king two squares and a rook over it.
	home := b.kingHome()
	if b.Possible[game.King].Has(home) {
		for _, side := range [2]struct{ rook, kingTo, rookTo game.Square }{{home + 3, home + 2, home + 1}, {home - 4, home - 2, home - 1}} {
			if game.Between(home, side.rook)&blocked == 0 && b.Possible[game.Rook].Has(side.rook) {
				next[game.King] |= side.kingTo.Bit()
				next[game.Rook] |= side.rookTo.Bit()
			}
		}
	}
	b.Possible = next
}

// menStep returns possible with every class's men (the king's too, when it
// has squares there) given one move that captures nothing, around the
// squares in blocked; castling aside.
func (b *Belief) menStep(possible *[game.King + 1]game.Bitboard, blocked game.Bitboard) [game.King + 1]game.Bitboard {
	next := *possible
	for _, t := range Classes[:5] { // every class but the pawns
		for x := possible[t]; x != 0; {
			next[t] |= game.AttacksFrom(t, b.enemy, x.PopFirst(), blocked) &^ blocked
		}
	}
	// Pawns push one square, or two from their first rank; a push to the last
	// rank makes a piece of any promotion class.
	fwd, first, last := b.forward(), game.Rank2, game.Rank8
	if b.enemy == game.Black {
		first, last = game.Rank7, game.Rank1
	}
	for x := possible[game.Pawn]; x != 0; {
		s := x.PopFirst()
		one := game.Square(int(s) + fwd)
		if blocked.Has(one) {
			continue
		}
		if last.Has(one) {
			for _, t := range promotionTypes {
				next[t] |= one.Bit()
			}
			continue
		}
		next[game.Pawn] |= one.Bit()
		if two := game.Square(int(one) + fwd); first.Has(s) && !blocked.Has(two) {
			next[game.Pawn] |= two.Bit()
		}
	}
	return next
}

// spreadCapture adds the capture square s to every class with a man that can
// capture onto it; an en passant capture of our pawn that just made a double
// step lands behind it.
func (b *Belief) spreadCapture(ours game.Bitboard, s game.Square) {
	var add [game.King + 1]bool
	for _, t := range Classes[:5] {
		// A man of type t attacks s from the squares a man of type t on s attacks.
		if game.AttacksFrom(t, b.enemy, s, ours)&b.Possible[t] != 0 {
			add[t] = true
		}
	}
	last := game.Rank8
	if b.enemy == game.Black {
		last = game.Rank1
	}
	if game.PawnAttacks(b.enemy.Other(), s)&b.Possible[game.Pawn] != 0 {
		if last.Has(s) {
			for _, t := range promotionTypes {
				add[t] = true
			}
		} else {
			add[game.Pawn] = true
		}
	}
	if s == b.ourDouble {
		if beside(s)&b.Possible[game.Pawn] != 0 {
			b.Possible[game.Pawn] |= crossedSquare(s, b.enemy.Other()).Bit()
		}
	}
	for _, t := range Classes {
		if add[t] {
			b.Possible[t] |= s.Bit()
		}
	}
}

// excludeUnannouncedChecks removes, from each class, the squares from which a
// man of that class would certainly give our king a check of a kind the
// referee did not announce (every kind, when none was announced). "Certainly"
// means every square between is known to be empty.
func (b *Belief) excludeUnannouncedChecks(own *game.Position, checks []referee.CheckKind, directional bool, occ game.Bitboard) {
	us := b.enemy.Other()
	k := own.KingSquare(us)
	if k == game.NoSquare || (len(checks) > 0 && !directional) {
		return
	}
	diag := game.BishopAttacks(k, occ)
	straight := game.RookAttacks(k, occ)
	long, short := referee.LongDiagonal(k), referee.ShortDiagonal(k)
	rank, file := game.RankMask(k.Rank()), game.FileMask(k.File())
	if !announced(checks, referee.CheckKnight) {
		b.Possible[game.Knight] &^= game.KnightAttacks(k)
	}
	pawnSquares := game.PawnAttacks(us, k)
	for _, d := range [...]struct {
		kind  referee.CheckKind
		rays  game.Bitboard
		types []game.PieceType
	}{
		{referee.CheckRank, straight & rank, []game.PieceType{game.Rook, game.Queen}},
		{referee.CheckFile, straight & file, []game.PieceType{game.Rook, game.Queen}},
		{referee.CheckLong, diag & long, []game.PieceType{game.Bishop, game.Queen}},
		{referee.CheckShort, diag & short, []game.PieceType{game.Bishop, game.Queen}},
	} {
		if announced(checks, d.kind) {
			continue
		}
		for _, t := range d.types {
			b.Possible[t] &^= d.rays
		}
		if d.kind == referee.CheckLong || d.kind == referee.CheckShort {
			b.Possible[game.Pawn] &^= pawnSquares & d.rays
		}
	}
}

// announced reports whether a check of the kind is among checks.
func announced(checks []referee.CheckKind, kind referee.CheckKind) bool {
	for _, c := range checks {
		if c == kind {
			return true
		}
	}
	return false
}

// ourTries uses our own pawn tries (announced after the enemy's move): a
// capture one of our pawns could make, when that pawn cannot be pinned, was
// not possible unless the referee counted it, so its target is empty.
func (b *Belief) ourTries(own *game.Position, t referee.Tries, style referee.TryStyle) {
	us := b.enemy.Other()
	ours := own.ByColor(us)
	for x := own.Pieces(us, game.Pawn); x != 0; {
		p := x.PopFirst()
		if b.OurMayBePinned(own, p) {
			continue
		}
		for y := game.PawnAttacks(us, p) &^ ours; y != 0; {
			to := y.PopFirst()
			if !triedCapture(t, style, p, to) {
				b.exclude(to.Bit())
			}
		}
	}
}

// triedCapture reports whether the tries announcement leaves room for a
// legal pawn capture from p to to.
func triedCapture(t referee.Tries, style referee.TryStyle, p, to game.Square) bool {
	switch style {
	case referee.TriesCount, referee.TriesYesNo:
		return t.Count > 0
	case referee.TriesSquares:
		for _, s := range t.Squares {
			if s == p {
				return true
			}
		}
		return false
	case referee.TriesMoves:
		for _, m := range t.Moves {
			if m.From() == p && m.To() == to {
				return true
			}
		}
		return false
	}
	return true
}

// beside returns the squares next to s on its rank: where a pawn able to
// capture en passant onto the square behind s stands.
func beside(s game.Square) game.Bitboard {
	return (s.Bit()<<1)&^game.FileA | (s.Bit()>>1)&^game.FileH
}

// forward is the step, in squares, of an enemy pawn's push.
func (b *Belief) forward() int {
	if b.enemy == game.Black {
		return -8
	}
	return 8
}

// kingHome is the enemy king's starting square, from which it castles.
func (b *Belief) kingHome() game.Square {
	if b.enemy == game.Black {
		return game.E8
	}
	return game.E1
}
