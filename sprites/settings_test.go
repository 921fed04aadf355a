package sprites

import (
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
	"github.com/krieg/krieg/sprites/settings"
)

// TestWindowSettingsSurviveRestart changes settings through the window's
// buttons, closes it, opens a new window on the same settings folder and
// finds them as they were left.
func TestWindowSettingsSurviveRestart(t *testing.T) {
	dir := t.TempDir()
	first, err := New(Options{SettingsDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	h.show(first)
	h.do(func() { first.Inject(Intent{Kind: Press, Button: scene.Legend}) })
	shoot(t, "legend")
	h.do(func() { first.Inject(Intent{Kind: Cancel}) }) // Escape closes it
	h.do(func() {
		if first.frame.Legend {
			t.Error("Escape did not close the legend")
		}
		first.Inject(
			Intent{Kind: Press, Button: scene.Choice(scene.SideGroup, 1)},
			Intent{Kind: Press, Button: scene.Choice(scene.TimeGroup, 0)},
			Intent{Kind: Press, Button: scene.Choice(scene.OpponentGroup, 1)},
			Intent{Kind: Press, Button: scene.Choice(scene.ThemeGroup, 1)},
			Intent{Kind: Press, Button: scene.Choice(scene.AssistGroup, 1)},
			Intent{Kind: Press, Button: scene.Choice(scene.MotionGroup, 1)},
			Intent{Kind: Press, Button: scene.Choice(scene.RulesGroup, 1)},
			Intent{Kind: Press, Button: scene.ToggleZone},
			Intent{Kind: Press, Button: scene.ToggleChecks},
			Intent{Kind: Press, Button: scene.CycleHeat})
	})
	h.do(func() {}) // one more Update: the settings are written after the intents
	h.show(nil)
	first.Close()

	second, err := New(Options{SettingsDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	f := second.frame
	want := scene.NewGameChoice{Side: 1, Time: 0, Opponent: 1, Rules: "berkeley"}
	if f.NewGame != want {
		t.Errorf("new game %+v; want %+v", f.NewGame, want)
	}
	if f.Theme != scene.HighContrast || f.Assist != scene.AssistRules || !f.ReduceMotion {
		t.Errorf("theme %v, assistant %v, reduce motion %v; want high contrast, rules only, true", f.Theme, f.Assist, f.ReduceMotion)
	}
	if wantShow := (scene.Show{Pieces: true, Kings: true, Zone: true, Heat: game.King}); f.Show != wantShow {
		t.Errorf("toggles %+v; want %+v", f.Show, wantShow)
	}
	if f.Legend {
		t.Error("the legend opened by itself")
	}
	if f.Panel.Notice != "" {
		t.Errorf("notice %q after a clean restart", f.Panel.Notice)
	}
}

// TestWindowLegendStartsClosed: a first run, on an empty settings folder,
// opens on the new-game screen with the legend closed, and the first game
// starts on a clear board with the Legend button at hand, as chess sites do.
func TestWindowLegendStartsClosed(t *testing.T) {
	app := newLocalApp(t, &scripted{})
	app.opt.SettingsDir = t.TempDir()
	app.loadSettings()
	h.show(app)
	h.do(func() {
		if app.frame.Legend {
			t.Error("the first run opens with the legend")
		}
		app.Inject(Intent{Kind: Press, Button: scene.Start})
	})
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() {
		if app.frame.Legend || !hasButton(&app.scene, scene.Legend) {
			t.Errorf("first game: legend open %v, Legend button %v; want it closed and the button there", app.frame.Legend, hasButton(&app.scene, scene.Legend))
		}
	})
}

// TestWindowLegendSwallowsKeys: with the legend open, Enter closes it and
// starts no game under it.
func TestWindowLegendSwallowsKeys(t *testing.T) {
	app := newLocalApp(t, &scripted{})
	app.frame.Legend = true
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Submit}) })
	h.do(func() {
		if app.frame.Legend || app.play != nil || app.frame.Mode != scene.NewGameScreen {
			t.Errorf("Enter on the legend: legend %v, game %v, mode %v; want the legend closed and no game", app.frame.Legend, app.play != nil, app.frame.Mode)
		}
	})
}

// TestWindowFlagOverridesOnlyItsChoice: a new-game flag (--rules here)
// sets its own choice on the new-game screen and keeps the other saved
// ones (it used to put every other choice back to the flags' defaults).
func TestWindowFlagOverridesOnlyItsChoice(t *testing.T) {
	dir := t.TempDir()
	saved := settings.Default()
	saved.NewGame = scene.NewGameChoice{Side: 1, Time: 0, Opponent: 1, Rules: "berkeley"}
	if err := saved.Save(dir); err != nil {
		t.Fatal(err)
	}
	fromFlags := scene.NewGameChoice{Side: 0, Time: 2, Opponent: 0, Rules: "cincinnati"}
	app, err := New(Options{SettingsDir: dir, Choice: fromFlags, ChoiceFlags: scene.ChoiceRules | scene.ChoiceTime})
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	if want := (scene.NewGameChoice{Side: 1, Time: 2, Opponent: 1, Rules: "cincinnati"}); app.frame.NewGame != want {
		t.Errorf("--rules cincinnati --time 5+3 over saved Black, 1+0, random, Berkeley: %+v; want %+v", app.frame.NewGame, want)
	}
}
