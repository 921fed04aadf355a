package boards

import (
	"math"
	"slices"
	"testing"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// heard plays m on the true board through a real referee and returns what
// side heard of the entries it produced.
func heard(t *testing.T, ref *referee.Referee, side game.Color, m string) []belief.Observation {
	t.Helper()
	mv, err := game.ParseMove(m)
	if err != nil {
		t.Fatal(err)
	}
	before := len(ref.Log())
	ref.Attempt(mv)
	var out []belief.Observation
	for _, e := range ref.Log()[before:] {
		if h, ok := e.HeardBy(side); ok {
			out = append(out, belief.Observe(h))
		}
	}
	return out
}

// follow feeds every observation to s and fails the test when no board is left.
func follow(t *testing.T, s *Sampler, obs []belief.Observation) {
	t.Helper()
	for i := range obs {
		s.Observe(&obs[i])
		if !s.Normalise() {
			t.Fatalf("no board left after %+v", obs[i])
		}
	}
}

// TestOwnMoveFiltersBoards: X// check, so the board with the black king on a8 (which would be in check) is
// ruled out and the king stands on h8 for certain.
func TestOwnMoveFiltersBoards(t *testing.T) {
	a8 := gametest.Position(t, "k7/8/8/8/8/8/8/1R2K3 w - - 0 1")
	h8 := gametest.Position(t, "7k/8/8/8/8/8/8/1R2K3 w - - 0 1")
	s := New([]game.Position{a8, h8}, game.White, referee.Wild16, 64, 1, 1)
	follow(t, s, heard(t, referee.New(referee.Wild16, h8), game.White, "b1a1"))
	p := s.Probabilities()
	if s.Boards() != 1 || p[game.King][game.H8] != 1 || p[game.King][game.A8] != 0 {
		t.Errorf("boards %d, king on h8 %v on a8 %v: want one board, h8 certain", s.Boards(), p[game.King][game.H8], p[game.King][game.A8])
	}
}

// TestEnemyMoveWeighsMovesEqually: a black king on h8 with no check and
// no capture announced has three moves (g8, g7, h7); the uniform opponent
// gives each a third.
func TestEnemyMoveWeighsMovesEqually(t *testing.T) {
	pos := gametest.Position(t, "7k/8/8/8/8/8/8/R3K3 b - - 0 1")
	s := New([]game.Position{pos}, game.White, referee.Wild16, 64, 1, 2)
	follow(t, s, heard(t, referee.New(referee.Wild16, pos), game.White, "h8g8"))
	p := s.Probabilities()
	for _, sq := range []game.Square{game.G8, game.G7, game.H7} {
		if math.Abs(p[game.King][sq]-1.0/3) > 1e-12 {
			t.Errorf("king on %v: %v, want 1/3", sq, p[game.King][sq])
		}
	}
	if s.Boards() != 3 || s.Distinct() != 3 {
		t.Errorf("boards %d distinct %d, want 3", s.Boards(), s.Distinct())
	}
}

// TestHiddenResamplesToMax: three equally likely boards resampled to two keep
// two of them with weights summing to one.
func TestHiddenResamplesToMax(t *testing.T) {
	pos := gametest.Position(t, "7k/8/8/8/8/8/8/R3K3 b - - 0 1")
	s := New([]game.Position{pos}, game.White, referee.Wild16, 64, 1, 1)
	follow(t, s, heard(t, referee.New(referee.Wild16, pos), game.White, "h8g8"))
	all, two := s.Hidden(0), s.Hidden(2)
	if len(all) != 3 || len(two) != 2 {
		t.Fatalf("hidden %d and %d boards, want 3 and 2", len(all), len(two))
	}
	if sum := two[0].Weight + two[1].Weight; math.Abs(sum-1) > 1e-12 {
		t.Errorf("weights sum to %v", sum)
	}
}

// TestRebuildHonoursBelief: boards rebuilt after a fallback put every enemy
// man on a square its class's B1 set allows, and count the fallback.
func TestRebuildHonoursBelief(t *testing.T) {
	start := gametest.Position(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	b := belief.New(&start, game.White)
	b.Possible[game.King] = gametest.Squares(t, "a8 b8 c8")
	s := New([]game.Position{start}, game.White, referee.Wild16, 16, 1, 1)
	s.boards = s.boards[:0]
	own := start.Only(game.White)
	s.Rebuild(&own, &b, &belief.Observation{Capture: game.NoSquare})
	if s.Fallbacks != 1 || s.Boards() == 0 {
		t.Fatalf("fallbacks %d boards %d", s.Fallbacks, s.Boards())
	}
	for _, x := range s.Hidden(0) {
		if k := x.Pos.KingSquare(game.Black); !b.Possible[game.King].Has(k) {
			t.Errorf("rebuilt king on %v, outside %s", k, gametest.Names(b.Possible[game.King]))
		}
	}
}

// TestMayCaptureIsNecessary: wherever a legal move captures, mayCapture
// says it may, so that the refresh skips only boards without a consistent move.
func TestMayCaptureIsNecessary(t *testing.T) {
	var buf [game.MaxMoves]game.Move
	skipped := 0
	for _, p := range screenPositions(t, 8) {
		var captured game.Bitboard
		for _, m := range p.LegalMoves(buf[:0]) {
			if sq := p.CapturedSquare(m); sq != game.NoSquare {
				captured |= sq.Bit()
			}
		}
		for sq := game.Square(0); sq < 64; sq++ {
			may := mayCapture(&p, sq)
			if captured.Has(sq) && !may {
				t.Fatalf("%s: a legal move captures on %v, mayCapture says none may", p.FEN(), sq)
			}
			if !may {
				skipped++
			}
		}
	}
	if !mayCapture(&game.Position{}, game.NoSquare) || skipped == 0 {
		t.Errorf("mayCapture(NoSquare) must hold, and some square must be ruled out (%d were)", skipped)
	}
}

// TestStridedOrder: the boards expand visits, share after share, come in the
// order of n workers each taking every n-th board, worker 0's first.
func TestStridedOrder(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for total := 0; total <= 40; total++ {
			var want, got []int
			for w := 0; w < n; w++ {
				for i := w; i < total; i += n {
					want = append(want, i)
				}
			}
			for v := 0; v < total; v++ {
				got = append(got, strided(v, total, n))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%d workers, %d boards: %v, want %v", n, total, got, want)
			}
		}
	}
}

// TestDistinctAfterEveryMessage follows White in seeded random games and
// checks after every message that Distinct, which skips looking while the
// boards are known folded, counts the different boards held.
func TestDistinctAfterEveryMessage(t *testing.T) {
	messages := 0
	gametest.RandomGames(16, func() bool { return false }, func(g uint64) func(referee.Entry) bool {
		s := New([]game.Position{game.Start()}, game.White, referee.Wild16, 128, g, 2)
		return func(e referee.Entry) bool {
			o := belief.Observe(e)
			s.Observe(&o)
			alive := s.Normalise()
			seen := map[uint64]bool{}
			for _, b := range s.boards {
				seen[b.pos.Hash()] = true
			}
			if got := s.Distinct(); got != len(seen) {
				t.Fatalf("game %d ply %d: Distinct %d, %d different boards held", g, e.Ply, got, len(seen))
			}
			messages++
			return alive
		}
	})
	if messages < 800 {
		t.Errorf("only %d messages followed", messages)
	}
}
