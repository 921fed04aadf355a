package player

import (
	"math"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Against a lone king with a rook, the bot weighs its candidates
// on the belief as a whole (the metaposition of the Bolognesi-Ciancarini KRK
// work) rather than board by board. A candidate splits the believed king
// squares by what the referee would answer (illegal, mate, stalemate, check
// along a rank, a file or a diagonal, or silence); within each answer the
// enemy king's replies spread the squares into the belief the bot will hold
// next move, and that belief is judged as a whole: by its worst and mean
// distance to mate (from the KXK tables) and by how many squares it keeps.
// Averaging per-board distances instead let the king slip round the rook:
// each board's best move is exact, but their mean need not confine a king
// that may stand on any of 20 squares. Judging in plies also makes a gamble
// on mate worth its price: a quiet move costs plies, a mate attempt that
// fails on some boards only sends the king back a few.

// How a lone-king belief is judged, in plies to mate: the worst distance to
// mate over the king's squares plus a price per square, tuned on KRK
// studies against the cheat (`krieg endgame krk`, docs/measurements.md):
const (
	loneSquare  = 3.0   // plies charged per square the king may stand on
	lonePly     = 2.0   // plies charged for a move that neither mates nor is refused
	loneHorizon = 100.0 // estimated plies at which progress counts as none
	loneDrawn   = 80    // the distance charged to a square the tables call drawn
)

// answer classes of a candidate on one board.
const (
	answerSilent = iota
	answerRank
	answerFile
	answerDiagonal
	answerClasses
)

// loneOutcome gathers a candidate's boards that get one answer: their
// weight and the squares the enemy king may stand on after its reply.
type loneOutcome struct {
	weight float64
	reach  game.Bitboard
}

// loneEnding reports whether own (our men) is a king, one rook and maybe
// pawns, and every board's enemy has only its king; with a queen the
// board-by-board average already mates. The pawns are not pushed on
// purpose: the rook mates sooner than a pawn queens, and the tables know no
// pawns.
func loneEnding(own *game.Position, boards []controller.Board) bool {
	us := own.Turn()
	rook := own.Pieces(us, game.Rook)
	if len(boards) == 0 || rook.Count() != 1 || own.ByColor(us) != own.Pieces(us, game.King)|rook|own.Pieces(us, game.Pawn) {
		return false
	}
	them := us.Other()
	for _, b := range boards {
		if b.Pos.ByColor(them) != b.Pos.Pieces(them, game.King) {
			return false
		}
	}
	return true
}

// rankLone scores the untried candidates against a lone king on the belief
// as a whole and orders them best first.
func rankLone(own *game.Position, boards []controller.Board, tried map[game.Move]bool, rules referee.Ruleset) ranking {
	us := own.Turn()
	them := us.Other()
	r := ranking{lone: true}
	kings := game.Bitboard(0)
	total := 0.0
	for _, b := range boards {
		kings |= b.Pos.Pieces(them, game.King)
		total += b.Weight
	}
	r.boards = len(boards)
	r.now = beliefValue(own, kings, us, 0)
	var buf, replies [game.MaxMoves]game.Move
	legal := make([]map[game.Move]bool, len(boards))
	for i, b := range boards {
		legal[i] = map[game.Move]bool{}
		for _, m := range b.Pos.LegalMoves(buf[:0]) {
			legal[i][m] = true
		}
	}
	for _, m := range referee.Candidates(own) {
		if tried[m] || (m.Promotion() != game.NoPieceType && m.Promotion() != game.Queen) {
			continue
		}
		c := choice{move: m}
		var outs [answerClasses]loneOutcome
		var illegal loneOutcome
		won, lost := 0.0, 0.0
		for i, b := range boards {
			if !legal[i][m] {
				illegal.weight += b.Weight
				illegal.reach |= b.Pos.Pieces(them, game.King)
				continue
			}
			c.legal += b.Weight
			next := b.Pos
			next.Apply(m)
			rs := next.LegalMoves(replies[:0])
			if len(rs) == 0 {
				if next.InCheck() {
					won += b.Weight
					continue
				}
				lost += b.Weight // stalemate: the win thrown away
				continue
			}
			o := &outs[answerOf(&next, them, rules)]
			taken := false // the rook falls (a pawn may)
			for _, rep := range rs {
				taken = taken || next.Pieces(us, game.Rook).Has(rep.To())
				o.reach |= rep.To().Bit()
			}
			if taken {
				lost += b.Weight
				continue
			}
			o.weight += b.Weight
		}
		if c.legal == 0 {
			c.score = math.Inf(-1)
			r.choices = append(r.choices, c)
			continue
		}
		after := *own
		after.Apply(m)
		after.SetTurn(us)
		v := won * utilityWin
		for _, o := range outs {
			if o.weight > 0 {
				v += o.weight * beliefValue(&after, o.reach, us, lonePly)
			}
		}
		// An illegal answer costs no ply: the bot tries again knowing more.
		v += illegal.weight * beliefValue(own, illegal.reach, us, 0)
		c.value = v
		c.score = v / total
		if lost > 0 {
			c.risky = true
			c.score -= 1
		}
		r.choices = append(r.choices, c)
	}
	sortChoices(r.choices)
	return r
}

// answerOf is the class of the referee's answer to the move that led to p
// (them to move): silence, or the check, by its line when the rules say it.
func answerOf(p *game.Position, them game.Color, rules referee.Ruleset) int {
	checkers := p.Checkers()
	switch {
	case checkers == 0:
		return answerSilent
	case !rules.CheckDirection:
		return answerRank // plain "Check": one class for every check
	}
	k, c := p.KingSquare(them), checkers.First()
	switch {
	case k.Rank() == c.Rank():
		return answerRank
	case k.File() == c.File():
		return answerFile
	}
	return answerDiagonal
}

// beliefValue is the utility of the belief that the enemy king stands on
// one of kings, our men as in own, us to move, plus spent plies already
// spent on the way there: a technical win, nearer mate the fewer plies
// loneEstimate expects.
func beliefValue(own *game.Position, kings game.Bitboard, us game.Color, spent float64) float64 {
	est := spent + loneEstimate(own, kings, us)
	return technicalWin + technicalRange*max(0, 1-est/loneHorizon)
}

// loneEstimate is a guess at the plies to mate from a belief: the worst
// distance to mate over the king's squares, as if the bot knew which, plus
// a price per square for not knowing.
func loneEstimate(own *game.Position, kings game.Bitboard, us game.Color) float64 {
	worst, n := 0, 0
	core := kxkCore(own, us, game.Rook)
	core.SetTurn(us)
	rook := core.Pieces(us, game.Rook).First()
	for x := kings; x != 0; {
		k := x.PopFirst()
		if core.Occupied().Has(k) {
			continue // a square the king cannot hold (one of our pawns it may take)
		}
		n++
		if !kxkFaithful(game.Rook, us, rook, k, own.Occupied()|k.Bit(), core.Occupied()|k.Bit()) {
			continue // a pawn of ours in the rook's line there: the tables cannot say
		}
		p := core
		p.Put(k, game.NewPiece(us.Other(), game.King))
		d, mate, ok := KXKDistance(&p)
		if !ok {
			continue
		}
		if !mate {
			d = loneDrawn
		}
		worst = max(worst, d)
	}
	if n == 0 {
		return 0
	}
	return float64(worst) + loneSquare*float64(n)
}
