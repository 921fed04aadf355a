package player

import (
	"math"
	"slices"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// choice is one candidate attempt and what the believed boards say of it.
type choice struct {
	move  game.Move
	legal float64 // weight of the boards on which it is legal
	value float64 // weighted sum of its utility over those boards
	risky bool    // on some board it lets a technical win be taken away
	score float64 // the ranking key
}

// shrink is the weight (as a share of the boards scored) of the prior that
// pulls a candidate's value towards the present one: a move legal on few
// boards is judged on little evidence.
const shrink = 0.05

// winning is the utility from which a board counts as won (a technical win,
// a won KPK ending, a large material lead): a move that lets the enemy take
// it back to a draw there is risky.
const winning = 0.5

// deepBoards is the most boards for which a weighing looks for mates a move ahead.
const deepBoards = 16

// ranking is the outcome of weighing every untried candidate over the boards.
type ranking struct {
	choices []choice // best first; those legal on no board last
	boards  int      // boards scored before the time ran out
	now     float64  // the present value: the mean static utility of the boards
	lone    bool     // weighed by the rook ending's technique (loneking.go)
	// pure is set when the best choice is to be played as it stands: the
	// scores of bishop and knight's technique differ by less than the
	// margin within which choices are mixed.
	pure bool
}

// rank scores the candidates over boards (us to move on each), stopping at
// deadline once at least one board is scored, and orders them. A candidate
// is worth its expected utility on the boards where it is legal: an illegal
// attempt costs nothing but the try, so the question is what it brings when
// the referee accepts it.
//
// seeing is the chance that the enemy sees our men (sight.go, static).
// possible (B1's sets, nil to skip) marks the candidates that leave a mate
// in one open to some enemy man B1 allows (exposed). chances (nil when not
// followed) are a lone king's, square by square (kingtrack.go). perBit is the utility
// of a bit of what an attempt's answer tells (inform.go; 0 to skip).
func rank(own *game.Position, boards []controller.Board, tried map[game.Move]bool, rules referee.Ruleset, deadline time.Time, possible *[game.King + 1]game.Bitboard, chances *[64]float64, seeing, perBit float64) ranking {
	if kind, fixed := loneEnding(own, boards); kind != loneNone {
		if kind == loneMinor && possible != nil {
			boards = kingBoards(&fixed, boards, possible[game.King], chances)
		}
		return rankLone(kind, &fixed, boards, tried, rules, deadline)
	}
	us := own.Turn()
	var cands []choice
	for _, m := range referee.Candidates(own) {
		if tried[m] || (m.Promotion() != game.NoPieceType && m.Promotion() != game.Queen) {
			continue
		}
		cands = append(cands, choice{move: m})
	}
	index := make(map[game.Move]int, len(cands))
	for i, c := range cands {
		index[c.move] = i
	}
	// Looking a move further (mate after every reply) pays when few boards remain.
	deep := len(boards) <= deepBoards
	var r ranking
	scored := 0.0
	var buf [game.MaxMoves]game.Move
	for i := range boards {
		b := &boards[i]
		if r.boards > 0 && time.Now().After(deadline) {
			break
		}
		r.boards++
		scored += b.Weight
		before := static(&b.Pos, us, seeing)
		r.now += b.Weight * before
		for _, m := range b.Pos.LegalMoves(buf[:0]) {
			i, ok := index[m]
			if !ok {
				continue
			}
			next := b.Pos
			next.Apply(m)
			o := afterMove(&next, us, rules.StalemateLoses, deep, seeing)
			cands[i].legal += b.Weight
			cands[i].value += b.Weight * o.utility
			cands[i].risky = cands[i].risky || (o.lost && before >= winning)
		}
	}
	if scored > 0 {
		r.now /= scored
	}
	prior := shrink * scored
	for i := range cands {
		c := &cands[i]
		if c.legal == 0 {
			c.score = math.Inf(-1)
			continue
		}
		c.score = (c.value + prior*r.now) / (c.legal + prior)
		if c.risky {
			c.score -= 1 // the enemy may take our mating piece: only when nothing safe is left
		}
	}
	sortChoices(cands)
	inform(own, cands, boards[:r.boards], rules, perBit)
	if possible != nil {
		penalizeExposed(own, cands, possible, covered(boards[:r.boards], us.Other()))
	}
	r.choices = cands
	return r
}

// penalizeExposed charges exposure to the leading candidates (sorted best
// first) that leave a mate open, and sorts them again. Only those within
// exposure of the best can change places with an unexposed one, so only
// they are checked: the check costs move generation per checking square.
func penalizeExposed(own *game.Position, cands []choice, possible *[game.King + 1]game.Bitboard, cover game.Bitboard) {
	if len(cands) == 0 {
		return
	}
	us := own.Turn()
	n := 0
	for n < len(cands) && cands[n].score >= cands[0].score-exposure {
		after := *own
		after.Apply(cands[n].move)
		if exposed(&after, us, possible, cover) {
			cands[n].score -= exposure
		}
		n++
	}
	sortChoices(cands)
}

// sortChoices orders choices best first, keeping the order of equals.
func sortChoices(cands []choice) {
	slices.SortStableFunc(cands, func(a, b choice) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
}
