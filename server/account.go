package server

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
)

// unlockedCommands are the commands that call the store or hash a password:
// they run outside the server's lock and take it only to read or change
// the server's state, so that a slow disk or database stalls their user
// alone.
var unlockedCommands = map[string]func(c *conn, cmd Command) error{
	"history":  (*conn).history,
	"finger":   (*conn).finger,
	"register": (*conn).register,
	"password": (*conn).changePassword,
}

// allowed takes a token for a command that runs outside the lock: a
// listing's (finger, history) when listing, else a lobby command's
// (register, which hashes a password).
func (c *conn) allowed(listing bool) bool {
	ok := false
	c.s.locked(func() error {
		if listing {
			ok = c.allowListing(c.s.clock.Now())
		} else {
			ok = c.allowLobby(c.s.clock.Now())
		}
		c.armIdle()
		return nil
	})
	return ok
}

// reply sends lines of text as one unit, taking the lock.
func (c *conn) reply(cmd int, lines ...string) {
	c.s.locked(func() error {
		c.sendText(cmd, lines...)
		return nil
	})
}

// subject is whom "history" or "finger" asks about: the name given, or the
// user's own; ok is false when the listings' limit refuses the command.
func (c *conn) subject(cmd Command) (name string, ok bool) {
	if !c.allowed(true) {
		return "", false
	}
	if len(cmd.Args) > 0 {
		return cmd.Args[0], true
	}
	return c.name, true
}

// history lists a player's last games.
func (c *conn) history(cmd Command) error {
	name, ok := c.subject(cmd)
	if !ok {
		return nil
	}
	ctx, cancel := c.s.ctx()
	defer cancel()
	games, err := c.s.cfg.Store.Games(ctx, name, 10)
	if err != nil {
		c.s.log.Error("kriegd: history: the store", "err", err)
		c.reply(cmdOther, sentence(c.s.storeTrouble("game index", err)))
		return nil
	}
	if len(games) == 0 && !namePattern.MatchString(name) && !guestPattern.MatchString(name) {
		c.reply(cmdOther, fmt.Sprintf("There is no player called %s: a name is a letter, then letters, digits, - or _.", truncate(name, 20)))
		return nil
	}
	if len(games) == 0 {
		c.reply(cmdOther, fmt.Sprintf("History of %s: no games on record.", truncate(name, 20)))
		return nil
	}
	lines := []string{fmt.Sprintf("History of %s (%d %s shown):", truncate(name, 20), len(games), plural(len(games), "game", "games"))}
	for _, g := range games {
		lines = append(lines, fmt.Sprintf("%s  %s vs. %s  %s %s (%s, %d %s) %s", g.Ended.Format("2006-01-02 15:04"), g.White, g.Black, g.Result, g.Reason, g.Rules, g.Plies, plural(g.Plies, "ply", "plies"), g.ID))
	}
	c.reply(cmdOther, lines...)
	return nil
}

// finger shows a player's account and rating.
func (c *conn) finger(cmd Command) error {
	name, ok := c.subject(cmd)
	if !ok {
		return nil
	}
	ctx, cancel := c.s.ctx()
	defer cancel()
	a, err := c.s.cfg.Store.Account(ctx, name)
	c.s.locked(func() error {
		online := c.s.user(name)
		switch {
		case errors.Is(err, store.ErrNotFound) && online == nil:
			c.sendText(cmdOther, fmt.Sprintf("There is no player called %s.", truncate(name, 20)))
		case errors.Is(err, store.ErrNotFound):
			c.sendText(cmdOther, fmt.Sprintf("%s is an unregistered guest (rating ++++), logged in.", online.name))
		case err != nil:
			c.sendText(cmdOther, sentence(c.s.storeTrouble("account database", err)))
		default:
			state := map[bool]string{true: "logged in", false: "not logged in"}[online != nil]
			c.sendText(cmdOther, fmt.Sprintf("Finger of %s: registered %s, %s.", a.Name, a.Joined.Format("2006-01-02"), state),
				fmt.Sprintf("Kriegspiel rating %d (RD %d, volatility %.4f) over %d %s.", int(a.Rating.R), int(a.Rating.RD), a.Rating.Sigma, a.Games, plural(a.Games, "rated game", "rated games")))
		}
		return nil
	})
	return nil
}

// register makes c's name a registered account: "register PASSWORD".
func (c *conn) register(cmd Command) error {
	if !c.allowed(false) {
		return nil
	}
	var registered bool
	c.s.locked(func() error { registered = c.registered; return nil })
	switch {
	case len(cmd.Args) > 1:
		c.reply(cmdOther, "Usage: register PASSWORD (registers the name you are logged in with); "+strings.TrimPrefix(errSpacedPassword.Error(), "kriegd: "))
		return nil
	case len(cmd.Args) != 1:
		c.reply(cmdOther, "Usage: register PASSWORD (registers the name you are logged in with)")
		return nil
	case registered:
		c.reply(cmdOther, c.name+" is registered already: to register another name, log in with it.")
		return nil
	case ValidName(c.name) != nil:
		c.reply(cmdOther, "A guest name cannot be registered: log in with the name you want, leaving the password empty (krieg --connect HOST --user NAME, Enter at the password), then type register PASSWORD.")
		return nil
	}
	if err := ValidPassword(cmd.Args[0]); err != nil {
		c.reply(cmdOther, "Not registered: "+strings.TrimPrefix(err.Error(), "kriegd: ")) // before hashing, and before a registration is counted
		return nil
	}
	var wait time.Duration
	c.s.locked(func() error { wait = c.s.takeRegistration(c.addr); return nil })
	if wait > 0 {
		c.s.metrics.limited("registrations")
		c.reply(cmdOther, fmt.Sprintf("Too many registrations from your address: %d an hour on average. The next is allowed in %s.", c.s.cfg.Registrations, seconds(wait.Round(time.Second))))
		return nil
	}
	made := false
	defer func() {
		if !made {
			c.s.locked(func() error { c.s.giveRegistration(c.addr); return nil })
		}
	}()
	c.s.hashing.acquire(c.addr)
	hash, err := hashPassword(c.s.cfg.Passwords, cmd.Args[0])
	c.s.hashing.release(c.addr, true)
	if err != nil {
		c.reply(cmdOther, err.Error())
		return nil
	}
	ctx, cancel := c.s.ctx()
	defer cancel()
	if err := c.s.cfg.Store.AddAccount(ctx, c.name, hash); err != nil {
		if errors.Is(err, store.ErrExists) {
			c.reply(cmdOther, c.name+" is registered already.")
			return nil
		}
		c.s.log.Error("kriegd: register: the store", "name", c.name, "err", err)
		c.reply(cmdOther, sentence(c.s.storeTrouble("account database", err)))
		return nil
	}
	made = true
	c.s.locked(func() error {
		c.registered, c.rating, c.token = true, rating.Start, ""
		c.s.rosterChanged()
		c.sendText(cmdOther, c.name+" is now registered. Log in with your name and password next time.")
		return nil
	})
	return nil
}

// changePassword gives c's account a new password: "password OLD NEW".
// The old one is asked, so that nobody at a player's unattended screen can
// take the account, and is checked within the limits a login's password is
// (guessPassword).
func (c *conn) changePassword(cmd Command) error {
	if !c.allowed(false) {
		return nil
	}
	var registered bool
	c.s.locked(func() error { registered = c.registered; return nil })
	switch {
	case !registered:
		c.reply(cmdOther, "Only an account has a password: register PASSWORD makes your name one.")
		return nil
	case len(cmd.Args) != 2:
		c.reply(cmdOther, "Usage: password OLD NEW (changes your account's password; neither may hold spaces)")
		return nil
	}
	old, fresh := cmd.Args[0], cmd.Args[1]
	if err := ValidPassword(fresh); err != nil {
		c.reply(cmdOther, "Your password is unchanged: "+strings.TrimPrefix(err.Error(), "kriegd: "))
		return nil
	}
	ctx, cancel := c.s.ctx()
	defer cancel()
	acct, err := c.s.cfg.Store.Account(ctx, c.name)
	if err != nil {
		c.s.log.Error("kriegd: password: the store", "name", c.name, "err", err)
		c.reply(cmdOther, sentence(c.s.storeTrouble("account database", err)))
		return nil
	}
	// The old password is a guess at the account's, limited as a login's.
	ok, held := c.guessPassword(acct, old)
	switch {
	case held != nil:
		c.reply(cmdOther, "Your password is unchanged. "+held.words(acct.Name))
		return nil
	case !ok:
		c.reply(cmdOther, "Your password is unchanged: the old password given is not yours.")
		return nil
	case passwordForm(fresh) == passwordForm(old):
		// Told only once the old one is known right: it says nothing of it.
		c.reply(cmdOther, "Your password is unchanged: the new password given is the one you have.")
		return nil
	}
	c.s.hashing.acquire(c.addr)
	hash, err := hashPassword(c.s.cfg.Passwords, fresh)
	c.s.hashing.release(c.addr, true)
	if err != nil {
		c.s.log.Error("kriegd: password: hashing", "name", c.name, "err", err)
		c.reply(cmdOther, "Your password is unchanged: the server could not hash the new one. Try again later.")
		return nil
	}
	if err := c.s.cfg.Store.SetPassword(ctx, c.name, hash); err != nil {
		c.s.log.Error("kriegd: password: the store", "name", c.name, "err", err)
		c.reply(cmdOther, sentence(c.s.storeTrouble("account database", err)))
		return nil
	}
	c.reply(cmdOther, "Your password is changed. Log in with it next time.")
	return nil
}

// takeRegistration takes one of addr's registrations for the hour (under
// s.mu); when it has none left, it returns how long until the next, else
// 0.
func (s *Server) takeRegistration(addr string) time.Duration {
	now := s.clock.Now()
	n := float64(s.cfg.Registrations)
	b := addrBucket(s.regsAddr, addr, now, n/3600, n)
	if b.take(now, n/3600, n) {
		return 0
	}
	return max(time.Second, time.Duration((1-b.tokens)/(n/3600)*float64(time.Second)))
}

// giveRegistration gives back a registration that made no account (under s.mu).
func (s *Server) giveRegistration(addr string) {
	if b := s.regsAddr[addr]; b != nil {
		b.tokens = min(b.tokens+1, float64(s.cfg.Registrations))
	}
}
