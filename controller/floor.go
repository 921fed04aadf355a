package controller

import (
	"math"

	"github.com/krieg/krieg/game"
)

// FloorFor is the share of each class's probability that the view model
// spreads evenly over the squares B1 allows it, when Options leave it 0, for
// a B2 of capacity boards: 8 % at 4096 boards, shrinking as the square root
// of the boards (4 % at 16384, 2 % at 65536). B2's boards may all have lost
// a square where a man really stands (the capacity cuts rare boards, a
// fallback rebuilds from the last message only); B1 never does, so with a
// floor no square where a man can stand shows 0. More boards lose fewer,
// and sampling error falls as the square root of their number.
func FloorFor(capacity int) float64 {
	return 0.08 * math.Sqrt(4096/float64(max(1, capacity)))
}

// The power the enemy king's B2 probabilities are raised to (and
// renormalised) before the floor, when Options leave it 0, follows how the
// enemy has played (AdaptiveTemper). B2 weighs every legal move of the
// enemy's alike, which is right against a player who cannot see our men and
// over-trusts the history it infers against one who moves with a purpose: a
// power below one flattens the king's probabilities towards what such
// players show (docs/measurements.md, "Deduction").
const (
	// BlindTemper is the power against an enemy who plays like the uniform
	// model: random attempters want none.
	BlindTemper = 1.0
	// SightedTemper is the power against an enemy whose moves the
	// purposeful model explains far better, as the computer player's do.
	SightedTemper = 0.6
)

// sightedPrior is the log of the odds that the enemy plays with a purpose
// before anything is heard: about one in eight (e^-2), not even. Early in a
// game the evidence tells the two kinds of enemy apart poorly, and random
// attempters, whose moves are B2's own model, lose the honesty of their
// regions under any power below one; fitted with `krieg eval --scan-temper`
// (docs/measurements.md, "Deduction").
const sightedPrior = -2.0

// AdaptiveTemper returns the power for the king's B2 probabilities given
// evidence, the log of how much likelier the enemy's moves heard were under
// the purposeful opponent model than under the uniform one
// (boards.Sampler.Evidence): blind when the uniform model is far likelier,
// sighted when the purposeful one is, and between them by the chance that
// the enemy is the purposeful kind, from sightedPrior's odds at the start.
func AdaptiveTemper(evidence, blind, sighted float64) float64 {
	sighting := 1 / (1 + math.Exp(-(evidence + sightedPrior)))
	return blind + (sighted-blind)*sighting
}

// Shown returns the probabilities the view model shows for B2's raw
// probabilities p under belief b, B2 holding held distinct boards: the
// king's tempered by the power temper, the floor (at least thinFloor's for
// held boards) spread over B1's squares, and B1's proofs made certain. krieg
// eval calls it to score other tempers and floors on the same boards.
func Shown(p [game.King + 1][64]float64, b *Belief, floor, temper float64, held int) [game.King + 1][64]float64 {
	p[game.King] = tempered(p[game.King], temper)
	p = floored(p, b.Possible, b.Max, thinFloor(floor, held))
	certain(&p, b.Fixed)
	return p
}

// thinFloor returns the floor for B2 holding held distinct boards, given
// the floor of its capacity: the floor of a sample of sixteen times held
// boards when that is more (none stays none), so only below a sixteenth of
// the capacity. A surprising message can leave a handful of boards out of
// thousands, and shown as they stand they claim an enemy man at 97 %
// wherever those few agree; one board shows B1's even spread. Sixteen, not
// fewer, keeps the regions honest against random attempters
// (docs/measurements.md, "Few boards").
func thinFloor(floor float64, held int) float64 {
	if floor <= 0 {
		return floor
	}
	return min(1, max(floor, FloorFor(16*held)))
}

// tempered returns p raised to the power alpha and rescaled to p's total.
func tempered(p [64]float64, alpha float64) [64]float64 {
	if alpha == 1 {
		return p
	}
	total, powered := 0.0, 0.0
	for s, x := range p {
		total += x
		if x > 0 {
			p[s] = math.Pow(x, alpha)
			powered += p[s]
		}
	}
	if powered == 0 {
		return p
	}
	for s := range p {
		p[s] *= total / powered
	}
	return p
}

// floored returns B2's probabilities p with the share floor of each class's
// mass spread evenly over that class's B1 squares: (1-floor)·p plus
// floor·n/|possible| on each possible square, n being the class's expected
// count under B2 (the B1 bound when B2 expects none), capped at 1.
func floored(p [game.King + 1][64]float64, possible [game.King + 1]game.Bitboard, max [game.King + 1]int, floor float64) [game.King + 1][64]float64 {
	if floor <= 0 {
		return p
	}
	for _, t := range Classes {
		squares := possible[t].Count()
		if squares == 0 {
			continue
		}
		n := 0.0
		for _, x := range p[t] {
			n += x
		}
		if n == 0 {
			n = float64(max[t])
		}
		even := floor * n / float64(squares)
		for s := range p[t] {
			p[t][s] *= 1 - floor
			if possible[t].Has(game.Square(s)) {
				p[t][s] = min(1, p[t][s]+even)
			}
		}
	}
	return p
}

// certain makes the classes' chances on each square of fixed, where B1
// proves an enemy man, add up to one: B2's boards agree there, and the floor
// spread over B1's squares must not make a proof read as a guess.
func certain(p *[game.King + 1][64]float64, fixed game.Bitboard) {
	for x := fixed; x != 0; {
		s := x.PopFirst()
		total := 0.0
		for _, t := range Classes {
			total += p[t][s]
		}
		if total <= 0 {
			continue
		}
		for _, t := range Classes {
			p[t][s] = min(1, p[t][s]/total)
		}
	}
}
