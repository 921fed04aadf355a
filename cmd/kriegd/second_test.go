package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSecondSignalSoonAfterTheFirst: a second SIGINT a millisecond after
// the first was dropped (the stop went on to the end); it is logged and
// ends the process with SIGINT's status, and every record on disk is
// indexed or pending, never a PGN the next start would not index.
func TestSecondSignalSoonAfterTheFirst(t *testing.T) {
	bin := buildKriegd(t)
	data := t.TempDir()
	var log lockedBuffer
	proc, addr, _, _ := startKriegdLogged(t, bin, data, &log)
	playing(t, addr, 1)
	proc.Process.Signal(syscall.SIGINT)
	time.Sleep(time.Millisecond)
	proc.Process.Signal(syscall.SIGINT)
	err := proc.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Errorf("kriegd exited with %v; want status 130 after a second SIGINT; log:\n%s", err, log.String())
	}
	if !strings.Contains(log.String(), "kriegd: second signal") {
		t.Errorf("the log does not tell of the second signal:\n%s", log.String())
	}
	indexed := map[string]bool{}
	for _, g := range indexedGames(t, "", data) {
		indexed[g.Path] = true
	}
	records, _ := filepath.Glob(filepath.Join(data, "games", "*.pgn"))
	for _, r := range records {
		if _, err := os.Stat(strings.TrimSuffix(r, ".pgn") + ".pending"); err != nil && !indexed[r] {
			t.Errorf("%s is neither indexed nor pending", r)
		}
	}
}
