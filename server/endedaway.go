package server

import (
	"os"
	"slices"
	"strings"
	"time"

	"github.com/krieg/krieg/net/icc/dg"
)

// A player whose connection ended during a game and who did not return
// within the grace period (or whose opponent ended it meanwhile) was told
// nothing of the end: logging in later, the client still followed a game
// the server no longer held, and its moves were answered "You are not
// playing a game." So the end is kept for the player's next login, and
// said then, before the login's end, where a client looks for a game it
// held.

// awayEnd is a game's end as its players are told it, and, for one who
// was away, who they are.
type awayEnd struct {
	number                     int
	code, score, reason, words string
	name, token                string // the player as seated, and an unregistered one's reconnect token
	id                         string // the game's record, sent after the end (sendAwayRecord)
}

// endedAwayCap bounds the ends kept: a crowd of games abandoned and never
// returned to is forgotten at once rather than grown without bound.
const endedAwayCap = 10000

// endsPerName bounds the ends kept under one name: an unregistered name
// is free once its player is away, and a stranger taking it and leaving a
// game of their own keeps their end beside the player's, not over it.
const endsPerName = 4

// noteEndedAway keeps the end e for its player's next login (under s.mu).
func (s *Server) noteEndedAway(e awayEnd) {
	if s.endedAway == nil || len(s.endedAway) >= endedAwayCap {
		s.endedAway = map[string][]awayEnd{}
	}
	key := strings.ToLower(e.name)
	kept := s.endedAway[key]
	if len(kept) >= endsPerName {
		kept = kept[1:]
	}
	s.endedAway[key] = append(kept, e)
}

// endedAwayFor returns the end kept under name for the one who holds
// token ("" for a registered player, proved by the password), and its
// place among the name's ends; ok is false when none is theirs.
func (s *Server) endedAwayFor(name, token string) (e awayEnd, at int, ok bool) {
	for i, k := range s.endedAway[strings.ToLower(name)] {
		if k.token == "" && token == "" || k.token != "" && tokensEqual(k.token, token) {
			return k, i, true
		}
	}
	return awayEnd{}, 0, false
}

// tellEndedAway sends c (just logged in as name, with no game to take
// back) the end of the game it was away for, if one is kept and, for an
// unregistered player, c came back with their token (under s.mu).
func (c *conn) tellEndedAway(name string) {
	token := c.token
	if c.registered {
		token = ""
	}
	e, at, ok := c.s.endedAwayFor(name, token)
	if !ok {
		// An unregistered player's end is theirs alone: whoever takes the
		// free name without their token hears nothing of it, and it stays
		// for them (a tester took a dropped player's name and its result).
		return
	}
	key := strings.ToLower(name)
	if kept := slices.Delete(c.s.endedAway[key], at, at+1); len(kept) > 0 {
		c.s.endedAway[key] = kept
	} else {
		delete(c.s.endedAway, key)
	}
	c.send(e.said(c, " (while you were away)"))
	if e.id != "" && c.dgs[dg.GameRecord] {
		// Close waits for it, as for the connection that holds its count
		// meanwhile, so that it never reads a store already closed.
		c.s.wg.Go(c.s.safely("sending the record of a game ended away", func() { c.sendAwayRecord(e) }))
	}
}

// sendAwayRecord sends c the record of the game e ended, as its players
// were sent it at the end (sendRecord), read from the store outside the
// server's lock: a player away when their game ended keeps its record
// too (a tester's console saved none).
func (c *conn) sendAwayRecord(e awayEnd) {
	// A game that ended a moment ago may not be in the index yet (it is
	// written a little after the record): it is looked for a few times.
	for range awayRecordLooks {
		if c.sendAwayRecordOnce(e) {
			return
		}
		select {
		case <-time.After(awayRecordWait):
		case <-c.s.quit:
			return
		}
	}
}

// awayRecordLooks and awayRecordWait bound sendAwayRecord's looks for a
// game's record in the index: longer than the index takes.
const (
	awayRecordLooks = 10
	awayRecordWait  = 300 * time.Millisecond
)

// sendAwayRecordOnce is one of sendAwayRecord's looks; it reports whether
// it is done (sent, or failed for good).
func (c *conn) sendAwayRecordOnce(e awayEnd) bool {
	ctx, cancel := c.s.ctx()
	defer cancel()
	games, err := c.s.cfg.Store.Games(ctx, e.name, 20)
	if err != nil {
		c.s.log.Error("kriegd: the record of a game ended away: the store", "game", e.id, "err", err)
		return true
	}
	for _, g := range games {
		if g.ID != e.id {
			continue
		}
		b, err := os.ReadFile(g.Path)
		if err != nil {
			c.s.log.Error("kriegd: the record of a game ended away", "game", e.id, "err", err)
			return true
		}
		c.s.locked(func() error {
			if !c.closed {
				c.send(c.dg(dg.GameRecord, e.number, string(b)))
			}
			return nil
		})
		return true
	}
	return false
}

// said is the end as c is told it: datagram 16 (if c asked for datagrams)
// and the result line, with after at its end.
func (e awayEnd) said(c *conn, after string) string {
	return c.dg(dg.GameResult, e.number, 0, e.code, e.score, e.reason, "A00") + "\r\n" + e.words + after + "\r\n"
}
