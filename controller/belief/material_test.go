package belief

import (
	"github.com/krieg/krieg/game/gametest"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// only returns a possible() for capture that allows the classes listed.
func only(types ...game.PieceType) func(game.PieceType) bool {
	return func(t game.PieceType) bool {
		for _, x := range types {
			if x == t {
				return true
			}
		}
		return false
	}
}

// blackStart is Black's make-up at the start of a game.
func blackStart() materials {
	start := game.Start()
	return materials{materialOf(&start, game.Black)}
}

// TestCaptureNarrowsMakeups: a piece captured where a rook or a knight may
// have stood leaves two make-ups; a later capture where only a rook may have
// stood tells how many of each can be left.
func TestCaptureNarrowsMakeups(t *testing.T) {
	ms := blackStart().capture(game.D5, referee.CapturedPiece, only(game.Rook, game.Knight, game.Pawn))
	if len(ms) != 2 {
		t.Fatalf("make-ups after a rook-or-knight capture: %v, want two", ms)
	}
	most, _, _ := ms.bounds()
	if most[game.Rook] != 2 || most[game.Knight] != 2 || most[game.Pawn] != 8 {
		t.Fatalf("bounds %v: either class may still have both men, and a piece capture spares the pawns", most)
	}
	ms = ms.capture(game.H4, referee.CapturedPiece, only(game.Rook))
	most, _, _ = ms.bounds()
	if most[game.Rook] != 1 || most[game.Knight] != 2 || most[game.Queen] != 1 {
		t.Errorf("bounds %v after a rook-only capture: rooks 1, knights 2, queen 1", most)
	}
	ms = ms.capture(game.A1, referee.CapturedPiece, only(game.Knight))
	ms = ms.capture(game.A2, referee.CapturedPiece, only(game.Knight))
	most, _, _ = ms.bounds()
	if most[game.Rook] != 0 || most[game.Knight] != 0 || most[game.Bishop] != 2 {
		t.Errorf("bounds %v after both knights: a third knight cannot be taken, so the first capture was a rook and none is left", most)
	}
}

// TestCaptureTellsBishopColour: a bishop captured on a light square was the
// light-squared one; the other stands on dark squares only.
func TestCaptureTellsBishopColour(t *testing.T) {
	ms := blackStart().capture(game.H1, referee.CapturedPiece, only(game.Bishop))
	most, light, dark := ms.bounds()
	if most[game.Bishop] != 1 || light || !dark {
		t.Errorf("after a bishop captured on h1 (light): bishops %d, light %v, dark %v; want 1, false, true", most[game.Bishop], light, dark)
	}
	ms = ms.promote()
	if _, light, _ := ms.bounds(); !light {
		t.Error("a promoted bishop may stand on light squares")
	}
}

// TestPromotionNeedsAPawn: a pawn that may have promoted makes every piece
// class possible again, until captures show all eight pawns were pawns.
func TestPromotionNeedsAPawn(t *testing.T) {
	ms := blackStart().promote().promote()
	most, _, _ := ms.bounds()
	if most[game.Queen] != 3 || most[game.Knight] != 4 || most[game.Pawn] != 8 {
		t.Fatalf("bounds %v after two possible promotions: queens 3, knights 4, pawns 8", most)
	}
	for i := range 8 {
		ms = ms.capture(game.Square(8+i), referee.CapturedPawn, only(game.Pawn))
	}
	most, _, _ = ms.bounds()
	if most[game.Queen] != 1 || most[game.Knight] != 2 || most[game.Pawn] != 0 {
		t.Errorf("bounds %v after eight pawns captured: no pawn promoted", most)
	}
}

// TestUnexplainedCaptureKeepsMakeups: a capture no make-up allows leaves the
// set as it was rather than empty.
func TestUnexplainedCaptureKeepsMakeups(t *testing.T) {
	ms := materials{{}}.capture(game.E4, referee.CapturedPiece, only(game.Queen))
	if len(ms) != 1 || ms[0] != (material{}) {
		t.Errorf("make-ups %v: want the set unchanged", ms)
	}
}

// TestOwnCaptureCountsTheClass: our capture on a square where only a knight
// may have stood takes a knight from the bound (the classes are read before
// the capture empties the square).
func TestOwnCaptureCountsTheClass(t *testing.T) {
	before := gametest.White(t, "7k/8/8/3n4/8/8/8/3RK3 w - - 0 1")
	b := uncertain(map[game.PieceType]game.Bitboard{
		game.King: gametest.Squares(t, "h8"), game.Knight: gametest.Squares(t, "d5 g6"), game.Rook: gametest.Squares(t, "a8 b8"),
	})
	playOwn(&b, before, game.NewMove(game.D1, game.D5, game.NoPieceType), game.D5, referee.CapturedPiece)
	if b.Max[game.Knight] != 1 || b.Max[game.Rook] != 2 {
		t.Errorf("bounds: knights %d rooks %d, want 1 and 2", b.Max[game.Knight], b.Max[game.Rook])
	}
}

// TestPiecesNone: an unnamed capture (Berkeley) where a pawn or a piece may
// have stood leaves the enemy possibly without pieces only once as many
// captures may have taken all of them; a promotion brings one back.
func TestPiecesNone(t *testing.T) {
	start := game.Start()
	ms := materials{materialOf(&start, game.Black)}
	anyMan := only(game.Pawn, game.Queen, game.Rook, game.Bishop, game.Knight)
	for i, s := range []game.Square{game.A1, game.B1, game.C1, game.D1, game.E1, game.F1, game.G1} {
		if ms.piecesNone() {
			t.Fatalf("after %d captures the enemy's 7 pieces cannot all be gone", i)
		}
		ms = ms.capture(s, referee.CapturedUnknown, anyMan)
	}
	if !ms.piecesNone() {
		t.Fatal("after 7 unnamed captures the enemy may have lost every piece")
	}
	if !ms.promote().piecesNone() {
		t.Error("the make-ups without a promotion stay once a pawn may have promoted")
	}
	if promoted := (materials{{pawns: 6, promoted: 1}}); promoted.piecesNone() {
		t.Errorf("make-up %v holds a promoted man, a piece", promoted)
	}
}
