package sprites

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/local"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowPlayComputerFromTheServer: signed in to a server, the window
// plays the computer on asking (the lobby's "Play the computer", which an
// outside tester missed): not over a server game in progress, else on the
// new-game screen the door's computer choice opens, with the server's
// session kept; the Lobby button goes back to it, and a game the server
// starts meanwhile takes the board.
func TestWindowPlayComputerFromTheServer(t *testing.T) {
	server := &chanComm{events: make(chan net.Event, 8)}
	lobbies := 0
	app, err := New(Options{Remote: server, Lobby: func() { lobbies++ }, Local: scriptedLocal("e7e5")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)
	spec := net.GameSpec{Rules: referee.Wild16, Start: game.Start(), Base: 5 * time.Minute, White: "ann", Black: "bob"}
	playing := net.Snapshot{Side: game.White, Own: game.Start(), InGame: true, Spec: spec, State: net.Connected}
	server.events <- net.Event{Kind: net.KindStarted, Snap: playing}
	h.waitFor(t, "the server's game", 5*time.Second, func() bool { return app.play != nil && app.play.ctl != nil })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.PlayComputer}) })
	h.do(func() {
		if app.frame.Mode != scene.PlayScreen || app.play == nil || app.play.local || app.frame.Panel.Notice != "Resign or finish this game first" {
			t.Fatalf("asked over a server game in progress: mode %v, notice %q; want its board kept", app.frame.Mode, app.frame.Panel.Notice)
		}
	})
	over := playing
	over.Result = &referee.Result{Score: game.BlackWins, Reason: referee.ReasonResignation}
	server.events <- net.Event{Kind: net.KindEnded, Snap: over}
	h.waitFor(t, "the server's game to end", 5*time.Second, func() bool { return app.play.snap.Result != nil })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.PlayComputer}) })
	h.do(func() {
		if app.frame.Mode != scene.NewGameScreen || app.server == nil {
			t.Fatalf("after the game: mode %v, server kept %v; want the new-game screen, the server aside", app.frame.Mode, app.server != nil)
		}
		app.Inject(Intent{Kind: Press, Button: scene.Start})
	})
	h.waitFor(t, "the computer's game", 5*time.Second, atPly(app, 0))
	h.do(func() {
		if !app.play.local || !app.frame.Panel.Lobby {
			t.Fatalf("the computer's game: local %v, Lobby button %v", app.play.local, app.frame.Panel.Lobby)
		}
		app.Inject(Intent{Kind: AttemptMove, Move: game.NewMove(game.E2, game.E4, game.NoPieceType)})
	})
	h.waitFor(t, "the computer's reply", 5*time.Second, atPly(app, 2))
	// The page's Lobby opens over the board and leaves the computer's game
	// where it stands (an outside tester lost one to it); Play the computer
	// there does not abandon it either.
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	h.do(func() {
		if app.play == nil || !app.play.local || app.play.snap.Result != nil || app.server == nil || app.server.comm != server || lobbies != 1 {
			t.Fatalf("after Lobby mid-game: the computer's game on %v, lobby opened %d times; want the game kept and the lobby open", app.play != nil && app.play.local, lobbies)
		}
		app.Inject(Intent{Kind: Press, Button: scene.PlayComputer})
	})
	h.do(func() {
		if app.frame.Mode != scene.PlayScreen || !app.play.local || app.play.snap.Result != nil {
			t.Fatalf("Play the computer over its game in progress: mode %v; want the game kept", app.frame.Mode)
		}
		app.Inject(Intent{Kind: Press, Button: scene.Resign}, Intent{Kind: Press, Button: scene.Resign})
	})
	h.waitFor(t, "the resignation", 5*time.Second, func() bool { return app.play.snap.Result != nil })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	h.do(func() {
		if app.play == nil || app.play.comm != server || app.server != nil || lobbies != 2 {
			t.Fatalf("after Lobby at the end: the server's play back %v, lobby opened %d times", app.play != nil && app.play.comm == server, lobbies)
		}
		app.Inject(Intent{Kind: Press, Button: scene.PlayComputer}, Intent{Kind: Press, Button: scene.Start})
	})
	h.waitFor(t, "a second computer game", 5*time.Second, atPly(app, 0))
	// A game the server starts (a seek taken) takes the board back.
	server.events <- net.Event{Kind: net.KindStarted, Snap: playing}
	h.waitFor(t, "the server's new game on the board", 5*time.Second, func() bool {
		return app.play != nil && app.play.comm == server && app.server == nil && app.play.ctl != nil && app.play.snap.Result == nil
	})
}

// TestWindowEscapeOpensThePagesLobby: on the new-game screen of a page
// signed in to a server before any game of the server's, Escape opens the
// page's lobby, as the docs say (an outside tester's did nothing).
func TestWindowEscapeOpensThePagesLobby(t *testing.T) {
	lobbies := 0
	app, err := New(Options{Lobby: func() { lobbies++ }, Local: func(scene.NewGameChoice) (net.Communicator, error) {
		return nil, errors.New("not started in this test")
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Cancel}) })
	h.do(func() {
		if lobbies != 1 || app.frame.Mode != scene.NewGameScreen {
			t.Errorf("Escape: lobby opened %d times, mode %v; want it opened once over the new-game screen", lobbies, app.frame.Mode)
		}
	})
}

// scriptedLocal starts a Wild 16 game at 5+0 against a scripted opponent
// playing moves, as the new-game screen's Play would.
func scriptedLocal(moves ...string) Starter {
	return func(scene.NewGameChoice) (net.Communicator, error) {
		ep := local.New(&scripted{moves: moves}, local.Options{Seed: 1})
		if err := ep.Connect(context.Background()); err != nil {
			return nil, err
		}
		return ep, ep.Begin(net.GameSpec{Rules: referee.Wild16, Start: game.Start(), Base: 5 * time.Minute})
	}
}

// TestWindowComputerBackToTheLobby: the new-game screen reached with Play
// the computer from a kriegd's lobby shows a button back to the lobby, as
// Escape does (an outside tester found no visible way back).
func TestWindowComputerBackToTheLobby(t *testing.T) {
	app, _ := kriegdLobbyWindow(t)
	h.do(func() { app.opt.Local = scriptedLocal("e7e5") })
	h.waitFor(t, "Play the computer in the lobby", servedWait, func() bool { return hasButton(&app.scene, scene.PlayComputer) })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.PlayComputer}) })
	h.waitFor(t, "the new-game screen", servedWait, func() bool { return app.frame.Mode == scene.NewGameScreen })
	h.do(func() {
		if !hasButton(&app.scene, scene.ToLobby) {
			t.Fatal("the new-game screen shows no way back to the lobby")
		}
		app.Inject(Intent{Kind: Press, Button: scene.ToLobby})
	})
	h.waitFor(t, "the lobby", servedWait, func() bool { return app.frame.Mode == scene.LobbyScreen })
}

// TestWindowChallengeDuringAComputerGame: a challenge coming while the
// computer's game is played says on its card that accepting ends that game.
func TestWindowChallengeDuringAComputerGame(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	h.do(func() { app.opt.Local = scriptedLocal("e7e5") })
	h.waitFor(t, "Play the computer in the lobby", servedWait, func() bool { return hasButton(&app.scene, scene.PlayComputer) })
	h.do(func() {
		app.Inject(Intent{Kind: Press, Button: scene.PlayComputer}, Intent{Kind: Press, Button: scene.Start})
	})
	h.waitFor(t, "the computer's game", servedWait, atPly(app, 0))
	if err := bob.Begin(net.GameSpec{Rules: referee.Wild16, Kriegspiel: true, Opponent: "alice", AnySide: true, Base: 5 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "bob's card saying what accepting ends", servedWait, func() bool {
		c := app.frame.Challenge
		return c != nil && c.Leaves == computerGameLeft && sceneHasText(&app.scene, computerGameLeft)
	})
}

// TestWindowComputerWhileASeekWaits: choosing the computer while a seek
// of ours stands on the server says that a game it starts would take the
// board.
func TestWindowComputerWhileASeekWaits(t *testing.T) {
	app, _ := kriegdLobbyWindow(t)
	h.do(func() { app.opt.Local = scriptedLocal("e7e5") })
	_, mine := lobbyEntries(t, app, "Seek a game: ")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, mine)}) })
	h.waitFor(t, "the seek's wait", servedWait, func() bool { return app.frame.Mode == scene.PlayScreen })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	lobbyEntries(t, app, "Your seek ")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.PlayComputer}) })
	h.waitFor(t, "the new-game screen with the warning", servedWait, func() bool {
		return app.frame.Mode == scene.NewGameScreen && app.frame.Panel.Notice == seekStaysOpen && sceneHasText(&app.scene, "Your seek stays open")
	})
}
