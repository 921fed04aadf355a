package player

import "github.com/krieg/krieg/game"

// Far ahead against an enemy it cannot see, the bot may find nothing that
// tells its moves apart: the material term is saturated and every board
// answers the same. In a Berkeley game against darkboard-mcts it shuffled
// its king between c1 and d1 for 900 moves with a rook, two bishops, a
// knight and four pawns against a king and a blocked pawn, until the
// 2000-ply cap. So each return to a placement of our men it has already
// played costs a little, growing with the visits: a shuffle gives way to
// any other move of about the same worth. The cost stays below the
// exposure penalty and far below a risky move's, so safety comes first.
//
// A technical win is charged too. Against the random attempter the bot,
// with queen, rook, bishop, knight and pawn against a lone king on one of
// four squares, played Bf1-e2-f1 for 900 moves: on every board a waiting
// move kept a mate ready whatever the king did (mateNext), which outscored
// each try at mate, since a try finds the king on one board of four.
const (
	repetition    = 0.006 // cost per earlier visit
	repetitionCap = 0.024 // the most a candidate is charged
)

// visits counts how often each placement of our men followed one of our
// accepted moves in the current game.
type visits map[uint64]int

// placement is the key of our men in own (only ours on it), whoever is to move.
func placement(own *game.Position, us game.Color) uint64 {
	p := *own
	p.SetTurn(us)
	p.SetEnPassant(game.NoSquare)
	return p.Hash()
}

// note counts the placement own, just reached by our accepted move.
func (v visits) note(own *game.Position, us game.Color) {
	v[placement(own, us)]++
}

// penalize charges each of cands (moves of our men in own) for the earlier
// visits of the placement it leads to, per visit up to limit, and sorts them
// again, best first.
func (v visits) penalize(own *game.Position, cands []choice, per, limit float64) {
	if len(v) == 0 {
		return
	}
	us := own.Turn()
	for i := range cands {
		after := *own
		after.Apply(cands[i].move)
		if n := v[placement(&after, us)]; n > 0 {
			cands[i].score -= min(limit, per*float64(n))
		}
	}
	sortChoices(cands)
}
