package server_test

import (
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestOperatorLogsGameDropsAndReturns: the log says when a player's
// connection ends in a game in progress and when they take the seat back,
// not only the game's end (an outside tester, running kriegd, could not
// tell why a game was aborted until its last line).
func TestOperatorLogsGameDropsAndReturns(t *testing.T) {
	var mu sync.Mutex
	var lines []string
	u := startUmpire(t, server.Config{Grace: time.Minute, Log: testLog(t, func(line string) {
		mu.Lock()
		lines = append(lines, line)
		mu.Unlock()
	})})
	a, b := aliceAndBob(t, u)
	b.nc.Close()
	a.waitFor("bob has disconnected")
	back := u.login(t, "bob", "bobpw1")
	a.waitFor("bob has returned; the game goes on.")
	back.waitFor("\x19(15 ")
	logged := func(prefix string, want ...string) bool {
		mu.Lock()
		defer mu.Unlock()
		for _, l := range lines {
			if !strings.HasPrefix(l, prefix) {
				continue
			}
			all := true
			for _, w := range want {
				all = all && strings.Contains(l, w)
			}
			if all {
				return true
			}
		}
		return false
	}
	if !logged("kriegd: left a game in progress", "game=1", "name=bob", "grace=1m0s") || !logged("kriegd: back in a game", "game=1", "name=bob") {
		mu.Lock()
		t.Errorf("the log does not tell of bob's leaving and return:\n%s", strings.Join(lines, "\n"))
		mu.Unlock()
	}
}

// TestEndToldToThePlayerAway: a player away when the game ended (the grace
// period passed) is told its end at the next login, before the login's
// end, as datagram 16 and in words; once, not at every login.
func TestEndToldToThePlayerAway(t *testing.T) {
	u := startUmpire(t, server.Config{Grace: time.Second})
	a, b := aliceAndBob(t, u)
	b.send("e7e5")
	a.waitFor("\x19(24 1 ?\x19)")
	b.nc.Close()
	a.waitFor("{Game 1 (alice vs. bob) disconnection} 1-0")
	back := u.login(t, "bob", "bobpw1")
	said := back.waitFor("(while you were away)")
	if !strings.Contains(said, "\x19(16 1 0 BQ 1-0 disconnection A00\x19)") || !strings.Contains(said, "{Game 1 (alice vs. bob) disconnection} 1-0 (while you were away)") {
		t.Errorf("bob back after his game ended: %q; want its end in a datagram and in words", said)
	}
	// And its record, as the players who saw the end got it (a tester's
	// console, away at the end, saved none).
	back.waitFor("\x19(201 1 \x19{")
	if rec := back.waitFor("\x19}\x19)"); !strings.Contains(rec, `[White "alice"]`) || !strings.Contains(rec, "1-0") {
		t.Errorf("the record sent to bob: %q", rec)
	}
	back.nc.Close()
	again := u.login(t, "bob", "bobpw1")
	again.send("finger")
	again.waitFor("Finger of bob")
	if strings.Contains(again.all(), "while you were away") {
		t.Errorf("told of the game's end a second time: %q", again.all())
	}
}

// aliceAndBob registers alice and bob on u, logs them in and starts game 1
// between them, alice White, who plays e2e4.
func aliceAndBob(t *testing.T, u *umpire) (a, b *raw) {
	t.Helper()
	addAccount(t, u, "alice", "alicepw")
	addAccount(t, u, "bob", "bobpw1")
	a, b = u.login(t, "alice", "alicepw"), u.login(t, "bob", "bobpw1")
	begin(t, a, b, "bob", "5 0 u")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	return a, b
}

// TestGuestBackAfterItsGameEnded: a guest whose grace passed while away
// logs in with its name and reconnect token: the name, free again, is
// given back, and the game's end is told, not taken for a server that
// forgot it (an outside tester's window said "aborted" for a loss).
func TestGuestBackAfterItsGameEnded(t *testing.T) {
	u := startUmpire(t, server.Config{Grace: time.Second})
	a := u.login(t, "alice", "")
	g := u.login(t, "guest", "")
	m := regexp.MustCompile(`Starting session as (guest\d+)`).FindStringSubmatch(g.all())
	if m == nil {
		t.Fatalf("no guest name in %q", g.all())
	}
	name := m[1]
	token := tokenOf(t, g)
	begin(t, a, g, name, "5 0 u")
	a.send("e2e4")
	g.waitFor("\x19(24 1 ?\x19)")
	g.send("e7e5")
	a.waitFor("\x19(24 1 ?\x19)")
	g.nc.Close()
	a.waitFor("{Game 1 (alice vs. " + name + ") disconnection} 1-0")
	back := u.dial(t)
	back.send("level1=5", "level2settings="+strings.Repeat("1", 256), name+" "+token)
	back.waitFor("**** Starting session as " + name + " ****")
	if said := back.waitFor("(while you were away)"); !strings.Contains(said, "\x19(16 1 0 BQ 1-0 disconnection A00\x19)") {
		t.Errorf("%s back after the grace: %q; want the game's end", name, said)
	}
}

// carolxAway plays game 1 on u, danx against carolx (unregistered, not a
// guest), in which carolx leaves after the first moves and loses when the
// grace ends; it returns carolx's reconnect token.
func carolxAway(t *testing.T, u *umpire) (token string) {
	t.Helper()
	a, c := u.login(t, "danx", ""), u.login(t, "carolx", "")
	token = tokenOf(t, c)
	begin(t, a, c, "carolx", "5 0 u")
	a.send("e2e4")
	c.waitFor("\x19(24 1 ?\x19)")
	c.send("e7e5")
	a.waitFor("\x19(24 1 ?\x19)")
	c.nc.Close()
	a.waitFor("{Game 1 (danx vs. carolx) disconnection} 1-0")
	return token
}

// TestUnregisteredEndIsTheirsAlone: an unregistered player (not a guest)
// away when the game ended is told its end only back with its token;
// a stranger taking the free name without it hears nothing of it, and
// the player still does afterwards (a tester's finding: the stranger got
// the result, and the player never did).
func TestUnregisteredEndIsTheirsAlone(t *testing.T) {
	u := startUmpire(t, server.Config{Grace: time.Second})
	token := carolxAway(t, u)
	stranger := u.login(t, "carolx", "")
	stranger.send("finger")
	stranger.waitFor("carolx is an unregistered guest")
	if strings.Contains(stranger.all(), "while you were away") {
		t.Fatalf("a stranger taking the name was told the player's end: %q", stranger.all())
	}
	stranger.nc.Close()
	stranger.closed()
	u.login(t, "watcher", "").waitLoggedOut("carolx")
	back := u.dial(t)
	back.send("level1=5", "level2settings="+strings.Repeat("1", 256), "carolx "+token)
	back.waitFor("**** Starting session as carolx ****")
	if said := back.waitFor("(while you were away)"); !strings.Contains(said, "{Game 1 (danx vs. carolx) disconnection} 1-0") {
		t.Errorf("carolx back with the token: %q; want the game's end", said)
	}
}

// TestStrangersEndBesideThePlayers: a stranger who takes an away player's
// free name and leaves a game of their own keeps that end beside the
// player's, not over it: each hears their own at their next login (a
// tester found the stranger's end would erase the player's).
func TestStrangersEndBesideThePlayers(t *testing.T) {
	u := startUmpire(t, server.Config{Grace: time.Second})
	token := carolxAway(t, u)
	// The stranger, as carolx, plays game 2 against erin and leaves it.
	s, e := u.login(t, "carolx", ""), u.login(t, "erin", "")
	begin(t, e, s, "carolx", "5 0 u")
	e.send("e2e4")
	s.waitFor("\x19(24 2 ?\x19)")
	s.send("e7e5")
	e.waitFor("\x19(24 2 ?\x19)")
	s.nc.Close()
	e.waitFor("{Game 2 (erin vs. carolx) disconnection} 1-0")
	e.send("who") // the server has let the stranger go: it lists only danx and erin
	e.waitFor("2 players logged in:")
	if who := e.waitFor("\x19]"); strings.Contains(who, "carolx") {
		t.Fatalf("the stranger is still logged in: %q", who)
	}
	back := u.dial(t)
	back.send("level1=5", "level2settings="+strings.Repeat("1", 256), "carolx "+token)
	back.waitFor("**** Starting session as carolx ****")
	if said := back.waitFor("(while you were away)"); !strings.Contains(said, "{Game 1 (danx vs. carolx) disconnection} 1-0") {
		t.Errorf("carolx back with the token: %q; want game 1's end, its own", said)
	}
}
