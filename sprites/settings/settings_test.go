package settings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	got, err := Load(dir)
	if err != nil || got != Default() {
		t.Fatalf("first run: %+v, %v; want the defaults, no error", got, err)
	}
	s := Default()
	s.NewGame = scene.NewGameChoice{Side: 1, Time: 4, Opponent: 1}
	s.Show = scene.Show{Pieces: true, Zone: true, Heat: game.Rook}
	s.Muted, s.Theme, s.Assist, s.ReduceMotion = true, scene.HighContrast, scene.AssistRules, true
	if err := s.Save(dir); err != nil {
		t.Fatal(err)
	}
	if got, err = Load(dir); err != nil || got != s {
		t.Errorf("Load after Save = %+v, %v; want %+v", got, err, s)
	}
}

func TestCorruptKeptAside(t *testing.T) {
	cases := map[string]string{
		"not json":   "{side: white",
		"cut short":  `{"new_game": {"Side": 1`,
		"wrong type": `{"theme": "dark"}`,
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, fileName)
			if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := Load(dir)
			if !errors.Is(err, ErrCorrupt) || got != Default() {
				t.Fatalf("Load = %+v, %v; want the defaults and ErrCorrupt", got, err)
			}
			kept, rerr := os.ReadFile(path + ".bad")
			if rerr != nil || string(kept) != body {
				t.Errorf("the bad file was not kept: %q, %v", kept, rerr)
			}
		})
	}
}

// TestBadValuesRepaired: a well-formed file with values the window does
// not offer (a hand edit, a time control given with --time on an earlier
// run) has those put back to their defaults and keeps the rest, saying
// which on one line.
func TestBadValuesRepaired(t *testing.T) {
	dir := t.TempDir()
	body := `{"theme": 7, "muted": true, "reduce_motion": true, "new_game": {"Side": -1, "Time": 9, "Opponent": 1, "Rules": "chess960"}}`
	if err := os.WriteFile(filepath.Join(dir, fileName), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Load(dir)
	want := Default()
	want.Muted, want.ReduceMotion, want.NewGame.Opponent = true, true, 1
	if got != want {
		t.Errorf("Load = %+v; want %+v", got, want)
	}
	if err == nil || errors.Is(err, ErrCorrupt) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("Load's error %v; want one line, not ErrCorrupt", err)
	}
	for _, part := range []string{"side -1", "time control 9", "chess960", "theme 7", "the other settings kept"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("Load's error %q does not name %q", err, part)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, fileName+".bad")); err == nil {
		t.Error("a repaired file was set aside as corrupt")
	}
}
