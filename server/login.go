package server

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/krieg/krieg/net/icc/dg"
	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
)

// namePattern is what a handle may look like.
var namePattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{1,15}$`)

// guestPattern is a guest name the server assigns.
var guestPattern = regexp.MustCompile(`^(?i)guest[0-9]{1,12}$`)

// login runs the login dialogue: level1= and level2settings= lines, then a
// name (or "guest"), then the password for a registered name. Any bytes get
// an answer: a line with no name in it is asked again, like a bad name.
// The store and bcrypt are called outside the server's lock, so a slow
// password check never holds up other users.
func (c *conn) login(rd *lines) error {
	c.s.locked(func() error {
		// Plain text: nobody has asked for level-1 units yet, and a
		// telnet user would read the unit's header as garbage.
		c.send("Welcome to kriegd, a Kriegspiel umpire.\r\n")
		if c.overflow {
			c.send(errFull.Error() + ".\r\n")
		}
		c.send("login: ")
		return nil
	})
	reprompted := false
	for {
		line, err := rd.next()
		if err != nil {
			return err
		}
		if httpRequest.MatchString(line) {
			c.s.locked(func() error { c.send(notHTTP); return nil })
			return errQuit
		}
		if err := c.throttle(); err != nil {
			return err
		}
		if err := c.backpressure(); err != nil {
			return err
		}
		cmd, err := ParseCommand(line)
		switch {
		case errors.Is(err, errEmpty):
			if !reprompted { // once for a run of empty lines, as a terminal's Enter
				reprompted = true
				c.s.locked(func() error { c.send("login: "); return nil })
			}
			continue
		case cmd.Verb == "level1":
			c.s.locked(func() error { c.level1 = strings.TrimSpace(cmd.Rest) != "0"; return nil })
			continue
		case cmd.Verb == "level2settings":
			c.s.locked(func() error {
				if why := c.setLevel2(cmd.Rest); why != "" {
					c.send(why + "\r\nlogin: ")
				}
				return nil
			})
			continue
		case cmd.Verb == "quit": // leaving before logging in
			c.s.locked(func() error { c.send("Goodbye.\n"); return nil })
			return errQuit
		}
		if hasControl(firstWord(textOf(line))) {
			// Dropping them would log the user in under a name not typed.
			c.s.locked(func() error { c.askAgain(dg.LoginName, controlRefusal); return nil })
			reprompted = true
			continue
		}
		done, err := c.loginName(strings.Fields(clean(textOf(line))), rd)
		if done || err != nil {
			return err
		}
		// A refused name was just asked again: an empty line after it (a
		// password typed for a name not taken) does not ask a second time.
		reprompted = true
	}
}

// httpRequest is an HTTP request line: a web page can make a browser send
// one to any port, and the header lines after it must not run as commands.
var httpRequest = regexp.MustCompile(`^(GET|HEAD|POST|PUT|DELETE|OPTIONS|PATCH|CONNECT|TRACE) \S+ HTTP/\d`)

// notHTTP answers an HTTP request on the game port before closing it.
const notHTTP = "HTTP/1.0 400 Bad Request\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n" +
	"kriegd: this is the game port, which speaks the ICC text protocol, not HTTP; the page is on kriegd's --http port.\r\n"

// loginName takes the login line's words (a name, then maybe a password or
// a reconnect token); done once logged in.
func (c *conn) loginName(fields []string, rd *lines) (bool, error) {
	if len(fields) > 1 {
		if done, err := c.reclaim(fields[0], fields[1]); done {
			return true, err
		}
	}
	if len(fields) > 0 && (strings.EqualFold(fields[0], "guest") || strings.EqualFold(fields[0], "g")) {
		return true, c.s.locked(func() error {
			if err := c.fullLogin(); err != nil {
				return err
			}
			c.s.nextGuest++
			for c.s.user(fmt.Sprintf("guest%d", c.s.nextGuest)) != nil || c.s.seatOf(fmt.Sprintf("guest%d", c.s.nextGuest)) != nil {
				c.s.nextGuest++
			}
			return c.enter(fmt.Sprintf("guest%d", c.s.nextGuest), false, rating.Start)
		})
	}
	if len(fields) > 1 && guestPattern.MatchString(fields[0]) {
		// A guest name with a token that is not its own (reclaim): the same
		// words whether or not the name is in use, so that they tell no
		// more than "who" does.
		c.s.locked(func() error {
			c.askAgain(dg.LoginName, fmt.Sprintf("That is not a valid reconnect token for %s: a guest name is taken back only with the token it was given (\"%s TOKEN\"), while the server keeps it. Log in as \"guest\" for a new guest name.", fields[0], fields[0]))
			return nil
		})
		return false, nil
	}
	if len(fields) > 0 && isCommandWord(fields[0]) {
		c.s.locked(func() error {
			c.askAgain(dg.LoginName, fmt.Sprintf("Log in first: %q is a command or a move. Type a name (\"guest\" for a guest name), then commands.", truncate(fields[0], 40)))
			return nil
		})
		return false, nil
	}
	// An account made before names that read as moves were refused keeps
	// its name: only a new name is refused for it.
	kept := len(fields) > 0 && moveName.MatchString(fields[0]) && c.hasAccount(fields[0])
	if len(fields) > 0 && moveName.MatchString(fields[0]) && !kept {
		c.s.locked(func() error { c.askAgain(dg.LoginName, moveNameRefusal(fields[0])); return nil })
		return false, nil
	}
	if len(fields) == 0 || !kept && ValidName(fields[0]) != nil {
		c.s.locked(func() error {
			c.askAgain(dg.LoginName, nameChars+", and not a command or a move (guest names are assigned).")
			return nil
		})
		return false, nil
	}
	name := fields[0]
	ctx, cancel := c.s.ctx()
	acct, err := c.s.cfg.Store.Account(ctx, name)
	cancel()
	if errors.Is(err, store.ErrNotFound) {
		if reservedName(name) {
			c.s.locked(func() error {
				c.askAgain(dg.LoginName, fmt.Sprintf("%s is reserved: names that stand for the server or its staff (%s) are not given to guests or new accounts. Choose another name.", name, strings.Join(reservedNames, ", ")))
				return nil
			})
			return false, nil
		}
		word := ""
		if len(fields) > 1 {
			word = fields[1]
		}
		return c.enterUnregistered(name, word)
	}
	if err != nil {
		c.s.log.Error("kriegd: login: the store", "name", name, "err", err)
		return false, errors.New(c.s.storeTrouble("account database", err))
	}
	password := ""
	if len(fields) > 1 {
		password = fields[1]
	} else {
		c.s.locked(func() error {
			c.send(c.dg(dg.LoginFailed, dg.LoginPassword, "registered name, password please") + "\r\npassword: ")
			return nil
		})
		pw, err := rd.next()
		if err != nil {
			return false, err
		}
		// Read as a command line is (the one-line login and register are):
		// control characters taken out, so a password holds the same
		// characters whichever way it was given.
		password = strings.TrimSpace(clean(textOf(pw)))
	}
	if !c.checkPassword(acct, password) {
		return false, errBadPassword
	}
	return true, c.s.locked(func() error { return c.takeOver(acct.Name, true, acct.Rating) })
}

// checkPassword checks password against acct's hash, unless the account or
// the address has guessed wrong too often lately: then the user is told
// how long to wait, and bcrypt does not run at all.
func (c *conn) checkPassword(acct store.Account, password string) bool {
	if wait := c.s.guesses.takeLogin(c.s.clock.Now(), c.addr); wait > 0 {
		return c.tooMany(wait, "logins", "Too many logins with a password from your address")
	}
	ok, held := c.guessPassword(acct, password)
	switch {
	case held != nil && held.wrong:
		c.s.locked(func() error {
			c.send(c.dg(dg.LoginFailed, dg.LoginWait, fmt.Sprintf("Too many wrong passwords: wait %d s.", waitSeconds(held.wait))) + "\r\n" + held.words(acct.Name) + "\r\n")
			return nil
		})
		c.s.pause(min(held.wait, maxGuessPause))
		return false
	case held != nil:
		return c.tooMany(held.wait, held.limit, held.why)
	case !ok:
		c.s.locked(func() error {
			c.send(c.dg(dg.LoginFailed, dg.LoginBad, "Invalid password.") + "\r\nInvalid password.\r\n")
			return nil
		})
	}
	return ok
}

// tooMany tells c its login must wait (why, counted as limit), holds the
// connection for the wait (5 s at most) so that a loop runs no faster, and
// returns false.
func (c *conn) tooMany(wait time.Duration, limit, why string) bool {
	c.s.metrics.limited(limit)
	c.s.locked(func() error {
		c.send(c.dg(dg.LoginFailed, dg.LoginWait, fmt.Sprintf("Too many logins: wait %d s.", waitSeconds(wait))) +
			fmt.Sprintf("\r\n%s: try again in %d s.\r\n", why, waitSeconds(wait)))
		return nil
	})
	c.s.pause(min(wait, maxGuessPause))
	return false
}

// enterUnregistered logs c in as the unregistered name, unless its player
// is away from a game (that seat is theirs alone, reclaimed with the token
// by reclaim), a password came with it (word, not shaped as a token:
// noAccount), or someone is logged in as it: then the name is asked again,
// saying why. A token for a seat the server no longer keeps logs in as
// the name would without it.
func (c *conn) enterUnregistered(name, word string) (bool, error) {
	password := word != "" && !tokenShaped(word)
	refused := false
	err := c.s.locked(func() error {
		if st := c.s.seatOf(name); st != nil && st.c == nil {
			refused = true
			c.askAgain(dg.LoginHeld, fmt.Sprintf("%s is away from a game in progress: only that player's reconnect token (\"%s TOKEN\") takes the name until the game ends.", st.name, st.name))
			return nil
		}
		if live := c.s.user(name); word != "" && live != nil {
			// Not a password but a reconnect token that did not match
			// (reclaim took the one that did), in the same words whatever
			// its shape, so that they tell nothing of what a token is.
			refused = true
			c.askAgain(dg.LoginTwice, fmt.Sprintf("%s is in use: someone is logged in as %s unregistered, and what you gave is not %s's reconnect token. Choose another name, or log in as \"%s TOKEN\" with the token %s was given.", live.name, live.name, live.name, live.name, live.name))
			return nil
		}
		if password {
			refused = true
			c.noAccount(name)
			return nil
		}
		if err := c.fullLogin(); err != nil {
			return err
		}
		if live := c.s.user(name); live != nil {
			refused = true
			c.askAgain(dg.LoginTwice, fmt.Sprintf("%s is already logged in: choose another name (to take its place, log in as \"%s TOKEN\" with its reconnect token).", live.name, live.name))
			return nil
		}
		return c.enter(name, false, rating.Start)
	})
	return !refused, err
}

// noAccount refuses a password given for a name with no account (under
// s.mu): the player meant an account, and logging them in unregistered
// under it would hide the mistake.
func (c *conn) noAccount(name string) {
	c.askAgain(dg.LoginNoAccount, fmt.Sprintf("There is no account named %s. Leave the password empty to play as a guest or as %s unregistered, or register the name once logged in.", name, name))
}

// askAgain refuses the name just given (under s.mu): why goes in datagram
// 69 with code, or as a line of text to a client without datagrams, and
// the name is asked again. Every refused name is answered so, and the
// login goes on within the time allowed to log in.
func (c *conn) askAgain(code int, why string) {
	if d := c.dg(dg.LoginFailed, code, why); d != "" {
		c.send(d + "\r\nlogin: ")
	} else {
		c.send(why + "\r\nlogin: ")
	}
}

// tokenShaped reports whether word could be a reconnect token (newToken's
// 32 lowercase hex digits): a reconnect whose seat the server no longer
// keeps logs in under the name as before, where a password is refused.
func tokenShaped(word string) bool {
	if len(word) != 32 {
		return false
	}
	for _, r := range word {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}

// reclaim logs an unregistered player in again when token is the one they
// were given: the name, their seat in a game, and the place of a
// connection still logged in as them (takeOver); done is false (and
// nothing said) otherwise, and the login goes on as usual.
func (c *conn) reclaim(name, token string) (done bool, err error) {
	err = c.s.locked(func() error {
		var want string
		if live := c.s.user(name); live != nil {
			if !live.registered {
				name, want = live.name, live.token
			}
		} else if st := c.s.seatOf(name); st != nil && st.c == nil && !st.registered {
			name, want = st.name, st.token
		} else if e, _, ok := c.s.endedAwayFor(name, token); ok && e.token != "" {
			// An unregistered player (a guest too) back after its game
			// ended without it: the name is free, and the token shows it is
			// theirs; they take it back and are told the end (tellEndedAway).
			name, want = e.name, e.token
		}
		if want == "" || !tokensEqual(want, token) {
			return nil
		}
		done = true
		c.token = want
		return c.takeOver(name, false, rating.Start)
	})
	return done, err
}

// takeOver logs c in as name after a login that proved it is name's (the
// password, or the reconnect token), under s.mu: a connection still logged
// in as name (often one whose line died without a word, so that its
// socket looks open until it times out) is told and let go, and c takes
// its place and its seat in a game, with no grace period in between.
func (c *conn) takeOver(name string, registered bool, r rating.Rating) error {
	defer c.makeRoom()
	if old := c.s.user(name); old != nil {
		for _, g := range c.s.games {
			if st := g.player(old); st != nil {
				st.c = nil // the seat waits for c (enter gives it back)
				c.s.rosterChanged()
			}
		}
		old.sendText(cmdServer, "You logged in from elsewhere: this connection is closed.")
		tellClose(old.nc, closeNormal, "you logged in from elsewhere")
		c.s.gone(old)
		old.shut()
		// Its reader wakes and ends; its writer sends what is queued first.
		old.nc.SetReadDeadline(time.Now())
		c.s.logAddr(c.addr, slog.LevelInfo, "kriegd: logged in from elsewhere", "name", name, "from", c.addr, "was", old.addr)
	}
	return c.enter(name, registered, r)
}

// tokensEqual compares tokens in constant time.
func tokensEqual(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	var d byte
	for i := 0; i < len(a); i++ {
		d |= a[i] ^ b[i]
	}
	return d == 0
}

// seatOf returns the seat name holds in a game in progress, or nil (under s.mu).
func (s *Server) seatOf(name string) *seat {
	for _, g := range s.games {
		for _, st := range g.seats {
			if strings.EqualFold(st.name, name) {
				return st
			}
		}
	}
	return nil
}

// enter finishes the login as name (under s.mu): datagram 0, an
// unregistered player's reconnect token, a returning player's game resumes.
func (c *conn) enter(name string, registered bool, r rating.Rating) error {
	if c.s.closed {
		return errShutdown // a login that finished as the server closed
	}
	c.name, c.registered, c.rating = name, registered, r
	c.s.loggedIn(c)
	c.s.users[strings.ToLower(name)] = c
	c.s.rosterChanged()
	c.send(c.dg(dg.WhoAmI, name, ""))
	if !registered {
		if c.token == "" {
			c.token = newToken()
		}
		// A client that asked for datagram 200 keeps the token silently;
		// only a plain one (a person at telnet) is told it in words, since
		// a line of text ends up on a screen or in a log.
		if c.dgs[dg.ReconnectToken] {
			c.send(c.dg(dg.ReconnectToken, c.token))
		} else {
			c.send(fmt.Sprintf("\r\nYour reconnect token is %s: if your connection drops during a game, log in as \"%s %s\" to take your seat back.\r\n", c.token, name, c.token))
		}
	}
	c.send(fmt.Sprintf("\r\n**** Starting session as %s ****\r\n", name))
	c.s.logAddr(c.addr, slog.LevelInfo, "kriegd: logged in", "name", name, "from", c.addr, "registered", registered)
	rejoined := false
	for _, g := range c.s.games {
		if rejoined = g.rejoin(c); rejoined {
			break
		}
	}
	if !rejoined {
		c.tellEndedAway(name)
		c.send(c.s.firstSteps() + "\r\n")
	}
	c.armIdle()
	return nil
}

// firstSteps is the line a player who logs in with no game to rejoin is
// given: how to find or offer a game, with how many seeks are open, so that
// a newcomer at a bare prompt knows what to type (under s.mu).
func (s *Server) firstSteps() string {
	open := "No seek is open."
	if n := len(s.seeks); n > 0 {
		open = fmt.Sprintf(`%d %s open: "sought" lists them, "play N" takes one.`, n, plural(n, "seek is", "seeks are"))
	}
	return open + ` Type "seek" to post a game for anyone, "match NAME" to challenge a player, "who" to list the players, "help" for every command.`
}

// newToken returns a fresh reconnect token: 128 random bits in hex.
func newToken() string {
	b := make([]byte, 16)
	rand.Read(b) // crypto/rand.Read never fails (it panics on a broken system)
	return hex.EncodeToString(b)
}

// HashPassword hashes a password for the store (bcrypt, cost 10), in its
// NFC form as every password is.
func HashPassword(password string) (string, error) {
	return hashPassword(BcryptPasswords{Cost: bcrypt.DefaultCost}, password)
}

// reservedNames are the names that could pass for the server or its
// staff: no guest or new account takes one, in any case, so that nobody
// speaks as "admin" to a stranger. The operator may still make such an
// account (kriegd user add), and one made stays usable.
var reservedNames = []string{"admin", "administrator", "root", "kriegd", "server", "referee", "umpire", "system", "operator", "mod", "moderator"}

// reservedName reports whether name is one of reservedNames or dressed up
// as one (Admin_, root-, Server2, adm1n): in any case, with - and _ and
// trailing digits dropped and digits read as the letters they resemble.
func reservedName(name string) bool {
	bare := strings.TrimRight(strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(name)), "0123456789")
	return slices.Contains(reservedNames, lookalike.Replace(bare))
}

// lookalike reads the digits that pass for letters as those letters.
var lookalike = strings.NewReplacer("0", "o", "1", "i", "3", "e", "4", "a", "5", "s", "7", "t")

// hasAccount reports whether an account of that name is in the store (a
// store that does not answer counts as no: the name is then judged as a
// new one).
func (c *conn) hasAccount(name string) bool {
	ctx, cancel := c.s.ctx()
	defer cancel()
	_, err := c.s.cfg.Store.Account(ctx, name)
	return err == nil
}

// ValidName reports why name cannot be a handle, or nil: registered and
// unregistered names follow the same rule, 2 to 16 letters, digits, - or _
// starting with a letter, not a guest name, not a command word and not a
// chess move (a user called e2e4, Nf3 or who could not be told from the
// command or the move: see moveName).
func ValidName(name string) error {
	_, verb := verbs[strings.ToLower(name)]
	if !namePattern.MatchString(name) || strings.HasPrefix(strings.ToLower(name), "guest") || verb || movePattern.MatchString(name) || moveName.MatchString(name) {
		return fmt.Errorf("kriegd: %q is not a valid name: 2 to 16 letters, digits, - or _, starting with a letter, not guest..., a command or a chess move (e2e4, E2-E4, Nf3, O-O, e4)", name)
	}
	return nil
}
