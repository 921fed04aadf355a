package kso

import (
	"slices"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestWrittenTextsMatchBackend: the projection writes the backend's words
// for every code.
func TestWrittenTextsMatchBackend(t *testing.T) {
	for code, text := range backendTexts(t) {
		r := MoveResponse{Announcement: code, Checks: []string{}}
		var got string
		switch code {
		case "ILLEGAL_MOVE", "REGULAR_MOVE", "HAS_ANY", "NO_ANY":
			if m := Messages(r); len(m) == 1 {
				got = m[0]
			}
		case "CAPTURE_DONE":
			r.CaptureSquare = ptr("e4")
			got = strings.TrimSuffix(Messages(r)[0], " at E4")
		default:
			got = CodeText(code)
		}
		if got != text {
			t.Errorf("%s: krieg writes %q; the site %q", code, got, text)
		}
	}
}

// TestStalemateCodes: a stalemate is a draw in most rulesets, but in RAND
// the stalemated side loses, and the site says who won
// (STALEMATE_WHITE_WINS / STALEMATE_BLACK_WINS); the text reads back to the
// same result.
func TestStalemateCodes(t *testing.T) {
	cases := []struct {
		rules referee.Ruleset
		fen   string
		move  string
		code  string
		score string
	}{
		{referee.RAND, "7k/8/6QK/8/8/8/8/8 w - - 0 1", "g6f7", "STALEMATE_WHITE_WINS", "1-0"},
		{referee.RAND, "8/8/8/8/8/6qk/8/7K b - - 0 1", "g3f2", "STALEMATE_BLACK_WINS", "0-1"},
		{referee.Wild16, "7k/8/6QK/8/8/8/8/8 w - - 0 1", "g6f7", "DRAW_STALEMATE", "1/2-1/2"},
		{referee.Berkeley, "8/8/8/8/8/6qk/8/7K b - - 0 1", "g3f2", "DRAW_STALEMATE", "1/2-1/2"},
	}
	for _, c := range cases {
		t.Run(c.rules.Name+"/"+c.move, func(t *testing.T) {
			ref := referee.New(c.rules, gametest.Position(t, c.fen))
			r := AnswerOf(c.rules, ref.Attempt(gametest.Move(t, c.move)))
			if got := r.SpecialAnnouncement; got == nil || *got != c.code {
				t.Fatalf("special announcement %s; want %s", Messages(r), c.code)
			}
			msgs := Messages(r)
			pos := ref.Position()
			said, err := parseMoveMessages(pos.Turn().Other(), msgs)
			if err != nil {
				t.Fatal(err)
			}
			last := said[len(said)-1]
			if last.Kind != referee.KindGameOver || string(last.Result.Score) != c.score || last.Result.Reason != referee.ReasonStalemate {
				t.Errorf("%v read back as %+v; want %s by stalemate", msgs, last, c.score)
			}
		})
	}
}

// TestScoresheetReadsBack: the scoresheet written from a view is read back
// into that view's entries, for each side, after a game with captures,
// checks, pawn tries and refused attempts.
func TestScoresheetReadsBack(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	for _, u := range []string{"e2e4", "d7d5", "e1e3", "e4d5", "d8d5", "b1c3", "d5e5", "d1e2", "e5e2"} {
		ref.Attempt(gametest.Move(t, u))
	}
	for _, side := range []game.Color{game.White, game.Black} {
		v := ref.View(side)
		st := StateOf(ref.Rules(), v, ref.Offered(), ref.AnyOffered())
		heard, plies, err := HeardFrom(ref.Rules(), side, st.Scoresheet, nil)
		if err != nil {
			t.Fatal(err)
		}
		if plies != v.Plies || len(heard) != len(v.Heard) {
			t.Fatalf("%v: read %d entries over %d plies; want %d over %d", side, len(heard), plies, len(v.Heard), v.Plies)
		}
		for i := range heard {
			if got, want := heard[i].Verdict, v.Heard[i].Verdict; got != want {
				t.Errorf("%v entry %d: verdict %v; want %v", side, i, got, want)
			}
			if got, want := len(heard[i].Said), len(v.Heard[i].Said); got != want {
				t.Errorf("%v entry %d: %d announcements %+v; want %d %+v", side, i, got, heard[i].Said, want, v.Heard[i].Said)
			}
		}
		if len(st.RefereeLog) == 0 || !slices.ContainsFunc(st.RefereeLog, func(it RefereeLogItem) bool {
			return strings.Contains(it.Announcement, "Pawn captured at D5")
		}) {
			t.Errorf("%v: referee log %+v lacks the capture on d5", side, st.RefereeLog)
		}
	}
}

// TestStateHidesTheEnemy: the state shows the viewer's own men only, the
// other side's moves without their squares, and offers nothing off turn.
func TestStateHidesTheEnemy(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	for _, u := range []string{"e2e4", "d7d5", "e1e3", "e4d5"} {
		ref.Attempt(gametest.Move(t, u))
	}
	st := StateOf(ref.Rules(), ref.View(game.White), ref.Offered(), ref.AnyOffered())
	if strings.ContainsAny(strings.Fields(st.YourFEN)[0], "pnbrqk") {
		t.Errorf("White's FEN %q holds Black men", st.YourFEN)
	}
	if len(st.AllowedMoves) != 0 || len(st.PossibleActions) != 0 {
		t.Errorf("off turn: allowed %v, actions %v; want none", st.AllowedMoves, st.PossibleActions)
	}
	black := StateOf(ref.Rules(), ref.View(game.Black), ref.Offered(), ref.AnyOffered())
	for _, it := range black.RefereeLog {
		if strings.Contains(it.Announcement, "Illegal move") {
			t.Errorf("Black's referee log shows White's private refusal: %+v", it)
		}
	}
	for _, turn := range black.Scoresheet.Turns {
		for _, e := range turn.White {
			if e.MoveUCI != nil {
				t.Errorf("Black's scoresheet shows White's move %s", *e.MoveUCI)
			}
		}
	}
	if got := black.MaterialSummary.Black; got.PiecesRemaining != 15 || got.PawnsCaptured == nil || *got.PawnsCaptured != 1 {
		t.Errorf("Black's material %+v; want 15 men, 1 pawn captured", got)
	}
}
