package controller

import (
	"errors"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestAnySendable: a typed px follows the referee's word on our pawn
// tries, heard entry by entry: in Wild 16 it goes out only after one try
// was announced this turn; under rules without Any? it never does; where
// Any? exists it always may.
func TestAnySendable(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	var w TryWatch
	play := func(text string) {
		t.Helper()
		if _, err := ref.AttemptText(text); err != nil {
			t.Fatal(err)
		}
		e, _ := ref.Last()
		w.Follow(e, game.White, referee.Wild16)
	}
	if err := AnySendable(referee.Wild16, w, "px"); !errors.Is(err, ErrNotSent) {
		t.Errorf("first move: %v; want px kept back", err)
	}
	play("e2e4")
	play("d7d5") // e4 may take d5: "1 pawn try" for White
	if n := w.Count(); n != 1 {
		t.Fatalf("after 1. e4 d5: %d tries heard; want 1", n)
	}
	if err := AnySendable(referee.Wild16, w, "px"); err != nil {
		t.Errorf("with 1 pawn try: %v; want px sent", err)
	}
	play("g1f3")
	play("g8f6") // e4 still takes d5: tries again this turn
	play("e4d5")
	play("b8a6") // nothing to take: no word of tries
	if err := AnySendable(referee.Wild16, w, "px"); !errors.Is(err, ErrNotSent) {
		t.Errorf("no tries announced (count %d): %v; want px kept back", w.Count(), err)
	}
	// Two tries: px, which makes the one capture, would be refused, and
	// a refused px names no move the record could keep (a tester's px was
	// refused and lost).
	if err := AnySendable(referee.Wild16, TryWatch{said: true, count: 2}, "px"); !errors.Is(err, ErrNotSent) || !strings.Contains(err.Error(), "2 pawn tries") {
		t.Errorf("with 2 pawn tries: %v; want px kept back, naming the count", err)
	}
	if err := AnySendable(referee.Berkeley, TryWatch{said: true, count: 3}, "px"); !errors.Is(err, ErrNotSent) {
		t.Errorf("Berkeley: %v; want px kept back, the rules have no Any?", err)
	}
	for _, r := range []referee.Ruleset{referee.BerkeleyAny, referee.English} {
		if err := AnySendable(r, TryWatch{}, "px"); err != nil {
			t.Errorf("%s: %v; want Any? sent", r.Name, err)
		}
	}
}

// TestAnyAnswerKeepsNonsenseBack: after the answer to Any?, an attempt the
// rules make nonsense is kept back with the answer named, as the referee
// would refuse it (a stranger's Qf3 after "Has pawn captures" in Berkeley +
// Any was sent, refused and shown as an illegal move): under Berkeley + Any
// only pawn captures after a yes, none after a no; under English a pawn
// capture first after a yes, then anything; a second Any? in the turn; and
// a new turn forgets the answer.
func TestAnyAnswerKeepsNonsenseBack(t *testing.T) {
	// 1. e4 d5: White's e4 may take d5.
	for _, tc := range []struct {
		rules   referee.Ruleset
		answer  string // the referee's words
		refuse  string // kept back after the answer
		allow   string // sent after it
		freedBy string // a refused pawn capture after which refuse is sent (English)
	}{
		{referee.BerkeleyAny, "Has pawn captures", "d1h5", "e4d5", ""},
		{referee.English, "Yes", "d1h5", "e4d5", "e4f5"},
	} {
		ref := referee.New(tc.rules, game.Start())
		var w TryWatch
		heard := func() {
			e, _ := ref.Last()
			w.Follow(e, game.White, tc.rules)
		}
		ref.Attempt(gametest.Move(t, "e2e4"))
		heard()
		ref.Attempt(gametest.Move(t, "d7d5"))
		heard()
		ref.AskAny()
		heard()
		pos := ref.Position()
		own := pos.Only(game.White)
		own.SetTurn(game.White)
		err := w.Allows(tc.rules, &own, gametest.Move(t, tc.refuse))
		if !errors.Is(err, ErrNotSent) || !strings.Contains(err.Error(), `"`+tc.answer+`"`) {
			t.Errorf("%s: %s after the yes: %v; want it kept back, naming %q", tc.rules.Name, tc.refuse, err, tc.answer)
		}
		if err := w.Allows(tc.rules, &own, gametest.Move(t, tc.allow)); err != nil {
			t.Errorf("%s: %s after the yes: %v; want it sent", tc.rules.Name, tc.allow, err)
		}
		// Named as typed: "any" is not reported as px (a tester's finding).
		// After a yes it says what to type instead (a tester's px was a
		// dead end).
		if err := AnySendable(tc.rules, w, "any"); !errors.Is(err, ErrNotSent) || !strings.HasPrefix(err.Error(), "any not sent") || !strings.Contains(err.Error(), "type the pawn capture itself") {
			t.Errorf("%s: a second Any? typed any: %v; want it kept back, named any, saying to type the capture", tc.rules.Name, err)
		}
		if tc.freedBy != "" {
			if a := ref.Attempt(gametest.Move(t, tc.freedBy)); a.Verdict != referee.Illegal {
				t.Fatalf("%s: %s answered %v; want illegal", tc.rules.Name, tc.freedBy, a.Verdict)
			}
			heard()
			if err := w.Allows(tc.rules, &own, gametest.Move(t, tc.refuse)); err != nil {
				t.Errorf("%s: %s after a refused pawn capture: %v; want it sent", tc.rules.Name, tc.refuse, err)
			}
		}
		// What the window and the console keep back, the referee refuses
		// as nonsense; what they send, it does not.
		if tc.freedBy == "" {
			if a := ref.Attempt(gametest.Move(t, tc.refuse)); a.Verdict != referee.Nonsense {
				t.Errorf("%s: the referee answered %s with %v; want nonsense", tc.rules.Name, tc.refuse, a.Verdict)
			}
		}
		if a := ref.Attempt(gametest.Move(t, tc.allow)); a.Verdict != referee.Accepted {
			t.Fatalf("%s: %s answered %v", tc.rules.Name, tc.allow, a.Verdict)
		}
		heard()
		if err := AnySendable(tc.rules, w, "px"); err != nil {
			t.Errorf("%s: Any? on the next turn: %v; want it sent", tc.rules.Name, err)
		}
	}
	// After a no, a pawn capture is kept back and anything else sent.
	ref := referee.New(referee.BerkeleyAny, game.Start())
	var w TryWatch
	ref.Attempt(gametest.Move(t, "e2e4"))
	ref.Attempt(gametest.Move(t, "e7e5"))
	ref.AskAny()
	e, _ := ref.Last()
	w.Follow(e, game.White, referee.BerkeleyAny)
	pos := ref.Position()
	own := pos.Only(game.White)
	own.SetTurn(game.White)
	if err := w.Allows(referee.BerkeleyAny, &own, gametest.Move(t, "e4d5")); !errors.Is(err, ErrNotSent) || !strings.Contains(err.Error(), `"No pawn captures"`) {
		t.Errorf("e4d5 after a no: %v; want it kept back", err)
	}
	if err := w.Allows(referee.BerkeleyAny, &own, gametest.Move(t, "g1f3")); err != nil {
		t.Errorf("g1f3 after a no: %v; want it sent", err)
	}
	// Under rules without Any?, nothing is held back by this watch.
	if err := (TryWatch{}).Allows(referee.Wild16, &own, gametest.Move(t, "e4d5")); err != nil {
		t.Errorf("Wild 16: %v", err)
	}
}

// TestTriesKeepPawnCapturesBack: where a pawn capture needs a try
// announced, one the announcement rules out is kept back, naming the
// announcement, as the referee would refuse it (in Cincinnati and RAND for
// both players to hear; an outside tester's exd3 on the first move and
// bxc3 beside RAND's "c5" were sent): from the start, which allows none;
// in Cincinnati after silence; in RAND from a pawn not named. A capture
// the announcement allows is sent.
func TestTriesKeepPawnCapturesBack(t *testing.T) {
	for _, tc := range []struct {
		rules  referee.Ruleset
		moves  []string // played from the start before White's turn
		refuse string   // a pawn capture kept back on White's turn
		said   string   // in its reason
		allow  string   // sent ("" none)
	}{
		{referee.Cincinnati, nil, "e2d3", `did not announce "Pawn capture"`, ""},
		{referee.Cincinnati, []string{"e2e4", "a7a6"}, "e4d5", `did not announce "Pawn capture"`, ""},
		{referee.Cincinnati, []string{"e2e4", "d7d5"}, "e4f5", "", "e4d5"},
		{referee.RAND, nil, "e2d3", "named no pawn that can capture", ""},
		{referee.RAND, []string{"e2e4", "d7d5", "b2b4", "a7a5"}, "c2d3", "named no capture for the pawn on c2", "b4a5"},
		{referee.Wild16, nil, "e2d3", "announced no pawn tries", ""},
	} {
		ref := referee.New(tc.rules, game.Start())
		w := StartWatch(tc.rules, game.Start(), 0)
		for _, s := range tc.moves {
			if a := ref.Attempt(gametest.Move(t, s)); a.Verdict != referee.Accepted {
				t.Fatalf("%s: %s answered %v", tc.rules.Name, s, a.Verdict)
			}
			e, _ := ref.Last()
			w.Follow(e, game.White, tc.rules)
		}
		pos := ref.Position()
		own := pos.Only(game.White)
		own.SetTurn(game.White)
		err := w.Allows(tc.rules, &own, gametest.Move(t, tc.refuse))
		switch {
		case tc.said != "" && (!errors.Is(err, ErrNotSent) || !strings.Contains(err.Error(), tc.said)):
			t.Errorf("%s after %v: %s: %v; want it kept back, saying %q", tc.rules.Name, tc.moves, tc.refuse, err, tc.said)
		case tc.said == "" && err != nil:
			t.Errorf("%s after %v: %s: %v; want it sent", tc.rules.Name, tc.moves, tc.refuse, err)
		}
		if tc.said != "" {
			// What is kept back, the referee refuses.
			if a := ref.Attempt(gametest.Move(t, tc.refuse)); a.Verdict == referee.Accepted {
				t.Errorf("%s: the referee accepted %s, which was kept back", tc.rules.Name, tc.refuse)
			}
		}
		if tc.allow != "" {
			if err := w.Allows(tc.rules, &own, gametest.Move(t, tc.allow)); err != nil {
				t.Errorf("%s after %v: %s: %v; want it sent", tc.rules.Name, tc.moves, tc.allow, err)
			}
		}
	}
	// Joined after the first move, the watch knows nothing yet.
	start := game.Start()
	own := start.Only(game.White)
	if err := StartWatch(referee.Cincinnati, start, 5).Allows(referee.Cincinnati, &own, gametest.Move(t, "e2d3")); err != nil {
		t.Errorf("a game joined at ply 5: %v; want nothing kept back before the referee speaks", err)
	}
}
