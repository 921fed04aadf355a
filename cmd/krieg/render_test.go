package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	out := filepath.Join(t.TempDir(), "board.png")
	code, stdout, stderr := krieg(t, "", "render", "--pgn", testGame("darkboard-liam-2023.pgn"), "--ply", "12", "--side", "black",
		"--reveal", "--heat", "k", "--width", "800", "--height", "500", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "ply 12 of 148") {
		t.Errorf("output %q; want it to name ply 12 of the record's 148", stdout)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 800 || b.Dy() != 500 {
		t.Errorf("picture %v; want 800×500", b)
	}
}

func TestRenderErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.pgn")
	if err := os.WriteFile(bad, []byte("1. e4 {( garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"render"},
		{"render", "--pgn", testGame("darkboard-liam-2023.pgn"), "--side", "green"},
		{"render", "--pgn", testGame("darkboard-liam-2023.pgn"), "--heat", "x"},
		{"render", "--pgn", testGame("darkboard-liam-2023.pgn"), "--ply", "999"},
		{"render", "--pgn", bad},
		{"render", "--pgn", filepath.Join(t.TempDir(), "missing.pgn")},
	} {
		code, _, stderr := krieg(t, "", args...)
		if code == 0 || stderr == "" {
			t.Errorf("krieg %v: exit %d, stderr %q; want a failure with a message", args, code, stderr)
		}
	}
}

// TestRenderPictureBounds: a picture too small or too large is refused as
// a usage error that says the bounds, before anything is drawn.
func TestRenderPictureBounds(t *testing.T) {
	for _, tc := range []struct {
		name, width, height, want string
	}{
		{"narrow", "100", "640", "--width 100: the picture must be at least 200×200"},
		{"tall", "1000", "100000", "--height 100000: the picture must be at least 200×200 and at most 8192×8192"},
		{"wide", "100000", "640", "--width 100000: the picture must be at least 200×200 and at most 8192×8192"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "board.png")
			code, _, stderr := krieg(t, "", "render", "--pgn", testGame("darkboard-liam-2023.pgn"), "--width", tc.width, "--height", tc.height, "-o", out)
			if code != 2 || !strings.Contains(stderr, tc.want) {
				t.Errorf("got exit %d, %q; want 2 and %q", code, stderr, tc.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("got %s written; want no picture", out)
			}
		})
	}
}

// TestRenderPlyBounds: --ply is -1 (the end) or 0 to the record's plies;
// another negative is refused, not read as the end.
func TestRenderPlyBounds(t *testing.T) {
	for _, tc := range []struct {
		ply  string
		code int
		want string
	}{
		{"-1", 0, "ply 148 of 148"},
		{"0", 0, "ply 0 of 148"},
		{"-5", 2, "--ply -5: want a number of plies from 0, or -1 for the end"},
		{"-2", 2, "--ply -2"},
	} {
		t.Run(tc.ply, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "board.png")
			code, stdout, stderr := krieg(t, "", "render", "--pgn", testGame("darkboard-liam-2023.pgn"), "--ply", tc.ply, "-o", out)
			if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
				t.Errorf("got exit %d, %q %q; want %d and %q", code, stdout, stderr, tc.code, tc.want)
			}
		})
	}
}

// TestRenderFolder: a folder given as the record is said to be one, in
// replay's words, with no package prefixes and no "is a directory".
func TestRenderFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"render", "replay"} {
		args := []string{cmd, "--pgn", dir}
		if cmd == "replay" {
			args = []string{cmd, "--text", dir}
		}
		code, _, errOut := krieg(t, "", args...)
		want := "krieg " + cmd + ": " + dir + " is a folder: krieg " + cmd + " takes one record file (such as " + filepath.Join(dir, "game-0001.pgn") + ")\n"
		if code != 2 || errOut != want {
			t.Errorf("krieg %s of a folder: got %d %q; want 2 %q", cmd, code, errOut, want)
		}
	}
}
