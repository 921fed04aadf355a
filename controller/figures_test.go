package controller

import (
	"github.com/krieg/krieg/game/gametest"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// The positions below rebuild the JKrieg thesis' figures 3.1-3.10 (section
// 3.3-3.6) from their captions and text: each plays the captioned move
// through a real referee and checks the tokens the rules must light.

// TestCheckTokens covers rules R3-R6 (thesis figures 3.2-3.6, and the
// discovered check with capture of section 5.1.1).
func TestCheckTokens(t *testing.T) {
	cases := []struct {
		name, fen, move string
		want            string // R3-R6 squares (JKrieg rules alone)
		mustHold        string // squares the refined set must keep (the real checker)
		refined         string // exact refined set, when the test pins it
	}{
		{
			// Fig. 3.2/3.3: ...Nh7-f6, "Knight check": every knight square not ours.
			name: "3.2 knight check", fen: "k7/p6n/8/8/6K1/8/P7/8 b - - 0 1", move: "h7f6",
			want: "e3 e5 f2 f6 h2 h6", mustHold: "f6", refined: "f6",
		},
		{
			// Fig. 3.4 left: capture on h5 and "short diagonal check": the capturer checks.
			name: "3.4 capture gives the check", fen: "k3b3/p7/8/7N/8/5K2/P7/8 b - - 0 1", move: "e8h5",
			want: "h5", mustHold: "h5",
		},
		{
			// Fig. 3.4 right and thesis 5.1.1: capture on h5 and "file check": a
			// discovered check; the capturer is not the checker, which stands
			// beyond the square the capturer left.
			name: "3.4 discovered check with capture", fen: "k4r2/p7/5n2/7N/8/8/P4K2/8 b - - 0 1", move: "f6h5",
			want: "f4 f5 f6 f7 f8", mustHold: "f8",
		},
		{
			// En passant empties two squares: the capture square b4 lies on
			// the checking rank, yet the rook on h4 gives the check.
			name: "en passant discovers a rank check", fen: "7k/8/8/8/K1p4r/8/1P6/8 w - - 0 1", move: "b2b4 c4b3",
			want: "b4 c4 d4 e4 f4 g4 h4", mustHold: "h4",
		},
		{
			// Fig. 3.5: "Rank check, 1 pawn try": the checker is a pawn target on the rank.
			name: "3.5 check with a pawn try", fen: "3r3k/8/8/8/K7/2P5/7P/8 b - - 0 1", move: "d8d4",
			want: "b4 d4", mustHold: "d4",
		},
		{
			// Fig. 3.6: "File check", no pawn tries: the unpinned pawn on b4
			// rules out c5; the pawn on d2 may be pinned on the king's
			// diagonal, so c3 stays.
			name: "3.6 check without pawn tries", fen: "6k1/7r/8/8/1P6/8/3P4/2K5 b - - 0 1", move: "h7c7",
			want: "c2 c3 c4 c6 c7 c8", mustHold: "c7",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, c.fen, referee.Wild16)
			moves := strings.Fields(c.move)
			f.play(t, moves...)
			pos := f.ref.Position()
			us := pos.Turn()
			raw, refined := f.players[us].CheckRule()
			if got := gametest.Names(union(raw)); got != gametest.Names(gametest.Squares(t, c.want)) {
				t.Errorf("R3-R6 squares %q, want %q", got, gametest.Names(gametest.Squares(t, c.want)))
			}
			if hold := gametest.Squares(t, c.mustHold); union(refined)&hold != hold {
				t.Errorf("refined squares %q miss the checker on %s", gametest.Names(union(refined)), c.mustHold)
			}
			if c.refined != "" && gametest.Names(union(refined)) != gametest.Names(gametest.Squares(t, c.refined)) {
				t.Errorf("refined squares %q, want %q", gametest.Names(union(refined)), c.refined)
			}
			v := f.players[us].View()
			if tokenSquares(v, CheckToken) != union(refined) {
				t.Errorf("Check tokens on %q, refined set %q", gametest.Names(tokenSquares(v, CheckToken)), gametest.Names(union(refined)))
			}
		})
	}
}

// TestKingTokens covers rules R7 and R8 (thesis figures 3.7-3.9).
func TestKingTokens(t *testing.T) {
	cases := []struct {
		name, fen, move, want string
	}{
		{
			// Fig. 3.7: Rd4-a4 uncovers two bishops; "Long diagonal check":
			// either may give it, so both lines are lit (long diagonals only).
			name: "3.7 which piece checks", fen: "8/7p/1B3k2/8/3R4/8/1B6/K7 w - - 0 1", move: "d4a4",
			want: "e5 f6 g7 h8 e3 f2 g1",
		},
		{
			// Fig. 3.8 left: Bf1-d3, "Long diagonal check": the diagonal the
			// bishop travelled is ruled out, and so is e4 (its check would be short).
			name: "3.8 travelled diagonal excluded", fen: "8/p7/6k1/8/8/8/P7/K4B2 w - - 0 1", move: "f1d3",
			want: "b1 c2 f5 g6 h7",
		},
		{
			// Fig. 3.8 right: the same with a capture on d3: the king may hide
			// beyond the captured man, so only e2 (between) and the origin side are ruled out.
			name: "3.8 with a capture", fen: "8/p7/6k1/8/8/3n4/P7/K4B2 w - - 0 1", move: "f1d3",
			want: "b1 c2 f5 g6 h7 b5 a6",
		},
		{
			// Fig. 3.9: Rc4-f4, "File check, Long diagonal check": the two
			// sets intersect on the king's square.
			name: "3.9 double check", fen: "8/5k2/7p/8/2R5/8/B7/K7 w - - 0 1", move: "c4f4",
			want: "f7",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, c.fen, referee.Wild16)
			f.play(t, c.move)
			pos := f.ref.Position()
			us := pos.Turn().Other()
			if got := gametest.Names(f.players[us].KingRule()); got != gametest.Names(gametest.Squares(t, c.want)) {
				t.Errorf("King squares %q, want %q", got, gametest.Names(gametest.Squares(t, c.want)))
			}
			v := f.players[us].View()
			truth := f.ref.Position()
			k := truth.KingSquare(us.Other())
			if !tokenSquares(v, KingToken).Has(k) {
				t.Errorf("no King token on the king's square %s", k)
			}
		})
	}
}

// TestPawnTryTokens plays "2 pawn tries" through the referee (figure 3.1).
func TestPawnTryTokens(t *testing.T) {
	f := newFixture(t, "4k3/8/8/1p3p2/8/2P1P3/8/4K3 b - - 0 1", referee.Wild16)
	f.play(t, "b5b4") // c3xb4 is now possible: "1 pawn try"
	v := f.players[game.White].View()
	var r1 game.Bitboard
	for _, tok := range v.Tokens {
		if tok.Kind == PieceToken && tok.Reason.Rule == "R1" {
			r1 |= tok.Square.Bit()
			if tok.Reason.Message == "" {
				t.Errorf("R1 token reason %q", tok.Reason.Message)
			}
		}
	}
	if !r1.Has(gametest.Squares(t, "b4").First()) {
		t.Errorf("R1 tokens %q miss b4", gametest.Names(r1))
	}
}

// TestCaptureTokenThroughReferee checks R2 end to end: a capture lights its square.
func TestCaptureTokenThroughReferee(t *testing.T) {
	f := newFixture(t, "4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1", referee.Wild16)
	f.play(t, "d5e4")
	v := f.players[game.White].View()
	found := false
	for _, tok := range v.Tokens {
		if tok.Kind == PieceToken && tok.Square == game.E4 {
			found = tok.Opacity == 1 && tok.Reason.Rule == "R2"
		}
	}
	if !found {
		t.Errorf("no opaque R2 token on e4: %+v", v.Tokens)
	}
	if v.Own.At(game.E4) != game.NoPiece {
		t.Error("our captured pawn is still on the board")
	}
}

// TestZone covers rule R9 (thesis figure 3.10).
func TestZone(t *testing.T) {
	pos, err := game.ParseFEN("R7/8/8/3P4/7k/8/8/K7 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	own := pos.Only(game.White)
	z := Zone(&own, game.White)
	for _, s := range []string{"a8", "d5", "h1", "h2"} {
		if !z.Has(gametest.Squares(t, s).First()) {
			t.Errorf("%s should be red (uncontrolled)", s)
		}
	}
	for _, s := range []string{"b8", "h8", "a1", "a2", "b2", "c6", "e6"} {
		if z.Has(gametest.Squares(t, s).First()) {
			t.Errorf("%s is controlled, not red", s)
		}
	}
}

// TestCounters covers rule R10: our captures are counted by kind, and the
// enemy's men left besides its king are those of the start less them.
func TestCounters(t *testing.T) {
	f := newFixture(t, "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1", referee.Wild16)
	if got := f.players[game.White].View().EnemyMen; got != 1 {
		t.Errorf("before the capture White's enemy has %d men, want 1 (the d5 pawn)", got)
	}
	f.play(t, "e4d5")
	if w, b := f.players[game.White].View().EnemyMen, f.players[game.Black].View().EnemyMen; w != 0 || b != 2 {
		t.Errorf("after exd5 the enemies have %d and %d men, want 0 (a lone king) and 2 (rook and pawn)", w, b)
	}
	if got := f.players[game.White].View().Captured; got.Pawns != 1 || got.Pieces != 0 {
		t.Errorf("counters %+v, want one pawn", got)
	}
	if got := f.players[game.Black].View().Captured; got != (Counters{}) {
		t.Errorf("the side that lost a pawn counts %+v", got)
	}
}

func union(sets []game.Bitboard) game.Bitboard {
	var u game.Bitboard
	for _, s := range sets {
		u |= s
	}
	return u
}

// TestEnemyMenAmongStarts: when the starts differ in the enemy's men (a
// knight on a4 or none), the view counts the most, never below 0 once
// captures outnumber a start's men.
func TestEnemyMenAmongStarts(t *testing.T) {
	starts := []game.Position{
		gametest.Position(t, "7k/8/8/8/8/8/8/R3K3 w - - 0 1"),
		gametest.Position(t, "7k/8/8/8/n7/8/8/R3K3 w - - 0 1"),
	}
	c := NewAmong(game.White, referee.Wild16, starts, Options{Capacity: 64, Seed: 1})
	if got := c.View().EnemyMen; got != 1 {
		t.Fatalf("EnemyMen %d; want 1 (the knight one start gives)", got)
	}
	c.counters.Pieces = 2 // more captures than any start has men
	c.refresh()
	if got := c.View().EnemyMen; got != 0 {
		t.Errorf("EnemyMen %d after two captures; want 0", got)
	}
}
