package belief

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// jointOf returns a belief about Black with the given sets, a single man of
// each class named, and the joint belief started from the sets.
func jointOf(t *testing.T, sets map[game.PieceType]string) Belief {
	t.Helper()
	bits := map[game.PieceType]game.Bitboard{}
	for c, s := range sets {
		bits[c] = gametest.Squares(t, s)
	}
	b := uncertain(bits)
	m := &b.makeups[0]
	for _, k := range []int{pawns, queens, rooks, knights} {
		m[k] = min(m[k], 1)
	}
	if m[lightBishops]+m[darkBishops] > 1 {
		m[darkBishops] = 0
	}
	b.recount()
	b.startJoint()
	return b
}

// TestJointWitnessRemembers: a refused king step is witnessed by the king on
// e5 or by the knight on f5; when a later silent move shows f5 empty, the
// king must be on e5. Without the refusal nothing is learnt.
func TestJointWitnessRemembers(t *testing.T) {
	for _, tc := range []struct {
		refused bool
		want    string
	}{{true, "e5"}, {false, "e5 h8"}} {
		own := gametest.White(t, "7k/8/8/8/8/3K4/8/5R2 w - - 0 1")
		b := jointOf(t, map[game.PieceType]string{game.King: "e5 h8", game.Knight: "f5 a8"})
		if tc.refused {
			b.IllegalAttempt(&own, game.NewMove(game.D3, game.D4, game.NoPieceType))
			if want := gametest.Squares(t, "f5 a8"); b.Possible[game.Knight] != want {
				t.Errorf("knights %q, want %q: with the king on e5 the knight may be anywhere", gametest.Names(b.Possible[game.Knight]), gametest.Names(want))
			}
		}
		playOwn(&b, own, game.NewMove(game.F1, game.F7, game.NoPieceType), game.NoSquare, 0)
		if want := gametest.Squares(t, tc.want); b.Possible[game.King] != want {
			t.Errorf("refused %v: king %q, want %q", tc.refused, gametest.Names(b.Possible[game.King]), gametest.Names(want))
		}
	}
}

// TestJointUnattacked: the enemy king on h5 would be attacked by our rook on
// h1 unless a man stands between; the single knight must then be on h3, and
// once h3 is empty the king is not on h5. A second man (a pawn that may be on
// h4) keeps both.
func TestJointUnattacked(t *testing.T) {
	own := gametest.White(t, "k7/8/8/8/8/8/8/1K5R w - - 0 1")
	b := jointOf(t, map[game.PieceType]string{game.King: "h5 c6", game.Knight: "h3 d7"})
	b.jointUnattacked(&own)
	b.syncJoint()
	if want := gametest.Squares(t, "h3"); b.pairs[game.H5][game.Knight] != want {
		t.Errorf("knight with the king on h5: %q, want %q", gametest.Names(b.pairs[game.H5][game.Knight]), gametest.Names(want))
	}
	b.exclude(game.H3.Bit())
	b.syncJoint()
	if want := gametest.Squares(t, "c6"); b.Possible[game.King] != want {
		t.Errorf("king %q, want %q", gametest.Names(b.Possible[game.King]), gametest.Names(want))
	}

	two := jointOf(t, map[game.PieceType]string{game.King: "h5 c6", game.Knight: "h3 d7", game.Pawn: "h4 a7"})
	two.jointUnattacked(&own)
	two.syncJoint()
	if want := gametest.Squares(t, "h3 d7"); two.pairs[game.H5][game.Knight] != want || two.Possible[game.King].Count() != 2 {
		t.Errorf("two men: knight with the king on h5 %q, king %q; nothing to learn", gametest.Names(two.pairs[game.H5][game.Knight]), gametest.Names(two.Possible[game.King]))
	}
}

// TestJointChecks: a file check needs a man on the e-file that the enemy
// king, on e3, would hide; with the king on h8 the single rook is on e5.
// When a queen may also give it, no square of the rook is ruled out.
func TestJointChecks(t *testing.T) {
	own := gametest.White(t, "k7/8/8/8/8/8/8/4K3 w - - 0 1")
	file := []referee.CheckKind{referee.CheckFile}
	b := jointOf(t, map[game.PieceType]string{game.King: "e3 h8", game.Rook: "e5 a4"})
	b.jointChecks(&own, file)
	b.syncJoint()
	if b.Possible[game.King] != gametest.Squares(t, "h8") || b.Possible[game.Rook] != gametest.Squares(t, "e5") {
		t.Errorf("king %q rook %q, want h8 and e5", gametest.Names(b.Possible[game.King]), gametest.Names(b.Possible[game.Rook]))
	}
	two := jointOf(t, map[game.PieceType]string{game.King: "e3 h8", game.Rook: "e5 a4", game.Queen: "e7 b2"})
	two.jointChecks(&own, file)
	two.syncJoint()
	if two.Possible[game.King] != gametest.Squares(t, "h8") || two.Possible[game.Rook] != gametest.Squares(t, "e5 a4") || two.Possible[game.Queen] != gametest.Squares(t, "e7 b2") {
		t.Errorf("rook or queen: king %q rook %q queen %q, want h8, e5 a4, e7 b2", gametest.Names(two.Possible[game.King]), gametest.Names(two.Possible[game.Rook]), gametest.Names(two.Possible[game.Queen]))
	}
}

// TestJointTries: a pawn try means a man on a square our pawn attacks (or
// beside it, en passant): the single knight is on c5. No tries teach this
// rule nothing.
func TestJointTries(t *testing.T) {
	own := gametest.White(t, "k7/8/8/8/3P4/8/8/4K3 w - - 0 1")
	for _, tc := range []struct {
		count int
		want  string
	}{{1, "c5"}, {0, "c5 h1"}} {
		b := jointOf(t, map[game.PieceType]string{game.King: "h8 a8", game.Knight: "c5 h1"})
		b.jointTries(&own, referee.Tries{Count: tc.count}, referee.TriesCount)
		b.syncJoint()
		if want := gametest.Squares(t, tc.want); b.Possible[game.Knight] != want || b.Possible[game.King].Count() != 2 {
			t.Errorf("%d tries: knight %q king %q, want knight %q", tc.count, gametest.Names(b.Possible[game.Knight]), gametest.Names(b.Possible[game.King]), gametest.Names(want))
		}
	}
}

// TestJointFits: with two knights to place, a king square that leaves the
// knights a single square is ruled out.
func TestJointFits(t *testing.T) {
	b := uncertain(map[game.PieceType]game.Bitboard{game.King: gametest.Squares(t, "a8 h8"), game.Knight: gametest.Squares(t, "a8 b1 c1")})
	b.makeups[0][knights] = 2
	b.recount()
	b.startJoint()
	b.pairs[game.H8][game.Knight] = gametest.Squares(t, "b1")
	b.syncJoint()
	if want := gametest.Squares(t, "a8"); b.Possible[game.King] != want {
		t.Errorf("king %q, want %q", gametest.Names(b.Possible[game.King]), gametest.Names(want))
	}
	if want := gametest.Squares(t, "b1 c1"); b.Possible[game.Knight] != want {
		t.Errorf("knights %q, want %q (not a8, where the king is)", gametest.Names(b.Possible[game.Knight]), gametest.Names(want))
	}
}

// TestJointKeptWithFewMen: the joint belief is kept from the start when the
// enemy has at most jointMost men besides its king, and not with a full army.
func TestJointKeptWithFewMen(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want bool
	}{
		{"4k3/3pp3/8/8/8/8/8/4K3 w - - 0 1", true},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
	} {
		pos, err := game.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		b := New(&pos, game.White)
		if b.joint != tc.want {
			t.Errorf("%s: joint belief kept %v, want %v", tc.fen, b.joint, tc.want)
		}
		if tc.want && b.pairs[game.E8][game.Pawn] != pos.Pieces(game.Black, game.Pawn) {
			t.Errorf("%s: pawns with the king on e8 %q", tc.fen, gametest.Names(b.pairs[game.E8][game.Pawn]))
		}
	}
}
