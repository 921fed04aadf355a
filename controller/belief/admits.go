package belief

import "github.com/krieg/krieg/game"

// Admits reports whether the enemy's men in p could be the enemy's men as
// B1 sees them: each stands on a square its class may occupy, and together
// they are one of the make-ups the captures heard allow. A board B1 does not
// admit is certainly not the true one (B1 is sound), so B2 drops it.
func (b *Belief) Admits(p *game.Position) bool {
	return b.Admitter()(p)
}

// Admitter returns Admits for many boards at once: the make-up verdict is
// worked out once per distinct make-up of men, since the boards of one
// refresh share few (B2 checks every board after every message).
func (b *Belief) Admitter() func(p *game.Position) bool {
	verdicts := map[material]bool{}
	return func(p *game.Position) bool {
		for _, t := range Classes {
			if p.Pieces(b.enemy, t)&^b.Possible[t] != 0 {
				return false
			}
		}
		m := materialOf(p, b.enemy)
		ok, seen := verdicts[m]
		if !seen {
			ok = b.makeups.explain(m)
			verdicts[m] = ok
		}
		return ok
	}
}

// explain reports whether some make-up in ms is x, a board's men (none of
// them marked promoted): the same pawns, and at least the make-up's men of
// every other kind, the excess being exactly its promoted men.
func (ms materials) explain(x material) bool {
	for _, m := range ms {
		if x[pawns] != m[pawns] {
			continue
		}
		extra := 0
		ok := true
		for k := queens; k <= knights; k++ {
			d := int(x[k]) - int(m[k])
			if d < 0 {
				ok = false
				break
			}
			extra += d
		}
		if ok && extra == int(m[promoted]) {
			return true
		}
	}
	return false
}

// Makeups returns the ways the enemy's men other than the king may be made
// up, as a count per class; a man promoted from a pawn counts as a queen.
func (b *Belief) Makeups() [][game.King + 1]int {
	out := make([][game.King + 1]int, 0, len(b.makeups))
	for _, m := range b.makeups {
		var c [game.King + 1]int
		c[game.Pawn] = int(m[pawns])
		c[game.Queen] = int(m[queens]) + int(m[promoted])
		c[game.Rook] = int(m[rooks])
		c[game.Bishop] = int(m[lightBishops]) + int(m[darkBishops])
		c[game.Knight] = int(m[knights])
		out = append(out, c)
	}
	return out
}
