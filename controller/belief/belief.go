// Package belief is rule B1 of docs/deduction.md: per enemy class, the set of
// squares where such a man may stand, carried across the whole game from
// every message heard (Observation), and always sound: it never excludes a
// square where a real enemy man stands.
package belief

import (
	"github.com/krieg/krieg/controller/jkrieg"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Classes lists the enemy piece classes the belief tracks, king first.
var Classes = [...]game.PieceType{game.King, game.Queen, game.Rook, game.Bishop, game.Knight, game.Pawn}

// promotionTypes are the classes a pawn may become.
var promotionTypes = [...]game.PieceType{game.Queen, game.Rook, game.Bishop, game.Knight}

// Belief is rule B1 of docs/deduction.md: for every enemy piece class, the set of
// squares where a man of that class may stand, carried across the whole game
// and always sound (it never excludes a square where such a man really is).
// Men promoted from pawns are in every class they may have become.
type Belief struct {
	enemy game.Color
	// Possible[t] holds the squares where an enemy man of type t may stand.
	Possible [game.King + 1]game.Bitboard
	// Max[t] bounds the number of enemy men of type t: the most any make-up
	// of the enemy's men allows (a promoted man counts in every class).
	Max [game.King + 1]int
	// makeups holds the ways the enemy's men may be made up (material.go);
	// bishopSquares the squares of the colours its bishops may stand on.
	makeups       materials
	bishopSquares game.Bitboard
	// Fixed holds squares certainly occupied by an enemy man: at the start
	// every enemy man's square, later those whose man cannot have moved, and
	// the square of an enemy capture. Men move around them, not through them.
	Fixed game.Bitboard
	// ourDouble is the square our pawn just reached by a double step (the
	// enemy may capture it en passant this turn), or NoSquare.
	ourDouble game.Square
	// joint is set when pairs holds the joint belief of the king and the
	// other men (joint.go); wantJoint when it is kept once few men are left.
	joint, wantJoint bool
	pairs            jointSets
}

// New starts from a known position: every enemy man is where it stands.
func New(start *game.Position, us game.Color) Belief {
	b := Belief{enemy: us.Other(), ourDouble: game.NoSquare, Fixed: start.ByColor(us.Other())}
	for _, t := range Classes {
		b.Possible[t] = start.Pieces(b.enemy, t)
	}
	b.makeups = materials{materialOf(start, b.enemy)}
	b.recount()
	b.wantJoint = true
	b.syncJoint()
	if ep := start.EnPassant(); ep != game.NoSquare && start.Turn() == b.enemy {
		b.ourDouble = ep + 8
		if us == game.Black {
			b.ourDouble = ep - 8
		}
	}
	return b
}

// Widen makes the belief allow another start: each class may also stand
// where start has it, and only squares occupied in every start stay fixed.
func (b *Belief) Widen(start *game.Position) {
	b.Fixed &= start.ByColor(b.enemy)
	for _, t := range Classes {
		b.Possible[t] |= start.Pieces(b.enemy, t)
	}
	b.makeups = b.makeups.with(materialOf(start, b.enemy))
	b.recount()
	b.widenJoint(start)
	b.syncJoint()
}

// recount derives Max and bishopSquares from the make-ups.
func (b *Belief) recount() {
	var light, dark bool
	b.Max, light, dark = b.makeups.bounds()
	b.bishopSquares = 0
	if light {
		b.bishopSquares |= game.LightSquares
	}
	if dark {
		b.bishopSquares |= ^game.LightSquares
	}
}

// PawnsOnly reports whether the enemy may have no man besides its king and
// pawns: some make-up of its men, given every capture heard, has no piece.
func (b *Belief) PawnsOnly() bool { return b.makeups.piecesNone() }

// Union returns every square where some enemy man may stand.
func (b *Belief) Union() game.Bitboard {
	var u game.Bitboard
	for _, t := range Classes {
		u |= b.Possible[t]
	}
	return u
}

// exclude removes squares from every class.
func (b *Belief) exclude(squares game.Bitboard) {
	for _, t := range Classes {
		b.Possible[t] &^= squares
	}
	b.Fixed &^= squares
}

// tidy drops the squares of our men, every class that can have no man left,
// and the squares of a colour no enemy bishop can stand on.
func (b *Belief) tidy(own *game.Position) {
	b.exclude(own.ByColor(b.enemy.Other()))
	b.Possible[game.Bishop] &= b.bishopSquares
	for _, t := range Classes {
		if b.Max[t] <= 0 {
			b.Possible[t] = 0
		}
	}
}

// OwnMove updates the belief after our accepted move m, played from before
// (our men only) to after, with what the referee said.
func (b *Belief) OwnMove(before, after *game.Position, m game.Move, o *Observation, rules referee.Ruleset) {
	us := b.enemy.Other()
	possible := b.Possible
	// Every square the move crossed was empty, and so is the destination when
	// nothing was captured there (a knight jump tells only of its destination).
	crossed := game.Between(m.From(), m.To())
	if before.At(m.From()).Type() == game.Knight {
		crossed = 0
	}
	if before.IsCastling(m) {
		rook := game.NewSquare(7, m.From().Rank())
		if m.To() < m.From() {
			rook = game.NewSquare(0, m.From().Rank())
		}
		crossed = game.Between(m.From(), rook)
	}
	b.exclude(crossed | m.To().Bit())
	if o.Capture != game.NoSquare {
		b.exclude(o.Capture.Bit())
		b.countCapture(&possible, o.Capture, o.Captured)
	}
	b.ourDouble = game.NoSquare
	if before.At(m.From()).Type() == game.Pawn && (int(m.To())-int(m.From()) == 16 || int(m.From())-int(m.To()) == 16) {
		b.ourDouble = m.To()
	}
	b.tidy(after)
	// Our move was legal: no enemy man attacks our king now.
	b.excludeUnannouncedChecks(after, nil, true, after.ByColor(us)|b.Union())
	b.jointNoChecks(after, nil, true)
	b.Possible[game.King] &^= game.KingAttacks(after.KingSquare(us))
	if len(o.Checks) == 0 {
		// The enemy king is not attacked by any of our men.
		b.Possible[game.King] &^= b.certainAttacks(after)
		b.jointUnattacked(after)
	} else {
		// The enemy king stands where our men (through squares that may be
		// empty) give each announced check.
		for _, k := range o.Checks {
			b.Possible[game.King] &= checkingSquares(after, us, k)
		}
	}
	if o.Tries != nil && o.TriesFor == b.enemy && len(o.Checks) == 0 {
		b.enemyTries(after, *o.Tries, rules.Tries)
	}
	if o.Any != nil && o.Mover == b.enemy && !*o.Any && len(o.Checks) == 0 {
		b.enemyTries(after, referee.Tries{}, referee.TriesYesNo)
	}
	b.syncJoint()
}

// IllegalPawnCapture uses our refused pawn capture m: when the pawn cannot be
// pinned and we are not in check, only an empty target makes it illegal.
func (b *Belief) IllegalPawnCapture(own *game.Position, m game.Move) {
	if b.OurMayBePinned(own, m.From()) {
		return
	}
	b.exclude(m.To().Bit())
	b.syncJoint()
}

// countCapture narrows the make-ups of the enemy's men after we captured a
// man of kind on s, where possible held each class's squares before the move.
func (b *Belief) countCapture(possible *[game.King + 1]game.Bitboard, s game.Square, kind referee.CapturedKind) {
	b.makeups = b.makeups.capture(s, kind, func(t game.PieceType) bool { return possible[t].Has(s) })
	b.recount()
}

// enemyTries uses the enemy's pawn tries (announced to both after our move):
// an enemy pawn that could capture one of our men, and is not possibly
// pinned, would have made a try the referee did not announce.
func (b *Belief) enemyTries(own *game.Position, t referee.Tries, style referee.TryStyle) {
	us := b.enemy.Other()
	ours := own.ByColor(us)
	targets := ours
	if b.ourDouble != game.NoSquare {
		targets |= crossedSquare(b.ourDouble, us).Bit()
	}
	listed := game.Bitboard(0)
	switch style {
	case referee.TriesCount, referee.TriesYesNo:
		if t.Count > 0 {
			return
		}
	case referee.TriesSquares:
		for _, s := range t.Squares {
			listed |= s.Bit()
		}
	case referee.TriesMoves:
		for _, m := range t.Moves {
			listed |= m.From().Bit()
		}
	default:
		return
	}
	var attackers game.Bitboard
	for x := targets; x != 0; {
		attackers |= game.PawnAttacks(us, x.PopFirst())
	}
	for x := attackers & b.Possible[game.Pawn] &^ listed; x != 0; {
		p := x.PopFirst()
		if !b.enemyMayBePinned(own, p) {
			b.Possible[game.Pawn] &^= p.Bit()
		}
	}
	for _, t := range Classes[:5] {
		b.Possible[t] &^= listed
	}
}

// crossedSquare returns the square a pawn of colour c crossed on its double
// step to s: the en passant target.
func crossedSquare(s game.Square, c game.Color) game.Square {
	if c == game.White {
		return s - 8
	}
	return s + 8
}

// enemyMayBePinned reports whether an enemy man on p may be pinned to its
// king by one of our sliders: the enemy king may stand beyond p on a line
// from one of our rooks, bishops or queens.
func (b *Belief) enemyMayBePinned(own *game.Position, p game.Square) bool {
	us := b.enemy.Other()
	for s := own.ByColor(us) & (own.ByType(game.Bishop) | own.ByType(game.Rook) | own.ByType(game.Queen)); s != 0; {
		slider := s.PopFirst()
		if game.Line(slider, p) == 0 || !slides(own.At(slider).Type(), slider, p) {
			continue
		}
		for k := b.Possible[game.King]; k != 0; {
			if game.Between(slider, k.PopFirst()).Has(p) {
				return true
			}
		}
	}
	return false
}

// OurMayBePinned reports whether our man on p may be pinned to our king by an
// enemy slider standing beyond it.
func (b *Belief) OurMayBePinned(own *game.Position, p game.Square) bool {
	us := b.enemy.Other()
	k := own.KingSquare(us)
	if k == game.NoSquare || game.Line(k, p) == 0 || game.Between(k, p)&own.ByColor(us) != 0 {
		return false
	}
	sliders := b.Possible[game.Queen]
	if k.Rank() == p.Rank() || k.File() == p.File() {
		sliders |= b.Possible[game.Rook]
	} else {
		sliders |= b.Possible[game.Bishop]
	}
	for x := sliders & game.Line(k, p); x != 0; {
		if game.Between(k, x.PopFirst()).Has(p) {
			return true
		}
	}
	return false
}

// slides reports whether a man of type t moves along the line from a to b.
func slides(t game.PieceType, a, b game.Square) bool {
	straight := a.Rank() == b.Rank() || a.File() == b.File()
	switch t {
	case game.Rook:
		return straight
	case game.Bishop:
		return !straight
	case game.Queen:
		return true
	}
	return false
}

// certainAttacks returns the squares our men attack whatever stands on the
// squares that may hold enemy men other than the king: where the enemy king
// cannot stand while not in check.
func (b *Belief) certainAttacks(own *game.Position) game.Bitboard {
	us := b.enemy.Other()
	occ := own.ByColor(us)
	for _, t := range Classes[1:] {
		occ |= b.Possible[t]
	}
	return jkrieg.Attacks(own, us, occ)
}

// checkingSquares returns the squares where the enemy king may stand, given
// that our men (own holds them; enemy men assumed absent, so every line
// reaches as far as it can) give it a check of kind k.
func checkingSquares(own *game.Position, us game.Color, k referee.CheckKind) game.Bitboard {
	occ := own.ByColor(us)
	var out game.Bitboard
	for x := occ; x != 0; {
		s := x.PopFirst()
		t := own.At(s).Type()
		for a := game.AttacksFrom(t, us, s, occ) &^ occ; a != 0; {
			ksq := a.PopFirst()
			if k == referee.CheckPlain || referee.ClassifyCheck(ksq, s, t) == k {
				out |= ksq.Bit()
			}
		}
	}
	return out
}

// OurDouble returns the square our pawn just reached by a double step (the
// enemy may capture it en passant this turn), or NoSquare.
func (b *Belief) OurDouble() game.Square { return b.ourDouble }
