package boards

import (
	"math"
	"testing"

	"github.com/krieg/krieg/controller/internal/testboard"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
)

// TestOfferedCountMatchesTheReferee plays Berkeley games between random
// attempters and, at the start of every turn, compares offeredCount with
// the attempts the referee offers (referee.Offered), but for castling,
// which the count takes whenever a right is held.
func TestOfferedCountMatchesTheReferee(t *testing.T) {
	for g := uint64(0); g < 10; g++ {
		ref := referee.New(referee.Berkeley, game.Start())
		bots := [2]*attempter.Random{attempter.NewRandom(2 * g), attempter.NewRandom(2*g + 1)}
		for ref.Result() == nil {
			p := ref.Position()
			rules := ref.Rules()
			want := 0
			for _, m := range ref.Offered() {
				if !p.IsCastling(m) {
					want++
				}
			}
			got := offeredCount(&p, &rules)
			side := p.Turn()
			rights := game.WhiteKingside | game.WhiteQueenside
			if side == game.Black {
				rights = game.BlackKingside | game.BlackQueenside
			}
			if p.Castling()&rights != 0 {
				got -= 2
			}
			if got != want {
				t.Fatalf("game %d, %s: offeredCount %d (castling aside); want %d", g, p.FEN(), got, want)
			}
			bots[side].Turn(ref)
		}
	}
}

// TestRefusalFactor: Black's king on h8, White's king on f6 and rook on g1.
// Of its three offered attempts (g8, g7, h7) two are illegal, so it is
// refused k times before its move with the chance 1/3 for k = 0, 1 and 2,
// tempered by refusalBeta, and cannot be refused three times. Wild 16 lets
// no refusal of the enemy's be heard; Berkeley with Any? offers fewer
// attempts after the question, so only the count is checked.
func TestRefusalFactor(t *testing.T) {
	p := testboard.Position(t, "7k/8/5K2/8/8/8/8/6R1 b - - 0 1")
	var buf [game.MaxMoves]game.Move
	legal := len(p.LegalMoves(buf[:0]))
	third := math.Pow(1.0/3, refusalBeta)
	for _, tc := range []struct {
		rules referee.Ruleset
		k     int
		want  float64
	}{
		{referee.Berkeley, 0, third},
		{referee.Berkeley, 1, third},
		{referee.Berkeley, 2, third},
		{referee.Berkeley, 3, 0},
		{referee.Wild16, 3, 1},
		{referee.BerkeleyAny, 2, 1},
		{referee.BerkeleyAny, 3, 0},
	} {
		if got := refusalFactor(&p, legal, tc.k, &tc.rules); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s, %d refusals: factor %v; want %v", tc.rules.Name, tc.k, got, tc.want)
		}
	}
}

// TestRefusalsHeardWeighTheBoards: two boards, Black's king hemmed in on h8
// (two of its three attempts illegal) or free on b4 (none illegal). Two
// refusals heard before Kh7 leave only the hemmed board; a move accepted at
// once weighs the hemmed board's child by the tempered chance of no
// refusal there, a third, against one for the free board.
func TestRefusalsHeardWeighTheBoards(t *testing.T) {
	hemmed := testboard.Position(t, "7k/8/5K2/8/8/8/8/6R1 b - - 0 1")
	free := testboard.Position(t, "8/8/5K2/8/1k6/8/8/6R1 b - - 0 1")
	s := New([]game.Position{hemmed, free}, game.White, referee.Berkeley, 64, 1, 1)
	ref := referee.New(referee.Berkeley, hemmed)
	for _, m := range []string{"h8g8", "h8g7", "h8h7"} {
		follow(t, s, heard(t, ref, game.White, m))
	}
	if p := s.Probabilities(); p[game.King][game.H7] != 1 {
		t.Errorf("after two refusals, king on h7 %v; want 1 (the free board allows no refusal)", p[game.King][game.H7])
	}

	s = New([]game.Position{hemmed, free}, game.White, referee.Berkeley, 64, 1, 1)
	follow(t, s, heard(t, referee.New(referee.Berkeley, hemmed), game.White, "h8h7"))
	w := math.Pow(1.0/3, refusalBeta)
	if got, want := s.Probabilities()[game.King][game.H7], w/(w+1); math.Abs(got-want) > 1e-9 {
		t.Errorf("no refusal: king on h7 %v; want %v", got, want)
	}
}
