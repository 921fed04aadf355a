package boards

import (
	"math/rand/v2"
	"testing"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestRebuildKeepsWhatPlainDrawsKeep: a rebuild's boards are the boards a
// plain rejection draw keeps, with the same chances: every man placed at
// random on its class's squares, then the board dropped unless B1 admits it,
// the side that just moved is not in check and the side to move has a move.
// Over a collapse with one bishop (half the draws put it on a colour B1
// refuses) and one with none, after either side's move, every board rebuilt
// passes those checks, and the enemy king's squares are spread as in the
// plain draw's boards (within 0.03 in total variation; drawing the king off
// the squares our rooks see, blockers or not, makes it 0.07).
func TestRebuildKeepsWhatPlainDrawsKeep(t *testing.T) {
	states := collapses(21)
	if len(states) < 21 {
		t.Fatalf("%d collapse states; the test needs 21", len(states))
	}
	o := belief.Observation{Capture: game.NoSquare}
	const rebuilds = 4
	last := New([]game.Position{game.Start()}, game.White, referee.Wild16, 1, 0, 1).material
	for _, i := range []int{4, 20} {
		for _, turn := range []game.Color{game.White, game.Black} {
			c := states[i]
			c.own.SetTurn(turn)
			var kings [2][64]float64
			var n [2]int
			for seed := range uint64(rebuilds) {
				s := New([]game.Position{game.Start()}, game.White, referee.Wild16, DefaultCapacity, seed, 2)
				s.boards = s.boards[:0]
				s.Rebuild(&c.own, &c.b, &o)
				for _, x := range s.boards {
					if !plainKeeps(&x.pos, &c.b) {
						t.Fatalf("state %d, %v to move: rebuilt board %s fails the plain draw's checks", i, turn, x.pos.FEN())
					}
					kings[0][x.pos.KingSquare(game.Black)]++
				}
				n[0] += s.Boards()
			}
			material := byNearness(placeable(c.b.Makeups(), &c.b.Possible), last)[0]
			for _, p := range plainDraws(&c, material, rebuilds*rebuildAttempts*DefaultCapacity) {
				kings[1][p.KingSquare(game.Black)]++
				n[1]++
			}
			if n[0] < DefaultCapacity || n[1] < DefaultCapacity {
				t.Fatalf("state %d, %v to move: %d boards rebuilt, %d drawn plainly; the test needs %d of each", i, turn, n[0], n[1], DefaultCapacity)
			}
			for k := range kings {
				for sq := range kings[k] {
					kings[k][sq] /= float64(n[k])
				}
			}
			if d := distance(&kings[0], &kings[1]); d > 0.03 {
				t.Errorf("state %d, %v to move: the enemy king's squares differ from the plain draw's by %.3f (%d and %d boards)", i, turn, d, n[0], n[1])
			}
		}
	}
}

// plainDraws places material (and the king) attempts times in c, man after
// man in belief.Classes' order at random on his class's free squares, and
// returns the boards plainKeeps keeps.
func plainDraws(c *collapse, material [game.King + 1]int, attempts int) []game.Position {
	material[game.King] = 1
	rng := rand.New(rand.NewPCG(11, 12))
	var out []game.Position
	for range attempts {
		p := c.own
		for _, t := range belief.Classes {
			free := (c.b.Possible[t] &^ p.Occupied()).Squares()
			for n := material[t]; n > 0; n-- {
				if len(free) == 0 {
					break
				}
				k := rng.IntN(len(free))
				p.Put(free[k], game.NewPiece(game.Black, t))
				free = append(free[:k], free[k+1:]...)
			}
		}
		if plainKeeps(&p, &c.b) {
			out = append(out, p)
		}
	}
	return out
}

// plainKeeps reports whether B1 admits p, the side not to move is out of
// check and the side to move has a legal move.
func plainKeeps(p *game.Position, b *belief.Belief) bool {
	q := *p
	q.SetTurn(p.Turn().Other())
	var buf [game.MaxMoves]game.Move
	return b.Admits(p) && !q.InCheck() && len(p.LegalMoves(buf[:0])) > 0
}

// distance returns the total variation distance between two distributions.
func distance(a, b *[64]float64) float64 {
	d := 0.0
	for i := range a {
		d += max(a[i]-b[i], b[i]-a[i])
	}
	return d / 2
}
