package player

import (
	"math"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Bishop and knight judge a belief a move further than the rook does: the
// estimate of each answer's belief is the best our next move makes of it
// (bnLook). Judged one move ahead only, the king's chances spread by a
// square every move whatever we play, and the player chased the king's
// likeliest square while the belief grew from one square to forty; looking
// a move further values the moves that keep it where the next one can pin
// it down.

// bnDepth is how many moves of ours a bishop and knight weighing looks at,
// the candidate's included.
const bnDepth = 2

// bnLost is the price in plies of a share of the belief on which a mating
// man falls or the king is stalemated: a draw, worse than any slow win.
const bnLost = 2 * bnHorizon

// bnLooker is one weighing's look ahead: its rules, deadline and depth (our
// moves, the candidate's included), and whether the deadline cut it short.
type bnLooker struct {
	rules    referee.Ruleset
	deadline time.Time
	depth    int
	cut      bool
	now      func() time.Time // time.Now when nil (a test's clock otherwise)
}

// estimate is the plies to mate expected from the king's chances mass (us
// to move in own) when we play the best of our moves for depth more moves
// and then judge by bnEstimate; past the deadline it judges at once and
// marks the look cut.
func (l *bnLooker) estimate(own *game.Position, mass *[64]float64, us game.Color, depth int) float64 {
	now := l.now
	if now == nil {
		now = time.Now
	}
	if depth > 0 && !l.cut && now().After(l.deadline) {
		l.cut = true
	}
	if depth <= 0 || l.cut {
		return bnEstimate(own, mass, us)
	}
	boards := massBoards(own, mass, us)
	if len(boards) == 0 {
		return 0
	}
	best := math.Inf(1)
	for _, m := range referee.Candidates(own) {
		if m.Promotion() != game.NoPieceType {
			continue
		}
		sp := splitLone(loneMinor, m, boards, l.rules)
		if sp.legal == 0 {
			continue
		}
		after := *own
		after.Apply(m)
		after.SetTurn(us)
		est := sp.lost * bnLost
		for i := range sp.outs {
			if o := &sp.outs[i]; o.weight > 0 {
				est += o.weight * (lonePly + l.estimate(&after, &o.mass, us, depth-1))
			}
		}
		if sp.illegal.weight > 0 {
			est += sp.illegal.weight * bnEstimate(own, &sp.illegal.mass, us)
		}
		best = min(best, est)
	}
	if math.IsInf(best, 1) {
		return bnEstimate(own, mass, us)
	}
	return best
}

// massBoards are the boards of the king's chances mass (normalised to sum
// to one), our men as in own, us to move.
func massBoards(own *game.Position, mass *[64]float64, us game.Color) []controller.Board {
	total := 0.0
	for _, m := range mass {
		total += m
	}
	if total <= 0 {
		return nil
	}
	out := make([]controller.Board, 0, 16)
	for s := game.Square(0); s < 64; s++ {
		if mass[s] <= 0 || own.Occupied().Has(s) {
			continue
		}
		p := *own
		p.SetTurn(us)
		p.Put(s, game.NewPiece(us.Other(), game.King))
		out = append(out, controller.Board{Pos: p, Weight: mass[s] / total})
	}
	return out
}
