package kso_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/kso"
	"github.com/krieg/krieg/net/kso/ksotest"
)

// site starts a fake site with a person (alice/secret) and a house bot
// (housebot, the computer player at 15 ms a move), games capped at 120 plies.
func site(t *testing.T) *ksotest.Server {
	t.Helper()
	s := ksotest.Started(t, map[string]string{"alice": "secret"}, func() ksotest.Opponent {
		return player.New(player.Options{MoveTime: 15 * time.Millisecond, Seed: 7})
	})
	s.SetPlyCap(120)
	s.SetKeepalive(300 * time.Millisecond) // well inside the clients' 2 s StreamIdle
	return s
}

// client returns a client of s with quick retries.
func client(t *testing.T, s *ksotest.Server, token string) *kso.Client {
	t.Helper()
	c, err := kso.New(kso.Options{Base: s.URL, Token: token, Timeout: 2 * time.Second, Backoff: 20 * time.Millisecond, StreamIdle: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// connect logs alice in through an endpoint.
func connect(t *testing.T, s *ksotest.Server, opt kso.EndpointOptions) *kso.Endpoint {
	t.Helper()
	if opt.User == "" {
		opt.User, opt.Password = "alice", "secret"
	}
	if opt.Poll == 0 {
		opt.Poll = 50 * time.Millisecond
	}
	ep := kso.NewEndpoint(client(t, s, ""), opt)
	if err := ep.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ep.Close() })
	return ep
}

// driver plays our side through a Communicator as a person would: random
// attempts among the candidates on our own board not yet tried this turn,
// and Any? once a turn now and then where the ruleset has it. It collects
// every event.
type driver struct {
	t      *testing.T
	comm   net.Communicator
	rng    *rand.Rand
	rules  referee.Ruleset
	side   game.Color
	heard  []referee.Entry
	events []net.Event
	last   net.Snapshot
	ctl    *controller.Controller
	tried  map[game.Move]bool
	plies  int
	asked  bool
	wait   bool // an attempt is out; its answer is an entry of ours
	resign int  // resign on our turn at this many plies (0: never)
}

func newDriver(t *testing.T, comm net.Communicator, seed uint64) *driver {
	return &driver{t: t, comm: comm, rng: rand.New(rand.NewPCG(seed, 1)), tried: map[game.Move]bool{}}
}

// play runs until the game ends (or timeout) and returns the final snapshot.
func (d *driver) play(timeout time.Duration) net.Snapshot {
	d.t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case ev, ok := <-d.comm.Events():
			if !ok {
				d.t.Fatal("events closed before the game ended")
			}
			if d.take(ev) {
				return d.last
			}
		case <-deadline:
			d.t.Fatalf("no end after %v: %d entries heard, last snapshot plies %d, to move %s", timeout, len(d.heard), d.last.Plies, d.last.ToMove)
		}
	}
}

// take handles one event; it reports the game's end.
func (d *driver) take(ev net.Event) bool {
	d.t.Helper()
	d.events = append(d.events, ev)
	d.last = ev.Snap
	switch ev.Kind {
	case net.KindStarted:
		d.rules, d.side = ev.Snap.Spec.Rules, ev.Snap.Side
		d.ctl = controller.New(d.side, d.rules, game.Start(), controller.Options{Capacity: 64, Seed: 1})
	case net.KindHeard:
		d.heard = append(d.heard, ev.Entry)
		if _, err := d.ctl.Observe(ev.Entry); err != nil {
			d.t.Fatalf("the controller refuses entry %d (%+v): %v", len(d.heard), ev.Entry, err)
		}
		if ev.Entry.Mover == d.side {
			d.wait = false
		}
	case net.KindProblem:
		d.t.Logf("problem: %s", ev.Text)
		d.wait = false
	case net.KindEnded:
		return true
	case net.KindConnection:
		if ev.Err != nil {
			d.t.Fatalf("connection lost: %v", ev.Err)
		}
	}
	d.act()
	return false
}

// act sends our next attempt when it is our turn and nothing is out.
func (d *driver) act() {
	s := d.last
	if d.ctl == nil || d.wait || !s.InGame || s.ToMove != d.side {
		return
	}
	if s.Plies != d.plies {
		d.plies, d.asked = s.Plies, false
		clear(d.tried)
	}
	if d.resign > 0 && s.Plies >= d.resign {
		d.wait = true
		if err := d.comm.Do(net.Resign); err != nil {
			d.t.Fatal(err)
		}
		return
	}
	if d.rules.Any != referee.AnyNone && !d.asked && d.rng.IntN(4) == 0 {
		d.asked, d.wait = true, true
		if err := d.comm.Do(net.AskAny); err != nil {
			d.t.Fatal(err)
		}
		return
	}
	own := s.Own
	own.SetTurn(d.side)
	var cands []game.Move
	for _, m := range referee.Candidates(&own) {
		if !d.tried[m] {
			cands = append(cands, m)
		}
	}
	if len(cands) == 0 {
		d.t.Fatalf("no attempt left to try at ply %d", s.Plies)
	}
	m := cands[d.rng.IntN(len(cands))]
	d.tried[m], d.wait = true, true
	if err := d.comm.Attempt(m); err != nil {
		d.t.Fatal(err)
	}
}

// sameHeard compares what a player heard with the referee's truth for that side.
func sameHeard(t *testing.T, rules referee.Ruleset, got, want []referee.Entry) {
	t.Helper()
	got, want = ksotest.Normal(rules, got), ksotest.Normal(rules, want)
	for i := range min(len(got), len(want)) {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("entry %d of %d/%d:\n got %+v\nwant %+v", i, len(got), len(want), got[i], want[i])
		}
	}
	if len(got) != len(want) {
		t.Fatalf("heard %d entries; the referee told %d", len(got), len(want))
	}
}

// sameMen compares a board of ours with the referee's men of side.
func sameMen(t *testing.T, got game.Position, truth game.Position, side game.Color) {
	t.Helper()
	for sq := game.Square(0); sq < 64; sq++ {
		want := truth.At(sq)
		if want != game.NoPiece && want.Color() != side {
			want = game.NoPiece
		}
		if got.At(sq) != want {
			t.Fatalf("square %s: got %v; want %v", sq, got.At(sq), want)
		}
	}
}

// toldFor is what side must hear of ref's game on the site.
func toldFor(ref *referee.Referee, side game.Color) []referee.Entry { return ksotest.Told(ref, side) }
