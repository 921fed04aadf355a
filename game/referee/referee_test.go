package referee

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
)

func TestViewsKeepSecrets(t *testing.T) {
	// A3 and A5: Wild 16 illegal attempts are private; B36: one turn holds the
	// failed attempts and the accepted move in order.
	r := newRef(t, Wild16, blockedFEN)
	do(t, r, "c1h6")
	do(t, r, "c1h6")
	do(t, r, "e1d1")
	white, black := r.View(game.White), r.View(game.Black)
	var got []string
	for _, e := range white.Heard {
		got = append(got, e.Attempt.String()+":"+e.Verdict.String())
	}
	if want := []string{"c1h6:illegal", "c1h6:illegal", "e1d1:accepted"}; !reflect.DeepEqual(got, want) {
		t.Errorf("white heard %v; want %v", got, want)
	}
	if len(black.Heard) != 1 || black.Heard[0].Attempt != game.NoMove || black.Heard[0].Verdict != Accepted {
		t.Errorf("black heard %+v; want only White's accepted move, without the move itself", black.Heard)
	}
	if black.Own.ByColor(game.White) != 0 || white.Own.ByColor(game.Black) != 0 {
		t.Error("a view holds the other side's men")
	}
	// Berkeley: both hear the illegal attempt, neither learns the other's move.
	r = newRef(t, Berkeley, blockedFEN)
	do(t, r, "c1h6")
	if b := r.View(game.Black); len(b.Heard) != 1 || b.Heard[0].Said[0].Kind != KindIllegal || b.Heard[0].Attempt != game.NoMove {
		t.Errorf("berkeley black heard %+v; want one illegal announcement without the attempt", b.Heard)
	}
}

func TestViewJSONRoundTrip(t *testing.T) {
	// A19: a saved view keeps the private illegal attempt.
	r := newRef(t, Wild16, startFEN)
	do(t, r, "e2e5")
	do(t, r, "e2e4")
	for _, c := range []game.Color{game.White, game.Black} {
		v := r.View(c)
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back View
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back.Heard, v.Heard) {
			t.Errorf("%s: round trip changed the log: got %+v; want %+v", c, back.Heard, v.Heard)
		}
	}
	if w := r.View(game.White); w.Heard[0].Verdict != Illegal {
		t.Errorf("white's first entry is %v; want illegal", w.Heard[0].Verdict)
	}
	if b := r.View(game.Black); len(b.Heard) != 1 {
		t.Errorf("black heard %d entries; want 1", len(b.Heard))
	}
}

func TestOffered(t *testing.T) {
	tests := []struct {
		name  string
		rules Ruleset
		fen   string
		moves int
		any   bool
	}{
		{"A1 wild16 start: 20 moves, no pawn captures with 0 tries", Wild16, startFEN, 20, false},
		{"A8 wild16 with a try: both pawn captures", Wild16, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 30 + 14, false},
		{"B14 berkeley-any promotion board: 11 + Any?", BerkeleyAny, promoteFEN, 11, true},
		{"B15 berkeley-any start: 34 + Any?", BerkeleyAny, startFEN, 34, true},
		{"B15 plain berkeley start: 34", Berkeley, startFEN, 34, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRef(t, tc.rules, tc.fen)
			if got := len(r.Offered()); got != tc.moves {
				t.Errorf("offered %d attempts; want %d: %v", got, tc.moves, r.Offered())
			}
			if got := r.AnyOffered(); got != tc.any {
				t.Errorf("Any? offered = %v; want %v", got, tc.any)
			}
		})
	}
	r := newRef(t, Wild16, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	do(t, r, "e4f5")
	for _, m := range r.Offered() {
		if m.String() == "e4f5" {
			t.Error("A8: a refused pawn capture is still offered")
		}
	}
	r = newRef(t, Berkeley, "7k/1Q6/8/8/8/8/2K5/R5R1 w - - 0 1")
	do(t, r, "a1a8")
	if len(r.Offered()) != 0 || r.AnyOffered() {
		t.Error("B21: attempts offered after checkmate")
	}
}

func TestDoubleCheckOrder(t *testing.T) {
	// B11: components in square order (the e2 queen's rank check before the c4 knight's).
	r := newRef(t, Berkeley, "7k/8/8/8/8/8/2Knq3/8 w - - 0 1")
	do(t, r, "c2b2")
	a := do(t, r, "d2c4")
	if want := []CheckKind{CheckRank, CheckKnight}; !reflect.DeepEqual(a.Checks, want) {
		t.Errorf("checks %v; want %v", a.Checks, want)
	}
}

func TestPlyCap(t *testing.T) {
	// B16: 2000 plies of knight shuffles end in a draw on the 2000th.
	r := newRef(t, Berkeley, startFEN)
	cycle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for i := 0; i < 2000; i++ {
		a := do(t, r, cycle[i%4])
		if i < 1999 && a.Result != nil {
			t.Fatalf("ply %d ended the game: %+v", i+1, a.Result)
		}
		if i == 1999 && (a.Result == nil || a.Result.Reason != ReasonPlyCap || a.Result.Score != "1/2-1/2") {
			t.Fatalf("ply 2000: result %+v; want a ply-cap draw", a.Result)
		}
	}
	r = newRef(t, Ruleset{Name: "capped", PlyCap: 3}, startFEN)
	for i, s := range []string{"e2e4", "e7e5", "d2d4"} {
		if a := do(t, r, s); (a.Result != nil) != (i == 2) {
			t.Errorf("cap 3, ply %d: result %+v", i+1, a.Result)
		}
	}
}

func TestMaterialSummary(t *testing.T) {
	tests := []struct {
		name      string
		rules     Ruleset
		fen       string
		moves     []string
		remaining [2]int
		pawnsLost [2]int
	}{
		{"A16 wild16 counts a pawn capture", Wild16, startFEN, []string{"e2e4", "d7d5", "e4d5"}, [2]int{16, 15}, [2]int{0, 1}},
		{"A16 piece captures stay out of the pawn count", Wild16, "7k/8/8/n7/8/8/8/R3K3 w - - 0 1", []string{"a1a5"}, [2]int{16, 15}, [2]int{0, 0}},
		{"A17 silent promotion is not a pawn capture", Wild16, promoCapFEN, []string{"d2c1q"}, [2]int{15, 16}, [2]int{0, 0}},
		{"B34 berkeley hides pawn counts", Berkeley, startFEN, []string{"e2e4", "d7d5", "e4d5"}, [2]int{16, 15}, [2]int{0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRef(t, tc.rules, tc.fen)
			for _, m := range tc.moves {
				do(t, r, m)
			}
			for _, c := range []game.Color{game.White, game.Black} {
				m := r.View(c).Material(tc.rules)
				if m.Remaining != tc.remaining || m.PawnsLost != tc.pawnsLost || m.Typed != tc.rules.CaptureKind {
					t.Errorf("%s's summary %+v; want remaining %v, pawns lost %v", c, m, tc.remaining, tc.pawnsLost)
				}
			}
		})
	}
}

func TestWild16Wording(t *testing.T) {
	// ICC's words (docs/protocols.md): one line per announcement after 1.e4 d5 2.exd5.
	r := newRef(t, Wild16, startFEN)
	var lines []string
	for _, m := range []string{"e2e4", "d7d5", "e4d5", "e7e6", "f1b5", "e8e7", "g1g3"} {
		for _, a := range do(t, r, m).Announcements {
			if s := a.Text(Wild16); s != "" {
				lines = append(lines, s)
			}
		}
	}
	want := []string{"Black's move", "White's move", "1 pawn try", "Black's move", "Pawn at d5 captured",
		"White's move", "1 pawn try", "Black's move", "Long-diagonal check", "White's move", "1 pawn try", "Illegal move"}
	if !reflect.DeepEqual(lines, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

func TestWordingPerRuleset(t *testing.T) {
	tests := []struct {
		rules Ruleset
		a     Announcement
		want  string
	}{
		{Wild16, Announcement{Kind: KindCapture, Square: game.E5, Captured: CapturedPiece}, "Piece at e5 captured"},
		{Wild16, Announcement{Kind: KindCheck, Check: CheckKnight}, "Knight check"},
		{Wild16, Announcement{Kind: KindTries, Tries: Tries{Count: 3}}, "3 pawn tries"},
		{Wild16, Announcement{Kind: KindTries, Tries: Tries{Count: 0}}, ""},
		{Berkeley, Announcement{Kind: KindCapture, Square: game.D4}, "Capture at d4"},
		{Berkeley, Announcement{Kind: KindIllegal}, "No"},
		{Berkeley, Announcement{Kind: KindCheck, Check: CheckLong}, "Long"},
		{BerkeleyAny, Announcement{Kind: KindAnyAnswer, Has: true}, "Has pawn captures"},
		{Cincinnati, Announcement{Kind: KindTries, Tries: Tries{Count: 2}}, "Pawn capture"},
		{Cincinnati, Announcement{Kind: KindCapture, Square: game.A2, Captured: CapturedPawn}, "Pawn captured at a2"},
		{English, Announcement{Kind: KindAnyAnswer, Has: false}, "No"},
		{English, Announcement{Kind: KindCheck, Check: CheckShort}, "Short check"},
		{RAND, Announcement{Kind: KindNonsense}, "Hell, no"},
		{RAND, Announcement{Kind: KindTries, Tries: Tries{Squares: []game.Square{game.C7, game.E7}}}, "Pawn tries from c7, e7"},
		{RAND, Announcement{Kind: KindPromotion}, "Pawn promoted"},
		{OpenTries, Announcement{Kind: KindCheck}, "Check"},
		{OpenTries, Announcement{Kind: KindTries, Tries: Tries{Moves: []game.Move{game.NewMove(game.E4, game.D5, 0)}}}, "Pawn captures: e4xd5"},
		{Wild16, Announcement{Kind: KindGameOver, Result: Result{Score: "0-1", Reason: ReasonCheckmate}}, "Checkmate, Black wins"},
		{Wild16, Announcement{Kind: KindGameOver, Result: Result{Score: "*", Reason: ReasonAborted}}, "No result: the game was aborted"},
		{Berkeley, Announcement{Kind: KindGameOver, Result: Result{Score: "1/2-1/2", Reason: ReasonAgreement}}, "Draw: agreed · ½-½"},
	}
	for _, tc := range tests {
		if got := tc.a.Text(tc.rules); got != tc.want {
			t.Errorf("%s %+v: got %q; want %q", tc.rules.Name, tc.a, got, tc.want)
		}
	}
}

func TestRulesetByName(t *testing.T) {
	for _, r := range Rulesets {
		got, err := RulesetByName(r.Name)
		if err != nil || got.Name != r.Name {
			t.Errorf("RulesetByName(%q) = %v, %v", r.Name, got.Name, err)
		}
	}
	if r, err := RulesetByName(" Wild16"); err != nil || r.Name != Wild16.Name {
		t.Errorf("RulesetByName(\" Wild16\") = %v, %v; want wild16, whatever the case", r.Name, err)
	}
	if _, err := RulesetByName("chess960"); err == nil || !strings.Contains(err.Error(), "unknown ruleset") {
		t.Errorf("unknown ruleset: err = %v; want an 'unknown ruleset' error", err)
	}
}

func TestPawnCaptureShortcut(t *testing.T) {
	r := newRef(t, Wild16, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	if a := do(t, r, "px"); summary(a) != "ok x=d5:pawn tries=0" {
		t.Errorf("px with one try: %s", summary(a))
	}
	r = newRef(t, Wild16, comparisonFEN)
	if a := do(t, r, "px"); a.Verdict != Illegal {
		t.Errorf("px with two tries: %s; want illegal", summary(a))
	}
	if _, err := newRef(t, Berkeley, startFEN).AttemptText("px"); err == nil {
		t.Error("px accepted outside Wild 16")
	}
	if _, err := newRef(t, Wild16, startFEN).AttemptText("e9e4"); err == nil {
		t.Error("e9e4 read as an attempt")
	}
}

func TestResign(t *testing.T) {
	r := newRef(t, Wild16, startFEN)
	if err := r.Resign(game.White); err != nil {
		t.Fatal(err)
	}
	if res := r.Result(); res == nil || res.Score != "0-1" || res.Reason != ReasonResignation {
		t.Errorf("result %+v; want 0-1 by resignation", res)
	}
	if err := r.Resign(game.Black); err == nil {
		t.Error("resigning a finished game succeeded")
	}
}

// TestLogFromAndLast: LogFrom(i) is Log()[i:] (nil past the end) and Last
// its final entry.
func TestLogFromAndLast(t *testing.T) {
	r := New(Wild16, game.Start())
	if _, ok := r.Last(); ok {
		t.Fatal("Last before any attempt")
	}
	for _, text := range []string{"e2e5", "e2e4", "e7e5"} {
		m, err := game.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		r.Attempt(m)
	}
	all := r.Log()
	for i := 0; i <= len(all)+1; i++ {
		got := r.LogFrom(i)
		want := all[min(i, len(all)):]
		if len(got) != len(want) {
			t.Fatalf("LogFrom(%d): %d entries; want %d", i, len(got), len(want))
		}
		for j := range got {
			if got[j].Attempt != want[j].Attempt || got[j].Verdict != want[j].Verdict {
				t.Fatalf("LogFrom(%d)[%d] = %+v; want %+v", i, j, got[j], want[j])
			}
		}
	}
	if last, ok := r.Last(); !ok || last.Attempt != all[len(all)-1].Attempt {
		t.Fatalf("Last %+v; want %+v", last, all[len(all)-1])
	}
}

// TestRefusalsShareTheirWords: a refusal allocates nothing of its own but
// its log entry (a server keeps every game's log, and a tester's game of
// 20,000 refusals held about 6 MB), and its words stay its own when a
// caller appends to them.
func TestRefusalsShareTheirWords(t *testing.T) {
	r := New(Wild16, game.Start())
	bad := game.NewMove(game.E1, game.E3, 0)
	r.Attempt(bad)
	if allocs := testing.AllocsPerRun(2000, func() { r.Attempt(bad) }); allocs > 0.1 {
		t.Errorf("a refusal allocates %.2f times on average; want the log's growth alone", allocs)
	}
	first, _ := r.Last()
	if len(first.Said) != 1 || first.Said[0].Kind != KindIllegal || first.Said[0].Side != game.White || first.Said[0].To != WhiteOnly {
		t.Fatalf("a refusal says %+v", first.Said)
	}
	grown := append(first.Said, Announcement{Kind: KindTries})
	grown[0].Kind = KindCheck
	again, _ := r.Last()
	if again.Said[0].Kind != KindIllegal {
		t.Fatal("appending to a refusal's words changed the words of every refusal")
	}
	var black Answer
	r.Attempt(game.NewMove(game.E2, game.E4, 0))
	black = r.Attempt(game.NewMove(game.E8, game.E6, 0))
	if s := black.Announcements; len(s) != 1 || s[0].Side != game.Black || s[0].To != BlackOnly {
		t.Fatalf("Black's refusal says %+v", s)
	}
}
