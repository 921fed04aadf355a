package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

func gamePath(name string) string { return filepath.Join("..", "..", "testdata", "games", name) }

func readGame(t *testing.T, name string) *Record {
	t.Helper()
	f, err := os.Open(gamePath(name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := Read(f)
	if err != nil {
		t.Fatalf("Read(%s): %v", name, err)
	}
	return rec
}

func TestDarkboardGameChecks(t *testing.T) {
	rec := readGame(t, "darkboard-liam-2023.pgn")
	if len(rec.Plies) != 148 || rec.Result != "1/2-1/2" || rec.Tag("Black") != "Darkboard" {
		t.Fatalf("read %d plies, result %q, Black %q; want 148, 1/2-1/2, Darkboard", len(rec.Plies), rec.Result, rec.Tag("Black"))
	}
	if err := Check(rec, referee.Wild16); err != nil {
		t.Fatalf("Check: %v", err)
	}
	ref, _ := Replay(rec, referee.Wild16, nil)
	if res := ref.Result(); res == nil || res.Reason != referee.ReasonStalemate {
		t.Errorf("final result %+v; want the stalemate testdata/games/SOURCE.md describes", res)
	}
	if fen := ref.Position().FEN(); fen != "3k1K2/3P4/6q1/8/8/8/6r1/8 w - - 3 75" {
		t.Errorf("final FEN %s; want testdata/games/SOURCE.md's", fen)
	}
}

// TestDarkboardGameAgainstPliesJSON compares our resolution of every move and
// failed attempt with the per-ply breakdown made by an outside chess library.
func TestDarkboardGameAgainstPliesJSON(t *testing.T) {
	rec := readGame(t, "darkboard-liam-2023.pgn")
	data, err := os.ReadFile(gamePath("darkboard-liam-2023.plies.json"))
	if err != nil {
		t.Fatal(err)
	}
	var plies []struct {
		Ply       int      `json:"ply"`
		FEN       string   `json:"fen_before"`
		UCI       string   `json:"uci"`
		Capture   *string  `json:"capture_square"`
		Checks    []string `json:"check_kinds"`
		Tries     int      `json:"pawn_tries_for_next_player"`
		FailedUCI []string `json:"failed_attempts_uci"`
	}
	if err := json.Unmarshal(data, &plies); err != nil {
		t.Fatal(err)
	}
	failedSeen := 0
	_, err = Replay(rec, referee.Wild16, func(s Step) error {
		want := plies[s.Index]
		if got := s.Before.FEN(); got != want.FEN {
			t.Errorf("ply %d: FEN before %s; want %s", want.Ply, got, want.FEN)
		}
		if got := s.Ply.Move.String(); got != want.UCI {
			t.Errorf("ply %d: move %s; want %s", want.Ply, got, want.UCI)
		}
		var failed []string
		for _, m := range s.Failed {
			failed = append(failed, m.String())
		}
		if len(failed) != len(want.FailedUCI) || (len(failed) > 0 && !reflect.DeepEqual(failed, want.FailedUCI)) {
			t.Errorf("ply %d: failed %v; want %v", want.Ply, failed, want.FailedUCI)
		}
		failedSeen += len(failed)
		a := s.Answer
		if (want.Capture == nil) != (a.Capture == game.NoSquare) || want.Capture != nil && *want.Capture != a.Capture.String() {
			t.Errorf("ply %d: capture %s; want %v", want.Ply, a.Capture, want.Capture)
		}
		if a.Tries != nil && a.Tries.Count != want.Tries {
			t.Errorf("ply %d: tries %d; want %d", want.Ply, a.Tries.Count, want.Tries)
		}
		var got []string
		for _, k := range a.Checks {
			got = append(got, k.Letter())
		}
		if strings.Join(got, "") != strings.Join(want.Checks, "") && len(got) == len(want.Checks) && len(got) < 2 {
			t.Errorf("ply %d: checks %v; want %v", want.Ply, got, want.Checks)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if failedSeen != 37 {
		t.Errorf("%d failed attempts; testdata/games/SOURCE.md counts 37", failedSeen)
	}
}

func TestDoctoredGamesFail(t *testing.T) {
	tests := []struct{ file, want string }{
		{"doctored-check.pgn", `ply 105 (53. Qxd5+, line 115): check "R" recorded, referee says "F"`},
		{"doctored-failed.pgn", `ply 24 (12... Kd7, line 34): failed attempt Kd7 (e8d7) is legal`},
	}
	for _, tc := range tests {
		err := Check(readGame(t, tc.file), referee.Wild16)
		var d *Disagreement
		if !errors.As(err, &d) || err.Error() != "record: "+tc.want {
			t.Errorf("%s: Check = %v; want %q", tc.file, err, tc.want)
		}
	}
}

func TestCorruptRecords(t *testing.T) {
	f, _ := os.ReadFile(gamePath("truncated.pgn"))
	_, err := Read(bytes.NewReader(f))
	if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "line 89") {
		t.Errorf("truncated: %v; want ErrSyntax naming line 89", err)
	}
	bad := []struct{ name, text, line string }{
		{"unclosed comment", "[Event \"x\"]\n\n1. e4 {(:)\n1-0\n", "line 3"},
		{"bad umpire item", "\n1. e4 {(Z9:)}\n*\n", "line 2"},
		{"bad check letter", "1. e4 {(CQ:)}\n*", "line 1"},
		{"unquoted tag", "[Event x]\n1. e4 *", "line 1"},
		{"variation", "1. e4 (1. d4) *", "line 1"},
		{"garbage move", "1. e4 hello *", "line 1"},
		{"text after result", "1. e4 1-0 e5", "line 1"},
		{"stray closing brace", "}${", "line 1"},
	}
	for _, tc := range bad {
		if _, err := Read(strings.NewReader(tc.text)); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tc.line) {
			t.Errorf("%s: %v; want ErrSyntax naming %s", tc.name, err, tc.line)
		}
	}
	// An illegal move in a well-formed file is a Disagreement naming the line.
	rec, err := Read(strings.NewReader("[Event \"x\"]\n\n1. e4 {(:)}\n   e4 {(:)}\n*\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(rec, referee.Wild16); err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("illegal move: %v; want an error naming line 4", err)
	}
}

func TestRulesTagMustMatch(t *testing.T) {
	rec := &Record{Tags: []Tag{{"Rules", "berkeley"}}, Result: "*"}
	if err := Check(rec, referee.Wild16); err == nil || !strings.Contains(err.Error(), "berkeley") {
		t.Errorf("berkeley record checked as wild16: %v", err)
	}
	// The tag names its ruleset in any case, as RulesetByName reads it.
	rec = &Record{Tags: []Tag{{"Rules", "Berkeley"}}, Result: "*"}
	if r, err := rec.Rules(); err != nil || Check(rec, r) != nil {
		t.Errorf("a record tagged Berkeley: ruleset %v (%v), check %v; want berkeley, checked", r.Name, err, Check(rec, r))
	}
}

func TestWriteReadRoundTrip(t *testing.T) {
	rec := readGame(t, "darkboard-liam-2023.pgn")
	var buf bytes.Buffer
	if err := Write(&buf, rec); err != nil {
		t.Fatal(err)
	}
	orig, _ := os.ReadFile(gamePath("darkboard-liam-2023.pgn"))
	if buf.String() != string(orig) {
		t.Errorf("writing the Darkboard game back does not give the same bytes:\n%s", buf.String()[:400])
	}
}

func TestAttemptSAN(t *testing.T) {
	tests := []struct{ fen, uci, san string }{
		{"r3k2r/8/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "a1d1", "Rd1"},
		{"r3k2r/8/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "h1f1", "Rf1"},
		{"r3k2r/8/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "a2b3", "axb3"},
		{"r3k2r/8/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "a2a4", "a4"},
		{"r3k2r/8/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/P6P/R3K2R w KQkq - 0 1", "e1e2", "Ke2"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1e1", "Rae1"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "h1e1", "Rhe1"},
		{"4k3/R7/8/8/8/8/4K3/R7 w - - 0 1", "a1a4", "R1a4"},
		{"4k3/R7/8/8/8/8/4K3/R7 w - - 0 1", "a7a4", "R7a4"},
		{"4k3/8/8/8/8/8/1p2K3/8 b - - 0 1", "b2a1n", "bxa1=N"},
		{"4k3/8/8/8/8/8/1p2K3/8 b - - 0 1", "b2b1q", "b1=Q"},
		{"4k3/3p4/8/8/8/8/4K3/8 b - - 0 1", "d7d5", "d5"},
	}
	for _, tc := range tests {
		p, err := game.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		own := p.Only(p.Turn())
		m, _ := game.ParseMove(tc.uci)
		if got := AttemptSAN(&own, m); got != tc.san {
			t.Errorf("%s: AttemptSAN(%s) = %q; want %q", tc.fen, tc.uci, got, tc.san)
		}
		if back, err := ParseAttemptSAN(&own, tc.san); err != nil || back != m {
			t.Errorf("%s: ParseAttemptSAN(%q) = %v, %v; want %v", tc.fen, tc.san, back, err, m)
		}
	}
	p, _ := game.ParseFEN("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")
	own := p.Only(game.White)
	for _, bad := range []string{"Re1", "Qd1", "b4", "axc3", "Kz9", "e8=K", "x"} {
		if _, err := ParseAttemptSAN(&own, bad); err == nil {
			t.Errorf("ParseAttemptSAN(%q) succeeded", bad)
		}
	}
}

func FuzzRead(f *testing.F) {
	orig, err := os.ReadFile(gamePath("darkboard-liam-2023.pgn"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(orig))
	f.Add("1. e4 {(:)} {krieg: cap=pawn} e5 {(P1:d4)} *")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := Read(strings.NewReader(text))
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !strings.Contains(err.Error(), "reading") {
				t.Fatalf("error %v does not wrap ErrSyntax", err)
			}
			return
		}
		// Whatever reads must replay or fail cleanly, never panic.
		_ = Check(rec, referee.Wild16)
	})
}

// TestEmptyAndFolderSaidPlainly: an empty record and a folder are named as
// such, not as a truncated game or a read failure.
func TestEmptyAndFolderSaidPlainly(t *testing.T) {
	for _, text := range []string{"", " \n\n\t"} {
		if _, err := Read(strings.NewReader(text)); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "empty") {
			t.Errorf("Read(%q): %v; want ErrSyntax saying it is empty", text, err)
		}
	}
	dir := t.TempDir()
	if _, err := ReadFile(dir); err == nil || !strings.Contains(err.Error(), dir+" is a folder") {
		t.Errorf("ReadFile of a folder: %v", err)
	}
}

// TestEndMustAgree: the end a record claims is checked too: its Result tag
// against the result after its moves and the referee's, and in our own
// records the Termination tag against the referee's reason, and a claimed
// checkmate against a game that goes on (a record with its mating move cut).
func TestEndMustAgree(t *testing.T) {
	icc := readGame(t, "darkboard-liam-2023.pgn")
	icc.SetTag("Result", "1-0")
	if err := Check(icc, referee.Wild16); err == nil || !strings.Contains(err.Error(), "Result tag 1-0") {
		t.Errorf("a Result tag of 1-0 on a drawn game: %v", err)
	}
	// Fool's mate, as krieg records it.
	ref := referee.New(referee.Wild16, game.Start())
	for _, s := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		m, _ := game.ParseMove(s)
		if a := ref.Attempt(m); a.Verdict != referee.Accepted {
			t.Fatalf("%s refused", s)
		}
	}
	mate := func() *Record {
		rec, err := FromReferee(ref, []Tag{{"Rules", "wild16"}})
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	if err := Check(mate(), referee.Wild16); err != nil {
		t.Fatalf("the record as written: %v", err)
	}
	for what, doctor := range map[string]func(*Record){
		`Termination stalemate recorded, referee says checkmate`: func(r *Record) { r.SetTag("Termination", "stalemate") },
		`result 1-0 recorded, referee says 0-1`:                  func(r *Record) { r.SetTag("Result", "1-0"); r.Result = "1-0" },
		`Result tag 1-0, referee says 0-1`:                       func(r *Record) { r.SetTag("Result", "1-0"); r.Result = "" },
		`Result tag 1-0, but the moves end with 0-1`:             func(r *Record) { r.SetTag("Result", "1-0") },
		`checkmate recorded, but the referee's game goes on`:     func(r *Record) { r.Plies = r.Plies[:len(r.Plies)-1] },
	} {
		rec := mate()
		doctor(rec)
		if err := Check(rec, referee.Wild16); err == nil || !strings.Contains(err.Error(), what) {
			t.Errorf("%s: %v", what, err)
		}
	}
}

// TestTimeControlTag: whole seconds as PGN writes them, the fractions
// kriegd allows kept rather than cut (1.5 minutes and half a second were
// written 90+0), and "-" for no clock.
func TestTimeControlTag(t *testing.T) {
	for _, c := range []struct {
		base, inc time.Duration
		want      string
	}{{5 * time.Minute, 3 * time.Second, "300+3"}, {90 * time.Second, 500 * time.Millisecond, "90+0.5"}, {6 * time.Second, 0, "6+0"}, {0, 0, "-"}} {
		if got := TimeControl(c.base, c.inc); got != c.want {
			t.Errorf("TimeControl(%v, %v) = %q; want %q", c.base, c.inc, got, c.want)
		}
	}
}

// TestResultTagInItsPlace: a record built from a game has its Result tag
// where PGN's Seven Tag Roster puts it, after Black and before the
// others, whether the referee ended the game (Termination set with it) or
// a clock did, the server setting both afterwards (a tester found the two
// in either order).
func TestResultTagInItsPlace(t *testing.T) {
	tags := []Tag{{"Event", "e"}, {"Site", "s"}, {"Date", "d"}, {"Round", "-"}, {"White", "w"}, {"Black", "b"}, {"TimeControl", "300+3"}}
	resigned := referee.New(referee.Wild16, game.Start())
	if err := resigned.Resign(game.White); err != nil {
		t.Fatal(err)
	}
	running := referee.New(referee.Wild16, game.Start())
	for _, ref := range []*referee.Referee{resigned, running} {
		rec, err := FromReferee(ref, tags)
		if err != nil {
			t.Fatal(err)
		}
		rec.SetTag("Result", "0-1")
		rec.SetTag("Termination", "time forfeit")
		var keys []string
		for _, tg := range rec.Tags {
			keys = append(keys, tg.Key)
		}
		if got := strings.Join(keys, " "); !strings.HasPrefix(got, "Event Site Date Round White Black Result TimeControl") || strings.Index(got, "Result") > strings.Index(got, "Termination") {
			t.Errorf("tags in the order %s; want the Seven Tag Roster first", got)
		}
	}
}
