package player

import (
	"math"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// DefaultInfo is the utility the bot gives a bit of what an attempt's
// answer tells (Options.Info): none, since no weight tried against the
// omniscient cheat scored measurably better than none (docs/player.md).
const DefaultInfo = 0.0

// infoBoards is the most boards on which a weighing splits the answers: an
// evenly spaced subsample of the boards scored keeps the cost to a
// fraction of a millisecond.
const infoBoards = 64

// infoCandidates is the most candidates whose answers are split: only the
// leaders can be lifted above the best by what they tell.
const infoCandidates = 12

// answer is what the referee would tell us of an attempt on one board: the
// attempter hears the same answer on every board of one class.
type answer struct {
	legal    bool
	capture  bool
	captured referee.CapturedKind
	checks   [2]referee.CheckKind
	over     bool   // mate or stalemate: no tries follow
	tries    int    // the enemy's pawn tries, as the rules count them
	trySet   uint64 // the squares or moves of the tries, where the rules name them
}

// answerOn is the answer to m on p (us to move) under rules.
func answerOn(p *game.Position, m game.Move, rules referee.Ruleset) answer {
	if !p.IsLegal(m) {
		return answer{}
	}
	a := answer{legal: true}
	if c := p.CapturedSquare(m); c != game.NoSquare {
		a.capture = true
		if rules.CaptureKind {
			a.captured = referee.CapturedPiece
			if p.At(c).Type() == game.Pawn {
				a.captured = referee.CapturedPawn
			}
		}
	}
	next := *p
	next.Apply(m)
	var buf [2]referee.CheckKind
	checks := referee.CheckKinds(&next, buf[:0])
	if len(checks) > 0 && !rules.CheckDirection {
		checks = []referee.CheckKind{referee.CheckPlain}
	}
	copy(a.checks[:], checks)
	if next.Status() != game.Ongoing {
		a.over = true
		return a
	}
	if rules.Tries == referee.TriesNone {
		return a
	}
	var mbuf [game.MaxMoves]game.Move
	caps := next.PawnCaptures(mbuf[:0])
	switch rules.Tries {
	case referee.TriesYesNo:
		a.tries = min(len(caps), 1)
	case referee.TriesCount:
		a.tries = len(caps)
	case referee.TriesSquares:
		var from game.Bitboard
		for _, c := range caps {
			from |= c.From().Bit()
		}
		a.trySet = uint64(from)
	case referee.TriesMoves:
		for _, c := range caps {
			if c.Promotion() != game.NoPieceType && c.Promotion() != game.Queen {
				continue // the referee names a promotion once
			}
			a.trySet += mix(uint64(c.From())<<6 | uint64(c.To()))
		}
	}
	return a
}

// mix scatters x over 64 bits (splitmix64's finaliser), so that a sum of
// mixed moves tells one set of moves from another.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// maxMen is the most men of ours whose safety the answers may tell of.
const maxMen = 16

// stakes are what the bot wants to know of each board: where the enemy
// king stands, and which of our men an enemy man attacks.
type stakes struct {
	men    []game.Square // our men other than the king
	weight []float64     // what knowing each man's safety is worth, in bits
}

// stakesOf lists our men in own with the worth of knowing their safety: a
// pawn's a third of a piece's.
func stakesOf(own *game.Position, us game.Color) stakes {
	var s stakes
	for x := own.ByColor(us) &^ own.Pieces(us, game.King); x != 0 && len(s.men) < maxMen; {
		sq := x.PopFirst()
		s.men = append(s.men, sq)
		s.weight = append(s.weight, min(1, pieceValue[own.At(sq).Type()]/3))
	}
	return s
}

// class gathers the boards that give one answer.
type class struct {
	key      answer
	weight   float64
	king     [64]float64     // the weight of the boards with the enemy king on each square
	attacked [maxMen]float64 // the weight of the boards on which each of our men is attacked
}

// add counts a board of weight w whose enemy king is on k and whose attacks
// on our men are the bits of hit.
func (c *class) add(w float64, k game.Square, hit uint16) {
	c.weight += w
	if k != game.NoSquare {
		c.king[k] += w
	}
	for i := 0; hit != 0; i, hit = i+1, hit>>1 {
		if hit&1 != 0 {
			c.attacked[i] += w
		}
	}
}

// entropy is the uncertainty in bits left in the class about what matters:
// the enemy king's square, and each man's safety at its worth.
func (c *class) entropy(s *stakes) float64 {
	if c.weight <= 0 {
		return 0
	}
	h := 0.0
	for _, w := range c.king {
		if w > 0 {
			p := w / c.weight
			h -= p * math.Log2(p)
		}
	}
	for i, wt := range s.weight {
		h += wt * binaryEntropy(c.attacked[i]/c.weight)
	}
	return h
}

// binaryEntropy is the entropy in bits of a yes-or-no of chance p.
func binaryEntropy(p float64) float64 {
	if p <= 0 || p >= 1 {
		return 0
	}
	return -p*math.Log2(p) - (1-p)*math.Log2(1-p)
}

// seen is one board as the split needs it: its position, its weight, where
// its enemy king stands and which of our men it attacks.
type seen struct {
	pos  *game.Position
	w    float64
	king game.Square
	hit  uint16
}

// sights reads the enemy king and the attacks on our men off each board.
func sights(boards []controller.Board, us game.Color, s *stakes) []seen {
	them := us.Other()
	out := make([]seen, len(boards))
	for i := range boards {
		p := &boards[i].Pos
		v := seen{pos: p, w: boards[i].Weight, king: p.KingSquare(them)}
		occ := p.Occupied()
		for j, sq := range s.men {
			if p.AttackersTo(sq, them, occ) != 0 {
				v.hit |= 1 << j
			}
		}
		out[i] = v
	}
	return out
}

// information is the expected reduction, in bits, of the uncertainty about
// what matters (class.entropy) that the referee's answer to m brings, over
// the boards bs: the entropy of them all less the mean entropy of the
// classes the answer splits them into, each weighed by its chance.
func information(m game.Move, bs []seen, s *stakes, rules referee.Ruleset, scratch []class) (float64, []class) {
	var all class
	classes := scratch[:0]
	for _, b := range bs {
		all.add(b.w, b.king, b.hit)
		key := answerOn(b.pos, m, rules)
		i := 0
		for i < len(classes) && classes[i].key != key {
			i++
		}
		if i == len(classes) {
			classes = append(classes, class{key: key})
		}
		classes[i].add(b.w, b.king, b.hit)
	}
	if all.weight <= 0 {
		return 0, classes
	}
	gain := all.entropy(s)
	for i := range classes {
		gain -= classes[i].weight / all.weight * classes[i].entropy(s)
	}
	return max(gain, 0), classes
}

// subsample is at most n of boards, evenly spaced through them.
func subsample(boards []controller.Board, n int) []controller.Board {
	if len(boards) <= n {
		return boards
	}
	out := make([]controller.Board, n)
	for i := range out {
		out[i] = boards[i*len(boards)/n]
	}
	return out
}

// inform adds to the leading candidates (sorted best first) perBit times
// the information their answer brings over boards (us to move on each in
// own), and sorts them again. A candidate can rise above the best only by
// at most perBit times the uncertainty there is, so only those within that
// of the best are split, and at most infoCandidates of them.
func inform(own *game.Position, cands []choice, boards []controller.Board, rules referee.Ruleset, perBit float64) {
	if perBit <= 0 || len(cands) == 0 || len(boards) == 0 {
		return
	}
	us := own.Turn()
	s := stakesOf(own, us)
	bs := sights(subsample(boards, infoBoards), us, &s)
	var all class
	for _, b := range bs {
		all.add(b.w, b.king, b.hit)
	}
	reach := perBit * all.entropy(&s)
	if reach <= 0 {
		return
	}
	var scratch []class
	best := cands[0].score
	for i := 0; i < len(cands) && i < infoCandidates && cands[i].score >= best-reach; i++ {
		var bits float64
		bits, scratch = information(cands[i].move, bs, &s, rules, scratch)
		cands[i].score += perBit * bits
	}
	sortChoices(cands)
}
