package server_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// gatedPasswords is bcrypt whose checks each wait for a token from gate,
// and tell checked the password, in the order they run.
type gatedPasswords struct {
	server.BcryptPasswords
	gate    chan struct{}
	checked chan string
}

func (p gatedPasswords) Check(hash, password string) bool {
	<-p.gate
	p.checked <- password
	return p.BcryptPasswords.Check(hash, password)
}

// TestFreshLoginCheckedBeforeQueuedGuesses: with wrong guesses from
// addresses that have guessed wrong before queued behind the running
// checks, as many as may wait, one more guess is refused at once, and a
// right login from an address that has not guessed is checked next, not
// after them.
func TestFreshLoginCheckedBeforeQueuedGuesses(t *testing.T) {
	pw := gatedPasswords{server.BcryptPasswords{Cost: 4}, make(chan struct{}, 100), make(chan string, 100)}
	u := startUmpire(t, server.Config{Passwords: pw})
	t.Cleanup(func() { close(pw.gate) }) // no check is left waiting when the server closes
	addAccount(t, u, "target", "rightpw")
	addAccount(t, u, "honest", "honestpw")
	// As many guesses as may wait beside those running, from addresses
	// each with two guesses left (an address's third guess at one
	// account is its last free one), and one guess more.
	running := server.Hashers()
	queued := running + server.GuessesWaiting()
	addrs := queued/2 + 1
	guesser := func(a int) string { return fmt.Sprintf("127.0.30.%d", a+1) }
	// Each guessing address has one wrong password checked, with the
	// gate open.
	for a := range addrs {
		pw.gate <- struct{}{}
		r := u.dialFrom(t, guesser(a))
		r.send(fmt.Sprintf("target wrong%d", a))
		r.waitFor("Invalid password.")
		<-pw.checked
	}
	// With the gate shut, their next guesses queue behind those running.
	for i := range queued {
		r := u.dialFrom(t, guesser(i%addrs))
		r.send(fmt.Sprintf("target again%d", i))
	}
	waitUntil(t, func() bool { return u.srv.WaitingChecks() == queued-running })
	// One more is refused at once, not queued.
	extra := u.dialFrom(t, guesser(addrs-1))
	extra.send("target onemore")
	extra.waitFor("Too many passwords from addresses that guessed wrong lately are waiting to be checked: try again in 5 s.")
	h := u.dialFrom(t, "127.0.31.1")
	h.send("honest honestpw")
	waitUntil(t, func() bool { return u.srv.WaitingChecks() == queued-running+1 })
	var order []string
	for range queued + 1 {
		pw.gate <- struct{}{}
		order = append(order, <-pw.checked)
	}
	h.waitFor("**** Starting session as honest")
	for i, p := range order {
		if p == "honestpw" {
			if i > running {
				t.Fatalf("checks ran in the order %v: the fresh address's came after %d queued guesses (%d were running)", order, i-running, running)
			}
			return
		}
	}
	t.Fatalf("the fresh address's password was never checked: %v", order)
}

// waitUntil polls cond for 10 s at most.
func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("waited 10 s in vain")
		}
	}
}
