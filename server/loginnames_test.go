package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestControlBytesInNameRefused: a name typed with control bytes in it
// (ab NUL cd) is refused, saying what a name may hold, rather than
// logged in as abcd, a name other than the one typed; abcd itself then
// logs in.
func TestControlBytesInNameRefused(t *testing.T) {
	u := startUmpire(t, server.Config{})
	for _, bad := range []string{"ab\x00cd", "ab\x1bcd", "\x7fabcd", "abcd\x01", "ab\u202ecd", "ab\u2028cd", "ab\u200bcd"} {
		r := u.dial(t)
		r.waitFor("login: ")
		r.send(bad)
		if got := r.waitForEither("login: ", "Starting session"); !strings.Contains(got, "control or invisible characters") || !strings.Contains(got, "letters (A to Z), digits, - or _") {
			t.Fatalf("the name %q got %q; want it refused for its control characters, saying what a name may hold", bad, got)
		}
		r.send("abcd")
		r.waitFor("Starting session as abcd")
		r.nc.Close()
		time.Sleep(20 * time.Millisecond) // abcd leaves before the next one logs in
	}
}

// TestLevel2SettingsMustBeBits: level2settings= with anything but 0s and
// 1s is refused, saying what it takes, and changes nothing; a good one
// after it is taken.
func TestLevel2SettingsMustBeBits(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.dial(t)
	r.waitFor("login: ")
	r.send("level2settings=xyz")
	if got := r.waitFor("login: "); !strings.Contains(got, "level2settings=xyz is not a setting") || !strings.Contains(got, "only 0s and 1s") {
		t.Fatalf("level2settings=xyz got %q; want it refused, naming the 0s and 1s it takes", got)
	}
	r.send("level2settings="+strings.Repeat("1", 100), "level1=5", "guest")
	r.waitFor("\x19(0 ") // datagram 0, WhoAmI: the good settings were taken
	r.send("level2settings=1x")
	r.waitFor("level2settings=1x is not a setting")
}

// TestMoveNamesRefused: names that read as chess moves (coordinates in
// either case, algebraic notation, castling, a lone square) are refused
// at the login prompt with a message saying why, and by ValidName; names
// that only look a little like them stay valid.
func TestMoveNamesRefused(t *testing.T) {
	u := startUmpire(t, server.Config{})
	for _, bad := range []string{"O-O", "O-O-O", "o-o", "Nf3", "E2-E4", "E2E4", "e4", "E4", "exd5", "Qxh7", "Rae1", "e8Q", "g1-f3"} {
		if server.ValidName(bad) == nil {
			t.Errorf("ValidName(%q) = nil; want it refused as a move", bad)
		}
		r := u.dial(t)
		r.waitFor("login: ")
		r.send(bad)
		if got := r.waitForEither("login: ", "Starting session"); !strings.Contains(got, "reads as a chess move") && !strings.Contains(got, "is a command or a move") {
			t.Errorf("the name %q got %q; want it refused as a move", bad, got)
		}
		r.nc.Close()
	}
	for _, good := range []string{"reg1", "bob1", "Kate", "alpha", "goodname", "nf3x", "Ne", "a1c", "Oo", "hh8", "Bob_2", "O-Oscar"} {
		if err := server.ValidName(good); err != nil {
			t.Errorf("ValidName(%q) = %v; want it valid", good, err)
		}
	}
}

// TestAccountNamedLikeAMoveKeepsIt: an account registered before names
// that read as moves were refused (one called Nf3) still logs in with its
// password; a guest may not take that shape of name.
func TestAccountNamedLikeAMoveKeepsIt(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Nf3", "s3cret")
	c := u.login(t, "Nf3", "s3cret")
	if !strings.Contains(c.all(), "\x19(0 Nf3 ") {
		t.Fatalf("the account Nf3 did not log in: %q", c.all())
	}
	r := u.dial(t)
	r.waitFor("login: ")
	r.send("Qxh7")
	if got := r.waitForEither("login: ", "Starting session"); !strings.Contains(got, "reads as a chess move") {
		t.Errorf("the new name Qxh7 got %q; want it refused as a move", got)
	}
	r.nc.Close()
}

// TestLobbyWordsCount: unseek with a word after it removes nothing and
// says so (it used to remove every seek); counts of one read in the
// singular; a password with a space is refused where it is chosen.
func TestLobbyWordsCount(t *testing.T) {
	u := startUmpire(t, server.Config{})
	c := u.login(t, "carla", "")
	c.send("seek 5 3")
	c.waitFor("seek")
	c.send("unseek 3")
	c.waitFor("unseek takes nothing after it here: it removes all your seeks (you have 1 seek)")
	c.send("unseek")
	c.waitFor("1 seek removed.")
	c.send("who")
	c.waitFor("1 player logged in:")
	c.send("register my pass word")
	c.waitFor("a password cannot hold spaces")
	if err := server.ValidPassword("pass word"); err == nil {
		t.Error("ValidPassword took a password with a space")
	}
	if err := server.ValidPassword("pass\x1bword"); err == nil {
		t.Error("ValidPassword took a password with ESC (kriegd user add would set it)")
	}
}

// TestSeekWordsThatContradict: a seek with two colours, two rulesets or
// rated and unrated is refused naming both words (the last one used to
// win silently); a colour asked for is said in the confirmation.
func TestSeekWordsThatContradict(t *testing.T) {
	u := startUmpire(t, server.Config{})
	c := u.login(t, "carla", "")
	for _, words := range [][2]string{{"white", "black"}, {"berkeley", "rand"}, {"r", "u"}} {
		c.send("seek 5 0 " + words[0] + " " + words[1])
		c.waitFor(fmt.Sprintf("%q and %q contradict each other", words[0], words[1]))
	}
	c.send("seek 5 0 black berkeley black")
	c.waitFor("Berkeley 5 0, you playing Black.")
}

// TestFirstMoveLimitSaid: both players hear at the start how long each has
// for its first move (the clocks stand until then, which looked like no
// hurry to an outside tester whose game was aborted).
func TestFirstMoveLimitSaid(t *testing.T) {
	u := startUmpire(t, server.Config{FirstMove: 90 * time.Second})
	a, b := u.login(t, "alma", ""), u.login(t, "bert", "")
	begin(t, a, b, "bert", "5 0 u")
	for _, c := range []*raw{a, b} {
		c.waitFor("Each side has 1 minute 30 seconds for its first move, or the game is aborted.")
	}
}
