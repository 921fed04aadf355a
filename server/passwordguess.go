package server

import (
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/krieg/krieg/server/store"
)

// guessHeld says why a password guess was not checked: the limits on
// guessing (docs/kriegd.md, "Passwords") held it for wait.
type guessHeld struct {
	wait time.Duration
	// wrong is true when the account's or the address's wrong guesses held
	// it, and elsewhere when those came from other addresses than the
	// guesser's; otherwise a rate held it, limit naming it for the metrics
	// and why saying it in words.
	wrong, elsewhere bool
	limit, why       string
}

// guessPassword checks password against acct's within the limits on
// guessing, the same for a login and for a change of password: the wrong
// guesses per account and per address, the address's rate of checks and the
// hashing pool, in that order, so that bcrypt runs only for a guess they
// let through. A wrong guess is counted and logged; a held one is neither
// right nor wrong.
func (c *conn) guessPassword(acct store.Account, password string) (ok bool, held *guessHeld) {
	name := strings.ToLower(acct.Name)
	keys := c.s.guesses.guessKeys(c.s.clock.Now(), name, c.addr)
	if wait, elsewhere := c.s.guesses.begin(c.s.clock.Now(), keys); wait > 0 {
		c.s.metrics.limited("password")
		return false, &guessHeld{wait: wait, wrong: true, elsewhere: elsewhere}
	}
	// Only now, within the guess limits, is a remembered login consulted:
	// otherwise a guesser held by them could go on trying against it.
	if c.s.verified.known(c.s.clock.Now(), acct.Name, acct.Hash, password) {
		c.s.guesses.succeeded(c.s.clock.Now(), name, c.addr, keys)
		return true, nil
	}
	if wait := c.s.guesses.takeCheck(c.s.clock.Now(), c.addr); wait > 0 {
		c.s.guesses.uncount(keys) // not checked: neither right nor wrong
		return false, &guessHeld{wait: wait, limit: "password_checks", why: "Too many password checks from your address"}
	}
	if !c.s.hashing.acquireGuess(c.addr) {
		c.s.guesses.uncount(keys)
		return false, &guessHeld{wait: maxGuessPause, limit: "password_queue", why: "Too many passwords from addresses that guessed wrong lately are waiting to be checked"}
	}
	ok, raw := matchPassword(c.s.cfg.Passwords, acct.Hash, password)
	c.s.hashing.release(c.addr, ok)
	if !ok {
		c.s.logAddr(c.addr, slog.LevelWarn, "kriegd: a wrong password", "name", acct.Name, "from", c.addr)
		return false, nil
	}
	if raw {
		c.rehashPassword(acct, password)
	}
	c.s.guesses.succeeded(c.s.clock.Now(), name, c.addr, keys)
	c.s.verified.remember(c.s.clock.Now(), acct.Name, acct.Hash, password)
	return true, nil
}

// waitSeconds is a wait in whole seconds, rounded up, as the user is told it.
func waitSeconds(wait time.Duration) int {
	return int((wait + time.Second - 1) / time.Second)
}

// words says in a sentence why a guess for the account named was held.
func (h *guessHeld) words(name string) string {
	switch {
	case h.wrong && h.elsewhere:
		return fmt.Sprintf("Too many wrong passwords for %s from other addresses: an address it has not logged in from lately waits %d s (one it has logged in from does not).", name, waitSeconds(h.wait))
	case h.wrong:
		return fmt.Sprintf("Too many wrong passwords for %s or from your address: try again in %d s.", name, waitSeconds(h.wait))
	}
	return fmt.Sprintf("%s: try again in %d s.", h.why, waitSeconds(h.wait))
}
