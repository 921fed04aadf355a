package controller

import (
	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Target is the attempt preview (rule B4 of docs/deduction.md) of one square a
// picked-up man could be tried on.
type Target struct {
	To   game.Square
	Move game.Move // the attempt; a promotion is previewed as a queen's
	// Allowed is false when the ruleset and this turn's announcements make
	// the attempt nonsense (after "Any?" said yes, a pawn capture the tries
	// rule out): the referee would refuse it whatever the board.
	Allowed bool
	// Accept is the chance the referee accepts the attempt, Capture the
	// chance it is accepted and takes an enemy man, Danger the chance,
	// should it be accepted, that the enemy can take the moved man on the
	// reply (a legal capture of it on the board after the move).
	Accept, Capture, Danger float64
	// FromB1 marks estimates made without boards (the controller holds none,
	// or was made BeliefOnly): Accept and Capture then come from the B1 sets
	// (UniformAccept), and Danger is not estimated (0).
	FromB1 bool
}

// Preview returns, for our man on from, every square it could be tried on
// (referee.Candidates) with the chance the referee accepts the attempt, the
// chance it captures and the chance the man can then be taken, weighted
// over B2's boards. It returns nil when from holds none of our men or it
// is not our move.
func (c *Controller) Preview(from game.Square) []Target {
	out, moves := c.targets(from)
	if len(out) == 0 {
		return nil
	}
	if c.sampler != nil && c.sampler.Boards() > 0 {
		for i, e := range c.sampler.Preview(moves) {
			if out[i].Allowed {
				out[i].Accept, out[i].Capture, out[i].Danger = e.Accept, e.Capture, e.Danger
			}
		}
		return out
	}
	uniformPreview(&c.own, out, c.belief.Possible, c.belief.Max)
	return out
}

// targets lists the squares our man on from could be tried on, each with
// whether the referee would consider it (no estimate yet), and their
// attempts; nil when from holds none of our men or it is not our move.
func (f *front) targets(from game.Square) ([]Target, []game.Move) {
	if f.own.Turn() != f.side || f.result != nil || !f.own.ByColor(f.side).Has(from) {
		return nil, nil
	}
	var out []Target
	var moves []game.Move
	for _, m := range referee.Candidates(&f.own) {
		if m.From() != from || m.Promotion() != game.NoPieceType && m.Promotion() != game.Queen {
			continue
		}
		out = append(out, Target{To: m.To(), Move: m, Allowed: f.allows(m)})
		moves = append(moves, m)
	}
	return out, moves
}

// uniformPreview fills the estimates of out from the B1 sets possible
// (with max men per class) spread evenly, marking them FromB1.
func uniformPreview(own *game.Position, out []Target, possible [game.King + 1]game.Bitboard, max [game.King + 1]int) {
	uniform := UniformOver(possible, max)
	for i := range out {
		out[i].FromB1 = true
		if out[i].Allowed {
			out[i].Accept, out[i].Capture = UniformAccept(own, &uniform, out[i].Move)
		}
	}
}

// turnState is what we know of our turn so far beyond the pawn tries: the
// answer to our "Any?" and whether we tried a pawn capture after a yes.
type turnState struct {
	asked, has, pawnTried bool
}

// noteTurn follows the turn's questions and attempts; called with each
// observed entry before the controller's state moves on.
func (f *front) noteTurn(e referee.Entry, o *belief.Observation) {
	switch {
	case o.Moved:
		f.turn = turnState{}
	case e.Mover == f.side && o.Any != nil:
		f.turn.asked, f.turn.has = true, *o.Any
	case e.Mover == f.side && e.Attempt != game.NoMove && f.turn.asked && f.turn.has && f.pawnCapture(e.Attempt):
		f.turn.pawnTried = true
	}
}

// pawnCapture reports whether m moves one of our pawns diagonally.
func (f *front) pawnCapture(m game.Move) bool {
	return f.own.At(m.From()).Type() == game.Pawn && m.From().File() != m.To().File()
}

// allows reports whether the referee would consider our attempt m now,
// rather than call it nonsense, by what we were told this turn (the same
// policy as the referee's, from the player's side of the board).
func (f *front) allows(m game.Move) bool {
	pawnCap := f.pawnCapture(m)
	switch {
	case f.rules.QueenOnly && m.Promotion() != game.NoPieceType && m.Promotion() != game.Queen:
		return false
	case anyRulesOut(f.rules, f.turn.asked, f.turn.has, f.turn.pawnTried, pawnCap) != "":
		return false
	case !pawnCap || !f.rules.PawnCaptureNeedsTry:
		return true
	}
	switch f.rules.Tries {
	case referee.TriesSquares, referee.TriesMoves:
		return f.ourTries == nil || f.ourTries.Allows(f.rules.Tries, m)
	}
	return f.triesKnown() != 0
}

// UniformAccept estimates from per-class probabilities alone (such as
// UniformOver's spread of the B1 sets) the chance that our attempt m is
// legal and the chance that it is legal and captures, taking squares as
// independent: the squares the move must cross (and, for a pawn's push, its
// target) must be empty, a pawn's capture needs a man on its target, and
// checks, pins and en passant are ignored. It is the baseline the preview
// is measured against when the belief has no boards.
func UniformAccept(own *game.Position, prob *[game.King + 1][64]float64, m game.Move) (accept, capture float64) {
	occupied := func(s game.Square) float64 {
		p := 0.0
		for _, t := range Classes {
			p += prob[t][s]
		}
		return min(1, p)
	}
	from, to := m.From(), m.To()
	path := game.Between(from, to)
	if own.IsCastling(m) {
		rook := game.NewSquare(0, from.Rank())
		if to > from {
			rook = game.NewSquare(7, from.Rank())
		}
		path = game.Between(from, rook)
	}
	clear := 1.0
	for x := path; x != 0; {
		clear *= 1 - occupied(x.PopFirst())
	}
	switch {
	case own.At(from).Type() == game.Pawn && from.File() != to.File():
		accept = occupied(to)
		return accept, accept
	case own.At(from).Type() == game.Pawn:
		return clear * (1 - occupied(to)), 0
	}
	return clear, clear * occupied(to)
}
