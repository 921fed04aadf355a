package attempter

import (
	"math/rand/v2"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Cheat is the omniscient test opponent, like the ICC bot the JKrieg thesis
// played against: it sees the whole board (it holds the referee) and plays
// real chess moves, chosen by a shallow alpha-beta search on material with
// a little noise so that games differ. It never makes an illegal attempt.
type Cheat struct {
	ref   *referee.Referee
	rng   *rand.Rand
	Depth int // plies searched (default 3)
}

// NewCheat returns a cheat that reads ref's true board.
func NewCheat(ref *referee.Referee, seed uint64) *Cheat {
	return &Cheat{ref: ref, rng: rand.New(rand.NewPCG(seed, 0x63686561)), Depth: 3}
}

// Turn plays the best move found for the side to move.
func (c *Cheat) Turn(u referee.Umpire) []referee.Answer {
	pos := c.ref.Position()
	m, ok := c.Choose(&pos)
	if !ok {
		return nil
	}
	return []referee.Answer{u.Attempt(m)}
}

const (
	mateScore = 1 << 20
	infinity  = 1 << 30
)

var pieceValue = [...]int{game.Pawn: 100, game.Knight: 300, game.Bishop: 320, game.Rook: 500, game.Queen: 900}

// Choose returns the move the search prefers in p; ok is false when p has no legal move.
func (c *Cheat) Choose(p *game.Position) (game.Move, bool) {
	var buf [game.MaxMoves]game.Move
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		return game.NoMove, false
	}
	c.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	best, bestScore := moves[0], -infinity
	for _, m := range moves {
		next := *p
		next.Apply(m)
		// A full window for each root move: a bound from a narrower one
		// plus the noise could beat a true score.
		score := -c.search(&next, c.Depth-1, -infinity, infinity) + c.rng.IntN(11)
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best, true
}

// search is negamax with alpha-beta: the score of p for its side to move.
func (c *Cheat) search(p *game.Position, depth, alpha, beta int) int {
	var buf [game.MaxMoves]game.Move
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		if p.InCheck() {
			return -mateScore - 100*depth // mated: sooner is worse, beyond the noise
		}
		return 0
	}
	if depth <= 0 {
		return material(p)
	}
	for _, m := range moves {
		next := *p
		next.Apply(m)
		if s := -c.search(&next, depth-1, -beta, -alpha); s > alpha {
			alpha = s
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}

// material is the side to move's material balance in centipawns.
func material(p *game.Position) int {
	us := p.Turn()
	score := 0
	for t := game.Pawn; t <= game.Queen; t++ {
		score += pieceValue[t] * (p.Pieces(us, t).Count() - p.Pieces(us.Other(), t).Count())
	}
	return score
}
