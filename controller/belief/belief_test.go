package belief

import (
	"github.com/krieg/krieg/game/gametest"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// playOwn plays our accepted move m from before (our men only) and feeds it
// to b with a capture of kind on capture (game.NoSquare for none); it
// returns our men after the move.
func playOwn(b *Belief, before game.Position, m game.Move, capture game.Square, kind referee.CapturedKind) game.Position {
	after := before
	after.Apply(m)
	b.OwnMove(&before, &after, m, &Observation{Moved: true, Capture: capture, Captured: kind}, referee.Wild16)
	return after
}

// uncertain returns a belief about Black with the given sets and a generous count each.
func uncertain(sets map[game.PieceType]game.Bitboard) Belief {
	b := Belief{enemy: game.Black, ourDouble: game.NoSquare}
	var m material
	for t, s := range sets {
		b.Possible[t] = s
		n := int8(s.Count())
		switch t {
		case game.Pawn:
			m[pawns] = n
		case game.Queen:
			m[queens] = n
		case game.Rook:
			m[rooks] = n
		case game.Bishop:
			m[lightBishops], m[darkBishops] = int8((s & game.LightSquares).Count()), int8((s &^ game.LightSquares).Count())
		case game.Knight:
			m[knights] = n
		}
	}
	b.makeups = materials{m}
	b.recount()
	return b
}

// TestSilentMoveEmptiesItsPath: a slide the referee lets pass in silence
// crossed only empty squares; a knight jump tells only of its destination.
func TestSilentMoveEmptiesItsPath(t *testing.T) {
	before := gametest.White(t, "7k/8/8/8/8/8/8/R3K1N1 w - - 0 1")
	b := uncertain(map[game.PieceType]game.Bitboard{
		game.King: gametest.Squares(t, "h8"), game.Rook: gametest.Squares(t, "a4 a6 b6 f3 g2"), game.Pawn: gametest.Squares(t, "a5 h3"),
	})
	after := playOwn(&b, before, game.NewMove(game.A1, game.A7, game.NoPieceType), game.NoSquare, 0)
	if b.Possible[game.Rook].Has(game.A4) || b.Possible[game.Rook].Has(game.A6) || b.Possible[game.Pawn].Has(game.A5) {
		t.Errorf("squares the rook crossed still possible: rooks %q pawns %q", gametest.Names(b.Possible[game.Rook]), gametest.Names(b.Possible[game.Pawn]))
	}
	if !b.Possible[game.Rook].Has(gametest.Squares(t, "b6").First()) {
		t.Error("b6 was not crossed")
	}
	after.SetTurn(game.White)
	playOwn(&b, after, game.NewMove(game.G1, game.F3, game.NoPieceType), game.NoSquare, 0)
	if b.Possible[game.Rook].Has(gametest.Squares(t, "f3").First()) {
		t.Error("the knight's destination is empty or ours")
	}
	if !b.Possible[game.Rook].Has(gametest.Squares(t, "g2").First()) {
		t.Error("a knight jumps over g2: nothing learnt there")
	}
}

// TestZeroTriesEmptyTargets: after the enemy's move, no pawn tries means
// every square our unpinned pawns attack is empty.
func TestZeroTriesEmptyTargets(t *testing.T) {
	own := gametest.White(t, "7k/8/8/8/4P3/8/8/4K3 w - - 0 1")
	b := uncertain(map[game.PieceType]game.Bitboard{
		game.King: gametest.Squares(t, "h8"), game.Knight: gametest.Squares(t, "d5 f5 c6"), game.Pawn: gametest.Squares(t, "d6 e5"),
	})
	o := Observation{Moved: true, Capture: game.NoSquare, Tries: &referee.Tries{Count: 0}, TriesFor: game.White}
	b.EnemyMove(&own, &o, referee.Wild16)
	for _, s := range []string{"d5", "f5"} {
		if b.Union().Has(gametest.Squares(t, s).First()) {
			t.Errorf("%s is a pawn target with no tries, still possible", s)
		}
	}
	if !b.Possible[game.Pawn].Has(gametest.Squares(t, "d6").First()) {
		t.Error("the pawn on d6 may still be there")
	}
}

// TestPinnedPawnKeepsTargets: a pawn that may be pinned explains missing tries.
func TestPinnedPawnKeepsTargets(t *testing.T) {
	own := gametest.White(t, "7k/8/8/8/8/8/3P4/2K5 w - - 0 1")
	b := uncertain(map[game.PieceType]game.Bitboard{
		game.King: gametest.Squares(t, "h8"), game.Bishop: gametest.Squares(t, "g5"), game.Knight: gametest.Squares(t, "c3 e3"),
	})
	b.ourTries(&own, referee.Tries{Count: 0}, referee.TriesCount)
	if !b.Possible[game.Knight].Has(gametest.Squares(t, "c3").First()) || !b.Possible[game.Knight].Has(gametest.Squares(t, "e3").First()) {
		t.Errorf("the d2 pawn may be pinned by a bishop on g5: its targets must stay, got %q", gametest.Names(b.Possible[game.Knight]))
	}
}

// TestCaptureSpreadsOnlyTheCapturer: a capture on s adds s only to classes
// with a man able to reach it, and nobody else moves.
func TestCaptureSpreadsOnlyTheCapturer(t *testing.T) {
	own := gametest.White(t, "7k/8/8/8/8/8/8/4K3 w - - 0 1")
	b := uncertain(map[game.PieceType]game.Bitboard{
		game.King: gametest.Squares(t, "h8"), game.Knight: gametest.Squares(t, "f6"), game.Rook: gametest.Squares(t, "h2"), game.Pawn: gametest.Squares(t, "a7"),
	})
	b.EnemyMove(&own, &Observation{Moved: true, Capture: game.E4, Captured: referee.CapturedPawn}, referee.Wild16)
	if !b.Possible[game.Knight].Has(game.E4) {
		t.Error("the knight on f6 can capture on e4")
	}
	if b.Possible[game.Rook].Has(game.E4) || b.Possible[game.Rook] != gametest.Squares(t, "h2") {
		t.Errorf("rooks %q: h2 cannot reach e4 and nothing else moved", gametest.Names(b.Possible[game.Rook]))
	}
	if b.Possible[game.Pawn] != gametest.Squares(t, "a7") {
		t.Errorf("pawns %q moved though the capturer moved", gametest.Names(b.Possible[game.Pawn]))
	}
}

// TestNoCheckExcludesCertainCheckers: silence about checks rules out every
// square from which a man would certainly check our king.
func TestNoCheckExcludesCertainCheckers(t *testing.T) {
	own := gametest.White(t, "7k/8/8/8/8/8/8/4K3 w - - 0 1")
	b := uncertain(map[game.PieceType]game.Bitboard{
		game.King: gametest.Squares(t, "h8"), game.Knight: gametest.Squares(t, "d3 a3"), game.Rook: gametest.Squares(t, "e5 a2"), game.Pawn: gametest.Squares(t, "d2 b7"),
	})
	b.excludeUnannouncedChecks(&own, nil, true, own.ByColor(game.White)|b.Union())
	if b.Possible[game.Knight] != gametest.Squares(t, "a3") || b.Possible[game.Pawn] != gametest.Squares(t, "b7") {
		t.Errorf("knights %q pawns %q: d3 and d2 would check", gametest.Names(b.Possible[game.Knight]), gametest.Names(b.Possible[game.Pawn]))
	}
	if b.Possible[game.Rook] != gametest.Squares(t, "a2") {
		t.Errorf("rooks %q: nothing can stand on e2-e4, so a rook on e5 would check", gametest.Names(b.Possible[game.Rook]))
	}
}

// TestBlockedPawnsMoveTheKing: an enemy with no piece and only pawns whose
// pushes our men block must have moved its king; with a free pawn it need not.
func TestBlockedPawnsMoveTheKing(t *testing.T) {
	own := gametest.White(t, "7k/8/8/8/4P3/8/8/K7 w - - 0 1")
	for _, tc := range []struct {
		pawns, want string
	}{
		{"e5", "a7 b7 b8"},
		{"e5 h7", "a8 a7 b7 b8"},
	} {
		b := uncertain(map[game.PieceType]game.Bitboard{game.King: gametest.Squares(t, "a8"), game.Pawn: gametest.Squares(t, tc.pawns)})
		b.EnemyMove(&own, &Observation{Moved: true, Capture: game.NoSquare}, referee.Wild16)
		if got := b.Possible[game.King]; got != gametest.Squares(t, tc.want) {
			t.Errorf("pawns on %s: king squares %q, want %q", tc.pawns, gametest.Names(got), tc.want)
		}
	}
}
