package player

import (
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Once the lone king is known to stand on one square, the table's best move
// is played (when it lets no man fall): the weighing's prices for what the
// king's next squares leave unknown, and the charge for returning to a
// placement already played, sent the bot to moves the table rates several
// plies worse, and it held such a king at 34-40 plies from mate until the
// ply cap. Not beside blocked pawns: the table, read without them, does not
// see them stop a bishop or the king, and two bishops against a king with
// rammed pawns mated less often with the rule.

// knownScore ranks the table's move against a king known to a square above
// any weighing's score, below a forced mate's.
const knownScore = utilityWin + 0.5

// knownMove returns the first of choices (best first) after which the table
// mates soonest against the king of board (our men in it, us to move), and
// that lets no man fall and does not stalemate; ok is false when none does.
func knownMove(choices []choice, board controller.Board, rules referee.Ruleset) (game.Move, bool) {
	best, dist := game.NoMove, -1
	one := []controller.Board{board}
	var buf [game.MaxMoves]game.Move
	for _, c := range choices {
		p := board.Pos
		if !p.IsLegal(c.move) {
			continue
		}
		if sp := splitLone(loneMinor, c.move, one, rules); sp.lost > 0 {
			continue
		}
		p.Apply(c.move)
		if len(p.LegalMoves(buf[:0])) == 0 {
			return c.move, true // mate: a stalemate was lost above
		}
		core := withoutPawns(&p)
		d, mate, ok := minorDistance(&core)
		if !ok || !mate {
			continue
		}
		if dist < 0 || d < dist {
			best, dist = c.move, d
		}
	}
	return best, dist >= 0
}
