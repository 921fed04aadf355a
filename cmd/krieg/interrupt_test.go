//go:build linux

package main

import (
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"
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
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 130 {
			t.Fatalf("krieg endgame after Ctrl-C: %v; want exit status 130\nstderr: %s", err, errs.String())
		}
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatal("krieg endgame still running 60 s after Ctrl-C")
	}
	if !regexp.MustCompile(`stopped early: [0-9]+ of 100000 played\nmates [0-9]+`).Match(out.Bytes()) || !bytes.Contains(errs.Bytes(), []byte("stopping after the games under way")) {
		t.Errorf("after Ctrl-C: stdout %q, stderr %q; want the studies played reported", out.String(), errs.String())
	}
}
