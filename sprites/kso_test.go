package sprites

import (
	"context"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/kso"
	"github.com/krieg/krieg/net/kso/ksotest"
	"github.com/krieg/krieg/sprites/scene"
)

// tap passes a communicator's events on to the window and keeps the
// entries among them: what the window's controller heard.
type tap struct {
	net.Communicator
	out   chan net.Event
	mu    sync.Mutex
	heard []referee.Entry
}

func newTap(c net.Communicator) *tap {
	t := &tap{Communicator: c, out: make(chan net.Event, 256)}
	go func() {
		for ev := range c.Events() {
			if ev.Kind == net.KindHeard {
				t.mu.Lock()
				t.heard = append(t.heard, ev.Entry)
				t.mu.Unlock()
			}
			t.out <- ev
		}
		close(t.out)
	}()
	return t
}

func (t *tap) Events() <-chan net.Event { return t.out }

func (t *tap) entries() []referee.Entry {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.heard)
}

// TestWindowKSO plays one game on a fake kriegspiel.org through the real
// window: alice logs in, the lobby lists bob's open game, the house bot and
// "create"; she picks the house bot, attempts random moves on her own board
// through the window until ply 14, then resigns (Resign twice). What the window's
// controller heard must equal the referee's truth for White, its men the
// referee's white men, and the record must be saved.
func TestWindowKSO(t *testing.T) {
	s := ksotest.Started(t, map[string]string{"alice": "secret", "bob": "hunter2"}, func() ksotest.Opponent {
		return player.New(player.Options{MoveTime: 15 * time.Millisecond, Seed: 7})
	})
	s.SetKeepalive(300 * time.Millisecond)
	client := func() *kso.Client {
		c, err := kso.New(kso.Options{Base: s.URL, Timeout: 2 * time.Second, Backoff: 20 * time.Millisecond, StreamIdle: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	// Bob waits for an opponent in a Berkeley game.
	bob := client()
	if _, err := bob.Login(context.Background(), "bob", "hunter2"); err != nil {
		t.Fatal(err)
	}
	open, err := kso.Lobby{C: bob}.Create(context.Background(), "berkeley", "black", "")
	if err != nil {
		t.Fatal(err)
	}

	saves := t.TempDir()
	ep := kso.NewEndpoint(client(), kso.EndpointOptions{User: "alice", Password: "secret", Poll: 50 * time.Millisecond, SaveDir: saves})
	if err := ep.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	tp := newTap(ep)
	app, err := New(Options{Site: &Site{Endpoint: tp, Lobby: KSOLister{Lobby: ep.Lobby()}, User: "alice"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)

	// The lobby: bob's game to join, the house bot, create.
	var labels []string
	h.waitFor(t, "the lobby's lists", 10*time.Second, func() bool {
		labels = app.frame.Lobby.Entries
		return app.frame.Mode == scene.LobbyScreen && !app.frame.Lobby.Fetching && len(labels) > 1
	})
	want := []string{"Join " + open.Code + ": berkeley by bob, you play white", "Play housebot (elo ", "Create an open wild16 game as white"}
	bot := -1
	for _, w := range want {
		i := indexPrefix(labels, w)
		if i < 0 {
			t.Fatalf("the lobby lacks %q:\n%s", w, strings.Join(labels, "\n"))
		}
		if strings.HasPrefix(w, "Play housebot") {
			bot = i
		}
	}
	h.do(func() {
		if app.frame.Lobby.Status != "" {
			t.Errorf("lobby status %q; want none", app.frame.Lobby.Status)
		}
		app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, bot)})
	})
	h.waitFor(t, "the game to start", 10*time.Second, func() bool {
		return app.frame.Mode == scene.PlayScreen && app.play.ctl != nil
	})

	// Our attempts: random among the moves of our own board not yet
	// tried this turn, each once the answer to the last is in.
	rng := rand.New(rand.NewPCG(3, 1))
	tried := map[game.Move]bool{}
	plies, answered, resigned := -1, -1, false
	deadline := time.Now().Add(2 * time.Minute)
	for done := false; !done; {
		if time.Now().After(deadline) {
			t.Fatal("no end after 2 minutes")
		}
		h.do(func() {
			p := app.play
			sn := p.snap
			if sn.Result != nil {
				done = true
				return
			}
			if !sn.InGame || sn.ToMove != sn.Side || app.frame.View.Plies != sn.Plies || p.entries <= answered || resigned {
				return
			}
			if sn.Plies != plies {
				plies = sn.Plies
				clear(tried)
			}
			answered = p.entries
			if sn.Plies >= 14 {
				resigned = true
				app.Inject(Intent{Kind: Press, Button: scene.Resign}, Intent{Kind: Press, Button: scene.Resign}) // asked, then confirmed
				return
			}
			own := sn.Own
			own.SetTurn(sn.Side)
			var cands []game.Move
			for _, m := range referee.Candidates(&own) {
				if !tried[m] && app.Sendable(m) {
					cands = append(cands, m)
				}
			}
			if len(cands) == 0 {
				t.Errorf("no attempt left at ply %d", sn.Plies)
				done = true
				return
			}
			m := cands[rng.IntN(len(cands))]
			tried[m] = true
			app.Inject(Intent{Kind: AttemptMove, Move: m})
		})
		time.Sleep(10 * time.Millisecond)
	}
	if t.Failed() {
		return
	}

	games := s.Games()
	ref := s.Truth(games[len(games)-1])
	var side game.Color
	var result *referee.Result
	var own game.Bitboard
	var status string
	h.do(func() {
		side, result, status = app.play.snap.Side, app.play.snap.Result, app.frame.Panel.Status
		own = app.frame.View.Own.ByColor(side)
	})
	if side != game.White {
		t.Fatalf("played %s; the lobby asked for white", side)
	}
	if want := (referee.Result{Score: "0-1", Reason: referee.ReasonResignation}); *result != want || ref.Result() == nil || *ref.Result() != want {
		t.Fatalf("window's result %v, referee's %v; want %v", result, ref.Result(), want)
	}
	if !strings.Contains(status, "White resigned") {
		t.Errorf("status %q; want the resignation shown", status)
	}
	got, told := ksotest.Normal(ref.Rules(), tp.entries()), ksotest.Normal(ref.Rules(), ksotest.Told(ref, side))
	if len(got) < 14 {
		t.Errorf("the window heard %d entries; want a game of 14 plies or more", len(got))
	}
	if !reflect.DeepEqual(got, told) {
		t.Fatalf("the window heard %d entries, the referee told White %d:\n got %+v\nwant %+v", len(got), len(told), got, told)
	}
	truthPos := ref.Position()
	if truth := truthPos.ByColor(side); own != truth {
		t.Errorf("the window's white men %v; the referee's %v", own, truth)
	}
	h.waitFor(t, "the record saved", 5*time.Second, func() bool {
		des, _ := os.ReadDir(saves)
		return len(des) == 1
	})
	t.Logf("%d plies, %d entries heard through the window", ref.Plies(), len(got))

	// New game goes back to the lobby; the ruleset and colour chosen there
	// shape the entries; the finished game is no longer active.
	h.do(func() {
		app.Inject(Intent{Kind: Press, Button: scene.NewGame},
			Intent{Kind: Press, Button: scene.Choice(scene.LobbyRulesGroup, 2)},
			Intent{Kind: Press, Button: scene.Choice(scene.LobbyColourGroup, 1)})
	})
	// The loop may draw the lobby between the three intents, so the test
	// waits for the frame that shows the choices made.
	variant := kso.Variants()[2]
	h.waitFor(t, "the lobby again, a "+variant+" game as black to create", 10*time.Second, func() bool {
		labels = app.frame.Lobby.Entries
		return app.frame.Mode == scene.LobbyScreen && !app.frame.Lobby.Fetching &&
			indexPrefix(labels, "Create an open "+variant+" game as black") >= 0
	})
	if indexPrefix(labels, "Resume ") >= 0 {
		t.Errorf("the lobby after the game:\n%s\nwant nothing to resume", strings.Join(labels, "\n"))
	}
}

func indexPrefix(labels []string, prefix string) int {
	for i, l := range labels {
		if strings.HasPrefix(l, prefix) {
			return i
		}
	}
	return -1
}

// TestWindowLobbyAsksDuringTheComputersGame: from kriegspiel.org's lobby
// the window plays the computer; Lobby during that game asks to resign
// first, as New game does, for the lobby screen would abandon it;
// Escape keeps playing; confirmed, the game is resigned and the lobby
// comes back, saying how the game ended.
func TestWindowLobbyAsksDuringTheComputersGame(t *testing.T) {
	s := ksotest.Started(t, map[string]string{"alice": "secret"}, func() ksotest.Opponent {
		return player.New(player.Options{MoveTime: 15 * time.Millisecond, Seed: 7})
	})
	c, err := kso.New(kso.Options{Base: s.URL, Timeout: 2 * time.Second, Backoff: 20 * time.Millisecond, StreamIdle: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ep := kso.NewEndpoint(c, kso.EndpointOptions{User: "alice", Password: "secret", Poll: 50 * time.Millisecond, SaveDir: t.TempDir()})
	if err := ep.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	app, err := New(Options{Site: &Site{Endpoint: newTap(ep), Lobby: KSOLister{Lobby: ep.Lobby()}, User: "alice"},
		Local: scriptedLocal("e7e5")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)
	h.waitFor(t, "the lobby", 10*time.Second, func() bool { return app.frame.Mode == scene.LobbyScreen })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.PlayComputer}) })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the computer's game", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	h.do(func() {
		if app.frame.Mode != scene.PlayScreen || !app.frame.Panel.ConfirmResign || !strings.Contains(app.frame.Panel.Question, "Back to the lobby? Resign this game first") {
			t.Fatalf("Lobby mid-game: mode %v, asking %v, question %q; want the resignation asked for", app.frame.Mode, app.frame.Panel.ConfirmResign, app.frame.Panel.Question)
		}
		app.Inject(Intent{Kind: Cancel})
	})
	h.do(func() {
		if app.frame.Mode != scene.PlayScreen || app.play.snap.Result != nil {
			t.Fatalf("after Escape: mode %v, result %v; want the game on", app.frame.Mode, app.play.snap.Result)
		}
		app.Inject(Intent{Kind: Press, Button: scene.ToLobby}, Intent{Kind: Submit})
	})
	h.waitFor(t, "the lobby again", 5*time.Second, func() bool { return app.frame.Mode == scene.LobbyScreen })
	h.do(func() {
		if !strings.Contains(app.frame.Panel.Notice, "Last game: Black wins: White resigned") {
			t.Errorf("back in the lobby: notice %q; want how the game ended", app.frame.Panel.Notice)
		}
	})
}
