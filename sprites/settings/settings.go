// Package settings keeps the board window's choices between runs: the
// new-game screen's side, time control and opponent, the dark side's
// toggles, sound, the board theme, the assistant's level, reduced motion
// and whether the legend has been seen. They live in one JSON file in the
// user's config folder (os.UserConfigDir()/krieg/settings.json).
package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/sprites/scene"
)

// Settings are the window's remembered choices.
type Settings struct {
	NewGame      scene.NewGameChoice `json:"new_game"`
	Show         scene.Show          `json:"show"`
	Muted        bool                `json:"muted"`
	Theme        scene.Theme         `json:"theme"`
	Assist       scene.Assist        `json:"assistant"`
	ReduceMotion bool                `json:"reduce_motion"`
}

// Default are the settings of a first run.
func Default() Settings {
	return Settings{NewGame: scene.DefaultNewGame, Show: scene.DefaultShow}
}

// fileName is the settings file inside the folder.
const fileName = "settings.json"

// ErrCorrupt says the settings file could not be used; it was kept beside
// as settings.json.bad and the defaults apply.
var ErrCorrupt = errors.New("settings: unreadable settings file")

// Load reads the settings in dir. With no file yet (a first run) it
// returns the defaults and no error. A file it cannot use is moved aside to
// settings.json.bad, so nothing is lost, and the defaults come with an
// error wrapping ErrCorrupt.
func Load(dir string) (Settings, error) {
	path := filepath.Join(dir, fileName)
	data, err := readFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err != nil {
		return Default(), fmt.Errorf("settings: %w", err)
	}
	s := Default()
	if err = json.Unmarshal(data, &s); err != nil {
		bad := path + ".bad"
		if rerr := setAside(path, bad); rerr != nil {
			return Default(), fmt.Errorf("%w %s: %v (and it could not be moved aside: %v)", ErrCorrupt, path, err, rerr)
		}
		return Default(), fmt.Errorf("%w %s: %v; kept as %s, defaults apply", ErrCorrupt, path, err, bad)
	}
	if bad := s.repair(); len(bad) > 0 {
		return s, fmt.Errorf("settings: in %s, %s: back to the default, the other settings kept", path, strings.Join(bad, "; "))
	}
	return s, nil
}

// repair puts every index or level the window does not offer (a time
// control given with --time on an earlier run, a hand-edited file) back
// to its default, keeping the rest, and says which it changed.
func (s *Settings) repair() []string {
	var bad []string
	d := Default()
	in := func(what string, i *int, n, def int) {
		if *i < 0 || *i >= n {
			bad = append(bad, fmt.Sprintf("%s %d is not one of the %d offered", what, *i, n))
			*i = def
		}
	}
	in("side", &s.NewGame.Side, len(scene.Sides), d.NewGame.Side)
	in("time control", &s.NewGame.Time, len(scene.TimeControls), d.NewGame.Time)
	in("opponent", &s.NewGame.Opponent, len(scene.Opponents), d.NewGame.Opponent)
	if err := knownRules(s.NewGame.Rules); err != nil {
		bad = append(bad, err.Error())
		s.NewGame.Rules = d.NewGame.Rules
	}
	theme, assist, heat := int(s.Theme), int(s.Assist), int(s.Show.Heat)
	in("theme", &theme, len(scene.Themes), int(d.Theme))
	in("assistant level", &assist, len(scene.Assists), int(d.Assist))
	in("heat map class", &heat, int(game.King)+1, int(d.Show.Heat))
	s.Theme, s.Assist, s.Show.Heat = scene.Theme(theme), scene.Assist(assist), game.PieceType(heat)
	return bad
}

// Save writes s into dir (made if need be), replacing the file at once so
// a crash leaves the old settings or the new, never half of them.
func (s Settings) Save(dir string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := writeFile(dir, fileName, append(data, '\n')); err != nil {
		return fmt.Errorf("settings: saving: %w", err)
	}
	return nil
}

// knownRules checks a saved ruleset name is a built-in one ("" is Wild 16).
func knownRules(name string) error {
	if name == "" {
		return nil
	}
	_, err := referee.RulesetByName(name)
	return err
}
