package sprites

import (
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// A game against the computer left in progress when the window closed is
// kept (cmd/internal/kept), and the next window offers it on the
// new-game screen: Resume takes it up where it was left, Play starts a
// new game in its place.

// Resumable is a game kept against the computer, offered on the new-game
// screen until a game starts.
type Resumable struct {
	// Offer says what the game is ("Wild 16, 5+3, you play white, 12
	// plies played").
	Offer string
	// Resume takes the game up: a connected endpoint that plays it on.
	Resume func() (net.Communicator, error)
}

// Keeper is an endpoint that keeps its game as it goes (kept.Keeping):
// closing the window then leaves the game kept, not abandoned.
type Keeper interface {
	// Keeps reports whether a game is on and kept.
	Keeps() bool
}

// resumeGame takes up the kept game, as the new-game screen's Resume
// button (or Enter) asks.
func (a *App) resumeGame() {
	r := a.opt.Resumable
	if r == nil {
		return
	}
	comm, err := r.Resume()
	a.opt.Resumable = nil // offered once: resumed, or refused and forgotten
	if err != nil {
		notice(&a.frame, scene.BadTone, err.Error()+"; choose a new game.")
		return
	}
	a.startPlay(comm)
}

// resumeOffer shows the kept game's offer on the new-game screen.
func (a *App) resumeOffer() {
	a.frame.Panel.Resume = ""
	if a.frame.Mode == scene.NewGameScreen && a.opt.Resumable != nil {
		a.frame.Panel.Resume = a.opt.Resumable.Offer
	}
}
