package player

import (
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Once the lone king may stand on only a few squares, a forced mate against
// every one of them is searched for outright: an AND-OR search over the
// belief, in which our move must be legal wherever the king may stand, and
// each answer the referee may give (silence, or a check by its line) leaves
// the squares the king may then reach, against all of which the rest of the
// mate must work. The weighing by worst distance cannot end such endings
// alone: against a king on a8 or b8 whose moves the referee passes over in
// silence, every move that mates on one square lets it out on the other,
// and the bot went round in circles with the tables saying mate in 3.

// Bounds of the search: the most squares a belief may hold for it to be
// tried, and the most moves of ours a mate may take.
const (
	mateSquares = 10
	mateDepth   = 3
)

// mateSearch is one search: its rules, deadline and the beliefs already
// shown to have no mate within a depth.
type mateSearch struct {
	rules    referee.Ruleset
	deadline time.Time
	mating   func(p *game.Position) game.Bitboard
	failed   map[mateKey]bool
	nodes    int
	stopped  bool // the deadline passed: every caller gives up
}

// mateKey is a belief at a depth: our men and the king's squares.
type mateKey struct {
	hash  uint64
	kings game.Bitboard
	depth int
}

// forcedMate returns a move of ours in own (us to move, our men only) that
// mates the lone king within mateDepth moves whichever of kings it stands
// on, trying shallower mates first; ok is false when none is found before
// deadline. mating gives the men whose loss draws (they must not fall).
func forcedMate(own *game.Position, kings game.Bitboard, rules referee.Ruleset, deadline time.Time, mating func(p *game.Position) game.Bitboard) (game.Move, bool) {
	if kings == 0 || kings.Count() > mateSquares {
		return game.NoMove, false
	}
	s := newMateSearch(rules, deadline, mating)
	for depth := 1; depth <= mateDepth; depth++ {
		if m, ok := s.solve(own, kings, depth); ok {
			return m, true
		}
		if s.late() {
			break
		}
	}
	return game.NoMove, false
}

// newMateSearch starts a search.
func newMateSearch(rules referee.Ruleset, deadline time.Time, mating func(p *game.Position) game.Bitboard) *mateSearch {
	return &mateSearch{rules: rules, deadline: deadline, mating: mating, failed: map[mateKey]bool{}}
}

// late reports whether the deadline has passed (the clock read every few
// dozen nodes).
func (s *mateSearch) late() bool {
	if !s.stopped && s.nodes%32 == 0 && time.Now().After(s.deadline) {
		s.stopped = true
	}
	return s.stopped
}

// solve returns a move mating within depth whichever of kings the king
// stands on.
func (s *mateSearch) solve(own *game.Position, kings game.Bitboard, depth int) (game.Move, bool) {
	key := mateKey{own.Hash(), kings, depth}
	if s.failed[key] {
		return game.NoMove, false
	}
	for _, m := range referee.Candidates(own) {
		s.nodes++
		if s.late() {
			return game.NoMove, false
		}
		if m.Promotion() != game.NoPieceType && m.Promotion() != game.Queen {
			continue
		}
		if s.mates(own, m, kings, depth) {
			return m, true
		}
	}
	if !s.stopped {
		s.failed[key] = true
	}
	return game.NoMove, false
}

// split is what one move of ours meets over the squares the lone king may
// stand on.
type split struct {
	illegal game.Bitboard                // the squares on which the referee refuses it
	lost    bool                         // on some square a mating man falls or the king is stalemated
	reach   [answerClasses]game.Bitboard // by the referee's answer, the squares the king may reach
}

// splitMove plays m (legal on some of kings) against each of kings.
func (s *mateSearch) splitMove(own *game.Position, m game.Move, kings game.Bitboard) split {
	us := own.Turn()
	var out split
	var replies [game.MaxMoves]game.Move
	for x := kings; x != 0; {
		k := x.PopFirst()
		p := *own
		p.Put(k, game.NewPiece(us.Other(), game.King))
		if !p.IsLegal(m) {
			out.illegal |= k.Bit()
			continue
		}
		next := p
		next.Apply(m)
		rs := next.LegalMoves(replies[:0])
		if len(rs) == 0 {
			out.lost = out.lost || !next.InCheck() // mated here unless stalemated
			continue
		}
		mating := s.mating(&next)
		class := answerOf(&next, s.rules)
		for _, r := range rs {
			out.lost = out.lost || mating.Has(r.To()) || next.At(r.From()).Type() != game.King // a man falls, or a blocked pawn is freed
			out.reach[class] |= r.To().Bit()
		}
	}
	return out
}

// mates reports whether m, then a mate within depth-1 after each answer,
// mates whichever of kings the king stands on.
func (s *mateSearch) mates(own *game.Position, m game.Move, kings game.Bitboard, depth int) bool {
	sp := s.splitMove(own, m, kings)
	if sp.illegal != 0 || sp.lost {
		return false
	}
	after := *own
	after.Apply(m)
	after.SetTurn(own.Turn())
	for _, r := range sp.reach {
		if r == 0 {
			continue
		}
		if depth == 1 {
			return false
		}
		if _, ok := s.solve(&after, r, depth-1); !ok {
			return false
		}
	}
	return true
}
