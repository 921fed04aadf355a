package server

import (
	"bufio"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"github.com/krieg/krieg/server/store"
)

// namePattern is what a handle may look like.
var namePattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{1,15}$`)

// Login failure codes of datagram 69 (docs/protocols.md).
const (
	loginPassword = 5  // registered name: send the password
	loginBad      = 11 // invalid password
	loginTwice    = 14 // already logged in
	loginName     = 20 // not a valid name (kriegd's own code)
)

// login runs the login dialogue: level1= and level2settings= lines, then a
// name (or "guest"), then the password for a registered name. Any bytes get
// an answer: a line with no name in it is asked again, like a bad name.
// The store and bcrypt are called outside the server's lock, so a slow
// password check never holds up other users.
func (c *conn) login(rd *bufio.Reader) error {
	c.s.locked(func() error {
		c.send("\x19[0 $server$\r\nWelcome to kriegd, a Kriegspiel umpire.\r\n\x19]")
		c.send("login: ")
		return nil
	})
	for {
		line, err := readLine(rd)
		if err != nil {
			return err
		}
		cmd, err := ParseCommand(line)
		switch {
		case errors.Is(err, errEmpty):
			continue
		case cmd.Verb == "level1":
			c.s.locked(func() error { c.level1 = strings.TrimSpace(cmd.Rest) != "0"; return nil })
			continue
		case cmd.Verb == "level2settings":
			c.s.locked(func() error { c.setLevel2(cmd.Rest); return nil })
			continue
		}
		done, err := c.loginName(strings.Fields(clean(textOf(line))), rd)
		if done || err != nil {
			return err
		}
	}
}

// loginName takes the login line's words (a name, maybe a password); done
// once logged in.
func (c *conn) loginName(fields []string, rd *bufio.Reader) (bool, error) {
	if len(fields) > 0 && (strings.EqualFold(fields[0], "guest") || strings.EqualFold(fields[0], "g")) {
		return true, c.s.locked(func() error {
			c.s.nextGuest++
			for c.s.user(fmt.Sprintf("guest%d", c.s.nextGuest)) != nil {
				c.s.nextGuest++
			}
			return c.enter(fmt.Sprintf("guest%d", c.s.nextGuest), false)
		})
	}
	if len(fields) == 0 || ValidName(fields[0]) != nil {
		c.s.locked(func() error {
			c.send(c.dg(dgLoginFailed, loginName, "Names are 2 to 16 letters, digits, - or _, starting with a letter (guest names are assigned).") + "\r\nlogin: ")
			return nil
		})
		return false, nil
	}
	name := fields[0]
	ctx, cancel := c.s.ctx()
	acct, err := c.s.cfg.Store.Account(ctx, name)
	cancel()
	if errors.Is(err, store.ErrNotFound) {
		return true, c.s.locked(func() error { return c.enterOnce(name, false) })
	}
	if err != nil {
		c.s.cfg.Logf("kriegd: login of %s: %v", name, err)
		return false, errors.New("the account database is not answering; try again later")
	}
	password := ""
	if len(fields) > 1 {
		password = fields[1]
	} else {
		c.s.locked(func() error {
			c.send(c.dg(dgLoginFailed, loginPassword, "registered name, password please") + "\r\npassword: ")
			return nil
		})
		pw, err := readLine(rd)
		if err != nil {
			return false, err
		}
		password = strings.TrimSpace(pw)
	}
	if bcrypt.CompareHashAndPassword([]byte(acct.Hash), []byte(password)) != nil {
		c.s.locked(func() error {
			c.send(c.dg(dgLoginFailed, loginBad, "Invalid password.") + "\r\nInvalid password.\r\n")
			return nil
		})
		c.s.cfg.Logf("kriegd: refused password for %s from %s", acct.Name, c.nc.RemoteAddr())
		return false, errQuit
	}
	return true, c.s.locked(func() error { return c.enterOnce(acct.Name, true) })
}

// enterOnce logs c in as name (under s.mu) unless someone already is.
func (c *conn) enterOnce(name string, registered bool) error {
	if c.s.user(name) != nil {
		c.send(c.dg(dgLoginFailed, loginTwice, name+" is already logged in.") + "\r\n")
		return errQuit
	}
	return c.enter(name, registered)
}

// setLevel2 reads "level2settings=0110...": character i turns datagram i on.
func (c *conn) setLevel2(bits string) {
	for i := range c.dgs {
		c.dgs[i] = i < len(bits) && bits[i] == '1'
	}
}

// enter finishes the login as name (under s.mu): datagram 0, a returning
// player's game resumes.
func (c *conn) enter(name string, registered bool) error {
	c.name, c.registered = name, registered
	c.s.users[strings.ToLower(name)] = c
	if d := c.dg(dgWhoAmI, name, ""); d != "" {
		c.send(d)
	}
	c.send(fmt.Sprintf("\r\n**** Starting session as %s ****\r\n", name))
	c.s.cfg.Logf("kriegd: %s logged in from %s", name, c.nc.RemoteAddr())
	for _, g := range c.s.games {
		if g.rejoin(c) {
			break
		}
	}
	return nil
}

// HashPassword hashes a password for the store (bcrypt, cost 10).
func HashPassword(password string) (string, error) {
	if len(password) < 4 {
		return "", errors.New("a password needs at least 4 characters")
	}
	h, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
	if err != nil {
		return "", fmt.Errorf("hashing the password: %w", err)
	}
	return string(h), nil
}

// ValidName reports why name cannot be a registered handle, or nil.
func ValidName(name string) error {
	if !namePattern.MatchString(name) || strings.HasPrefix(strings.ToLower(name), "guest") {
		return fmt.Errorf("%q is not a valid name: 2 to 16 letters, digits, - or _, starting with a letter, not starting with guest", name)
	}
	return nil
}
