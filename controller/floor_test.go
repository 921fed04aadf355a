package controller

import (
	"math"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestFloorSpreadsOverB1: a king B2 puts on d8 for certain, with B1 allowing
// d8, e8, f8 and g8, keeps 95 % plus its share of the floor on d8 and gets
// 5 %/4 on each other B1 square; squares outside B1 stay 0; the mass stays 1.
// A class B2 expects none of (a queen only a promotion could make) spreads
// the B1 bound instead.
func TestFloorSpreadsOverB1(t *testing.T) {
	var p [game.King + 1][64]float64
	var possible [game.King + 1]game.Bitboard
	var max [game.King + 1]int
	p[game.King][game.D8] = 1
	possible[game.King] = gametest.Squares(t, "d8 e8 f8 g8")
	possible[game.Queen] = gametest.Squares(t, "a1 h1")
	max[game.King], max[game.Queen] = 1, 1
	got := floored(p, possible, max, 0.05)
	want := map[game.Square]float64{game.D8: 0.95 + 0.0125, game.E8: 0.0125, game.F8: 0.0125, game.G8: 0.0125}
	sum := 0.0
	for s := game.Square(0); s < 64; s++ {
		sum += got[game.King][s]
		if math.Abs(got[game.King][s]-want[s]) > 1e-12 {
			t.Errorf("king on %v: %v, want %v", s, got[game.King][s], want[s])
		}
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("king mass %v, want 1", sum)
	}
	if got[game.Queen][game.A1] != 0.025 || got[game.Queen][game.H1] != 0.025 {
		t.Errorf("queen %v %v, want 0.025 each", got[game.Queen][game.A1], got[game.Queen][game.H1])
	}
	if none := floored(p, possible, max, -1); none != p {
		t.Error("a negative floor changed the probabilities")
	}
}

// TestTemperFlattensTheKing: raised to a power below one, the king's
// probabilities keep their total and their order, move towards each other,
// and a square of probability 0 stays 0; a power of one changes nothing.
func TestTemperFlattensTheKing(t *testing.T) {
	var p [64]float64
	p[game.E8], p[game.D8] = 0.8, 0.2
	got := tempered(p, 0.5)
	if math.Abs(got[game.E8]+got[game.D8]-1) > 1e-12 || got[game.F8] != 0 {
		t.Fatalf("tempered mass %v + %v, f8 %v", got[game.E8], got[game.D8], got[game.F8])
	}
	if want := 2.0 / 3; math.Abs(got[game.E8]-want) > 1e-12 {
		t.Errorf("e8 %v, want %v (0.8 and 0.2 square-rooted are 2:1)", got[game.E8], want)
	}
	if same := tempered(p, 1); same != p {
		t.Error("a power of one changed the probabilities")
	}
	if FloorFor(4096) != 0.08 || math.Abs(FloorFor(16384)-0.04) > 1e-12 {
		t.Errorf("floors %v at 4096 and %v at 16384, want 0.08 and 0.04", FloorFor(4096), FloorFor(16384))
	}
}

// TestShownTempersFloorsAndProves: what the view shows of B2's raw
// probabilities, worked by hand. The king's 0.8 and 0.2 tempered by 0.5
// become 2/3 and 1/3, then a floor of 0.1 spread over B1's four king
// squares adds 0.025 to each; on b8, where B1 proves a man, a knight at 0.5
// and a bishop at 0.25 (each left as it was by the floor) become 2/3 and 1/3.
func TestShownTempersFloorsAndProves(t *testing.T) {
	var p [game.King + 1][64]float64
	p[game.King][game.E8], p[game.King][game.D8] = 0.8, 0.2
	p[game.Knight][game.B8], p[game.Bishop][game.B8] = 0.5, 0.25
	var b Belief
	b.Possible[game.King] = gametest.Squares(t, "d8 e8 f8 g8")
	b.Possible[game.Knight], b.Possible[game.Bishop] = game.B8.Bit(), game.B8.Bit()
	b.Max[game.King], b.Max[game.Knight], b.Max[game.Bishop] = 1, 1, 1
	b.Fixed = game.B8.Bit()
	got := Shown(p, &b, 0.1, 0.5, 1<<20)
	want := map[game.Square]float64{game.E8: 0.6 + 0.025, game.D8: 0.3 + 0.025, game.F8: 0.025, game.G8: 0.025}
	for s := game.Square(0); s < 64; s++ {
		if math.Abs(got[game.King][s]-want[s]) > 1e-12 {
			t.Errorf("king on %v: %v, want %v", s, got[game.King][s], want[s])
		}
	}
	if math.Abs(got[game.Knight][game.B8]-2.0/3) > 1e-12 || math.Abs(got[game.Bishop][game.B8]-1.0/3) > 1e-12 {
		t.Errorf("b8: knight %v, bishop %v, want 2/3 and 1/3", got[game.Knight][game.B8], got[game.Bishop][game.B8])
	}
}

// TestFewBoardsAreFlooredAsFew: a B2 left with a handful of boards is
// floored as a sample of sixteen times as many, so that what its few boards
// agree on is not shown as near certain: one board gives B1's even spread,
// 58 boards the floor of 928, and a B2 above a sixteenth of its capacity
// keeps the floor it was given.
func TestFewBoardsAreFlooredAsFew(t *testing.T) {
	var p [game.King + 1][64]float64
	p[game.King][game.E8] = 1
	p[game.Knight][game.B8] = 1
	var b Belief
	b.Possible[game.King] = gametest.Squares(t, "d8 e8 f8 g8")
	b.Possible[game.Knight] = gametest.Squares(t, "b8 c6 d7 a6")
	b.Max[game.King], b.Max[game.Knight] = 1, 1
	floor := FloorFor(16384)
	one := Shown(p, &b, floor, 1, 1)
	for _, s := range []game.Square{game.D8, game.E8, game.F8, game.G8} {
		if math.Abs(one[game.King][s]-0.25) > 1e-12 {
			t.Errorf("one board: the king on %v at %v, want B1's even 0.25", s, one[game.King][s])
		}
	}
	few := Shown(p, &b, floor, 1, 58)
	f := FloorFor(16 * 58)
	if want := 1 - f + f/4; math.Abs(few[game.Knight][game.B8]-want) > 1e-12 || !(few[game.Knight][game.B8] < 0.9) {
		t.Errorf("58 boards: the knight on b8 at %v, want %v (the floor of 928 boards, %v)", few[game.Knight][game.B8], want, f)
	}
	full := Shown(p, &b, floor, 1, 1100)
	if want := 1 - floor + floor/4; math.Abs(full[game.King][game.E8]-want) > 1e-12 {
		t.Errorf("1,100 boards: the king on e8 at %v, want %v (the capacity's floor)", full[game.King][game.E8], want)
	}
	if none := Shown(p, &b, -1, 1, 1); none[game.King][game.E8] != 1 {
		t.Errorf("no floor asked, one board: the king on e8 at %v, want B2's 1", none[game.King][game.E8])
	}
}

// TestAdaptiveTemperFollowsTheEvidence: the power runs from the blind end
// (the uniform model far likelier) to the sighted one (the purposeful model
// far likelier), through their middle where the evidence has made up the
// prior's odds, and a controller left
// to its default shows the power its own evidence gives, where a power it
// was given stays fixed.
func TestAdaptiveTemperFollowsTheEvidence(t *testing.T) {
	if got := AdaptiveTemper(-sightedPrior, 1, 0.8); math.Abs(got-0.9) > 1e-12 {
		t.Errorf("at even odds %v, want 0.9", got)
	}
	if got := AdaptiveTemper(0, 1, 0.8); !(got > 0.9 && got < 1) {
		t.Errorf("before anything is heard %v, want between the middle 0.9 and the blind end 1", got)
	}
	if got := AdaptiveTemper(8, 1, 0.8); math.Abs(got-0.8) > 0.01 {
		t.Errorf("the purposeful model e^8 times likelier: %v, want about 0.8", got)
	}
	if got := AdaptiveTemper(-8, 1, 0.8); math.Abs(got-1) > 1e-3 {
		t.Errorf("the uniform model e^8 times likelier: %v, want about 1", got)
	}
	if a, b := AdaptiveTemper(-1, 1, 0.8), AdaptiveTemper(1, 1, 0.8); !(a > b) {
		t.Errorf("the power at evidence -1 (%v) is not above that at +1 (%v)", a, b)
	}
	// Followed through a random game, a controller left to its default
	// shows the king's probabilities under the power its own evidence
	// gives, once the evidence has moved.
	auto := New(game.White, referee.Wild16, game.Start(), Options{Capacity: 256, Workers: 1})
	checked := 0
	gametest.RandomGames(1, func() bool { return checked >= 40 }, func(uint64) func(referee.Entry) bool {
		return func(e referee.Entry) bool {
			v, err := auto.Observe(e)
			if err != nil {
				t.Fatal(err)
			}
			if v.FromB1 || v.Pending > 0 || auto.Evidence() == 0 {
				return true
			}
			power := AdaptiveTemper(auto.Evidence(), BlindTemper, SightedTemper)
			if want := Shown(auto.sampler.Probabilities(), &auto.belief, auto.floor, power, v.Boards); v.Probability != want {
				t.Fatalf("ply %d: the view's probabilities are not those of the power %v for evidence %v", e.Ply, power, auto.Evidence())
			}
			checked++
			return true
		}
	})
	if checked < 40 {
		t.Fatalf("only %d messages with evidence to check", checked)
	}
	if got := New(game.White, referee.Wild16, game.Start(), Options{Capacity: 64, Temper: 0.7}).Temper(); got != 0.7 {
		t.Errorf("a temper of 0.7 given: %v", got)
	}
	if got := New(game.White, referee.Wild16, game.Start(), Options{Capacity: 64, Temper: -1}).Temper(); got != 1 {
		t.Errorf("no temper asked for: %v", got)
	}
}
