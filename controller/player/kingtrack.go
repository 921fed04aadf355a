package player

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Against a lone king the bot also follows the king's chances square by
// square through the game (a hidden Markov filter): each enemy move spreads
// a square's chance evenly over the king's legal moves from it, our men as
// they stand, and every entry heard keeps only the squares B1 still allows.
// B1 says where the king may stand, not how likely each square is: a square
// beside our men that the king could have reached in one step from the edge
// of a region it was last seen in counts as much as the region's centre.
// Bishop and knight weigh their moves on these chances (kingBoards) instead
// of half B1's even spread: the even spread put about a hundredth on every
// allowed square, and each square beside a man our king left unguarded was
// charged as a hundredth of a draw, which tied our king to its men.

// kingTrack is the lone king's chances, square by square, while the enemy
// has nothing that moves but its king.
type kingTrack struct {
	on   bool
	mass [64]float64
}

// hear follows one entry of the game's log (e, heard by us), after the
// controller took it in: own are our men and possible B1's sets after it.
func (t *kingTrack) hear(e referee.Entry, us game.Color, own *game.Position, possible *[game.King + 1]game.Bitboard) {
	if t.start(possible) {
		return
	}
	if e.Mover != us && e.Verdict == referee.Accepted {
		t.spread(own, us)
	}
	t.keep(possible[game.King])
}

// start stops following the king while the enemy may have men besides its
// king and pawns, and starts following it (evenly over B1's squares) when
// it was not; it reports whether the chances were (re)set or dropped.
func (t *kingTrack) start(possible *[game.King + 1]game.Bitboard) bool {
	for pt := game.Knight; pt < game.King; pt++ {
		if possible[pt] != 0 {
			t.on = false
			return true
		}
	}
	if t.on {
		return false
	}
	t.reset(possible[game.King])
	return true
}

// reset spreads the chances evenly over kings.
func (t *kingTrack) reset(kings game.Bitboard) {
	t.mass = [64]float64{}
	t.on = kings != 0
	if !t.on {
		return
	}
	w := 1 / float64(kings.Count())
	for x := kings; x != 0; {
		t.mass[x.PopFirst()] = w
	}
}

// keep drops the chances of squares outside kings and normalises the rest;
// with nothing left (the king moved other than the filter supposed) it
// spreads them evenly over kings.
func (t *kingTrack) keep(kings game.Bitboard) {
	total := 0.0
	for s := range t.mass {
		if !kings.Has(game.Square(s)) {
			t.mass[s] = 0
		}
		total += t.mass[s]
	}
	if total <= 0 {
		t.reset(kings)
		return
	}
	for s := range t.mass {
		t.mass[s] /= total
	}
}

// spread moves each square's chance evenly over the king's legal moves
// from it, our men (own, us) as they stand; a square with no legal move
// keeps its chance.
func (t *kingTrack) spread(own *game.Position, us game.Color) {
	var next [64]float64
	var buf [game.MaxMoves]game.Move
	base := own.Only(us)
	for s := game.Square(0); s < 64; s++ {
		if t.mass[s] <= 0 {
			continue
		}
		if base.Occupied().Has(s) {
			continue // a man of ours stands there: the king cannot
		}
		p := base
		p.Put(s, game.NewPiece(us.Other(), game.King))
		p.SetTurn(us.Other())
		moves := p.LegalMoves(buf[:0])
		if len(moves) == 0 {
			next[s] += t.mass[s]
			continue
		}
		w := t.mass[s] / float64(len(moves))
		for _, m := range moves {
			next[m.To()] += w
		}
	}
	t.mass = next
}

// chances returns the king's chances, or nil while they are not followed.
func (t *kingTrack) chances() *[64]float64 {
	if !t.on {
		return nil
	}
	return &t.mass
}
