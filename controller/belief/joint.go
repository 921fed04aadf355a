package belief

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// The joint belief: per-class sets cannot hold "the king stands here or the
// knight stands there", which is what most refused attempts say when the
// enemy has few men. So, for every square k the enemy king may stand on, the
// belief also keeps, per class, the squares where a man of that class may
// stand while the king is on k. It spreads with the enemy's move (either the
// king stepped and the others stayed, or another man moved around the king),
// every per-class filter narrows it, and it narrows the per-class sets back:
//   - a king square whose men cannot all be placed (some make-up of the
//     enemy's men must fit in the squares left, class by class) is ruled out;
//   - a refused attempt rules out the king squares, off the king's own
//     witness squares, where no other man can witness it, and pins a single
//     man of the only class that can down to its witness squares.

// jointMost is the most men besides the king for which the joint belief is
// kept: with more, it costs more and teaches little.
const jointMost = 7

// jointSets holds, per enemy king square, per class (the king's own slot
// unused), the squares where a man of that class may stand with the king
// there.
type jointSets [64][game.King + 1]game.Bitboard

// startJoint starts the joint belief from the per-class sets: with the king
// on any square it may stand on, the other men may stand anywhere their class
// may, except on the king's square.
func (b *Belief) startJoint() {
	b.joint = true
	b.pairs = jointSets{}
	for x := b.Possible[game.King]; x != 0; {
		k := x.PopFirst()
		for _, t := range Classes[1:] {
			b.pairs[k][t] = b.Possible[t] &^ k.Bit()
		}
	}
}

// widenJoint lets the joint belief allow another start.
func (b *Belief) widenJoint(start *game.Position) {
	k := start.KingSquare(b.enemy)
	if !b.joint || k == game.NoSquare {
		return
	}
	for _, t := range Classes[1:] {
		b.pairs[k][t] |= start.Pieces(b.enemy, t)
	}
}

// orInto adds every class's squares of from to to.
func orInto(to, from *[game.King + 1]game.Bitboard) {
	for _, t := range Classes[1:] {
		to[t] |= from[t]
	}
}

// jointQuiet spreads the joint belief over an enemy move that captured
// nothing, around blocked (our men and the enemy's fixed men): either the
// king stepped (castling too) and the others stayed, or one of the others
// moved around the king. It must run before the king's set spreads.
func (b *Belief) jointQuiet(blocked game.Bitboard) {
	if !b.joint {
		return
	}
	var next jointSets
	home := b.kingHome()
	for x := b.Possible[game.King]; x != 0; {
		k := x.PopFirst()
		men := b.pairs[k]
		moved := b.menStep(&men, blocked|k.Bit())
		orInto(&next[k], &moved)
		for y := b.kingSteps(k.Bit(), blocked); y != 0; {
			orInto(&next[y.PopFirst()], &men)
		}
		if k == home {
			// Castling moves a rook over the king too.
			if men[game.Rook].Has(home + 3) {
				next[home+2][game.Rook] |= (home + 1).Bit()
			}
			if men[game.Rook].Has(home - 4) {
				next[home-2][game.Rook] |= (home - 1).Bit()
			}
		}
	}
	b.pairs = next
}

// jointCapture spreads the joint belief over an enemy capture on s, once the
// per-class sets have spread (kings holds the king's squares before): a man
// that reached s (or the square behind it, en passant) with the king where it
// was, or the king that captured with its men where they were.
func (b *Belief) jointCapture(kings game.Bitboard, s game.Square) {
	if !b.joint {
		return
	}
	landing := s.Bit()
	if s == b.ourDouble {
		landing |= crossedSquare(s, b.enemy.Other()).Bit()
	}
	var arrived [game.King + 1]game.Bitboard
	for _, t := range Classes[1:] {
		arrived[t] = b.Possible[t] & landing
	}
	var next jointSets
	for x := kings; x != 0; {
		k := x.PopFirst()
		next[k] = b.pairs[k]
		orInto(&next[k], &arrived)
	}
	if b.Possible[game.King].Has(s) {
		for x := kings & game.KingAttacks(s); x != 0; {
			orInto(&next[s], &b.pairs[x.PopFirst()])
		}
	}
	b.pairs = next
}

// jointWitness uses our refused attempt with witness squares w (see
// witnessParts; path and attack are its parts, ksq our king's square after
// the attempt): with the king on a square k that does not witness it, some
// other man must, and the king on k hides the attacks from behind it; a king
// square where none can is ruled out, and when only one class can and it has
// a single man, that man stands on a witness square.
func (b *Belief) jointWitness(w *[game.King + 1]game.Bitboard, path game.Bitboard, attack *[game.King + 1]game.Bitboard, ksq game.Square) {
	if !b.joint {
		return
	}
	single := b.menLeft() == 1
	for x := b.Possible[game.King] &^ w[game.King]; x != 0; {
		k := x.PopFirst()
		var off game.Bitboard
		if ksq != game.NoSquare {
			off = behind(ksq, k)
		}
		var need [game.King + 1]game.Bitboard
		for _, t := range Classes[1:] {
			need[t] = path | attack[t]&^off
		}
		b.needAt(k, &need, single)
	}
}

// behind returns the squares on the line from a through k that k hides from a.
func behind(a, k game.Square) game.Bitboard {
	var out game.Bitboard
	for x := game.Line(a, k); x != 0; {
		if s := x.PopFirst(); game.Between(a, s).Has(k) {
			out |= s.Bit()
		}
	}
	return out
}

// syncJoint brings the joint belief and the per-class sets together: each
// narrows the other. A king square where some make-up of the enemy's men
// cannot be placed is ruled out. Should that leave the king nowhere (only a
// belief already wrong can), the joint belief is dropped instead.
func (b *Belief) syncJoint() {
	if !b.joint && b.wantJoint && b.menLeft() <= jointMost {
		b.startJoint()
	}
	if !b.joint {
		return
	}
	kings := b.Possible[game.King]
	var union [game.King + 1]game.Bitboard
	for k := game.Square(0); k < 64; k++ {
		men := &b.pairs[k]
		if !kings.Has(k) {
			*men = [game.King + 1]game.Bitboard{}
			continue
		}
		for _, t := range Classes[1:] {
			men[t] &= b.Possible[t] &^ k.Bit()
		}
		if !b.fits(men) {
			kings &^= k.Bit()
			*men = [game.King + 1]game.Bitboard{}
			continue
		}
		orInto(&union, men)
	}
	if kings == 0 {
		b.joint = false
		return
	}
	b.Possible[game.King] = kings
	for _, t := range Classes[1:] {
		b.Possible[t] &= union[t]
	}
}

// fits reports whether some make-up of the enemy's men can stand on the
// squares men allows, class by class: each kind has at least as many squares
// as men, the pieces (promoted men included) as many squares between them,
// and all the men as many squares between them.
func (b *Belief) fits(men *[game.King + 1]game.Bitboard) bool {
	pawnSquares := int8(men[game.Pawn].Count())
	queenSquares := int8(men[game.Queen].Count())
	rookSquares := int8(men[game.Rook].Count())
	lightSquares := int8((men[game.Bishop] & game.LightSquares).Count())
	darkSquares := int8((men[game.Bishop] &^ game.LightSquares).Count())
	knightSquares := int8(men[game.Knight].Count())
	pieceSquares := int8((men[game.Queen] | men[game.Rook] | men[game.Bishop] | men[game.Knight]).Count())
	allSquares := int8((men[game.Pawn] | men[game.Queen] | men[game.Rook] | men[game.Bishop] | men[game.Knight]).Count())
	for _, m := range b.makeups {
		pieces := m[queens] + m[rooks] + m[lightBishops] + m[darkBishops] + m[knights] + m[promoted]
		if m[pawns] <= pawnSquares && m[queens] <= queenSquares && m[rooks] <= rookSquares &&
			m[lightBishops] <= lightSquares && m[darkBishops] <= darkSquares && m[knights] <= knightSquares &&
			pieces <= pieceSquares && pieces+m[pawns] <= allSquares {
			return true
		}
	}
	return false
}

// jointUnattacked uses that the enemy king is not attacked by our men (own
// holds them): with the king on k, each line from one of our sliders to k
// through no man of ours holds an enemy man between. A king square where no
// man can stand on such a line is ruled out; when the enemy has a single man
// besides its king, that man stands on every such line.
func (b *Belief) jointUnattacked(own *game.Position) {
	if !b.joint {
		return
	}
	us := b.enemy.Other()
	ours := own.ByColor(us)
	sliders := ours & (own.ByType(game.Bishop) | own.ByType(game.Rook) | own.ByType(game.Queen))
	single := b.menLeft() == 1
	for x := b.Possible[game.King]; x != 0; {
		k := x.PopFirst()
		for y := sliders; y != 0 && b.Possible[game.King].Has(k); {
			s := y.PopFirst()
			between := game.Between(s, k)
			if game.Line(s, k) == 0 || !slides(own.At(s).Type(), s, k) || between&ours != 0 {
				continue
			}
			var need [game.King + 1]game.Bitboard
			for _, t := range Classes[1:] {
				need[t] = between
			}
			b.needAt(k, &need, single)
		}
	}
}

// menLeft returns the most men besides the king any make-up allows.
func (b *Belief) menLeft() int {
	most := 0
	for _, m := range b.makeups {
		n := 0
		for _, c := range m {
			n += int(c)
		}
		most = max(most, n)
	}
	return most
}

// jointNeed uses that some man besides the king stands, for its class t, on
// need[t], less hidden(k) when the king stands on k (nil: nothing hidden): a
// king square where none can is ruled out; when the enemy has a single man
// besides its king, it stands there, and so does the single man of the only
// class that can.
func (b *Belief) jointNeed(need *[game.King + 1]game.Bitboard, hidden func(k game.Square) game.Bitboard) {
	if !b.joint {
		return
	}
	single := b.menLeft() == 1
	for x := b.Possible[game.King]; x != 0; {
		k := x.PopFirst()
		var off game.Bitboard
		if hidden != nil {
			off = hidden(k)
		}
		var here [game.King + 1]game.Bitboard
		for _, t := range Classes[1:] {
			here[t] = need[t] &^ off
		}
		b.needAt(k, &here, single)
	}
}

// needAt uses that, with the king on k, some other man stands, for its
// class t, on need[t] (see jointNeed).
func (b *Belief) needAt(k game.Square, need *[game.King + 1]game.Bitboard, single bool) {
	men := &b.pairs[k]
	only, count := game.PieceType(0), 0
	for _, t := range Classes[1:] {
		if men[t]&need[t] != 0 {
			only, count = t, count+1
		}
	}
	switch {
	case count == 0:
		b.Possible[game.King] &^= k.Bit()
	case single:
		for _, t := range Classes[1:] {
			men[t] &= need[t]
		}
	case count == 1 && b.Max[only] == 1:
		men[only] &= need[only]
	}
}

// jointTries uses our pawn tries announced after the enemy's move: when they
// say some pawn capture is legal, an enemy man other than the king stands on
// a square one of our pawns attacks, or beside it, having just made the
// double step that capture takes en passant.
func (b *Belief) jointTries(own *game.Position, t referee.Tries, style referee.TryStyle) {
	us := b.enemy.Other()
	var targets game.Bitboard
	switch style {
	case referee.TriesCount, referee.TriesYesNo:
		if t.Count == 0 {
			return
		}
		for x := own.Pieces(us, game.Pawn); x != 0; {
			targets |= game.PawnAttacks(us, x.PopFirst())
		}
	case referee.TriesSquares:
		for _, s := range t.Squares {
			targets |= game.PawnAttacks(us, s)
		}
	case referee.TriesMoves:
		for _, m := range t.Moves {
			targets |= m.To().Bit()
		}
	default:
		return
	}
	if targets == 0 {
		return
	}
	targets &^= own.ByColor(us)
	// The pawn captured en passant stands a rank nearer us than the target.
	if us == game.White {
		targets |= targets >> 8
	} else {
		targets |= targets << 8
	}
	var need [game.King + 1]game.Bitboard
	for _, c := range Classes[1:] {
		need[c] = targets
	}
	b.jointNeed(&need, nil)
}

// jointChecks uses the checks on our king announced after the enemy's move:
// the enemy king never gives check, so for each kind some other man stands
// where a man of its class gives that check, on a line our men leave open and
// the enemy king, on k, does not block.
func (b *Belief) jointChecks(own *game.Position, checks []referee.CheckKind) {
	us := b.enemy.Other()
	ksq := own.KingSquare(us)
	if ksq == game.NoSquare {
		return
	}
	ours := own.ByColor(us)
	hidden := func(k game.Square) game.Bitboard { return behind(ksq, k) }
	for _, kind := range checks {
		var need [game.King + 1]game.Bitboard
		for _, t := range Classes[1:] {
			from := game.AttacksFrom(t, us, ksq, ours) &^ ours
			if t == game.Pawn {
				from = game.PawnAttacks(us, ksq) &^ ours
			}
			for x := from; x != 0; {
				s := x.PopFirst()
				if kind == referee.CheckPlain || referee.ClassifyCheck(ksq, s, t) == kind {
					need[t] |= s.Bit()
				}
			}
		}
		b.jointNeed(&need, hidden)
	}
}

// jointNoChecks removes, with the king on k, the squares from which a man of
// a class would give our king a check of a kind the referee did not announce
// (every kind when checks is empty), along lines that our men, the enemy king
// on k and the squares the other men may hold leave open. With a single man
// besides the king, only our men and the king block.
func (b *Belief) jointNoChecks(own *game.Position, checks []referee.CheckKind, directional bool) {
	us := b.enemy.Other()
	ksq := own.KingSquare(us)
	if !b.joint || ksq == game.NoSquare || (len(checks) > 0 && !directional) {
		return
	}
	ours := own.ByColor(us)
	single := b.menLeft() == 1
	for x := b.Possible[game.King]; x != 0; {
		k := x.PopFirst()
		men := &b.pairs[k]
		occ := ours | k.Bit()
		if !single {
			for _, t := range Classes[1:] {
				occ |= men[t]
			}
		}
		for _, t := range Classes[1:] {
			from := game.PawnAttacks(us, ksq)
			if t != game.Pawn {
				from = game.AttacksFrom(t, us, ksq, occ)
			}
			for y := from & men[t]; y != 0; {
				s := y.PopFirst()
				if !announced(checks, referee.ClassifyCheck(ksq, s, t)) {
					men[t] &^= s.Bit()
				}
			}
		}
	}
}
