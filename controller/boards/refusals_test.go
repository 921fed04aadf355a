package boards

import (
	"math"
	"testing"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/gametest"
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
// Of its three offered attempts (g8, g7, h7) two are illegal, so a random
// attempter is refused k times before its move with the chance 1/3 for
// k = 0, 1 and 2, and no enemy can be refused three times. With the random
// attempter's model sure, a board weighs that chance; with the other model
// sure, the same for any board that allows the count. Wild 16 lets no
// refusal of the enemy's be heard; Berkeley with Any? offers fewer attempts
// after the question, so only the count is checked there.
func TestRefusalFactor(t *testing.T) {
	p := gametest.Position(t, "7k/8/5K2/8/8/8/8/6R1 b - - 0 1")
	var buf [game.MaxMoves]game.Move
	legal := len(p.LegalMoves(buf[:0]))
	for _, tc := range []struct {
		rules  referee.Ruleset
		k      int
		random float64 // the random attempter model's share
		want   float64
	}{
		{referee.Berkeley, 0, 1, 1.0 / 3},
		{referee.Berkeley, 1, 1, 1.0 / 3},
		{referee.Berkeley, 2, 1, 1.0 / 3},
		{referee.Berkeley, 3, 1, 0},
		{referee.Berkeley, 2, 0, 0.25},
		{referee.Berkeley, 3, 0, 0},
		{referee.Berkeley, 1, 0.5, 0.5*0.25 + 0.5/3},
		{referee.Wild16, 3, 1, 1},
		{referee.BerkeleyAny, 2, 1, 1},
		{referee.BerkeleyAny, 3, 1, 0},
	} {
		m := turnModel{k: tc.k, silent: 0.25, random: tc.random, exact: tc.rules.Any == referee.AnyNone}
		var odds refusalOdds
		got := m.factor(&p, legal, &tc.rules, 2, &odds)
		if math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s, %d refusals, random share %v: factor %v; want %v", tc.rules.Name, tc.k, tc.random, got, tc.want)
		}
		if tc.rules.Name == "berkeley" && tc.k < 3 && (math.Abs(odds.random-2.0/3) > 1e-12 || odds.silent != 0.5) {
			t.Errorf("%s, %d refusals: odds %+v; want the board's weight 2 times each model's chance", tc.rules.Name, tc.k, odds)
		}
	}
}

// TestRefusalsHeardWeighTheBoards: two boards, Black's king hemmed in on h8
// (two of its three attempts illegal) or free on b4 (none illegal). Two
// refusals heard before Kh7 leave only the hemmed board; a move accepted at
// once, with the two models of the refusals even, weighs the hemmed board by
// half the random attempter's chance of no refusal there (1/3) and half
// the other model's (2/3, a geometric count of mean one half), and the free
// board by half of 1 and half of 2/3: the king is on h7 with chance
// 0.5/(0.5+5/6).
func TestRefusalsHeardWeighTheBoards(t *testing.T) {
	hemmed := gametest.Position(t, "7k/8/5K2/8/8/8/8/6R1 b - - 0 1")
	free := gametest.Position(t, "8/8/5K2/8/1k6/8/8/6R1 b - - 0 1")
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
	if got, want := s.Probabilities()[game.King][game.H7], 0.5/(0.5+5.0/6); math.Abs(got-want) > 1e-9 {
		t.Errorf("no refusal: king on h7 %v; want %v", got, want)
	}
}

// TestRefusalEvidence: following Berkeley games between random attempters,
// White's sampler comes to read Black's refusals as a random attempter's
// (the log odds above zero at the end of most games, or where the boards
// ran out); following a king that
// walks between two squares where two of its three attempts are illegal and
// is never refused, it reads them as not.
func TestRefusalEvidence(t *testing.T) {
	random := 0
	const games = 8
	for g := uint64(0); g < games; g++ {
		ref := referee.New(referee.Berkeley, game.Start())
		bots := [2]*attempter.Random{attempter.NewRandom(2 * g), attempter.NewRandom(2*g + 1)}
		s := New([]game.Position{game.Start()}, game.White, referee.Berkeley, 1024, g, 1)
		seen, lost := 0, false
		// Without B1 to rebuild them the boards may all be ruled out: the
		// game is followed until then.
		for ref.Result() == nil && ref.Plies() < 120 && !lost {
			bots[ref.ToMove()].Turn(ref)
			for _, e := range ref.Log()[seen:] {
				if h, ok := e.HeardBy(game.White); ok && !lost {
					o := belief.Observe(h)
					s.Observe(&o)
					lost = !s.Normalise()
				}
			}
			seen = len(ref.Log())
		}
		t.Logf("game %d: %d plies followed, log odds %.2f", g, ref.Plies(), s.refused.evidence)
		if s.refused.evidence > 0 {
			random++
		}
	}
	if random < games*3/4 {
		t.Errorf("the random attempter read as one in %d of %d games; want at least %d", random, games, games*3/4)
	}

	// Black's king steps h8-h7-h8... next to White's king, never refused,
	// while White's rook shuffles on the g-file.
	p := gametest.Position(t, "7k/8/5K2/8/8/8/8/6R1 w - - 0 1")
	s := New([]game.Position{p}, game.White, referee.Berkeley, 64, 1, 1)
	ref := referee.New(referee.Berkeley, p)
	for i := 0; i < 4; i++ {
		follow(t, s, heard(t, ref, game.White, "g1g2"))
		follow(t, s, heard(t, ref, game.White, "h8h7"))
		follow(t, s, heard(t, ref, game.White, "g2g1"))
		follow(t, s, heard(t, ref, game.White, "h7h8"))
	}
	if s.refused.evidence >= 0 {
		t.Errorf("a king never refused where most of its attempts are illegal: log odds %v; want below zero", s.refused.evidence)
	}
}

// TestOfferedCountByMan holds offeredCount, which counts the pawns all at
// once, to a count man by man over the screen's positions, both sides to
// move, with and without under-promotions.
func TestOfferedCountByMan(t *testing.T) {
	for _, p := range screenPositions(t, 60) {
		for _, rules := range []referee.Ruleset{referee.Berkeley, referee.OpenTries} {
			if got, want := offeredCount(&p, &rules), offeredCountByMan(&p, &rules); got != want {
				t.Fatalf("%s, %s: offeredCount %d, want %d", p.FEN(), rules.Name, got, want)
			}
		}
	}
}

// offeredCountByMan is offeredCount man by man, as it was first written.
func offeredCountByMan(p *game.Position, rules *referee.Ruleset) int {
	side := p.Turn()
	own := p.ByColor(side)
	promotions := 4
	if rules.QueenOnly {
		promotions = 1
	}
	n := 0
	for t := game.Knight; t <= game.King; t++ {
		for x := p.Pieces(side, t); x != 0; {
			n += (game.AttacksFrom(t, side, x.PopFirst(), own) &^ own).Count()
		}
	}
	last, start, step := 7, 1, 8
	rights := game.WhiteKingside | game.WhiteQueenside
	if side == game.Black {
		last, start, step = 0, 6, -8
		rights = game.BlackKingside | game.BlackQueenside
	}
	for x := p.Pieces(side, game.Pawn); x != 0; {
		from := x.PopFirst()
		targets := game.PawnAttacks(side, from) &^ own
		if one := game.Square(int(from) + step); !own.Has(one) {
			targets |= one.Bit()
			if two := game.Square(int(one) + step); from.Rank() == start && !own.Has(two) {
				n++
			}
		}
		per := 1
		if from.Rank()+step/8 == last {
			per = promotions
		}
		n += per * targets.Count()
	}
	if p.Castling()&rights != 0 {
		n += 2
	}
	return n
}
