package server_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/krieg/krieg/server"
)

// TestRatingChangeTold: after a rated game each player hears, after the
// result, how it moved their rating, in the figures finger shows; an
// unrated game says nothing of ratings.
func TestRatingChangeTold(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Erin", "erinpw")
	addAccount(t, u, "Fred", "fredpw")
	e, f := u.login(t, "Erin", "erinpw"), u.login(t, "Fred", "fredpw")
	begin(t, e, f, "Fred", "5 0 r")
	moveThenResign(e, f, 1)
	change := regexp.MustCompile(`Your rating: (\d+) -> (\d+) \(([+-]\d+)\)\.`)
	won := change.FindStringSubmatch(e.waitFor("Your rating:") + e.waitFor(".\r\n"))
	lost := change.FindStringSubmatch(f.waitFor("Your rating:") + f.waitFor(".\r\n"))
	if won == nil || lost == nil {
		t.Fatalf("rating lines: winner %q, loser %q", won, lost)
	}
	if won[1] != "1500" || atoi(won[2]) <= 1500 || atoi(won[3]) != atoi(won[2])-1500 {
		t.Fatalf("the winner heard %q; want 1500 -> above 1500 with the difference", won[0])
	}
	if lost[1] != "1500" || atoi(lost[2]) >= 1500 || atoi(lost[3]) != atoi(lost[2])-1500 {
		t.Fatalf("the loser heard %q; want 1500 -> below 1500 with the difference", lost[0])
	}
	// The record gives each side's rating before the game and the change
	// each was told, as lichess's records do.
	var rec string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		all := e.all()
		if i := strings.Index(all, "\x19(201 1 "); i >= 0 && strings.Contains(all[i:], "\x19)") {
			rec = all[i:]
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no record of the rated game: %q", all)
		}
	}
	for _, tag := range []string{`[WhiteElo "1500"]`, `[BlackElo "1500"]`, `[WhiteRatingDiff "` + won[3] + `"]`, `[BlackRatingDiff "` + lost[3] + `"]`} {
		if !strings.Contains(rec, tag) {
			t.Errorf("the rated game's record has no %s: %q", tag, rec[:min(len(rec), 600)])
		}
	}
	f.send("finger Fred")
	f.waitFor("Finger of")
	if fin := f.waitFor("\x19]"); !strings.Contains(fin, "Kriegspiel rating "+lost[2]+" ") {
		t.Fatalf("finger after the game: %q; want the rating the loser was told, %s", fin, lost[2])
	}

	// Unrated: the result and nothing of ratings before the next prompt.
	begin(t, e, f, "Fred", "5 0 u")
	moveThenResign(e, f, 2)
	e.send("finger Erin")
	if got := e.waitFor("Finger of"); strings.Contains(got, "Your rating") {
		t.Fatalf("an unrated game told a rating change: %q", got)
	}
}

// TestUnregisteredHaveNoRating: an unregistered player's rating reads ++++
// in the lines of a challenge, a game's start and a seek, as in who and
// finger, and 0 (none) in the challenge's and the start's datagrams; a
// registered player's reads as its figure.
func TestUnregisteredHaveNoRating(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Erin", "erinpw")
	e, g := u.login(t, "Erin", "erinpw"), u.login(t, "gus", "")
	g.send("seek 5 0")
	e.waitFor("gus (++++) seeking unrated Wild 16 (ICC) 5 0")
	g.send("unseek")
	e.send("match gus 5 0 u white")
	e.waitFor("Issuing: Erin (1500) gus (++++) ")
	g.waitFor("\x19(29 Erin 1500 gus 0 ")
	g.waitFor("Challenge: Erin (1500) gus (++++) ")
	g.send("accept")
	for _, r := range []*raw{e, g} {
		r.waitFor("\x19(15 1 Erin gus 16 Wild 0 5 0 5 0 1 {} 1500 0 ")
		r.waitFor("Creating: Erin (1500) gus (++++) unrated")
	}
}

// TestPasswordChange: a registered player changes its password with
// "password OLD NEW"; the next login takes the new one and not the old. A
// wrong old password, a new one that cannot be set, a bad form and an
// unregistered name are refused in words, and change nothing.
func TestPasswordChange(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "Erin", "erinpw")
	e := u.login(t, "Erin", "erinpw")
	for _, c := range []struct{ line, want string }{
		{"password wrong newpass", "Your password is unchanged: the old password given is not yours."},
		{"password erinpw ab", "Your password is unchanged: "},
		{"password erinpw", "Usage: password OLD NEW"},
		{"password erinpw new\x01pass", "control or invisible characters"},
	} {
		e.send(c.line)
		e.waitFor(c.want)
	}
	g := u.login(t, "gus", "")
	g.send("password a bbbbbb")
	g.waitFor("Only an account has a password: register PASSWORD makes your name one.")
	e.send("password erinpw erin-new")
	e.waitFor("Your password is changed. Log in with it next time.")
	e.send("quit")
	u.login(t, "Erin", "erin-new")
	old := u.dial(t)
	old.send("level1=5", "level2settings="+strings.Repeat("1", 100), "Erin erinpw")
	old.waitFor("Invalid password.")
}

// TestPasswordChangeGuessesLimited: wrong old passwords given to
// "password OLD NEW" count as a login's wrong passwords do: after the free
// ones the next is refused unchecked, the right one too, and the password
// stays as it was.
func TestPasswordChangeGuessesLimited(t *testing.T) {
	u := startUmpire(t, server.Config{Lobby: 1000})
	addAccount(t, u, "Erin", "erinpw")
	e := u.login(t, "Erin", "erinpw")
	for i := range 3 {
		e.send(fmt.Sprintf("password guess%d erin-new", i))
		e.waitFor("the old password given is not yours.")
	}
	e.send("password erinpw erin-new")
	e.waitFor("Your password is unchanged. Too many wrong passwords for Erin or from your address: try again in ")
	e.neverHeard("Your password is changed", "a password was changed while its guesses waited")
	if a, err := u.store.Account(context.Background(), "Erin"); err != nil || bcrypt.CompareHashAndPassword([]byte(a.Hash), []byte("erinpw")) != nil {
		t.Fatalf("Erin's password after the refused change: %v; want erinpw still", err)
	}
}
