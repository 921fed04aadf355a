package player

import (
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// A sampled belief can miss a rare but deadly threat: in one recorded loss
// to the random attempter, the B2 boards held the enemy queen on d8 with
// the diagonal to h4 open on one board of 256, and the bot pushed a pawn
// while Qh4 was mate (a bishop on a6 covering e2). So besides the boards,
// each candidate is checked against the sound B1 sets: could an enemy man
// of a class B1 allows move once (through squares not ours, as if empty) to
// a square where its check cannot be blocked or answered by a capture, and
// every square our king could step to is one the boards say is attacked
// often enough (coverShare)? The checker comes from what we know for sure,
// the flight squares' cover from the sample: judging both from B1 flags
// nearly every move.

// exposure is what a candidate that leaves such a mate open costs: enough
// to turn the bot from a move that is otherwise about as good, not so much
// that it stops the king from walking (chosen by matches against the
// random attempter; see docs/player.md).
const exposure = 0.03

// mateThreats are the enemy classes whose lone mates are looked for.
var mateThreats = [...]game.PieceType{game.Queen, game.Rook, game.Bishop, game.Knight}

// exposed reports whether, with our men as in own (only ours on it), an
// enemy man of a class that possible allows could move once and give a
// check that leaves our king no move but onto squares in covered.
func exposed(own *game.Position, us game.Color, possible *[game.King + 1]game.Bitboard, covered game.Bitboard) bool {
	k := own.KingSquare(us)
	if k == game.NoSquare {
		return false
	}
	them := us.Other()
	occ := own.Occupied()
	enemyKing := farthest(possible[game.King]&^occ, k)
	for _, t := range mateThreats {
		from := possible[t] &^ occ
		if from == 0 {
			continue
		}
		// Squares from which a man of class t would check our king.
		for checks := game.AttacksFrom(t, them, k, occ) &^ own.Pieces(us, game.King); checks != 0; {
			s := checks.PopFirst()
			if s == enemyKing || game.AttacksFrom(t, them, s, occ)&from == 0 {
				continue // no man of class t could come to s in one move
			}
			p := *own
			if p.At(s) != game.NoPiece {
				p.Remove(s) // it takes our man there
			}
			p.Put(s, game.NewPiece(them, t))
			if enemyKing != game.NoSquare {
				p.Put(enemyKing, game.NewPiece(them, game.King))
			}
			p.SetTurn(us)
			if p.InCheck() && !escapes(&p, k, covered) {
				return true
			}
		}
	}
	return false
}

// escapes reports whether our side to move in p, in check, has an answer:
// a block, a capture of the checker, or a king step to a square outside
// covered.
func escapes(p *game.Position, k game.Square, covered game.Bitboard) bool {
	var buf [game.MaxMoves]game.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.From() != k || !covered.Has(m.To()) {
			return true
		}
	}
	return false
}

// coverShare is the share of the boards on which the enemy must attack a
// square for it to count as covered.
const coverShare = 0.05

// covered is the set of squares the enemy (not to move on boards, us to
// move) attacks on at least coverShare of the boards' weight.
func covered(boards []controller.Board, them game.Color) game.Bitboard {
	var weight [64]float64
	total := 0.0
	for i := range boards {
		b := &boards[i]
		total += b.Weight
		occ := b.Pos.Occupied()
		var att game.Bitboard
		for x := b.Pos.ByColor(them); x != 0; {
			s := x.PopFirst()
			att |= game.AttacksFrom(b.Pos.At(s).Type(), them, s, occ)
		}
		for att != 0 {
			weight[att.PopFirst()] += b.Weight
		}
	}
	var out game.Bitboard
	for s, w := range weight {
		if total > 0 && w >= coverShare*total {
			out |= game.Square(s).Bit()
		}
	}
	return out
}

// farthest is the square of set farthest from s, or NoSquare when set is empty.
func farthest(set game.Bitboard, s game.Square) game.Square {
	best, dist := game.NoSquare, -1
	for x := set; x != 0; {
		c := x.PopFirst()
		if d := c.Distance(s); d > dist {
			best, dist = c, d
		}
	}
	return best
}
