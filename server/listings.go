package server

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Listings (who, games, observe; finger and history, which ask the store)
// are answered from server-wide state, and
// each once cost the lock a walk over every user or game: a crowd asking
// for them in a loop slowed the players' moves many times over. So they
// have a budget of their own per connection and per address (Config.Listings),
// an answer over it is one line and builds nothing, and who and games are
// built once for as long as what they list stands (listing).

// listingVerbs are the commands whose answer lists server-wide state.
var listingVerbs = map[string]bool{"who": true, "games": true, "sought": true, "lobby": true, "observe": true}

// listing is the text of a listing, kept until what it lists changes: the
// generation it was built at is compared with the server's current one.
type listing struct {
	gen   uint64
	lines []string
}

// get returns the listing at gen, building it only when it is older.
func (l *listing) get(gen uint64, build func() []string) []string {
	if l.lines == nil || l.gen != gen {
		l.lines, l.gen = build(), gen
	}
	return l.lines
}

// rosterChanged marks the users' listing stale (under s.mu): someone came
// or left, started or stopped playing, or a rating changed.
func (s *Server) rosterChanged() { s.roster++ }

// tablesChanged marks the games' listing stale (under s.mu): a game began
// or ended, or a move was played.
func (s *Server) tablesChanged() { s.tables++ }

// allowListing takes one token for a listing from the connection's bucket
// and its address's (under s.mu); false, with the user told, when either
// is empty. Each refusal is answered (a line, nothing built), so that a
// client knows to wait rather than wait for an answer that never comes.
func (c *conn) allowListing(now time.Time) bool {
	if c.allowBoth(now, c.listings, c.s.listAddr, c.s.cfg.Listings, "listings") {
		return true
	}
	c.refused()
	c.sendText(cmdOther, fmt.Sprintf("Too many listings (who, games, sought, observe, finger, history): wait a second (at most %g a second).", c.s.cfg.Listings))
	return false
}

// allowBoth takes one token from own (rate a second, bursts of 5 times
// that) and one from the address's bucket in byAddr (4 times the rate,
// bursts of 20 times), counting a refusal as kind or kind_per_addr (under
// s.mu).
func (c *conn) allowBoth(now time.Time, own *bucket, byAddr map[string]*bucket, rate float64, kind string) bool {
	ab := addrBucket(byAddr, c.addr, now, 4*rate, 20*rate)
	switch {
	case !own.take(now, rate, 5*rate):
		c.s.metrics.limited(kind)
	case !ab.take(now, 4*rate, 20*rate):
		c.s.metrics.limited(kind + "_per_addr")
	default:
		return true
	}
	return false
}

// maxWho is how many users one "who" lists: a listing of thousands helps
// nobody read it and costs the server its size in output for each asker.
const maxWho = 100

// who lists the users logged in, with ratings: the first maxWho by name, or
// those whose names start with args[0].
func (s *Server) who(c *conn, args []string) {
	if len(args) > 0 {
		prefix := strings.ToLower(args[0])
		var lines []string
		for _, u := range s.sortedUsers() {
			if strings.HasPrefix(strings.ToLower(u.name), prefix) {
				lines = append(lines, s.whoLine(u))
			}
		}
		c.sendText(cmdOther, whoLines(fmt.Sprintf("%d %s logged in, %d of them named %s...:", len(s.users), plural(len(s.users), "player", "players"), len(lines), truncate(args[0], 20)), lines)...)
		return
	}
	c.sendText(cmdOther, s.whoList.get(s.roster, func() []string {
		var lines []string
		for _, u := range s.sortedUsers() {
			lines = append(lines, s.whoLine(u))
		}
		return whoLines(fmt.Sprintf("%d %s logged in:", len(s.users), plural(len(s.users), "player", "players")), lines)
	})...)
}

// whoLines is a who answer: header, then at most maxWho of lines and how
// many more there are.
func whoLines(header string, lines []string) []string {
	out := append([]string{header}, lines[:min(len(lines), maxWho)]...)
	if len(lines) > maxWho {
		out = append(out, fmt.Sprintf("(and %d more: \"who PREFIX\" lists the names that start with PREFIX)", len(lines)-maxWho))
	}
	return out
}

// whoLine is u's line in who: rating (++++ unregistered), name, playing.
func (s *Server) whoLine(u *conn) string {
	r := ratingWord(u.registered, u.rating)
	state := ""
	if s.playing(u) != nil {
		state = " (playing)"
	}
	return fmt.Sprintf("%5s %s%s", r, u.name, state)
}

// gamesCmd lists the games in progress.
func (s *Server) gamesCmd(c *conn) {
	c.sendText(cmdOther, s.gamesList.get(s.tables, func() []string {
		if len(s.games) == 0 {
			return []string{"No games in progress."}
		}
		lines := []string{fmt.Sprintf("%d %s in progress:", len(s.games), plural(len(s.games), "game", "games"))}
		// By number, over the games alone: numbers go on across restarts,
		// so counting up to the next one could walk millions.
		for _, n := range slices.Sorted(maps.Keys(s.games)) {
			m := s.games[n]
			rated := map[bool]string{true: "rated", false: "unrated (observable)"}[m.rated]
			lines = append(lines, fmt.Sprintf("%3d %s vs. %s  %s, %s, %d %s", n, m.seats[0].name, m.seats[1].name, m.rules.Title, rated, m.ref.Plies(), plural(m.ref.Plies(), "ply", "plies")))
		}
		return lines
	})...)
}

// plural returns one when n is 1 and many otherwise.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
