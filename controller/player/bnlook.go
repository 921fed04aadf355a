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

// Once the king may stand on a dozen squares or fewer, the best few
// candidates are judged a third move ahead (lookThird): a king found to a
// few squares beside our men is kept or lost by the move after next, and
// two moves ahead the bot let it slip to the wrong corner (a study of seed 1
// went from 21 plies to mate to 50 in one move, a knight move that freed the
// king's square d8 two moves on). On so few squares the third move costs a
// tenth of a second or so; on a wide belief it would cost seconds.
const (
	bnThirdSquares = 12 // the most squares the king may stand on
	bnThirdBest    = 8  // the candidates judged a third move ahead
)

// bnLost is the price in plies of a share of the belief on which a mating
// man falls (a blocked pawn is freed) or the king is stalemated. Against a
// bare king that is a draw, and it is charged as the candidate's own move
// charges it (bnDrawn, a win's worth in plies), so that a man left to fall
// a move later costs what one left to fall now does: charged two horizons,
// the bot put off the risk by a move and lost a man in 37 of 1,600 studies
// against 22 (docs/player.md). With pawns on the board the loss need not
// draw, and it keeps the two horizons.
func bnLost(own *game.Position) float64 {
	if own.ByType(game.Pawn) == 0 {
		return bnDrawn
	}
	return 2 * bnHorizon
}

// bnDrawn is a draw's price in plies: a technical win's whole worth.
const bnDrawn = bnHorizon * (technicalWin + technicalRange) / technicalRange

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
		est := sp.lost * bnLost(own)
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

// lookThird ranks the best bnThirdBest of choices (judged bnDepth moves
// ahead) a move further, and keeps them above the rest in their new order:
// each takes in turn the scores the best few held, so that no candidate
// judged a move deeper is compared with one that was not. Cut short by the
// deadline, the look is dropped and choices kept as they were.
func lookThird(own *game.Position, boards []controller.Board, tried map[game.Move]bool, total float64, choices []choice, rules referee.Ruleset, deadline time.Time) []choice {
	sortChoices(choices)
	k := 0
	for k < len(choices) && k < bnThirdBest && !math.IsInf(choices[k].score, -1) {
		k++
	}
	if k < 2 {
		return choices
	}
	skip := make(map[game.Move]bool, len(tried)+len(choices)-k)
	for m := range tried {
		skip[m] = true
	}
	for _, c := range choices[k:] {
		skip[c.move] = true
	}
	look := &bnLooker{rules: rules, deadline: deadline, depth: bnDepth + 1}
	deeper, done := scoreLone(loneMinor, own, boards, skip, total, look)
	if !done || len(deeper) != k {
		return choices
	}
	sortChoices(deeper)
	out := make([]choice, 0, len(choices))
	for i, c := range deeper {
		c.score = choices[i].score
		out = append(out, c)
	}
	return append(out, choices[k:]...)
}
