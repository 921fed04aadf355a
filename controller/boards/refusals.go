package boards

import (
	"math"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Where the rules let us hear the enemy's refused attempts (Berkeley and
// most others, not Wild 16), each refusal heard is an attempt the enemy
// could make knowing only its own men (referee.Offered: what its men could
// do with ours off the board, and every pawn capture), distinct from the
// others it tried this turn (a repeat is answered as nonsense), and illegal
// on the true board. So a board on which fewer of the enemy's offered
// attempts are illegal than the refusals heard is impossible, whoever the
// enemy is.
//
// How many refusals came can say more, if the enemy attempts at random. An
// attempter that tries its offered moves in random order (the random
// attempter, kriegspiel.org's bot-random) is refused k times before its
// move with the chance
//
//	I/A · (I-1)/(A-1) ··· (I-k+1)/(A-k+1) · (A-I)/(A-k)
//
// where A is the number of offered attempts and I of those illegal on the
// board: a king hemmed in by our men, or pawns blocked by them, are refused
// often; a free army, or one with a piece the boards kept after Berkeley's
// referee took it unnamed, seldom. A player with a purpose is refused for
// its own reasons (probes, guesses), as often on one board as on another.
// So the sampler holds two models of the refusals: the random attempter's,
// and one in which the count says nothing of the board (a geometric count
// with the enemy's mean so far). Each enemy move weighs every board by the
// mixture of the two, the random attempter's share being the chance that
// model is right given the counts heard so far: the log of how much likelier
// they were under it than under the other (the Bayes factor on the boards
// held, as for the opponent models in evidence.go) moves it from even odds.
// Against the random attempter the count soon reads as random (the chance
// nears one); against the computer player, which is refused less often
// than its boards' illegal attempts would have it, as not.

// refusalBound bounds the log odds of the random attempter's model either
// way, so that a change of play is read anew.
const refusalBound = evidenceBound

// refusals is what the sampler has heard of the enemy's refused attempts.
type refusals struct {
	now      int     // refusals heard this turn
	total    int     // refusals heard before this turn's
	turns    int     // the enemy moves heard
	evidence float64 // log odds of the random attempter's model, within ±refusalBound
}

// refusalOdds sums, over a share's boards, each model's chance of the
// refusals heard, weighted by the boards' weights.
type refusalOdds struct {
	random, silent float64
}

// turnModel is what one enemy move's refusals make of the boards: k heard,
// the chance of k under the model in which the count says nothing of the
// board, and the share of the random attempter's model.
type turnModel struct {
	k      int
	silent float64
	random float64
	exact  bool // the offered attempts are counted exactly, so the random model applies
}

// model returns the refusal model for the enemy move about to be followed under rules.
func (r *refusals) model(rules *referee.Ruleset) turnModel {
	// The enemy's mean count so far, from a prior of one refusal in two moves.
	mean := (float64(r.total) + 1) / (float64(r.turns) + 2)
	q := mean / (1 + mean)
	return turnModel{
		k:      r.now,
		silent: (1 - q) * math.Pow(q, float64(r.now)),
		random: 1 / (1 + math.Exp(-r.evidence)),
		exact:  rules.Any == referee.AnyNone && !rules.PawnCaptureNeedsTry,
	}
}

// moved closes the turn: the evidence of its refusals (the odds summed over
// the shares) is added and the count starts again.
func (r *refusals) moved(odds []refusalOdds) {
	var sum refusalOdds
	for _, o := range odds {
		sum.random += o.random
		sum.silent += o.silent
	}
	if sum.random > 0 && sum.silent > 0 {
		r.evidence = min(refusalBound, max(-refusalBound, r.evidence+math.Log(sum.random/sum.silent)))
	}
	r.total += r.now
	r.turns++
	r.now = 0
}

// factor is what the turn's refusals make of the weight of board p (the
// enemy to move, with legal legal moves) under rules: 0 when fewer of its
// offered attempts are illegal than the refusals heard, else the mixture of
// the two models' chances of them. It adds the board's chances, weighted by
// w, to odds when odds is not nil.
func (t *turnModel) factor(p *game.Position, legal int, rules *referee.Ruleset, w float64, odds *refusalOdds) float64 {
	if !rules.IllegalPublic || rules.Nonsense == referee.NonsenseAsIllegal || rules.QueenOnly {
		return 1 // none heard, nonsense heard among them, or legal moves not offered
	}
	offered := offeredCount(p, rules)
	illegal := offered - legal
	if illegal < t.k {
		return 0
	}
	if !t.exact {
		return 1 // the count may exceed what was offered
	}
	chance := float64(offered-illegal) / float64(offered-t.k)
	for j := 0; j < t.k; j++ {
		chance *= float64(illegal-j) / float64(offered-j)
	}
	if odds != nil {
		odds.random += w * chance
		odds.silent += w * t.silent
	}
	return (1-t.random)*t.silent + t.random*chance
}

// offeredCount is the number of attempts the side to move in p could make
// knowing only its own men (referee.Candidates, less under-promotions where
// only queens are allowed): every move of its men as if the other side's
// were not on the board, and every pawn capture. Castling counts as two
// whenever the side holds a right, so the count never falls short of what
// was offered. The pawns are counted all at once by shifting their set, as
// a refusals refresh counts every board's.
func offeredCount(p *game.Position, rules *referee.Ruleset) int {
	side := p.Turn()
	own := p.ByColor(side)
	n := 0
	for x := p.Pieces(side, game.Knight); x != 0; {
		n += (game.KnightAttacks(x.PopFirst()) &^ own).Count()
	}
	queens := p.Pieces(side, game.Queen)
	for x := p.Pieces(side, game.Bishop) | queens; x != 0; {
		n += (game.BishopAttacks(x.PopFirst(), own) &^ own).Count()
	}
	for x := p.Pieces(side, game.Rook) | queens; x != 0; {
		n += (game.RookAttacks(x.PopFirst(), own) &^ own).Count()
	}
	for x := p.Pieces(side, game.King); x != 0; {
		n += (game.KingAttacks(x.PopFirst()) &^ own).Count()
	}
	pawns := p.Pieces(side, game.Pawn)
	promoting, start := game.Rank7, game.Rank2
	rights := game.WhiteKingside | game.WhiteQueenside
	if side == game.Black {
		promoting, start = game.Rank2, game.Rank7
		rights = game.BlackKingside | game.BlackQueenside
	}
	promotions := 4
	if rules.QueenOnly {
		promotions = 1
	}
	n += pawnOffers(side, pawns&^promoting, own) + promotions*pawnOffers(side, pawns&promoting, own)
	// A double step (never a promotion) crosses and reaches squares free of own men.
	n += (pawnPush(side, pawnPush(side, pawns&start)&^own) &^ own).Count()
	if p.Castling()&rights != 0 {
		n += 2
	}
	return n
}

// pawnOffers returns the single steps and captures of c's pawns onto
// squares free of own, own being c's men: a capture is offered onto an
// empty square too.
func pawnOffers(c game.Color, pawns, own game.Bitboard) int {
	return (pawnReachWest(c, pawns) &^ own).Count() + (pawnReachEast(c, pawns) &^ own).Count() + (pawnPush(c, pawns) &^ own).Count()
}

// pawnPush returns the squares one step in front of c's pawns.
func pawnPush(c game.Color, pawns game.Bitboard) game.Bitboard {
	if c == game.White {
		return pawns << 8
	}
	return pawns >> 8
}
