package server

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/net/icc/dg"
)

// Seeks are kept by number (s.seeks) and by their issuer (conn.seeks), so
// that posting, taking and dropping one costs the same however many are
// open: a crowd of seekers cannot make each other's seeks slow.

// maxSeeks is how many seeks one user may have posted at once.
const maxSeeks = 3

// Seeks are announced to the lobby in batches: at most one unit per user
// every newsEvery, listing at most maxNews of the seeks posted since the
// last (and how many more), so that the work a flood of seeks makes for
// the server and for every reader is bounded by the number of users, not
// by the flood's rate.
const (
	newsEvery = time.Second
	maxNews   = 10
)

// news is the seeks posted since the last announcement (under s.mu).
type news struct {
	seeks []*seek // at most maxNews, oldest first
	more  int     // posted beyond them
	timer Timer   // the next announcement, or nil when none is due
}

// seekCmd posts an open offer: "seek [terms]".
func (s *Server) seekCmd(c *conn, args []string) {
	if s.playing(c) != nil {
		c.sendText(cmdOther, "You are playing a game.")
		return
	}
	t, err := parseTerms(args)
	if err != nil {
		c.sendText(cmdOther, err.Error())
		return
	}
	if t.rated && !c.registered {
		// As a challenge is: posted unrated, and the issuer told so.
		c.sendText(cmdOther, "Rated games are for registered players; this seek will be unrated.")
		t.rated = false
	}
	s.nextSeek++
	sk := &seek{number: s.nextSeek, from: c.name, issuer: c, terms: t}
	if len(c.seeks) >= maxSeeks {
		old := c.seeks[0]
		s.dropSeek(old)
		c.sendText(cmdOther, fmt.Sprintf("Your seek %d is withdrawn: at most %d of yours stand at once, the oldest going first.", old.number, maxSeeks))
	}
	s.seeks[sk.number] = sk
	c.seeks = append(c.seeks, sk)
	as := ""
	if t.color >= 0 {
		as = ", you playing " + game.Color(t.color).Title()
	}
	c.sendText(cmdOther, fmt.Sprintf("Your seek %d is posted: %s%s. Others join it with \"play %d\".", sk.number, t.describe(), as, sk.number))
	s.announce(sk)
}

// announce adds sk to the next announcement, arming it when none is due.
func (s *Server) announce(sk *seek) {
	if len(s.news.seeks) < maxNews {
		s.news.seeks = append(s.news.seeks, sk)
	} else {
		s.news.more++
		s.metrics.limited("seek_unannounced")
	}
	if s.news.timer == nil {
		s.news.timer = s.clock.AfterFunc(newsEvery, s.safely("the lobby's news", func() {
			s.locked(func() error {
				s.tellNews()
				return nil
			})
		}))
	}
}

// tellNews sends every user the seeks posted since the last announcement
// that are still open, but their own (under s.mu). Each line is written
// once, and each unit once for all the users it is the same for, so that
// an announcement costs the lock little more than a queue slot per user.
func (s *Server) tellNews() {
	n := s.news
	s.news = news{}
	var open []*seek
	var lines []string
	for _, sk := range n.seeks {
		if s.seeks[sk.number] == sk {
			open = append(open, sk)
			taker := ""
			if sk.color >= 0 {
				// A seek taken starts at once, with no accept to read it.
				taker = ", you playing " + game.Color(sk.color).Other().Title() + " if you take it"
			}
			lines = append(lines, fmt.Sprintf("%s (%s) seeking %s%s (\"play %d\" to respond)", sk.from, ratingWord(sk.issuer.registered, sk.issuer.rating), sk.describe(), taker, sk.number))
		}
	}
	if n.more > 0 {
		lines = append(lines, fmt.Sprintf("(and %d more seeks posted in the last %s)", n.more, seconds(newsEvery)))
	}
	if len(lines) == 0 {
		return
	}
	// The units by level 1 or not, for everyone but the issuers listed.
	var units [2]string
	issuers := map[*conn]bool{}
	for _, sk := range open {
		issuers[sk.issuer] = true
	}
	for _, u := range s.users {
		mine := lines
		if issuers[u] {
			// Every one of u's own seeks is left out, not only the first.
			mine = nil
			for i, line := range lines {
				if i >= len(open) || open[i].issuer != u {
					mine = append(mine, line)
				}
			}
		}
		switch {
		case len(mine) == 0:
		case len(mine) < len(lines):
			u.lobbySend(u.textUnit(cmdOther, mine...))
		default:
			k := b(u.level1)
			if units[k] == "" {
				units[k] = u.textUnit(cmdOther, lines...)
			}
			u.lobbySend(units[k])
		}
	}
}

// dropSeek removes one seek (under s.mu).
func (s *Server) dropSeek(sk *seek) {
	delete(s.seeks, sk.number)
	c := sk.issuer
	for i, o := range c.seeks {
		if o == sk {
			c.seeks = append(c.seeks[:i:i], c.seeks[i+1:]...)
			break
		}
	}
}

// dropSeeks removes c's seeks (it starts a game or leaves); it returns how many.
func (s *Server) dropSeeks(c *conn) int {
	n := len(c.seeks)
	for _, sk := range c.seeks {
		delete(s.seeks, sk.number)
	}
	c.seeks = nil
	return n
}

// unseek removes c's seeks. It takes no number (ICC's "unseek N" removes
// one): a word after it is refused rather than read as "all of them".
func (s *Server) unseek(c *conn, args []string) {
	if len(args) > 0 {
		n := len(c.seeks)
		c.sendText(cmdOther, fmt.Sprintf("unseek takes nothing after it here: it removes all your seeks (you have %d %s). Type unseek alone.", n, plural(n, "seek", "seeks")))
		return
	}
	n := s.dropSeeks(c)
	c.sendText(cmdOther, fmt.Sprintf("%d %s removed.", n, plural(n, "seek", "seeks")))
}

// play takes a seek: "play NUMBER" or "play NAME".
func (s *Server) play(c *conn, args []string) {
	if len(args) != 1 {
		c.sendText(cmdOther, "Usage: play NUMBER (or NAME): take a seek")
		return
	}
	if s.playing(c) != nil {
		c.sendText(cmdOther, "You are playing a game.")
		return
	}
	var sk *seek
	if n, ok := plainInt(args[0]); ok {
		sk = s.seeks[n]
	} else if numberLike(args[0]) {
		c.sendText(cmdOther, fmt.Sprintf("%q is not a seek number: give it in digits, as the seek was announced, or the seeker's name.", truncate(args[0], 20)))
		return
	} else if u := s.user(args[0]); u != nil && len(u.seeks) > 0 {
		sk = u.seeks[0]
	}
	switch {
	case sk == nil || sk.issuer == c:
		c.sendText(cmdOther, "No such seek.")
	case sk.rated && !c.registered:
		c.sendText(cmdOther, "That seek is for a rated game: log in with a registered name.")
	default:
		s.begin(sk.issuer, c, sk.terms)
	}
}

// maxSought is how many seeks sought lists at most.
const maxSought = 50

// sought lists the open seeks, oldest first, the user's own marked, so that
// a player who logged in after a seek was announced can still find it.
func (s *Server) sought(c *conn) {
	open := s.sortedSeeks()
	if len(open) == 0 {
		c.sendText(cmdOther, "No seek is open: \"seek [min inc] [r|u] [rules] [white|black]\" posts one, which the others are told of.")
		return
	}
	lines := []string{fmt.Sprintf("%d %s open (\"play NUMBER\" takes one):", len(open), plural(len(open), "seek", "seeks"))}
	for _, sk := range open[:min(len(open), maxSought)] {
		as := ""
		if sk.color >= 0 {
			as = ", " + sk.from + " playing " + game.Color(sk.color).Title()
		}
		mine := ""
		if sk.issuer == c {
			mine = " (yours: unseek withdraws it)"
		}
		lines = append(lines, fmt.Sprintf("%3d %5s %s  %s%s%s", sk.number, ratingWord(sk.issuer.registered, sk.issuer.rating), sk.from, sk.describe(), as, mine))
	}
	if len(open) > maxSought {
		lines = append(lines, fmt.Sprintf("(and %d more)", len(open)-maxSought))
	}
	c.sendText(cmdOther, lines...)
}

// lobbyCmd answers "lobby": to a client that turned datagram 202 on, the
// lobby as JSON (LobbyView, as the page's /lobby serves it), so that a
// window can list the seeks and players to click; to anyone else, sought's
// lines.
func (s *Server) lobbyCmd(c *conn) {
	if !c.dgs[dg.Lobby] {
		s.sought(c)
		return
	}
	v, err := json.Marshal(s.lobbyView())
	if err != nil {
		s.log.Error("kriegd: lobby: encoding", "err", err)
		c.sendText(cmdOther, "The lobby could not be listed: try again.")
		return
	}
	c.send(c.dg(dg.Lobby, string(v)))
}

// sortedSeeks lists the open seeks, oldest first (under s.mu).
func (s *Server) sortedSeeks() []*seek {
	return slices.SortedFunc(maps.Values(s.seeks), func(a, b *seek) int { return cmp.Compare(a.number, b.number) })
}
