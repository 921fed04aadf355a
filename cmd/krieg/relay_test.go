//go:build linux

package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/krieg/krieg/internal/syncbuf"
)

// fakeBoard is a window program that notes its start and its pid, then
// waits, and notes "ended" when asked to end, exiting as krieg-board does
// then (130).
const fakeBoard = `#!/bin/sh
trap 'echo ended >> "$KRIEG_TEST_NOTES"; exit 130' TERM INT HUP
echo "started $$" >> "$KRIEG_TEST_NOTES"
while :; do sleep 0.05; done
`

// loadingBoard is a window program still loading when asked to end: it
// listens for no signal yet, so the signal kills it.
const loadingBoard = `#!/bin/sh
echo "started $$" >> "$KRIEG_TEST_NOTES"
while :; do sleep 0.05; done
`

// buildKrieg builds krieg into a folder of its own and returns the folder.
func buildKrieg(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "krieg"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return dir
}

// startWithFakeBoard builds krieg beside the fake window program and starts
// it, the window program's script board, with a display that answers (a socket of its own), and waits until
// the window program has started. stderr gathers what krieg writes there.
func startWithFakeBoard(t *testing.T, board string) (proc *exec.Cmd, notes string, stderr *syncbuf.Buffer) {
	t.Helper()
	dir := buildKrieg(t)
	if err := os.WriteFile(filepath.Join(dir, boardBinary), []byte(board), 0o755); err != nil {
		t.Fatal(err)
	}
	display := filepath.Join(dir, "X0")
	l, err := net.Listen("unix", display)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	notes = filepath.Join(dir, "notes")
	proc = exec.Command(filepath.Join(dir, "krieg"))
	proc.Env = append(os.Environ(), "DISPLAY="+display, "KRIEG_TEST_NOTES="+notes)
	stderr = new(syncbuf.Buffer)
	proc.Stderr = stderr
	if err := proc.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { proc.Process.Kill(); proc.Wait() })
	waitNote(t, notes, "started")
	t.Cleanup(func() {
		// A window program krieg failed to end must not outlive the test.
		b, _ := os.ReadFile(notes)
		var pid int
		if _, err := fmt.Sscanf(string(b), "started %d", &pid); err == nil {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	return proc, notes, stderr
}

// waitNote waits up to 10 s for the fake window program to note want.
func waitNote(t *testing.T, notes, want string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile(notes)
		if strings.Contains(string(b), want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the window program did not note %q within 10 s; its notes: %q", want, b)
		}
	}
}

// TestWindowEndsWithKrieg: SIGTERM to krieg reaches the window program,
// which ends, and krieg ends after it, quietly and with the window's status
// 130; a krieg killed outright still has its window program ended.
func TestWindowEndsWithKrieg(t *testing.T) {
	proc, notes, stderr := startWithFakeBoard(t, fakeBoard)
	if err := proc.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waitNote(t, notes, "ended")
	endsQuietly(t, proc, stderr, "its window ended by SIGTERM")

	proc, notes, _ = startWithFakeBoard(t, fakeBoard)
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitNote(t, notes, "ended")
}

// TestWindowKilledWhileLoading: a window program that a signal killed
// before it listened for signals (still loading a long record) was asked
// to end, not broken: krieg exits 130 quietly, as when the window closes
// on the signal.
func TestWindowKilledWhileLoading(t *testing.T) {
	proc, _, stderr := startWithFakeBoard(t, loadingBoard)
	if err := proc.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	endsQuietly(t, proc, stderr, "its loading window killed by SIGINT")
}

// endsQuietly waits up to 10 s for krieg to end, which it must with exit
// status 130 and nothing on stderr (what names the case).
func endsQuietly(t *testing.T, proc *exec.Cmd, stderr *syncbuf.Buffer, what string) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- proc.Wait() }()
	select {
	case err := <-done:
		if exit := (*exec.ExitError)(nil); !errors.As(err, &exit) || exit.ExitCode() != 130 {
			t.Errorf("krieg, %s: %v; want exit status 130", what, err)
		}
		if s := stderr.String(); s != "" {
			t.Errorf("krieg, %s, wrote %q; want nothing", what, s)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("krieg, %s, still running 10 s later", what)
	}
}

// failingBoard is a window program that fails as krieg-board does, saying
// why on stderr and exiting 1.
const failingBoard = `#!/bin/sh
echo "started $$" >> "$KRIEG_TEST_NOTES"
echo "krieg: the record is broken" >&2
exit 1
`

// TestWindowFailureSaidOnce: the window program's own words are the only
// line krieg writes when it fails (exit 1): no second line that the board
// window ended with status 1.
func TestWindowFailureSaidOnce(t *testing.T) {
	proc, _, stderr := startWithFakeBoard(t, failingBoard)
	err := proc.Wait()
	if exit := (*exec.ExitError)(nil); !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("krieg, its window failing: %v; want exit status 1", err)
	}
	if s := stderr.String(); s != "krieg: the record is broken\n" {
		t.Errorf("krieg, its window failing, wrote %q; want the window's line alone", s)
	}
}
