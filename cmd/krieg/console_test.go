package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	stdnet "net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

func TestConsoleLocal(t *testing.T) {
	var out, errs bytes.Buffer
	saves := t.TempDir()
	code := run([]string{"console", "--seed", "4", "--side", "white", "--save", saves}, strings.NewReader("e2e4\nresign\n"), &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, want := range []string{"you play white", "white e2e4: ", "* game over: Black wins: White resigned · 0-1", "game saved: " + saves} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	// A game on this machine speaks of no connection (a tester's finding).
	if strings.Contains(out.String(), "connected") {
		t.Errorf("a local game's output speaks of a connection:\n%s", out.String())
	}
	// The saved record replays: the program plays back the games it saved.
	files, _ := filepath.Glob(filepath.Join(saves, "*.pgn"))
	if len(files) != 1 {
		t.Fatalf("saved %d records; want 1", len(files))
	}
	if code, o, e := krieg(t, "", "replay", "--check", files[0]); code != 0 || !strings.Contains(o, "2 plies agree") {
		t.Errorf("replay --check of the saved game: exit %d, %q %q; want 2 plies agreeing", code, o, e)
	}
}

// TestConsoleICC logs in to a loopback ICC-speaking server as a guest,
// sends a typed command raw and shows the server's answer.
func TestConsoleICC(t *testing.T) {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	got := make(chan []string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		rd := bufio.NewReader(conn)
		conn.Write([]byte("login: "))
		var lines []string
		for {
			l, err := rd.ReadString('\n')
			if err != nil {
				got <- lines
				return
			}
			l = strings.TrimSpace(l)
			lines = append(lines, l)
			switch {
			case l == "guest":
				conn.Write([]byte("\x19(0 guest77 {}\x19)"))
			case l == "set-2 81 1":
				conn.Write([]byte("\x19(81\x19)Hello from the server\r\n"))
			case l == "finger":
				conn.Write([]byte("\x19[37 *\r\nStatistics for guest77\r\n\x19]"))
			}
		}
	}()
	var out, errs bytes.Buffer
	code := run([]string{"console", "--connect", ln.Addr().String()}, strings.NewReader("finger\n"), &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, want := range []string{"* connected", "Hello from the server", "Statistics for guest77"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	lines := <-got
	if !strings.Contains(strings.Join(lines, "\n"), "finger") || lines[len(lines)-1] != "exit" {
		t.Errorf("the server read %q; want finger, then exit", lines)
	}
}

func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if code := run([]string{"match", "--white", "cheat", "--black", "random", "--games", "3", "--seed", "2", "--json", "--out", dir}, nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	var r struct {
		Games, WhiteWins, Draws, BlackWins int `json:"-"`
	}
	var raw map[string]any
	if err := json.Unmarshal(out.Bytes(), &raw); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	r.Games, r.WhiteWins, r.Draws, r.BlackWins = int(raw["games"].(float64)), int(raw["white_wins"].(float64)), int(raw["draws"].(float64)), int(raw["black_wins"].(float64))
	if r.Games != 3 || r.WhiteWins+r.Draws+r.BlackWins != 3 {
		t.Fatalf("report %s", out.String())
	}
	for i := 1; i <= 3; i++ {
		path := filepath.Join(dir, fmt.Sprintf("game-%04d.pgn", i))
		if code := run([]string{"replay", "--check", path}, nil, &out, &errs); code != 0 {
			t.Fatalf("the record %s does not replay: %s", path, errs.String())
		}
	}
	if code := run([]string{"match", "--white", "oracle"}, nil, &out, &errs); code == 0 {
		t.Fatal("an unknown player was accepted")
	}
	errs.Reset()
	if code := run([]string{"match", "--peek", "2"}, nil, &out, &errs); code == 0 || !strings.Contains(errs.String(), "peek 2 is not a weight") {
		t.Fatalf("a peek of 2 was not refused as such: %q", errs.String())
	}
	errs.Reset()
	if code := run([]string{"match", "--info", "-1"}, nil, &out, &errs); code == 0 || !strings.Contains(errs.String(), "--info -1 is not a utility") {
		t.Fatalf("an --info of -1 was not refused as such: %q", errs.String())
	}
	if code := run([]string{"match", "--white", "bot", "--black", "random", "--games", "1", "--movetime", "20ms", "--info", "0.03"}, nil, &out, &errs); code != 0 {
		t.Fatalf("a match valuing what attempts tell failed: %s", errs.String())
	}
	// A peeking bot's records say so.
	peekDir := t.TempDir()
	if code := run([]string{"match", "--white", "bot", "--black", "random", "--games", "1", "--movetime", "20ms", "--peek", "0.5", "--out", peekDir}, nil, &out, &errs); code != 0 {
		t.Fatalf("a peeking match failed: %s", errs.String())
	}
	data, err := os.ReadFile(filepath.Join(peekDir, "game-0001.pgn"))
	if err != nil || !strings.Contains(string(data), `[White "bot (peeking at 0.5)"]`) || !strings.Contains(string(data), `[Black "random"]`) {
		t.Fatalf("a peeking bot's record does not name it so (%v):\n%.300s", err, data)
	}
}

// TestConsoleNonsense: e1e5 at the start is impossible on our own board: the
// console says why at once and sends nothing, so no attempt is counted and
// the saved record holds none.
func TestConsoleNonsense(t *testing.T) {
	var out, errs bytes.Buffer
	saves := t.TempDir()
	code := run([]string{"console", "--seed", "4", "--side", "white", "--opponent", "random", "--save", saves}, strings.NewReader("e1e5\ne2e4\nresign\n"), &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "! e1e5 not sent, no attempt used: a king moves one square") || strings.Contains(out.String(), "white e1e5") {
		t.Errorf("output lacks the local hint, or the attempt was sent:\n%s", out.String())
	}
	files, _ := filepath.Glob(filepath.Join(saves, "*.pgn"))
	if len(files) != 1 {
		t.Fatalf("saved %d records; want 1", len(files))
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "Ke5") || !strings.Contains(string(data), " e4 {(:)}") {
		t.Errorf("the saved record counts the nonsense or lacks 1. e4:\n%s", data)
	}
}

// TestConsolePastedMoves: moves pasted all at once are each checked on
// the board the answer to the one before leaves, on our own turn, and their
// answers come before the words on leaving: e4e5 after e2e4 is sent, not
// refused because the pawn was not yet on e4.
func TestConsolePastedMoves(t *testing.T) {
	var out, errs bytes.Buffer
	code := run([]string{"console", "--seed", "4", "--side", "white", "--opponent", "random", "--movetime", "10ms", "--save", ""}, strings.NewReader("e2e4\ne4e5\nd2d4\n"), &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	got := out.String()
	for _, want := range []string{"white e2e4:", "white e4e5:", "white d2d4:"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "not sent") || strings.Index(got, "you left game") < strings.Index(got, "white d2d4:") {
		t.Errorf("a pasted move was judged on a stale board, or the leaving came before its answer:\n%s", got)
	}
	// A line after held moves waits behind them: the resignation comes
	// after Nf3 is played, and nothing is abandoned.
	out.Reset()
	if code := run([]string{"console", "--seed", "4", "--side", "white", "--opponent", "random", "--movetime", "10ms", "--save", ""}, strings.NewReader("e2e4\nNf3\nresign\nquit\n"), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	got = out.String()
	if played, resigned := strings.Index(got, "white g1f3:"), strings.Index(got, "White resigned"); played < 0 || resigned < played || strings.Contains(got, "abandoned") {
		t.Errorf("pasted e2e4, Nf3, resign, quit:\n%s", got)
	}
	// A new game pasted after the resignation waits for the game's end,
	// and a second game starts.
	out.Reset()
	if code := run([]string{"console", "--seed", "4", "--side", "white", "--opponent", "random", "--movetime", "10ms", "--save", ""}, strings.NewReader("e2e4\nNf3\nresign\nnew\nquit\n"), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	got = out.String()
	if strings.Contains(got, "a game is in progress") || !strings.Contains(got, "* game 2 started") {
		t.Errorf("pasted e2e4, Nf3, resign, new, quit: no second game\n%s", got)
	}
	// Black's moves pasted before White's first wait for Black's turn, as
	// the console says, and are checked on Black's board then: none
	// reaches the referee.
	out.Reset()
	if code := run([]string{"console", "--seed", "5", "--side", "black", "--opponent", "random", "--movetime", "300ms", "--save", ""}, strings.NewReader("d8d7\nO-O\nquit\n"), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	got = out.String()
	if strings.Contains(got, "Illegal move") || !strings.Contains(got, "d8d7 not sent") || !strings.Contains(got, "e8g8 not sent") || !strings.Contains(got, "* d8d7 waits for your turn") {
		t.Errorf("Black's moves pasted before White's first:\n%s", got)
	}
}

// TestConsoleStartLines: --help prints the flags and exits 0; a local game
// is numbered from 1, and White's first move is asked for as every later
// one is, with the clocks.
func TestConsoleStartLines(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"console", "--help"}, strings.NewReader(""), &out, &errs); code != 0 || strings.Contains(errs.String(), "help requested") || !strings.Contains(errs.String(), "-connect") {
		t.Errorf("--help: exit %d, printed %q", code, errs.String())
	}
	out.Reset()
	code := run([]string{"console", "--seed", "4", "--side", "white", "--opponent", "random", "--movetime", "10ms", "--save", ""}, strings.NewReader("resign\n"), &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text := out.String()
	prompt := strings.Index(text, "(your move; white 5:00, black 5:00)")
	if !strings.Contains(text, "* game 1 started") || prompt < 0 || prompt > strings.Index(text, "* game over") {
		t.Errorf("the game is not numbered 1, or White's first move is not asked for:\n%s", text)
	}
	// Black's board comes once, with the first move asked for, not also
	// at the start while White moves.
	out.Reset()
	if code := run([]string{"console", "--seed", "4", "--side", "black", "--opponent", "random", "--movetime", "10ms", "--save", ""}, strings.NewReader("e7e5\nresign\n"), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text = out.String()
	if prompt := strings.Index(text, "(your move; "); prompt < 0 || strings.Count(text[:prompt], "  h g f e d c b a") != 1 {
		t.Errorf("Black's board before the first move asked for is not there once:\n%s", text)
	}
	// A move, resign and new pasted at once: new waits for the game's end,
	// though the move's answer comes first (a tester's new came too soon).
	out.Reset()
	if code := run([]string{"console", "--seed", "4", "--side", "white", "--opponent", "random", "--movetime", "10ms", "--save", ""}, strings.NewReader("e2e4\nresign\nnew\nresign\n"), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if text := out.String(); !strings.Contains(text, "* game 2 started") || strings.Contains(text, "a game is in progress") {
		t.Errorf("e2e4, resign, new pasted:\n%s", text)
	}
	// Without a clock the console says so, not "0s+0s".
	out.Reset()
	if code := run([]string{"console", "--seed", "4", "--time", "none", "--side", "white", "--opponent", "random", "--movetime", "10ms", "--save", ""}, strings.NewReader("resign\n"), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if text := out.String(); !strings.Contains(text, "you play white, no clock") || !strings.Contains(text, "(your move; no clock)") {
		t.Errorf("an untimed game:\n%s", text)
	}
}

// TestConsoleAfterTheGame: help lists the console's words; resigning
// before any move saves the game; new starts another; quit leaves, and a
// game left in progress (by quit or the input's end) is abandoned and
// saved unfinished, saying so.
func TestConsoleAfterTheGame(t *testing.T) {
	saves := t.TempDir()
	r, w := io.Pipe()
	out := &screen{}
	done := make(chan int, 1)
	go func() {
		var errs bytes.Buffer
		done <- run([]string{"console", "--seed", "4", "--side", "white", "--opponent", "random", "--movetime", "10ms", "--save", saves}, r, out, &errs)
	}()
	out.waitLine(t, "the player", "* game 1 started: you vs random mover, you play white, 5+3, Wild 16 (ICC)")
	fmt.Fprintln(w, "help")
	out.waitLine(t, "the player", "* quit or exit (or Ctrl-D): leave; a game in progress is abandoned")
	fmt.Fprintln(w, "resign")
	out.waitLine(t, "the player", "* game over: Black wins: White resigned · 0-1")
	out.waitLine(t, "the player", "* type new for another game, or quit (or Ctrl-D) to leave")
	fmt.Fprintln(w, "new")
	out.waitLine(t, "the player", "* game 2 started: you vs random mover, you play white, 5+3, Wild 16 (ICC)")
	fmt.Fprintln(w, "e2e4")
	out.waitLine(t, "the player", "white e2e4: Black's move")
	fmt.Fprintln(w, "quit")
	if code := <-done; code != 0 {
		t.Fatalf("exit %d", code)
	}
	w.Close()
	text := out.buf.String()
	for _, want := range []string{"* you left game 2 in progress: it is abandoned, unfinished", "* game over: No result: the game was abandoned"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "aborted") {
		t.Errorf("the game the player left is called aborted as well as abandoned:\n%s", text)
	}
	// The record says it in the same word (two testers found "aborted",
	// which is also an abort agreed before the second move).
	abandonedRecords := 0
	if strings.Contains(text, "is not a move") {
		t.Errorf("a console word went to the game as a move:\n%s", text)
	}
	files, _ := filepath.Glob(filepath.Join(saves, "*.pgn"))
	if len(files) != 2 || strings.Count(text, "game saved: ") != 2 {
		t.Fatalf("saved %d records; want the resigned game and the abandoned one:\n%s", len(files), text)
	}
	for _, f := range files {
		if code, o, e := krieg(t, "", "replay", "--check", f); code != 0 {
			t.Errorf("replay --check %s: exit %d, %q %q", f, code, o, e)
		}
		if b, err := os.ReadFile(f); err == nil && strings.Contains(string(b), `[Termination "abandoned"]`) {
			abandonedRecords++
			if code, o, _ := krieg(t, "", "replay", "--text", f); code != 0 || !strings.Contains(o, "No result: the game was abandoned") {
				t.Errorf("replay --text of the abandoned game: exit %d, output lacks its end:\n%s", code, o)
			}
		}
	}
	if abandonedRecords != 1 {
		t.Errorf("%d records say abandoned; want the game left", abandonedRecords)
	}

	// The input's end (Ctrl-D) leaves a game in progress the same way.
	var o, errs bytes.Buffer
	if code := run([]string{"console", "--seed", "4", "--opponent", "random", "--movetime", "10ms", "--save", ""}, strings.NewReader("e2e4\n"), &o, &errs); code != 0 ||
		!strings.Contains(o.String(), "* you left game 1 in progress: it is abandoned, unfinished") {
		t.Errorf("exit %d; the end of input did not say the game was abandoned:\n%s", code, o.String())
	}
}

// TestConsoleNothingListening: a server address where nothing listens is
// said so in one sentence, without the packages' prefixes.
func TestConsoleNothingListening(t *testing.T) {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var out, errs bytes.Buffer
	code := run([]string{"console", "--connect", addr}, strings.NewReader(""), &out, &errs)
	want := "krieg console: Nothing is listening at " + addr + " (the connection was refused); is the server (kriegd) running there?\n"
	if code != 1 || errs.String() != want {
		t.Errorf("exit %d, said %q; want 1 and %q", code, errs.String(), want)
	}
}

// TestConsoleTimeBounds: a local game is not begun with a base time of 0
// and an increment (its clocks would read 0 and no flag would ever be
// looked at), nor with a base past any sitting.
func TestConsoleTimeBounds(t *testing.T) {
	for tc, want := range map[string]string{"0+2": "a base time of 0 with an increment is not played", "99999+0": "is more than the 10h0m0s allowed", "5+9999": "is more than the 10m0s allowed", "0.01+2": "is too short to play"} {
		var out, errs bytes.Buffer
		if code := run([]string{"console", "--time", tc, "--save", ""}, strings.NewReader(""), &out, &errs); code != 2 || !strings.Contains(errs.String(), want) {
			t.Errorf("--time %s: exit %d, said %q; want 2 and %q", tc, code, errs.String(), want)
		}
	}
}

// TestConsolePxKeptBack: px typed when the referee announced no pawn
// tries (Wild 16), or under rules without Any? (Berkeley), is kept back
// with the reason, not sent to be refused.
func TestConsolePxKeptBack(t *testing.T) {
	for _, c := range []struct{ rules, want string }{
		{"wild16", "! px not sent, no attempt used: the referee announced no pawn tries this turn"},
		{"berkeley", "! px not sent, no attempt used: Berkeley has no Any? question"},
	} {
		var out, errs bytes.Buffer
		code := run([]string{"console", "--seed", "4", "--side", "white", "--opponent", "random", "--rules", c.rules, "--save", t.TempDir()}, strings.NewReader("px\nresign\n"), &out, &errs)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.rules, code, errs.String())
		}
		if !strings.Contains(out.String(), c.want) || strings.Contains(out.String(), "Nonsense") || strings.Contains(out.String(), "Illegal") {
			t.Errorf("%s: output lacks %q, or px was sent:\n%s", c.rules, c.want, out.String())
		}
	}
}

// TestConsoleRuledOutKeptBack: an attempt what the referee said this turn
// rules out is kept back with the reason instead of sent to be refused as
// nonsense (strangers' attempts were sent): under Berkeley + Any, a pawn
// capture after "No pawn captures" and a second Any?; in Cincinnati, a
// pawn capture on the first move, which the start rules out though
// nothing was announced (there both players would hear the refusal). The
// move after them is sent.
func TestConsoleRuledOutKeptBack(t *testing.T) {
	for _, tc := range []struct {
		rules, typed string
		want         []string
	}{
		{"berkeley-any", "px\ne2d3\npx\ne2e4\nresign\n", []string{
			`white any: No pawn captures`,
			`! e2d3 not sent, no attempt used: after "No pawn captures" no pawn capture may be tried this turn`,
			`! px not sent, no attempt used: Any? was already answered this turn ("No pawn captures")`,
		}},
		{"cincinnati", "e2d3\ne2e4\nresign\n", []string{
			`! e2d3 not sent, no attempt used: the referee did not announce "Pawn capture" this turn`,
		}},
	} {
		var out, errs bytes.Buffer
		code := run([]string{"console", "--seed", "4", "--side", "white", "--opponent", "random", "--rules", tc.rules, "--save", t.TempDir()},
			strings.NewReader(tc.typed), &out, &errs)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.rules, code, errs.String())
		}
		text := out.String()
		for _, want := range append(tc.want, "white e2e4: ") {
			if !strings.Contains(text, want) {
				t.Errorf("%s: output lacks %q:\n%s", tc.rules, want, text)
			}
		}
		if strings.Contains(text, ": Nonsense") {
			t.Errorf("%s: an attempt ruled out was sent:\n%s", tc.rules, text)
		}
	}
}

// TestConsoleMovesAfterNew: moves typed right after new, in algebraic
// notation too, wait for the new game and are read on its board.
func TestConsoleMovesAfterNew(t *testing.T) {
	var out, errs bytes.Buffer
	code := run([]string{"console", "--seed", "4", "--side", "white", "--opponent", "random", "--movetime", "10ms", "--save", ""},
		strings.NewReader("resign\nnew\nd4\ne2e4\nNf3\nquit\n"), &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text := out.String()
	for _, want := range []string{"* game 2 started", "white d2d4: ", "white g1f3: "} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "is not a move") {
		t.Errorf("a move typed after new was not read on the new game's board:\n%s", text)
	}
}

// TestPrintOwnQuestion: our own Any? (and Wild 16's px refused) is printed
// as ours, named as typed, not in the form of the opponent's moves.
func TestPrintOwnQuestion(t *testing.T) {
	for _, tc := range []struct {
		rules referee.Ruleset
		e     referee.Entry
		want  string
	}{
		{referee.BerkeleyAny, referee.Entry{Mover: game.White, AskedAny: true, Verdict: referee.Nonsense,
			Said: []referee.Announcement{{Kind: referee.KindNonsense}}}, "white any: Nonsense\n"},
		{referee.Wild16, referee.Entry{Mover: game.White, Verdict: referee.Illegal,
			Said: []referee.Announcement{{Kind: referee.KindIllegal}}}, "white px: Illegal move\n"},
		{referee.BerkeleyAny, referee.Entry{Mover: game.Black, AskedAny: true, Verdict: referee.Answered,
			Said: []referee.Announcement{{Kind: referee.KindAnyAnswer, Has: true}}}, "black: Has pawn captures\n"},
	} {
		var out bytes.Buffer
		printEvent(&out, net.Event{Kind: net.KindHeard, Entry: tc.e, Snap: net.Snapshot{Side: game.White}}, tc.rules)
		if out.String() != tc.want {
			t.Errorf("%s: printed %q; want %q", tc.rules.Name, out.String(), tc.want)
		}
	}
}

// TestNoPromptAfterMate: the opponent's mating move is printed without the
// board and "(your move …)" a move of ours would need: the game is over,
// which the game-over line that follows says.
func TestNoPromptAfterMate(t *testing.T) {
	mate := referee.Entry{Mover: game.Black, Verdict: referee.Accepted, Said: []referee.Announcement{
		{Kind: referee.KindCheck, Check: referee.CheckRank},
		{Kind: referee.KindGameOver, Result: referee.Result{Score: game.BlackWins, Reason: referee.ReasonCheckmate}}}}
	snap := net.Snapshot{Side: game.White, InGame: true, ToMove: game.White, Own: game.Start(), Spec: net.GameSpec{Base: time.Minute}}
	var out bytes.Buffer
	printEvent(&out, net.Event{Kind: net.KindHeard, Entry: mate, Snap: snap}, referee.Berkeley)
	if strings.Contains(out.String(), "your move") || !strings.HasPrefix(out.String(), "black: ") {
		t.Errorf("the mating move printed %q; want its announcement and no prompt", out.String())
	}
	mate.Said = mate.Said[:1] // the same move, the game going on: the prompt follows
	out.Reset()
	printEvent(&out, net.Event{Kind: net.KindHeard, Entry: mate, Snap: snap}, referee.Berkeley)
	if !strings.Contains(out.String(), "your move") {
		t.Errorf("a check that is no mate printed %q; want the prompt", out.String())
	}
}

// TestConsoleScriptEndingInQuit: a script piped in, quit as its last line,
// plays its moves before it leaves: the lines are all read while the
// console connects, and the quit after them waits its turn.
func TestConsoleScriptEndingInQuit(t *testing.T) {
	var out, errs bytes.Buffer
	code := run([]string{"console", "--seed", "4", "--side", "white", "--opponent", "random", "--movetime", "10ms", "--save", ""},
		strings.NewReader("e2e4\nd2d4\nresign\nquit\n"), &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, want := range []string{"white e2e4: ", "white d2d4: ", "* game over: Black wins: White resigned"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestConsoleRefusesAnUnusableSaveFolder: a --save that names a file is
// refused before the game, not reported after it with the game lost (a
// tester's finding); --side takes w and b.
func TestConsoleRefusesAnUnusableSaveFolder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "afile")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := krieg(t, "e2e4\nresign\n", "console", "--seed", "4", "--save", file)
	if code == 0 || !strings.Contains(errOut, "--save "+file+": games cannot be saved there") || strings.Contains(out, "game 1 started") {
		t.Errorf("--save naming a file: exit %d, %q %q; want it refused before the game", code, out, errOut)
	}
	code, out, errOut = krieg(t, "resign\n", "console", "--seed", "4", "--side", "b", "--save", "")
	if code != 0 || !strings.Contains(out, "you play black") {
		t.Errorf("--side b: exit %d, %q %q; want a game as Black", code, out, errOut)
	}
}
