package player

import (
	"github.com/krieg/krieg/game"
)

// caution is the weight of the enemy's most dangerous reply against the
// quiet outcome: the enemy cannot see our men, but the omniscient test
// opponent (and a lucky one) can.
const caution = 0.8

// outcome is what one candidate brings on one board.
type outcome struct {
	utility float64
	// lost is set when an enemy capture or promotion in reply leaves at best a draw, or
	// when our move itself draws (stalemate, bare kings): a win thrown away
	// if the board was winning before our move.
	lost bool
}

// afterMove is the outcome for us of next, the position right after our move
// with the enemy to move: mate and stalemate at once, else the static value
// blended with the worst the enemy's captures, promotions and checks can do
// (seeing: the chance that the enemy sees our men, as for static).
func afterMove(next *game.Position, us game.Color, stalemateLoses, deep bool, seeing float64) outcome {
	var buf [game.MaxMoves]game.Move
	replies := next.LegalMoves(buf[:0])
	if len(replies) == 0 {
		if next.InCheck() || stalemateLoses {
			return outcome{utility: utilityWin}
		}
		return outcome{utility: utilityDraw, lost: true}
	}
	quiet := static(next, us, seeing)
	if next.InsufficientMaterial() {
		return outcome{utility: utilityDraw, lost: true}
	}
	worst, lost := quiet, false
	for _, r := range replies {
		// A promotion counts with the captures: we may take the new queen
		// back only if we guard its square.
		promotion := r.Promotion()
		if promotion == game.Rook || promotion == game.Bishop {
			continue // the queen does all they do
		}
		capture := next.CapturedSquare(r) != game.NoSquare || promotion != game.NoPieceType
		after := *next
		after.Apply(r)
		if !capture && !after.InCheck() {
			continue
		}
		v := replyValue(&after, r, us, capture, stalemateLoses, seeing)
		lost = lost || (capture && v <= utilityDraw)
		worst = min(worst, v)
	}
	if quiet >= technicalWin {
		// A technical win is judged by the enemy's best reply alone; one
		// that mates next move whatever the reply comes just below mate.
		if deep && worst >= technicalWin && mateAfterEveryReply(next, replies) {
			worst = mateNext
		}
		return outcome{utility: worst, lost: lost}
	}
	return outcome{utility: (1-caution)*quiet + caution*worst, lost: lost}
}

// replyValue is the utility for us after the enemy's capture, promotion or
// check r (us to move): mated, or the static value after our best recapture
// (capture set for a capture or promotion).
func replyValue(after *game.Position, r game.Move, us game.Color, capture, stalemateLoses bool, seeing float64) float64 {
	var buf [game.MaxMoves]game.Move
	ours := after.LegalMoves(buf[:0])
	if len(ours) == 0 {
		if after.InCheck() || stalemateLoses {
			return utilityLoss
		}
		return utilityDraw
	}
	v := static(after, us, seeing)
	if !capture {
		return v
	}
	for _, m := range ours {
		if m.To() != r.To() {
			continue
		}
		back := *after
		back.Apply(m)
		v = max(v, static(&back, us, seeing))
	}
	return v
}

// mateNext is the utility of a position in which we mate next move whatever
// the enemy plays: below mate, above any progress.
const mateNext = technicalWin + technicalRange + (utilityWin-technicalWin-technicalRange)/2

// mateAfterEveryReply reports whether, after each of the enemy's replies in
// p, we have a move that mates.
func mateAfterEveryReply(p *game.Position, replies []game.Move) bool {
	var buf [game.MaxMoves]game.Move
	for _, r := range replies {
		after := *p
		after.Apply(r)
		if !hasMate(&after, buf[:0]) {
			return false
		}
	}
	return true
}

// hasMate reports whether the side to move in p has a mating move.
func hasMate(p *game.Position, buf []game.Move) bool {
	var replies [game.MaxMoves]game.Move
	for _, m := range p.LegalMoves(buf) {
		next := *p
		next.Apply(m)
		if next.InCheck() && len(next.LegalMoves(replies[:0])) == 0 {
			return true
		}
	}
	return false
}
