package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// krieg runs the command in-process and returns its exit status and output.
func krieg(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func testGame(name string) string { return filepath.Join("..", "..", "testdata", "games", name) }

func TestPerftCommand(t *testing.T) {
	if code, out, _ := krieg(t, "", "perft", "4"); code != 0 || strings.TrimSpace(out) != "197281" {
		t.Errorf("perft 4: %d %q; want 0 197281", code, out)
	}
	code, out, _ := krieg(t, "", "perft", "--divide", "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "2")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || lines[len(lines)-1] != "191" || len(lines) != 14+2 {
		t.Errorf("perft --divide 2: %d %q", code, out)
	}
	if code, _, errOut := krieg(t, "", "perft", "x"); code != 2 || !strings.Contains(errOut, "DEPTH") {
		t.Errorf("perft x: %d %q; want a usage error", code, errOut)
	}
	// A negative DEPTH is refused as a DEPTH, not as an unknown flag.
	for _, args := range [][]string{{"-1"}, {"--divide", "-3"}} {
		code, _, errOut := krieg(t, "", append([]string{"perft"}, args...)...)
		if want := "krieg perft: DEPTH \"" + args[len(args)-1] + "\" must be a number from 0 to 12\n"; code != 2 || errOut != want {
			t.Errorf("perft %v: got %d %q; want 2 %q", args, code, errOut, want)
		}
	}
	if code, _, errOut := krieg(t, "", "perft", "--fen", "bad", "1"); code != 1 || !strings.Contains(errOut, "bad FEN") {
		t.Errorf("bad fen: %d %q", code, errOut)
	}
}

func TestReplayCheckCommand(t *testing.T) {
	tests := []struct {
		file string
		code int
		want string
	}{
		{"darkboard-liam-2023.pgn", 0, "148 plies agree"},
		{"doctored-check.pgn", 1, "ply 105 (53. Qxd5+, line 115)"},
		{"doctored-failed.pgn", 1, "ply 24 (12... Kd7, line 34)"},
		{"truncated.pgn", 1, "line 89"},
		{"missing.pgn", 2, "no such file"},
	}
	for _, tc := range tests {
		code, out, errOut := krieg(t, "", "replay", "--check", testGame(tc.file))
		if code != tc.code || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("replay --check %s: exit %d, %q; want exit %d naming %q", tc.file, code, out+errOut, tc.code, tc.want)
		}
	}
	code, out, _ := krieg(t, "", "replay", "--text", testGame("darkboard-liam-2023.pgn"))
	if code != 0 || !strings.Contains(out, "12. Nxd6+") || !strings.Contains(out, "Knight check") || !strings.Contains(out, "Result: Draw: stalemate · ½-½") {
		t.Errorf("replay text: exit %d, output lacks the expected lines", code)
	}
}

func TestSelfplayCommand(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, out := range []string{a, b} {
		if code, _, errOut := krieg(t, "", "selfplay", "--rules", "wild16", "--games", "3", "--seed", "9", "--out", out); code != 0 {
			t.Fatalf("selfplay: %d %s", code, errOut)
		}
	}
	for i := 1; i <= 3; i++ {
		name := filepath.Join(a, "game-000"+string(rune('0'+i))+".pgn")
		x, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		y, _ := os.ReadFile(filepath.Join(b, filepath.Base(name)))
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between two runs with the same seed", filepath.Base(name))
		}
		if code, out, errOut := krieg(t, "", "replay", "--check", name); code != 0 {
			t.Errorf("selfplay record %s does not check: %s%s", name, out, errOut)
		}
	}
	for _, rules := range []string{"berkeley", "berkeley-any", "cincinnati", "english", "rand", "open"} {
		out := filepath.Join(dir, rules)
		if code, _, errOut := krieg(t, "", "selfplay", "--rules", rules, "--games", "1", "--seed", "2", "--out", out); code != 0 {
			t.Fatalf("selfplay --rules %s: %s", rules, errOut)
		}
		if code, o, errOut := krieg(t, "", "replay", "--check", filepath.Join(out, "game-0001.pgn")); code != 0 {
			t.Errorf("%s record does not check: %s%s", rules, o, errOut)
		}
	}
	// A record of a game drawn at --ply-cap checks: it carries its cap.
	capped := filepath.Join(dir, "capped")
	if code, _, errOut := krieg(t, "", "selfplay", "--games", "1", "--ply-cap", "5", "--out", capped); code != 0 {
		t.Fatalf("selfplay --ply-cap 5: %s", errOut)
	}
	if code, o, errOut := krieg(t, "", "replay", "--check", filepath.Join(capped, "game-0001.pgn")); code != 0 {
		t.Errorf("a record drawn at --ply-cap 5 does not check: exit %d, %s%s", code, o, errOut)
	}
	if code, _, errOut := krieg(t, "", "selfplay", "--rules", "chess"); code != 2 || !strings.Contains(errOut, "unknown ruleset") || strings.Contains(errOut, "referee:") {
		t.Errorf("unknown ruleset: exit %d, %q; want 2 and the ruleset named in plain words", code, errOut)
	}
}

func TestRefereeCommand(t *testing.T) {
	code, out, _ := krieg(t, "{\"attempt\":\"e2e4\"}\n{\"attempt\":\"e2e4\"}\n", "referee", "--rules", "berkeley")
	want := `{"legal":true,"capture":null,"checks":[],"toMove":"black","result":null}` + "\n" + `{"legal":false,"nonsense":true}` + "\n"
	if code != 0 || out != want {
		t.Errorf("referee: %d %q; want %q", code, out, want)
	}
}

func TestPlayCommand(t *testing.T) {
	code, out, _ := krieg(t, "", "play", "--seed", "4", "--ply-cap", "40")
	if code != 0 || !strings.Contains(out, "White hears: (you tried") || !strings.Contains(out, "Black hears:") || !strings.Contains(out, "Result: Draw: the game reached its move limit · ½-½, after 40 plies") {
		t.Errorf("play: exit %d; output:\n%s", code, out)
	}
	if code, _, _ := krieg(t, "", "nonsense-command"); code != 2 {
		t.Errorf("unknown command: exit %d; want 2", code)
	}
}

// TestAbsurdPlyCapRefused: a negative or absurd --ply-cap is a usage
// error (exit status 2) naming the flag, for the referee and the games.
func TestAbsurdPlyCapRefused(t *testing.T) {
	for _, args := range [][]string{{"referee", "--ply-cap", "-5"}, {"referee", "--ply-cap", "99999999"}, {"play", "--ply-cap", "-1"}} {
		code, _, errOut := krieg(t, "", args...)
		if code != 2 || !strings.Contains(errOut, "--ply-cap") {
			t.Fatalf("krieg %v: exit %d, %q; want 2 and a word on --ply-cap", args, code, errOut)
		}
	}
}

// TestHelpEveryCommand: every subcommand has details, and krieg help CMD
// prints them with its flags.
func TestHelpEveryCommand(t *testing.T) {
	for _, c := range commands {
		if details[c.name] == "" {
			t.Errorf("%s has no details for krieg help", c.name)
			continue
		}
		code, out, errOut := krieg(t, "", "help", c.name)
		if code != 0 || !strings.Contains(out, strings.TrimSpace(details[c.name])) || errOut != "" {
			t.Errorf("help %s: exit %d, stdout %q, stderr %q", c.name, code, out, errOut)
		}
		if c.name != "help" && c.name != "icc-dump" && !strings.Contains(out, "  -") {
			t.Errorf("help %s lists no flags: %q", c.name, out)
		}
		// The flag package adds "(default X)" itself: a usage that says its
		// default too says it twice.
		for _, line := range strings.Split(out, "\n") {
			if strings.Count(line, "(default") > 1 {
				t.Errorf("help %s says a default twice: %q", c.name, line)
			}
		}
	}
	if code, _, errOut := krieg(t, "", "help", "nosuch"); code != 2 || !strings.Contains(errOut, "nosuch") {
		t.Errorf("help nosuch: exit %d, %q; want a usage error", code, errOut)
	}
	if code, out, _ := krieg(t, "", "help"); code != 0 || !strings.Contains(out, "krieg help CMD") {
		t.Errorf("help: exit %d, %q", code, out)
	}
}

// TestFlagsAfterArguments: flags may follow a command's arguments, as
// people type them (krieg replay game.pgn --check).
func TestFlagsAfterArguments(t *testing.T) {
	code, out, errOut := krieg(t, "", "replay", testGame("darkboard-liam-2023.pgn"), "--check")
	if code != 0 || !strings.Contains(out, "148 plies agree") {
		t.Errorf("krieg replay FILE --check: exit %d, %q %q", code, out, errOut)
	}
	if code, _, errOut := krieg(t, "", "replay", testGame("darkboard-liam-2023.pgn"), "--bogus"); code != 2 || !strings.Contains(errOut, "-bogus") {
		t.Errorf("a wrong flag after the file: exit %d, %q; want 2 naming it", code, errOut)
	}
}

// TestReplayTextNotesDisagreement: a record whose announcements the
// referee contradicts is still replayed as text, with a note on stderr
// naming the first ply that disagrees.
func TestReplayTextNotesDisagreement(t *testing.T) {
	code, out, errOut := krieg(t, "", "replay", "--text", testGame("doctored-check.pgn"))
	if code != 0 || !strings.Contains(out, "Result:") || !strings.Contains(errOut, "ply 105 (53. Qxd5+, line 115)") || !strings.Contains(errOut, "shown as the referee replays it") {
		t.Errorf("replay --text of a doctored record: exit %d, stderr %q", code, errOut)
	}
	if _, _, errOut := krieg(t, "", "replay", "--text", testGame("darkboard-liam-2023.pgn")); errOut != "" {
		t.Errorf("replay --text of a sound record: stderr %q; want nothing", errOut)
	}
}

// TestReplayTextSaysAnyAndRefusals: replay --text shows the Any? asked
// before a move with its answer, each refused attempt with the referee's
// own word for it (nonsense is not an illegal move), and the attempts
// refused after the last move and the Any? asked among them (a tester
// found them left out or printed as "illegal").
func TestReplayTextSaysAnyAndRefusals(t *testing.T) {
	ref := referee.New(referee.BerkeleyAny, game.Start())
	ref.AskAny()
	ref.Attempt(game.NewMove(game.E1, game.E3, game.NoPieceType)) // a king two squares: nonsense
	ref.Attempt(game.NewMove(game.E2, game.E4, game.NoPieceType))
	ref.Attempt(game.NewMove(game.E7, game.E5, game.NoPieceType))
	ref.Attempt(game.NewMove(game.E4, game.D5, game.NoPieceType)) // nothing on d5: "No"
	ref.AskAny()                                                  // in the unfinished turn, after that refusal
	name := savedRecord(t, ref, "any.pgn")
	code, out, errOut := krieg(t, "", "replay", "--text", name)
	for _, want := range []string{"asked Any? first: No pawn captures", "tried e1e3 first: Nonsense", "tried exd5 after the last move: refused\n\nasked Any? after the last move: No pawn captures"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("replay --text: exit %d, output lacks %q:\n%s%s", code, want, out, errOut)
		}
	}
}

// TestReplayTextAsOneSideSawIt: replay --text starts with who played whom;
// with --side it prints only what that side saw: its own moves and
// refusals, the opponent's moves as "?", the opponent's refusals only
// where the rules tell them to both, and its own men alone (a tester
// found --side ignored and the true board printed).
func TestReplayTextAsOneSideSawIt(t *testing.T) {
	game := testGame("darkboard-liam-2023.pgn")
	code, out, errOut := krieg(t, "", "replay", "--text", "--side", "black", game)
	if code != 0 || !strings.HasPrefix(out, "liam vs Darkboard, Wild 16 (ICC), 2023.12.19: as black saw it\n") {
		t.Fatalf("replay --text --side black: exit %d, %q %q", code, out[:min(len(out), 200)], errOut)
	}
	if !strings.Contains(out, "\n1. ?\n") || strings.Contains(out, "\n1. f4\n") || !strings.Contains(out, "\n1... a5\n") {
		t.Errorf("--side black shows White's moves, or not its own:\n%s", out[:min(len(out), 800)])
	}
	for _, l := range strings.Split(out, "\n") {
		if len(l) > 2 && l[0] >= '1' && l[0] <= '8' && l[1] == ' ' && strings.ContainsAny(l[2:], "PNBRQK") {
			t.Fatalf("--side black shows a White man on its board: %q", l)
		}
	}
	if _, whole, _ := krieg(t, "", "replay", "--text", game); !strings.HasPrefix(whole, "liam vs Darkboard, Wild 16 (ICC), 2023.12.19: the whole game\n") || !strings.Contains(whole, "\n1. f4\n") {
		t.Errorf("replay --text without --side: %q", whole[:min(len(whole), 200)])
	}
}

// TestReplayTextRefusesUnplayable: a record the referee cannot replay to
// its end is refused before any of it is printed, with the error alone (no
// note that it is shown as the referee replays it); a record replayed under
// other --rules than its tag's is noted.
func TestReplayTextRefusesUnplayable(t *testing.T) {
	code, out, errOut := krieg(t, "", "replay", "--text", testGame("doctored-failed.pgn"))
	if code != 1 || out != "" || !strings.Contains(errOut, "ply 24 (12... Kd7, line 34)") || strings.Contains(errOut, "shown as the referee replays it") {
		t.Errorf("replay --text of an unplayable record: exit %d, stdout %d bytes, stderr %q; want 1, nothing printed, the error alone", code, len(out), errOut)
	}
	tagged := filepath.Join(t.TempDir(), "tagged.pgn")
	if err := os.WriteFile(tagged, []byte("[Rules \"wild16\"]\n\n1. e4 {(:)} e5 {(:)} *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = krieg(t, "", "replay", "--text", "--rules", "berkeley", tagged)
	if code != 0 || !strings.Contains(errOut, "Rules tag says wild16, and it is replayed under berkeley") {
		t.Errorf("replay --text --rules berkeley of a Wild 16 record: exit %d, stderr %q; want 0 and a note naming both", code, errOut)
	}
}

// TestReplaySide: --side is white or black (b and w too), as render's and
// console's; another word is a usage error, whatever the mode.
func TestReplaySide(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"--text", "--side", "purple"}, 2},
		{[]string{"--check", "--side", "purple"}, 2},
		{[]string{"--text", "--side", "black"}, 0},
		{[]string{"--check", "--side", "b"}, 0},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, errOut := krieg(t, "", append(append([]string{"replay"}, tc.args...), testGame("darkboard-liam-2023.pgn"))...)
			if code != tc.code {
				t.Fatalf("got exit %d, %q; want %d", code, errOut, tc.code)
			}
			if tc.code == 2 && !strings.Contains(errOut, `--side "purple": want white or black`) {
				t.Errorf("got %q; want the side named and white or black asked for", errOut)
			}
		})
	}
}

// TestFlagMistakeSaidOnce: a flag mistake is said once, on the last line,
// after the usage of a command that has flags; a command without flags
// says the mistake alone.
func TestFlagMistakeSaidOnce(t *testing.T) {
	for _, tc := range []struct {
		cmd   string
		usage bool
	}{{"icc-dump", false}, {"perft", true}, {"replay", true}} {
		t.Run(tc.cmd, func(t *testing.T) {
			code, _, errOut := krieg(t, "", tc.cmd, "--bogus")
			mistake := "flag provided but not defined: -bogus"
			if code != 2 || strings.Count(errOut, mistake) != 1 || !strings.HasSuffix(errOut, "krieg "+tc.cmd+": "+mistake+"\n") {
				t.Errorf("got exit %d, %q; want 2 and the mistake once, last", code, errOut)
			}
			if got := strings.Contains(errOut, "Usage of krieg "+tc.cmd); got != tc.usage {
				t.Errorf("got usage shown %v; want %v: %q", got, tc.usage, errOut)
			}
		})
	}
}

// TestLongFENNotEchoed: a --fen far longer than any FEN is refused with
// its length and its start, not echoed whole.
func TestLongFENNotEchoed(t *testing.T) {
	long := strings.Repeat("x", 100000)
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"referee", "--fen", long}, 2},
		{[]string{"perft", "--fen", long, "1"}, 1},
		{[]string{"selfplay", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1 " + long}, 2},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			code, _, errOut := krieg(t, "", tc.args...)
			if code != tc.code || len(errOut) > 300 || !strings.Contains(errOut, "a FEN is at most 128") {
				t.Errorf("got exit %d and %d bytes on stderr (%.200q); want %d and a short message", code, len(errOut), errOut, tc.code)
			}
		})
	}
}

// TestDurationFlagNamesItsUnit: a time given without its unit is refused
// saying what one looks like (a tester got a bare "parse error").
func TestDurationFlagNamesItsUnit(t *testing.T) {
	code, _, errOut := krieg(t, "", "console", "--movetime", "5")
	if code == 0 || !strings.Contains(errOut, "a time needs its unit, such as 500ms") || strings.Contains(errOut, "Usage") {
		t.Errorf("--movetime 5: exit %d, %q; want the unit explained, not buried under the usage", code, errOut)
	}
}

// TestReplayTextMateNamesNobodyToMove: replay --text prints the mating
// move's check and then the result, not whose move it would be next.
func TestReplayTextMateNamesNobodyToMove(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	for _, m := range foolsMate {
		if _, err := ref.AttemptText(m); err != nil {
			t.Fatal(err)
		}
	}
	name := savedRecord(t, ref, "mate.pgn")
	code, out, errOut := krieg(t, "", "replay", "--text", name)
	mate := out[strings.LastIndex(out, "Qh4"):]
	if code != 0 || strings.Contains(mate, "White's move") || !strings.Contains(mate, "Short-diagonal check") || !strings.Contains(out, "Result: Black wins") {
		t.Errorf("replay --text of fool's mate: exit %d; the mate printed\n%s%s", code, mate, errOut)
	}
}

// savedRecord writes ref's game as a record named base in a temporary
// folder and returns its path.
func savedRecord(t *testing.T, ref *referee.Referee, base string) string {
	t.Helper()
	rec, err := record.FromReferee(ref, nil)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), base)
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := record.Write(f, rec); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestReplayTextGuesses: replay --text --side --guesses prints, after each
// ply, the side's own men with the assistant's guesses on the other
// squares and the enemy king's likeliest squares (a teacher at a terminal
// found the deduction invisible there); without --side it is refused.
func TestReplayTextGuesses(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	for _, m := range foolsMate {
		if _, err := ref.AttemptText(m); err != nil {
			t.Fatal(err)
		}
	}
	name := savedRecord(t, ref, "mate.pgn")
	code, out, errOut := krieg(t, "", "replay", "--text", "--side", "white", "--guesses", "--boards", "256", name)
	if code != 0 || strings.Count(out, "  enemy king: ") != 4 || !strings.Contains(out, "8 r n b q k b n r\n7 p p p p p p p p\n") ||
		!strings.Contains(out, "  enemy king: e8 100 %; ") || !strings.Contains(out, "sampled board") {
		t.Errorf("replay --guesses: exit %d:\n%s%s", code, out, errOut)
	}
	if code, _, errOut := krieg(t, "", "replay", "--text", "--guesses", name); code == 0 || !strings.Contains(errOut, "give --text and --side too") {
		t.Errorf("--guesses without --side: exit %d, %q", code, errOut)
	}
}
