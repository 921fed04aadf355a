package server_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
)

// TestWild16GameThroughKriegd plays a whole Wild 16 game between two krieg
// ICC drivers through kriegd over TCP: a self-play game with captures both
// ways, checks, pawn tries, illegal attempts and a promotion, ending in
// mate. Each driver's every heard entry and own men must equal the
// referee's truth for that player, and the saved record must replay.
func TestWild16GameThroughKriegd(t *testing.T) {
	truth := scriptedGame(t, referee.Wild16, func(f features) bool {
		return f.promotions > 0 && f.whiteCaptures > 0 && f.blackCaptures > 0 && f.checks > 1 && f.tries > 0 &&
			f.illegal > 0 && f.result.Reason == referee.ReasonCheckmate && f.plies < 160
	})
	u := startUmpire(t, server.Config{Attempts: 10000}) // the script attempts faster than a person
	alice := u.connect(t, "alice", "")
	bob := u.connect(t, "bob", "")
	playScript(t, truth, alice, bob, net.GameSpec{Rules: referee.Wild16, Kriegspiel: true, Side: game.White, Opponent: "bob", Base: 5 * time.Minute, Increment: 3 * time.Second})
	checkSaved(t, u, truth)
}

// playScript has white challenge black and plays truth's log through both
// drivers, checking what each hears against the truth.
func playScript(t *testing.T, truth *referee.Referee, white, black *player, spec net.GameSpec) {
	t.Helper()
	if err := white.c.Begin(spec); err != nil {
		t.Fatal(err)
	}
	black.next(net.KindChallenge)
	if err := black.c.Do(net.Accept); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*player{white, black} {
		ev := p.next(net.KindStarted)
		if ev.Snap.Spec.Rules.Name != truth.Rules().Name {
			t.Fatalf("%s: started a %s game; want %s", p.name, ev.Snap.Spec.Rules.Name, truth.Rules().Name)
		}
	}
	players := [2]*player{white, black}
	pos := truth.Start()
	for i, e := range truth.Log() {
		mover := players[e.Mover]
		ask := func() error { return mover.c.Attempt(e.Attempt) }
		if e.AskedAny {
			ask = func() error { return mover.c.Do(net.AskAny) }
		}
		if err := ask(); err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
		before := pos
		if e.Verdict == referee.Accepted {
			pos.Apply(e.Attempt)
		}
		for side, p := range players {
			c := game.Color(side)
			h, heard := e.HeardBy(c)
			if !heard {
				continue
			}
			ev := p.next(net.KindHeard)
			h = told(truth.Rules(), h)
			if got, want := describe(ev.Entry, e.Mover == c), describe(h, e.Mover == c); got != want {
				t.Fatalf("entry %d (%s), %s heard %q; the referee says %q", i, before.FEN(), p.name, got, want)
			}
			if got, want := triesIn(ev.Entry), triesIn(h); !reflect.DeepEqual(got, want) {
				t.Fatalf("entry %d (%s), %s heard the tries %+v; the referee says %+v", i, before.FEN(), p.name, got, want)
			}
			if got, want := placement(ev.Snap.Own), placement(pos.Only(c)); got != want {
				t.Fatalf("entry %d, %s's own men are %s; truly %s", i, p.name, got, want)
			}
		}
	}
	want := truth.Result()
	for _, p := range players {
		ev := p.next(net.KindEnded)
		if ev.Snap.Result == nil || ev.Snap.Result.Score != want.Score || ev.Snap.Result.Reason != want.Reason {
			t.Fatalf("%s: the game ended %+v; want %+v", p.name, ev.Snap.Result, *want)
		}
	}
}

// told is what a player hears of entry e in words: its tries in the form
// the ruleset words them (Cincinnati's yes or no, RAND's squares).
func told(rules referee.Ruleset, e referee.Entry) referee.Entry {
	said := make([]referee.Announcement, len(e.Said))
	for i, a := range e.Said {
		if a.Kind == referee.KindTries {
			a.Tries = a.Tries.Told(rules.Tries)
		}
		said[i] = a
	}
	e.Said = said
	return e
}

// triesIn lists the tries e announces.
func triesIn(e referee.Entry) []referee.Tries {
	var out []referee.Tries
	for _, a := range e.Said {
		if a.Kind == referee.KindTries {
			out = append(out, a.Tries)
		}
	}
	return out
}

// checkSaved checks that the game's record is in the data folder and
// replays to the same moves, and that the index has it.
func checkSaved(t *testing.T, u *umpire, truth *referee.Referee) {
	t.Helper()
	var files []string
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		files, _ = filepath.Glob(filepath.Join(u.data, "games", "*.pgn"))
		if len(files) > 0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(files) != 1 {
		t.Fatalf("records saved: %v; want one", files)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := record.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := record.Check(rec, truth.Rules()); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	if len(rec.Plies) != truth.Plies() || rec.Result != truth.Result().Score {
		t.Fatalf("record: %d plies, result %s; want %d, %s", len(rec.Plies), rec.Result, truth.Plies(), truth.Result().Score)
	}
}

// TestBerkeleyGameThroughKriegd plays a whole game under another ruleset,
// Berkeley, through the ICC driver: the driver asks for it by name, reads
// the ruleset from datagram 15, and hears the opponent's refused attempts
// (public in Berkeley), bare check directions and captures named by square
// only. Each player's view must equal the referee's.
func TestBerkeleyGameThroughKriegd(t *testing.T) {
	truth := scriptedGame(t, referee.Berkeley, func(f features) bool {
		return f.whiteCaptures > 0 && f.blackCaptures > 0 && f.checks > 1 && f.illegal > 0 && f.nonsense == 0 &&
			f.result.Reason == referee.ReasonCheckmate && f.plies < 200
	})
	u := startUmpire(t, server.Config{Attempts: 10000})
	alice := u.connect(t, "alice", "")
	bob := u.connect(t, "bob", "")
	playScript(t, truth, alice, bob, net.GameSpec{Rules: referee.Berkeley, Kriegspiel: true, Side: game.White, Opponent: "bob", Base: 5 * time.Minute, Increment: 3 * time.Second})
	checkSaved(t, u, truth)
}

// TestEveryRulesetThroughKriegd plays a game under each ruleset kriegd
// umpires but Wild 16 and Berkeley (above) through krieg's ICC driver. Each
// ruleset words its announcements its own way (Cincinnati's "Pawn
// capture", RAND's "Pawn tries from c7", English's "Black"), and a driver
// that misreads them feeds the assistant false news: each player's view
// must equal the referee's.
func TestEveryRulesetThroughKriegd(t *testing.T) {
	for _, rules := range referee.Rulesets {
		if rules.Name == referee.Wild16.Name || rules.Name == referee.Berkeley.Name {
			continue
		}
		t.Run(rules.Name, func(t *testing.T) {
			truth := scriptedGame(t, rules, func(f features) bool {
				return f.whiteCaptures > 0 && f.blackCaptures > 0 && f.checks > 1 && f.illegal > 0 && f.plies < 200 &&
					f.result.Reason != "" && (f.tries > 1 || rules.Tries == referee.TriesNone) &&
					(f.asked > 1 || rules.Any == referee.AnyNone)
			})
			u := startUmpire(t, server.Config{Attempts: 10000})
			alice := u.connect(t, "alice", "")
			bob := u.connect(t, "bob", "")
			playScript(t, truth, alice, bob, net.GameSpec{Rules: rules, Kriegspiel: true, Side: game.White, Opponent: "bob", Base: 5 * time.Minute, Increment: 3 * time.Second})
			checkSaved(t, u, truth)
		})
	}
}

// TestSeekKeepsTheColourChosen: a seek posted as the window posts it
// (icc.MatchCommand) for a colour gives its seeker that colour, under
// each colour.
func TestSeekKeepsTheColourChosen(t *testing.T) {
	u := startUmpire(t, server.Config{})
	alice := u.connect(t, "alice", "")
	bob := u.connect(t, "bob", "")
	for n, side := range []game.Color{game.Black, game.White} {
		spec := net.GameSpec{Rules: referee.Berkeley, Kriegspiel: true, Side: side, Base: 5 * time.Minute, Increment: 3 * time.Second}
		if err := alice.c.Console(icc.MatchCommand(spec)); err != nil {
			t.Fatal(err)
		}
		// bob is told the colour he would play before he takes it.
		want := fmt.Sprintf("alice (++++) seeking unrated Berkeley 5 3, you playing %s if you take it", side.Other().Title())
		for ev := bob.next(net.KindConsole); !strings.HasPrefix(ev.Text, want); ev = bob.next(net.KindConsole) {
		}
		if err := bob.c.Console(fmt.Sprintf("play %d", n+1)); err != nil {
			t.Fatal(err)
		}
		if got := alice.next(net.KindStarted).Snap.Side; got != side {
			t.Fatalf("%q: alice plays %s; she sought %s", icc.MatchCommand(spec), got, side)
		}
		bob.next(net.KindStarted)
		if err := alice.c.Do(net.Resign); err != nil {
			t.Fatal(err)
		}
		alice.next(net.KindEnded)
		bob.next(net.KindEnded)
	}
	// A challenge for a colour tells the one challenged the other.
	spec := net.GameSpec{Rules: referee.Berkeley, Kriegspiel: true, Side: game.White, Opponent: "bob", Base: 5 * time.Minute}
	if err := alice.c.Begin(spec); err != nil {
		t.Fatal(err)
	}
	if ev := bob.next(net.KindChallenge); !strings.HasSuffix(ev.Text, "unrated Berkeley 5 0, you playing Black") {
		t.Fatalf("bob's challenge reads %q; want it to end with the colour he would play", ev.Text)
	}
}

// TestAnyAskedTwice: Any? asked twice in one turn under Berkeley + Any,
// typed as it is (the console's "any", sent as a line, and as krieg's own
// question): the first answer is heard by both, the second is nonsense
// to the asker alone, as kriegd words it, not a public "No".
func TestAnyAskedTwice(t *testing.T) {
	u := startUmpire(t, server.Config{Attempts: 10000})
	alice := u.connect(t, "alice", "")
	bob := u.connect(t, "bob", "")
	if err := alice.c.Begin(net.GameSpec{Rules: referee.BerkeleyAny, Kriegspiel: true, Side: game.White, Opponent: "bob", Base: 5 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	bob.next(net.KindChallenge)
	if err := bob.c.Do(net.Accept); err != nil {
		t.Fatal(err)
	}
	alice.next(net.KindStarted)
	bob.next(net.KindStarted)
	for round, ask := range []func() error{func() error { return alice.c.Console("any") }, func() error { return net.SendTyped(alice.c, "ANY") }} {
		if err := ask(); err != nil {
			t.Fatal(err)
		}
		if e := alice.next(net.KindHeard).Entry; !e.AskedAny || e.Verdict != referee.Answered {
			t.Fatalf("alice heard %s; want the answer to her Any?", describe(e, true))
		}
		if e := bob.next(net.KindHeard).Entry; !e.AskedAny || e.Verdict != referee.Answered {
			t.Fatalf("bob heard %s; want the answer to alice's Any?", describe(e, false))
		}
		if err := ask(); err != nil {
			t.Fatal(err)
		}
		e := alice.next(net.KindHeard).Entry
		if !e.AskedAny || e.Verdict != referee.Nonsense || len(e.Said) != 1 || e.Said[0].Kind != referee.KindNonsense {
			t.Fatalf("alice's second Any?: %s; want nonsense, to her alone", describe(e, true))
		}
		if round > 0 {
			break
		}
		// A move each ends the turn, so that the next round asks afresh.
		for _, mv := range []string{"e2e4", "e7e5"} {
			p := map[bool]*player{true: alice, false: bob}[mv == "e2e4"]
			m, _ := game.ParseMove(mv)
			if err := p.c.Attempt(m); err != nil {
				t.Fatal(err)
			}
			alice.next(net.KindHeard)
			bob.next(net.KindHeard)
		}
	}
}
