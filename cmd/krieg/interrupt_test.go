//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/krieg/krieg/internal/syncbuf"
)

// TestInterruptReportsGamesPlayed: Ctrl-C (SIGINT) during a long endgame
// series ends it after the study under way, and the report covers the
// studies played, instead of the run ending with nothing.
func TestInterruptReportsGamesPlayed(t *testing.T) {
	dir := buildKrieg(t)
	var out, errs bytes.Buffer
	cmd := exec.Command(filepath.Join(dir, "krieg"), "endgame", "kqk", "--games", "100000", "--movetime", "5ms", "--defender", "random")
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	err := interrupt(t, cmd, 60*time.Second)
	if exit := (*exec.ExitError)(nil); !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Fatalf("krieg endgame after Ctrl-C: %v; want exit status 130\nstderr: %s", err, errs.String())
	}
	if !regexp.MustCompile(`stopped early: [0-9]+ of 100000 played\nmates [0-9]+`).Match(out.Bytes()) || !bytes.Contains(errs.Bytes(), []byte("stopping after the games under way")) {
		t.Errorf("after Ctrl-C: stdout %q, stderr %q; want the studies played reported", out.String(), errs.String())
	}
}

// TestSelfplayInterruptSummarises: Ctrl-C during a long selfplay run ends
// it after the game under way; the summary covers the games played, and
// each of them is saved.
func TestSelfplayInterruptSummarises(t *testing.T) {
	dir := buildKrieg(t)
	saves := t.TempDir()
	var out, errs bytes.Buffer
	cmd := exec.Command(filepath.Join(dir, "krieg"), "selfplay", "--games", "100000", "--out", saves)
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	err := interrupt(t, cmd, 60*time.Second)
	if exit := (*exec.ExitError)(nil); !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Fatalf("krieg selfplay after Ctrl-C: %v; want exit status 130\nstderr: %s", err, errs.String())
	}
	m := regexp.MustCompile(`\nstopped early: ([0-9]+) of 100000 played\n([0-9]+) games?: [A-Z][^\n]* ×[0-9]+(; [A-Z][^\n]* ×[0-9]+)*\n$`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("after Ctrl-C the output ends %q; want the summary of the games played", tail(out.String()))
	}
	files, _ := filepath.Glob(filepath.Join(saves, "*.pgn"))
	if fmt.Sprint(len(files)) != m[1] || m[1] != m[2] {
		t.Errorf("the summary counts %s and %s games; %d records were saved", m[1], m[2], len(files))
	}
	if !strings.Contains(errs.String(), "of 100000 games played") {
		t.Errorf("stderr %q does not say how many of the games asked were played", errs.String())
	}
}

// tail is the end of s, for a message.
func tail(s string) string {
	if len(s) > 300 {
		return "..." + s[len(s)-300:]
	}
	return s
}

// TestConsoleInterruptSavesGame: Ctrl-C in krieg console mid-game leaves as
// quit does: the game is abandoned and saved unfinished, not lost.
func TestConsoleInterruptSavesGame(t *testing.T) {
	dir := buildKrieg(t)
	saves := t.TempDir()
	var out syncbuf.Buffer
	cmd := exec.Command(filepath.Join(dir, "krieg"), "console", "--side", "white", "--movetime", "10ms", "--save", saves)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	fmt.Fprintln(in, "e2e4")
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(out.String(), "black: White's move"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no answer to e2e4 within 20 s: %q", out.String())
		}
	}
	if err := interrupt(t, cmd, 20*time.Second); err != nil {
		t.Fatalf("krieg console after Ctrl-C: %v\n%s", err, out.String())
	}
	files, _ := filepath.Glob(filepath.Join(saves, "*.pgn"))
	if len(files) != 1 || !strings.Contains(out.String(), "you left game 1 in progress") {
		t.Fatalf("after Ctrl-C: %d records saved, output %q; want the game saved unfinished", len(files), out.String())
	}
	if b, _ := os.ReadFile(files[0]); !bytes.Contains(b, []byte(" e4 ")) {
		t.Errorf("the saved record lacks 1. e4:\n%s", b)
	}
}

// interrupt sends cmd SIGINT, as Ctrl-C in a terminal does, and returns
// how it ended; a cmd still running after within fails the test.
func interrupt(t *testing.T, cmd *exec.Cmd, within time.Duration) error {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(within):
		cmd.Process.Kill()
		t.Fatalf("%s still running %v after Ctrl-C", filepath.Base(cmd.Path), within)
		return nil
	}
}
