package sprites

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

// Scene returns the scene drawn last, and Frame the state it was built
// from, for a test hook that reads them between frames (a page's, where
// the window runs in a browser and tests cannot reach in otherwise).
func (a *App) Scene() *scene.Scene { return &a.scene }

// Frame returns the window's state; see Scene.
func (a *App) Frame() *scene.Frame { return &a.frame }

// Typing reports what the board's keys are busy with, for a page whose
// challenge card must not take the keyboard from it: line, something is
// typed on the board's line (a move, a tell, a Save as… path); game, a game
// is played on the board, whose Enter and Escape are its own.
func (a *App) Typing() (line, game bool) {
	p := a.play
	line = a.prompting || p != nil && p.typed != ""
	game = p != nil && p.snap.InGame && p.snap.Result == nil
	return line, game
}

// Sendable reports whether the window would send attempt m now rather than
// keep it back (impossible on its own board, refused already, or ruled out
// by what the referee said this turn), for a test hook choosing attempts
// as a player who reads the board would.
func (a *App) Sendable(m game.Move) bool {
	if a.play == nil {
		return false
	}
	_, err := a.play.sendable(&a.frame, m)
	return err == nil
}
