package settings

import (
	"errors"
	"os"
	"path/filepath"
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
		"not json":        "{side: white",
		"theme too large": `{"theme": 7}`,
		"negative side":   `{"new_game": {"Side": -1}}`,
		"unknown rules":   `{"new_game": {"Rules": "chess960"}}`,
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
