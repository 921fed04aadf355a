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
// How many refusals came also says something of the board under an
// opponent model: an attempter that tries its offered moves in random
// order (the random attempter, kriegspiel.org's bot-random) is refused k
// times before its move with the chance
//
//	I/A · (I-1)/(A-1) ··· (I-k+1)/(A-k+1) · (A-I)/(A-k)
//
// where A is the number of offered attempts and I of those illegal on the
// board: a king hemmed in by our men, or pawns blocked by them, are refused
// often; a free army, or one with a piece the boards kept after Berkeley's
// referee took it unnamed, seldom. A player with a purpose is refused for
// other reasons (its probes), so the chance is tempered: each board's
// weight at the enemy's move is multiplied by it to the power refusalBeta.

// refusalBeta tempers the random attempter's chance of the refusals heard.
// Scored on 400 Berkeley blitz games of the computer player against the
// random attempter and 50 against darkboard-mcts (README, "Refusals heard"),
// 0.3 and 0.5 put more probability on the enemy king's true square than no
// weighing and than the full chance (1), with the enemy's men at one, two or
// three, and about as much with more.
const refusalBeta = 0.5

// refusalFactor is what the enemy's k refused attempts this turn make of
// the weight of board p (the enemy to move, with legal legal moves): 0 when
// fewer of its offered attempts are illegal than k; else the tempered
// chance of k refusals in rulesets whose offered attempts offeredCount
// counts exactly (no Any?, every pawn capture offered), and 1 in the
// others.
func refusalFactor(p *game.Position, legal, k int, rules *referee.Ruleset) float64 {
	if !rules.IllegalPublic || rules.Nonsense == referee.NonsenseAsIllegal || rules.QueenOnly {
		return 1 // none heard, nonsense heard among them, or legal moves not offered
	}
	offered := offeredCount(p, rules)
	illegal := offered - legal
	if illegal < k {
		return 0
	}
	if rules.Any != referee.AnyNone || rules.PawnCaptureNeedsTry {
		return 1 // the count may exceed what was offered
	}
	chance := float64(offered-illegal) / float64(offered-k)
	for j := 0; j < k; j++ {
		chance *= float64(illegal-j) / float64(offered-j)
	}
	return math.Pow(chance, refusalBeta)
}

// offeredCount is the number of attempts the side to move in p could make
// knowing only its own men (referee.Candidates, less under-promotions where
// only queens are allowed): every move of its men as if the other side's
// were not on the board, and every pawn capture. Castling counts as two
// whenever the side holds a right, so the count never falls short of what
// was offered.
func offeredCount(p *game.Position, rules *referee.Ruleset) int {
	side := p.Turn()
	own := p.ByColor(side)
	promotions := 4
	if rules.QueenOnly {
		promotions = 1
	}
	n := 0
	for t := game.Knight; t <= game.King; t++ {
		for x := p.Pieces(side, t); x != 0; {
			n += (game.AttacksFrom(t, side, x.PopFirst(), own) &^ own).Count()
		}
	}
	last, start, step := 7, 1, 8
	rights := game.WhiteKingside | game.WhiteQueenside
	if side == game.Black {
		last, start, step = 0, 6, -8
		rights = game.BlackKingside | game.BlackQueenside
	}
	for x := p.Pieces(side, game.Pawn); x != 0; {
		from := x.PopFirst()
		targets := game.PawnAttacks(side, from) &^ own
		if one := game.Square(int(from) + step); !own.Has(one) {
			targets |= one.Bit()
			if two := game.Square(int(one) + step); from.Rank() == start && !own.Has(two) {
				n++ // a double step never promotes
			}
		}
		per := 1
		if from.Rank()+step/8 == last {
			per = promotions
		}
		n += per * targets.Count()
	}
	if p.Castling()&rights != 0 {
		n += 2
	}
	return n
}
