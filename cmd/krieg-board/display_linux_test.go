package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestNoDisplayIsSaidPlainly: krieg-board started by hand with no display,
// or with one nobody answers on, says so and exits 1, where the window
// library used to panic while the program started. The test binary holds
// the same start-up check, so it runs itself without a display.
func TestNoDisplayIsSaidPlainly(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		display, want string
	}{
		{"unset", "(DISPLAY is unset).\nWithout a window, `krieg console` plays in the terminal"},
		{"", "no display: the board is a window and there is no display to open it on (DISPLAY is empty)"},
		{":59731", "the display \":59731\" (DISPLAY) does not answer: is the X server running, and is DISPLAY right?\nWithout a window, `krieg console` plays in the terminal"},
		{"localhost:59731.0", `the display "localhost:59731.0" (DISPLAY) does not answer`},
	} {
		cmd := exec.Command(self, "-test.run=^$")
		cmd.Env = withoutDisplay(os.Environ())
		if c.display != "unset" {
			cmd.Env = append(cmd.Env, "DISPLAY="+c.display)
		}
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Errorf("DISPLAY=%q: exit %v, want status 1; output:\n%s", c.display, err, out)
		}
		if !strings.Contains(string(out), c.want) || strings.Contains(string(out), "panic") {
			t.Errorf("DISPLAY=%q: output\n%s\nwant %q and no panic", c.display, out, c.want)
		}
	}
}

// withoutDisplay is env without its DISPLAY entries.
func withoutDisplay(env []string) []string {
	var kept []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "DISPLAY=") {
			kept = append(kept, kv)
		}
	}
	return kept
}
