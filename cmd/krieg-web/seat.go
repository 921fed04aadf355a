package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/krieg/krieg/cmd/internal/kept"
	"github.com/krieg/krieg/net/icc"
)

// A guest's seat outlives the page: kriegd keeps an unregistered player's
// game through its grace period for whoever logs in with the name and the
// reconnect token, so the page keeps both in the browser's storage while
// a game is on, and a page opened again takes the seat back.

// keeper is the browser's storage as the seat and the game against the
// computer use it: the page's localStorage, or a map in tests.
type keeper = kept.Store

// seatKey is the storage item of the remembered seat.
const seatKey = "krieg/seat"

// seat is an unregistered player's place on one server.
type seat struct {
	Server string `json:"server"`
	Name   string `json:"name"`
	Token  string `json:"token"`
}

// rememberedSeat returns the seat kept for server, if there is one.
func rememberedSeat(k keeper, server string) (seat, bool) {
	v, ok := k.Get(seatKey)
	if !ok {
		return seat{}, false
	}
	var s seat
	if json.Unmarshal([]byte(v), &s) != nil || s.Server != server || s.Name == "" || s.Token == "" {
		return seat{}, false
	}
	return s, true
}

// holder is what the seat needs of the ICC driver.
type holder interface {
	Handle() string
	Token() string
}

// keepSeat wraps the follower's tell: a game's start keeps c's name and
// token for server (a registered player has no token and needs none), its
// end forgets them.
func keepSeat(k keeper, server string, c holder, tell func(kind, text string)) func(kind, text string) {
	return func(kind, text string) {
		switch kind {
		case "started":
			if s := (seat{Server: server, Name: c.Handle(), Token: c.Token()}); s.Name != "" && s.Token != "" {
				if b, err := json.Marshal(s); err == nil {
					// A browser that keeps nothing only loses the resume.
					_ = k.Set(seatKey, string(b))
				}
			}
		case "ended":
			k.Remove(seatKey)
		}
		tell(kind, text)
	}
}

// connect logs in with opt; with resume, as the seat kept for server. A
// refused login is told in the server's words; a refused seat is
// forgotten, so that the door offers it no more.
func connect(ctx context.Context, opt icc.Options, k keeper, server string, resume bool) (*icc.Client, error) {
	var s seat
	if resume {
		var ok bool
		if s, ok = rememberedSeat(k, server); !ok {
			return nil, fmt.Errorf("there is no game to resume: sign in or play as a guest")
		}
		opt.User, opt.Password, opt.Token = s.Name, "", s.Token
	}
	c, err := icc.New(opt)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := c.Connect(ctx); err != nil {
		c.Close()
		var refused *icc.LoginError
		if resume && errors.As(err, &refused) {
			// The server keeps the seat no more (the game ended and the
			// name went, or the token is not its own): a connection that
			// failed keeps the seat for another try.
			k.Remove(seatKey)
			return nil, fmt.Errorf("your game as %s cannot be resumed: the server no longer keeps its seat", s.Name)
		}
		return nil, fmt.Errorf("%s", icc.Reason(err))
	}
	if resume && !c.Playing() {
		// The game ended while the page was closed.
		k.Remove(seatKey)
	}
	return c, nil
}
