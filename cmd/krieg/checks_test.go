package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/lab"
)

// TestNonsenseFlagsRefused: a budget of no time, a negative count or a
// stray argument is a usage error before anything is played, never a run
// with some other value.
func TestNonsenseFlagsRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"match", "--movetime", "0"}, "--movetime 0s: want more than 0, at most 1h"},
		{[]string{"match", "--movetime", "-5ms"}, "--movetime -5ms: want more than 0, at most 1h"},
		{[]string{"match", "--movetime", "2h"}, "want more than 0, at most 1h"},
		{[]string{"endgame", "krk", "--movetime", "0"}, "--movetime 0s: want more than 0, at most 1h"},
		{[]string{"eval", "--players", "bot", "--movetime", "0"}, "--movetime 0s: want more than 0, at most 1h"},
		{[]string{"eval", "--boards", "-5"}, "--boards -5"},
		{[]string{"eval", "--boards", "0"}, "--boards 0"},
		{[]string{"eval", "--parallel", "-2"}, "--parallel -2"},
		{[]string{"eval", "--boards", "99999999"}, "--boards 99999999: want 1 to 1048576"},
		{[]string{"eval", "--floor", "5"}, "--floor 5: want a share below 1"},
		{[]string{"eval", "--purpose", "2"}, "--purpose 2: want a share from 0 to 1"},
		{[]string{"eval", "--purpose", "-1"}, "--purpose -1: want a share from 0 to 1"},
		{[]string{"match", "stray"}, `unexpected argument "stray"`},
		{[]string{"selfplay", "stray"}, `unexpected argument "stray"`},
		{[]string{"play", "stray"}, `unexpected argument "stray"`},
		{[]string{"referee", "stray"}, `unexpected argument "stray"`},
		{[]string{"icc-dump", "stray"}, `unexpected argument "stray"`},
		{[]string{"help", "match", "stray"}, `unexpected argument "stray"`},
		{[]string{"console", "stray"}, `unexpected argument "stray"`},
		{[]string{"console", "--connect", "127.0.0.1"}, `--connect: "127.0.0.1": want host:port`},
		{[]string{"console", "--connect", "127.0.0.1:5000", "--icc"}, "--connect and --icc name two servers: give one"},
		{[]string{"console", "--icc", "--kso"}, "--icc and --kso name two servers: give one"},
		{[]string{"--connect", "127.0.0.1:5000", "--kso"}, "--connect and --kso name two servers: give one"},
		{[]string{"bot", "--kso", "stray"}, `unexpected argument "stray"`},
		{[]string{"replay", "--text", "a.pgn", "stray"}, "want one FILE"},
		{[]string{"replay", "--text", "--rules", "chess", testGame("darkboard-liam-2023.pgn")}, `--rules: unknown ruleset "chess"`},
		{[]string{"match", "--rules", "chess"}, `--rules: unknown ruleset "chess"`},
		{[]string{"match", "--white", "nobody"}, `--white "nobody": want one of bot, random`},
		{[]string{"eval", "--players", "humans"}, `--players "humans": want one of random, bot, mixed`},
		{[]string{"eval", "--side", "purple"}, `--side "purple": want white or black`},
		{[]string{"eval", "--man-first", "--purpose", "0.5"}, "--man-first stands in"},
		{[]string{"selfplay", "--fen", "xx"}, "--fen: bad FEN"},
		{[]string{"eval", "--scan-temper", "abc"}, `--scan-temper abc: "abc" is not a number; want powers above 0`},
		{[]string{"eval", "--scan-temper", "1", "--scan-floor", "x"}, `--scan-floor x: "x" is not a number; want floors`},
	} {
		start := time.Now()
		code, out, errOut := krieg(t, "", tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.says) || out != "" {
			t.Errorf("krieg %v: exit %d, stdout %q, stderr %q; want 2 saying %q", tc.args, code, out, errOut, tc.says)
		}
		if el := time.Since(start); el > 2*time.Second {
			t.Errorf("krieg %v took %v to refuse: it played first", tc.args, el)
		}
	}
}

// TestEndgameDefenders: the refusal of a defender lists only the ones
// endgame takes and sends peers to krieg match.
func TestEndgameDefenders(t *testing.T) {
	for _, d := range []string{"peer:random", "nobody", "bot"} {
		code, _, errOut := krieg(t, "", "endgame", "krk", "--defender", d)
		_, choices, _ := strings.Cut(errOut, "want")
		if code != 2 || !strings.Contains(choices, "random or cheat") || !strings.Contains(choices, "krieg match") || strings.Contains(choices, "bot") {
			t.Errorf("endgame --defender %s: exit %d, %q", d, code, errOut)
		}
	}
	if _, err := lab.Endgame(lab.EndgameOptions{Material: "krk", Games: 1, Defender: "bot", MoveTime: time.Millisecond}, nil); err == nil || !strings.Contains(err.Error(), "random or cheat") {
		t.Errorf("lab.Endgame with the bot defending: %v", err)
	}
}

// TestEvalPlotPath: a plot that cannot be written is refused before any
// game is played, and one that fails at the end keeps the report.
func TestEvalPlotPath(t *testing.T) {
	dir := t.TempDir()
	for _, plot := range []string{filepath.Join(dir, "no", "such", "x.png"), dir} {
		start := time.Now()
		code, out, errOut := krieg(t, "", "eval", "--games", "30", "--plot", plot)
		if code == 0 || out != "" || !strings.Contains(errOut, plot) {
			t.Errorf("eval --plot %s: exit %d, stdout %q, stderr %q", plot, code, out, errOut)
		}
		if el := time.Since(start); el > 2*time.Second {
			t.Errorf("eval --plot %s took %v to refuse: it played first", plot, el)
		}
	}
	var out strings.Builder
	err := finishEval(&out, lab.Report{Games: 1, Players: "random", Rules: "wild16", Capacity: 64}, false, filepath.Join(dir, "gone", "x.png"))
	if err == nil || !strings.Contains(out.String(), "krieg eval: 1 game,") {
		t.Errorf("a plot failing at the end: error %v, report %q; want both", err, out.String())
	}
}

// TestHelpListsEveryEndgame: krieg help and the README name every material
// krieg endgame plays, and krieg --help points at the subcommands.
func TestHelpListsEveryEndgame(t *testing.T) {
	_, help, _ := krieg(t, "", "help")
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var row string
	for _, l := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(l, "| `krieg endgame`") {
			row = l
		}
	}
	for _, m := range lab.Endgames {
		if !strings.Contains(help, m) {
			t.Errorf("krieg help does not name the endgame %s", m)
		}
		if !strings.Contains(row, "`"+m+"`") {
			t.Errorf("the README's krieg endgame row does not name %s: %q", m, row)
		}
	}
	code, _, errOut := krieg(t, "", "--help")
	if code != 0 || !strings.Contains(errOut, "krieg help") || !strings.Contains(errOut, "endgame") {
		t.Errorf("krieg --help: exit %d, %q; want the flags and the subcommands", code, errOut)
	}
	for _, c := range commands {
		if c.name == "help" || c.name == "console" { // console's flags are handled in console.go
			continue
		}
		if code, _, _ := krieg(t, "", c.name, "-h"); code != 0 {
			t.Errorf("krieg %s -h: exit %d; want 0", c.name, code)
		}
	}
}

// TestReplayNamesTheProblem: an empty file, a folder and an illegal move
// are each said plainly, with the file's name.
func TestReplayNamesTheProblem(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.pgn")
	if err := os.WriteFile(empty, []byte("\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	game, err := os.ReadFile(testGame("darkboard-liam-2023.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	illegal := filepath.Join(dir, "illegal.pgn")
	if err := os.WriteFile(illegal, []byte(strings.Replace(string(game), "4.   e5", "4.   Ke3", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		says []string
	}{
		{[]string{"replay", "--check", empty}, []string{empty, "empty"}},
		{[]string{"replay", "--text", empty}, []string{empty, "empty"}},
		{[]string{"replay", "--text", dir}, []string{dir + " is a folder", "one record file"}},
		{[]string{"replay", dir}, []string{dir + " is a folder", "one record file"}},
		{[]string{"replay", "--text", illegal}, []string{illegal + ":", "Ke3"}},
		{[]string{"replay", "--check", illegal}, []string{illegal + ":", "Ke3"}},
		{[]string{"eval", "--pgn", dir + "/empty.pgn"}, []string{empty, "empty"}},
	} {
		code, _, errOut := krieg(t, "", tc.args...)
		for _, s := range tc.says {
			if code == 0 || !strings.Contains(errOut, s) {
				t.Errorf("krieg %v: exit %d, %q; want it to say %q", tc.args, code, errOut, s)
			}
		}
	}
}

// TestOneIsSingular: a count of one takes the singular noun; the result is
// said in words, as play says it, not with the record's tags.
func TestOneIsSingular(t *testing.T) {
	code, out, _ := krieg(t, "", "selfplay", "--games", "1")
	if code != 0 || !strings.Contains(out, "\n1 game:") {
		t.Errorf("selfplay --games 1: exit %d, %q", code, out)
	}
	if strings.HasSuffix(strings.TrimSpace(out), ";") || strings.Contains(out, "1/2-1/2") || strings.Contains(out, "insufficient-material") || !strings.Contains(out, "Draw: ") && !strings.Contains(out, " wins") {
		t.Errorf("selfplay --games 1 says %q; want the result in words (Draw: … · ½-½)", out)
	}
}
