package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestNoDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	for _, args := range [][]string{{}, {"--side", "black"}, {"--side", "Black", "--opponent", "Random", "--rules", "Berkeley"}, {"replay", "--side", "Black", testGame("darkboard-liam-2023.pgn")}, {"replay", testGame("darkboard-liam-2023.pgn")}, {"demo"}} {
		code, _, stderr := krieg(t, "", args...)
		if code != 1 || !strings.Contains(stderr, "no display") || !strings.Contains(stderr, "(DISPLAY is empty)") || !strings.Contains(stderr, "krieg render") || !strings.Contains(stderr, "krieg replay --text") {
			t.Errorf("krieg %v without a display: exit %d, stderr %q; want 1 and a pointer to render and replay --text", args, code, stderr)
		}
	}
}

// TestWindowFlagsFirst: the window's flags are read and refused before
// anything looks for a display: help is printed without one, a mistake is
// named with exit status 2, and a display that does not exist is said so,
// without a panic.
func TestWindowFlagsFirst(t *testing.T) {
	t.Setenv("DISPLAY", "")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--help"}, 0, "-movetime"},
		{[]string{"window", "-h"}, 0, "-side"},
		{[]string{"--side", "purple"}, 2, `--side "purple": want white, black or random`},
		{[]string{"--bogus"}, 2, "flag provided but not defined: -bogus"},
		{[]string{"--time", "5"}, 2, "--time"},
		{[]string{"--opponent", "grandmaster"}, 2, "--opponent"},
		{[]string{"replay"}, 2, "want one FILE"},
		{[]string{"replay", "--side", "green", testGame("darkboard-liam-2023.pgn")}, 2, "--side"},
		{[]string{"replay", testGame("missing.pgn")}, 2, "no such file"},
		{[]string{"demo", "--step", "-1s"}, 2, "--step"},
		{[]string{"demo", "--rules", "Foo"}, 2, `--rules: unknown ruleset "Foo"`},
		{[]string{"replay", "--rules", "foo", testGame("darkboard-liam-2023.pgn")}, 2, `--rules: unknown ruleset "foo"`},
		{[]string{"demo", "--help"}, 0, "-step"},
	} {
		code, _, stderr := krieg(t, "", tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "no display") {
			t.Errorf("krieg %v: exit %d, stderr %q; want %d naming %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
	for _, display := range []string{idleDisplay(t), "nohost.invalid:0", "what"} {
		t.Setenv("DISPLAY", display)
		code, _, stderr := krieg(t, "", "--side", "black")
		if code != 1 || !strings.Contains(stderr, "DISPLAY") || strings.Contains(stderr, "panic") {
			t.Errorf("DISPLAY=%s: exit %d, stderr %q; want 1 and the display named", display, code, stderr)
		}
		if display == "nohost.invalid:0" && (!strings.Contains(stderr, "names a host, nohost.invalid, that cannot be found") || strings.Contains(stderr, "dial tcp")) {
			t.Errorf("DISPLAY=%s: stderr %q; want the unknown host said in words", display, stderr)
		}
	}
}

// idleDisplay returns a local display number no X server on this machine
// serves (its socket absent), from :77 up: a display some other program
// opened must not make the test's silent display answer.
func idleDisplay(t *testing.T) string {
	t.Helper()
	for n := 77; n < 200; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); errors.Is(err, os.ErrNotExist) {
			return fmt.Sprintf(":%d", n)
		}
	}
	t.Skip("every display from :77 to :199 has a server")
	return ""
}
