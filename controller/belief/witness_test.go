package belief

import (
	"github.com/krieg/krieg/game/gametest"
	"testing"

	"github.com/krieg/krieg/game"
)

// TestWitnessNeedsOneClass: when another class may also have refused the
// attempt (a knight on f5 guards d4), the king is not pinned down.
func TestWitnessNeedsOneClass(t *testing.T) {
	own := gametest.White(t, "7k/8/8/8/8/3K4/8/R7 w - - 0 1")
	kings := gametest.Squares(t, "c5 e5 c6 d6 e6")
	b := uncertain(map[game.PieceType]game.Bitboard{game.King: kings, game.Knight: gametest.Squares(t, "f5 h8")})
	b.IllegalAttempt(&own, game.NewMove(game.D3, game.D4, game.NoPieceType))
	if b.Possible[game.King] != kings || b.Possible[game.Knight] != gametest.Squares(t, "f5 h8") {
		t.Errorf("king %q knight %q: two classes may witness, nothing is learnt", gametest.Names(b.Possible[game.King]), gametest.Names(b.Possible[game.Knight]))
	}
}

// TestRefusedPushWitnesses: a refused pawn push is witnessed by a man on the
// squares ahead or by one attacking our king; with no pawn or piece ahead
// possible, the single queen is the attacker.
func TestRefusedPushWitnesses(t *testing.T) {
	own := gametest.White(t, "7k/8/8/8/8/8/4P3/4K3 w - - 0 1")
	push := game.NewMove(game.E2, game.E4, game.NoPieceType)
	queenSquares := gametest.Squares(t, "h4 a5 c6")
	b := uncertain(map[game.PieceType]game.Bitboard{game.King: gametest.Squares(t, "h8"), game.Queen: queenSquares, game.Pawn: gametest.Squares(t, "e4 a7")})
	b.IllegalAttempt(&own, push)
	if b.Possible[game.Queen] != queenSquares {
		t.Errorf("queens %q: a pawn on e4 may block the push, nothing is learnt", gametest.Names(b.Possible[game.Queen]))
	}
	b.Possible[game.Pawn] = gametest.Squares(t, "a7")
	b.IllegalAttempt(&own, push)
	if b.Possible[game.Queen] != queenSquares {
		t.Errorf("queens %q: up to three queens, one of them explains, nothing is learnt", gametest.Names(b.Possible[game.Queen]))
	}
	b.makeups[0][queens] = 1
	b.recount()
	b.IllegalAttempt(&own, push)
	if want := gametest.Squares(t, "h4 a5"); b.Possible[game.Queen] != want {
		t.Errorf("queens %q, want %q: only a queen on the e1 diagonals explains the refusal", gametest.Names(b.Possible[game.Queen]), gametest.Names(want))
	}
}

// TestRefusedPushFixesItsTarget: a refused e4-e5 that no enemy man can
// refuse by attacking our king proves a man on e5; when a bishop may pin the
// pawn to the king on c2, it proves nothing.
func TestRefusedPushFixesItsTarget(t *testing.T) {
	own := gametest.White(t, "7k/8/8/8/4P3/8/8/4K3 w - - 0 1")
	push := game.NewMove(game.E4, game.E5, game.NoPieceType)
	b := uncertain(map[game.PieceType]game.Bitboard{game.King: gametest.Squares(t, "h8"), game.Pawn: gametest.Squares(t, "e5 a7")})
	b.IllegalAttempt(&own, push)
	if b.Fixed != gametest.Squares(t, "e5") {
		t.Errorf("fixed %q; want e5, the only witness", gametest.Names(b.Fixed))
	}
	own = gametest.White(t, "7k/8/8/8/4P3/8/2K5/8 w - - 0 1")
	b = uncertain(map[game.PieceType]game.Bitboard{game.King: gametest.Squares(t, "h8"), game.Pawn: gametest.Squares(t, "e5 a7"), game.Bishop: gametest.Squares(t, "g6")})
	b.IllegalAttempt(&own, push)
	if b.Fixed&gametest.Squares(t, "e5") != 0 {
		t.Errorf("fixed %q; a bishop on g6 may pin the pawn to the king on c2, e5 is not proven", gametest.Names(b.Fixed))
	}
}
