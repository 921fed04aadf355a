package controller

import "github.com/krieg/krieg/game"

// DefaultFloor is the share of each class's probability that the view model
// spreads evenly over the squares B1 allows it, when Options leave it 0.
// B2's boards may all have lost a square where a man really stands (the
// capacity cuts rare boards, a fallback rebuilds from the last message
// only); B1 never does, so with a floor no square where a man can stand
// shows 0.
const DefaultFloor = 0.08

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
