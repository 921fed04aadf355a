package peer

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// play makes the attempts in order (coordinate text) and fails on a refusal
// it was not told to expect.
func play(t *testing.T, ref *referee.Referee, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := game.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		ref.Attempt(m)
	}
}

func TestStateShowsOnlyOwnMen(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	play(t, ref, "e2e4", "d7d5", "e4d5") // white takes a pawn on d5
	st := State(ref.View(game.Black), ref.Rules(), ref.Offered(), ref.AnyOffered())
	if got, want := st.YourColor, "black"; got != want {
		t.Fatalf("your_color %q; want %q", got, want)
	}
	board := strings.Fields(st.YourFEN)[0]
	if strings.ContainsAny(board, "PNBRQK") {
		t.Errorf("your_fen %q holds White men", st.YourFEN)
	}
	if got, want := len(st.AllowedMoves), len(ref.Offered()); got != want {
		t.Errorf("%d allowed moves; want the referee's %d", got, want)
	}
	if got := st.MaterialSummary.Black; got.PiecesRemaining != 15 || got.PawnsCaptured == nil || *got.PawnsCaptured != 1 {
		t.Errorf("black material %+v; want 15 men, 1 pawn captured", got)
	}
	var caps []string
	for _, it := range st.RefereeLog {
		if strings.Contains(it.Announcement, "captured at") {
			caps = append(caps, it.Announcement)
		}
	}
	if len(caps) != 1 || caps[0] != "Opponent move — Pawn captured at D5" {
		t.Errorf("referee_log captures %q; want White's capture on d5", caps)
	}
	for _, turn := range st.Scoresheet.Turns {
		for _, e := range turn.White {
			if e.MoveUCI != nil {
				t.Errorf("the scoresheet shows White's move %s to Black", *e.MoveUCI)
			}
		}
	}
}

func TestStateHidesPrivateIllegalAttempts(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	play(t, ref, "e2e4", "e7e5", "e1e3") // wild16: e1e3 is refused to White alone
	play(t, ref, "g1f3")
	for _, it := range State(ref.View(game.Black), ref.Rules(), nil, false).RefereeLog {
		if strings.Contains(it.Announcement, "Illegal move") {
			t.Errorf("Black's referee log shows White's private refusal: %+v", it)
		}
	}
}

func TestStateOffersNothingOffTurn(t *testing.T) {
	ref := referee.New(referee.Berkeley, game.Start())
	st := State(ref.View(game.Black), ref.Rules(), ref.Offered(), ref.AnyOffered())
	if len(st.AllowedMoves) != 0 || len(st.PossibleActions) != 0 {
		t.Errorf("off turn: allowed %v, actions %v; want none", st.AllowedMoves, st.PossibleActions)
	}
	if st.MaterialSummary.White.PawnsCaptured != nil {
		t.Errorf("berkeley does not type captures; pawns_captured should be null")
	}
}
