package jkrieg

import "github.com/krieg/krieg/game"

// TryTargets returns rule R1's candidate squares: every square one of our
// pawns could capture onto (an en passant capture lands on one of them too),
// and for each, how many of our pawns hit it. within limits the squares (the
// B1 belief's possibly occupied squares, or everything for the JKrieg rules).
func TryTargets(own *game.Position, us game.Color, within game.Bitboard) (targets game.Bitboard, hits [64]int) {
	for x := own.Pieces(us, game.Pawn); x != 0; {
		for y := game.PawnAttacks(us, x.PopFirst()) &^ own.ByColor(us) & within; y != 0; {
			t := y.PopFirst()
			targets |= t.Bit()
			hits[t]++
		}
	}
	return targets, hits
}

// TryOpacity spreads n pawn tries over the candidate squares: among the sets of
// occupied squares whose hits add up to n, the share that holds each square.
// When only one set does, its squares are certain (opacity 1). With too many
// candidates to enumerate, every square gets n over the total hits.
func TryOpacity(targets game.Bitboard, hits [64]int, n int) map[game.Square]float64 {
	sq := targets.Squares()
	out := make(map[game.Square]float64, len(sq))
	if n <= 0 || len(sq) == 0 {
		return out
	}
	if len(sq) > 16 {
		total := 0
		for _, s := range sq {
			total += hits[s]
		}
		for _, s := range sq {
			out[s] = min(1, float64(n)/float64(total))
		}
		return out
	}
	var count [16]int
	solutions := 0
	for set := 0; set < 1<<len(sq); set++ {
		sum := 0
		for i, s := range sq {
			if set&(1<<i) != 0 {
				sum += hits[s]
			}
		}
		if sum != n {
			continue
		}
		solutions++
		for i := range sq {
			if set&(1<<i) != 0 {
				count[i]++
			}
		}
	}
	for i, s := range sq {
		if solutions == 0 {
			// A pin or check keeps some captures from counting: no exact
			// split exists, so every candidate stays possible.
			out[s] = min(1, float64(n)/float64(len(sq)))
			continue
		}
		if count[i] > 0 {
			out[s] = float64(count[i]) / float64(solutions)
		}
	}
	return out
}
