package sprites

import (
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// The computer from the server's lobby: a window signed in to a server (a
// kriegd through the page, or kriegspiel.org) may also play the computer
// in the window, as the sign-in door's computer choice does, without
// leaving the server. The server's play waits aside meanwhile.

// playComputer opens the new-game screen for a game against the computer,
// unless a game is in progress, on the server or against the computer (its
// board stays).
func (a *App) playComputer() {
	f := &a.frame
	if a.opt.Local == nil {
		return
	}
	if p := a.play; p != nil && p.snap.InGame && p.snap.Result == nil {
		// A game in progress, the server's or the computer's, keeps the
		// board: a new one would abandon it.
		notice(f, scene.BadTone, "Resign or finish this game first")
		return
	}
	waiting := false
	if p := a.play; p != nil && !p.local {
		a.server, a.play = p, nil
		waiting = p.seeking != nil || p.sought != ""
	}
	if a.play != nil {
		a.play.close()
		a.play = nil
	}
	a.replay = nil
	a.toNewGame()
	notice(f, scene.BadTone, "")
	if waiting {
		notice(f, scene.HintTone, seekStaysOpen)
	}
}

// seekStaysOpen warns, as the computer's game is chosen, that what was
// sought on the server still stands and would take the board.
const seekStaysOpen = "Your seek stays open on the server: a game it starts takes the board from the computer's. The lobby withdraws it."

// fromServer reports whether the window came to the computer from a
// server's lobby, which its Lobby button goes back to.
func (a *App) fromServer() bool { return a.server != nil || a.lobby != nil }

// leaveComputer ends the game against the computer and gives the board
// back to the server's play (or the kriegspiel.org lobby).
func (a *App) leaveComputer() {
	if a.play != nil {
		a.play.close()
	}
	a.play, a.server, a.replay = a.server, nil, nil
	a.freshBoard()
	switch {
	case a.lobby != nil:
		a.lobby.back(a)
	default:
		a.frame.Mode = scene.PlayScreen
	}
}

// aside reads the server's events while the computer's game has the
// board: a game the server starts (one resumed, a challenge accepted
// elsewhere) takes the board back; a lost connection is told; the rest is
// kept for when the server's play has the board again.
func (p *play) aside(a *App) {
	for {
		select {
		case ev, ok := <-p.comm.Events():
			if !ok {
				a.server = nil
				return
			}
			switch ev.Kind {
			case net.KindStarted:
				a.play.close()
				a.play, a.server, a.replay = p, nil, nil
				p.event(a, ev)
				return
			case net.KindConsole, net.KindChallenge, net.KindChallengeGone, net.KindConnection:
				p.event(a, ev)
			default:
				p.snap = ev.Snap
			}
		default:
			return
		}
	}
}
