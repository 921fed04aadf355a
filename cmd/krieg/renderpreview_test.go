package main

import (
	"path/filepath"
	"testing"
)

// TestRenderPreview: --preview picks a man up and --hover rests the
// pointer; a square without our man, or a bad name, is a usage error.
func TestRenderPreview(t *testing.T) {
	out := filepath.Join(t.TempDir(), "preview.png")
	game := testGame("darkboard-liam-2023.pgn")
	code, _, stderr := krieg(t, "", "render", "--pgn", game, "--ply", "30", "--preview", "e4", "--hover", "f6", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, args := range [][]string{
		{"--preview", "h8"},                    // no white man there
		{"--preview", "e4", "--side", "black"}, // not Black's man, nor Black's move
		{"--preview", "z9"},
		{"--hover", "e44"},
	} {
		code, _, stderr := krieg(t, "", append([]string{"render", "--pgn", game, "--ply", "30", "-o", out}, args...)...)
		if code == 0 || stderr == "" {
			t.Errorf("krieg render %v: exit %d, stderr %q; want a failure with a message", args, code, stderr)
		}
	}
}
