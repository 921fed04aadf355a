package server

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/icc/dg"
)

// terms are the conditions of a challenge or a seek.
type terms struct {
	rules     referee.Ruleset
	base, inc time.Duration
	rated     bool
	color     int // -1 any, else the colour the issuer wants
}

// challenge is a match offer from one user to another.
type challenge struct {
	from, to string
	terms
	// changed is when the challenge replaced an earlier one of its
	// issuer's to the same player (zero: it did not): an acceptance right
	// after was aimed at the earlier terms (respond).
	changed time.Time
}

// offered is the challenge's terms as the player challenged reads them:
// with the colour they would play, when the challenge names one.
func (ch *challenge) offered() string {
	if ch.color < 0 {
		return ch.describe()
	}
	return ch.describe() + ", you playing " + game.Color(ch.color).Other().Title()
}

// changeCooling is how soon after a challenge's terms changed an acceptance
// is taken as aimed at the earlier terms, and answered with the new ones
// instead of starting the game.
const changeCooling = 3 * time.Second

// seek is an open offer anyone may take with "play".
type seek struct {
	number int
	from   string
	issuer *conn
	terms
}

// parseTerms reads "[min inc] [r|u] [w16|wild 16|<ruleset>] [white|black]";
// the default is a 5 3 unrated Wild 16 game, either colour. Minutes and
// seconds may be fractional (0.5 is 30 s), for blitz and for tests, where
// ICC takes whole numbers: they are kept to the millisecond and shown as
// given (describe). They are plain decimal numbers (plainFloat), 0 to 600:
// a word that starts like a number and is not one is refused, saying so.
func parseTerms(args []string) (terms, error) {
	t := terms{rules: referee.Wild16, base: 5 * time.Minute, inc: 3 * time.Second, color: -1}
	var nums []float64
	// The word that set each term, so that two that contradict each other
	// (white black, berkeley rand) are refused rather than the last taken.
	said := map[string]string{}
	set := func(term, word, value string) error {
		if was, ok := said[term]; ok && said[term+"="] != value {
			return fmt.Errorf("%q and %q contradict each other: give one %s", truncate(was, 20), truncate(word, 20), term)
		}
		said[term], said[term+"="] = word, value
		return nil
	}
	for i := 0; i < len(args); i++ {
		a := strings.ToLower(args[i])
		if numberLike(a) {
			n, ok := plainFloat(a)
			switch {
			case !ok:
				return t, fmt.Errorf("%q is not a time: the minutes and the seconds are plain decimal numbers, digits with a decimal point for a fraction (such as 5 0, 2 12 or 1.5 2.5)", truncate(args[i], 20))
			case len(nums) == 2:
				return t, fmt.Errorf("%q: a time control is two numbers, the minutes each side starts with and the seconds added a move (such as 5 0 or 2 12)", truncate(args[i], 20))
			case n > 600:
				return t, fmt.Errorf("%q: the minutes and the seconds are 0 to 600", truncate(args[i], 20))
			}
			nums = append(nums, n)
			continue
		}
		var err error
		switch {
		case a == "r" || a == "rated":
			t.rated, err = true, set("rated or unrated", args[i], "rated")
		case a == "u" || a == "unrated":
			t.rated, err = false, set("rated or unrated", args[i], "unrated")
		case a == "w16" || a == "kriegspiel":
			t.rules, err = referee.Wild16, set("ruleset", args[i], referee.Wild16.Name)
		case a == "wild" || a == "w":
			if i+1 >= len(args) || args[i+1] != "16" {
				return t, fmt.Errorf("only wild 16 (Kriegspiel) is played here")
			}
			i++
			t.rules, err = referee.Wild16, set("ruleset", "wild 16", referee.Wild16.Name)
		case a == "white" || a == "w1":
			t.color, err = int(game.White), set("colour", args[i], "white")
		case a == "black":
			t.color, err = int(game.Black), set("colour", args[i], "black")
		default:
			r, rerr := referee.RulesetByName(a)
			if rerr != nil {
				return t, fmt.Errorf("%q: not a time, rated/unrated, colour or ruleset (%v)", truncate(args[i], 20), rerr)
			}
			t.rules, err = r, set("ruleset", args[i], r.Name)
		}
		if err != nil {
			return t, err
		}
	}
	if len(nums) > 0 {
		t.base = time.Duration(nums[0] * float64(time.Minute)).Round(time.Millisecond)
	}
	if len(nums) > 1 {
		t.inc = time.Duration(nums[1] * float64(time.Second)).Round(time.Millisecond)
	}
	// A clock under a second with under a second a move (0 0, 0.0001 0,
	// 0 0.0000000001) falls before anyone can move: no time control at all.
	if len(nums) > 0 && t.base < time.Second && t.inc < time.Second {
		return t, fmt.Errorf("%s %s is no time control: give the minutes each side starts with, then the seconds added a move (such as 5 0 or 2 12)",
			strconv.FormatFloat(nums[0], 'g', 4, 64), strconv.FormatFloat(t.inc.Seconds(), 'g', 4, 64))
	}
	// A base under a second with an increment: the clocks start once both
	// sides have moved, at nothing, and the first flag would fall at once
	// (the server played it as no clock while showing one; a tester's).
	if len(nums) > 0 && t.base < time.Second {
		return t, fmt.Errorf("%s %s is not played here: the clocks start once both sides have moved, and with no minutes to start with the first flag would fall at once: give the minutes each side starts with (such as 1 5 or 0.5 5)",
			strconv.FormatFloat(nums[0], 'g', 4, 64), strconv.FormatFloat(t.inc.Seconds(), 'g', 4, 64))
	}
	return t, nil
}

// describe writes terms as ICC lists them.
func (t terms) describe() string {
	r := map[bool]string{true: "rated", false: "unrated"}[t.rated]
	return fmt.Sprintf("%s %s %s", r, t.rules.Title, timeControl(t.base, t.inc))
}

// timeControl writes base minutes and inc seconds as users typed them:
// whole numbers as ICC writes them, fractions as decimals.
func timeControl(base, inc time.Duration) string {
	return strconv.FormatFloat(base.Minutes(), 'f', -1, 64) + " " + strconv.FormatFloat(inc.Seconds(), 'f', -1, 64)
}

// playing returns the game c plays in, or nil.
func (s *Server) playing(c *conn) *match {
	for _, g := range s.games {
		if g.player(c) != nil {
			return g
		}
	}
	return nil
}

// inGame reports whether c plays or watches a game in progress (under
// s.mu), in one pass over the games: armIdle asks it after every line.
func (s *Server) inGame(c *conn) bool {
	for _, g := range s.games {
		if g.observers[c] || g.player(c) != nil {
			return true
		}
	}
	return false
}

// matchCmd issues a challenge: "match NAME [terms]".
func (s *Server) matchCmd(c *conn, args []string) {
	if len(args) == 0 {
		c.sendText(cmdMatch, "Usage: match NAME [min inc] [r|u] [w16|ruleset] [white|black]")
		return
	}
	to := s.user(args[0])
	switch {
	case to == nil:
		c.sendText(cmdMatch, fmt.Sprintf("%s is not logged in.", truncate(args[0], 20)))
		return
	case to == c:
		c.sendText(cmdMatch, "You cannot challenge yourself.")
		return
	case s.playing(c) != nil:
		c.sendText(cmdMatch, "You are playing a game.")
		return
	case s.playing(to) != nil:
		c.sendText(cmdMatch, to.name+" is playing a game.")
		return
	}
	t, err := parseTerms(args[1:])
	if err != nil {
		c.sendText(cmdMatch, err.Error())
		return
	}
	if t.rated && !(c.registered && to.registered) {
		c.sendText(cmdMatch, "Rated games are for registered players; this one will be unrated.")
		t.rated = false
	}
	// A challenge that crosses one from the other side is an acceptance.
	for _, o := range s.offers {
		if strings.EqualFold(o.from, to.name) && strings.EqualFold(o.to, c.name) {
			s.acceptOffer(o)
			return
		}
	}
	ch := &challenge{from: c.name, to: to.name, terms: t}
	replaces := ""
	if s.takenBack(c.name, to.name) {
		// Withdrawn and issued anew is a change too.
		ch.changed = s.clock.Now()
	}
	for _, o := range s.offers {
		if strings.EqualFold(o.from, c.name) && strings.EqualFold(o.to, to.name) {
			ch.changed = s.clock.Now()
			replaces = fmt.Sprintf("%s changes the challenge; it was %s.\r\n", c.name, o.offered())
		}
	}
	s.dropOffer(c.name, to.name)
	s.offers = append(s.offers, ch)
	mine, theirs := ratingWord(c.registered, c.rating), ratingWord(to.registered, to.rating)
	// Each side is told the colour it would play, when the challenge names one.
	issuer, challenged := "", ""
	if t.color >= 0 {
		issuer, challenged = ", you playing "+game.Color(t.color).Title(), ", you playing "+game.Color(t.color).Other().Title()
	}
	c.sendText(cmdMatch, fmt.Sprintf("Issuing: %s (%s) %s (%s) %s%s", c.name, mine, to.name, theirs, t.describe(), issuer))
	if why := to.mail(to.dg(dg.Match, c.name, ratingField(c.registered, c.rating), to.name, ratingField(to.registered, to.rating), t.describe()+challenged) +
		fmt.Sprintf("\r\n%sChallenge: %s (%s) %s (%s) %s%s.\r\nYou can \"accept\" or \"decline\".\r\n", replaces, c.name, mine, to.name, theirs, t.describe(), challenged)); why != "" {
		c.sendText(cmdMatch, to.name+why+": the challenge stands, unheard.")
	}
}

// respond accepts or declines a challenge to c ("accept [NAME]").
// challenged reports whether a challenge to c waits for an answer.
func (s *Server) challenged(c *conn) bool {
	for _, o := range s.offers {
		if strings.EqualFold(o.to, c.name) {
			return true
		}
	}
	return false
}

func (s *Server) respond(c *conn, args []string, accept bool) {
	var found *challenge
	var from []string
	for _, o := range s.offers {
		if strings.EqualFold(o.to, c.name) && (len(args) == 0 || strings.EqualFold(o.from, args[0])) {
			found = o
			from = append(from, o.from)
		}
	}
	cmd := map[bool]int{true: cmdAccept, false: cmdDecline}[accept]
	if found == nil {
		c.sendText(cmd, "There is no challenge to answer.")
		return
	}
	if len(from) > 1 {
		// Which one is meant must be said: the newest is not always the
		// one the player read.
		verb := map[bool]string{true: "accept", false: "decline"}[accept]
		c.sendText(cmd, fmt.Sprintf("Challenges from %s await: say which, as \"%s %s\".", strings.Join(from, " and "), verb, from[0]))
		return
	}
	if accept && !found.changed.IsZero() && s.clock.Now().Sub(found.changed) < changeCooling {
		// Terms changed as the player accepted: shown now, taken at the
		// next acceptance.
		found.changed = time.Time{}
		c.sendText(cmd, fmt.Sprintf("%s changed the challenge a moment ago; it is now %s. Accept again to play it.", found.from, found.offered()))
		return
	}
	if !accept {
		s.dropOffer(found.from, found.to)
		c.sendText(cmd, "You decline the challenge from "+found.from+".")
		if from := s.user(found.from); from != nil {
			from.lobbySend(from.textUnit(cmdDecline, c.name+" declines your challenge."))
		}
		return
	}
	c.sendText(cmd, "You accept the challenge from "+found.from+".")
	s.acceptOffer(found)
}

// withdraw takes back c's challenges ("withdraw [NAME]": the one to NAME,
// or all), telling each player challenged.
func (s *Server) withdraw(c *conn, args []string) {
	var gone []*challenge
	for _, o := range s.offers {
		if strings.EqualFold(o.from, c.name) && (len(args) == 0 || strings.EqualFold(o.to, args[0])) {
			gone = append(gone, o)
		}
	}
	if len(gone) == 0 {
		if len(args) > 0 {
			c.sendText(cmdOther, "You have no challenge to "+truncate(args[0], 20)+" to withdraw.")
		} else {
			c.sendText(cmdOther, "You have no challenge to withdraw.")
		}
		return
	}
	for _, o := range gone {
		s.dropOffer(o.from, o.to)
		s.noteTakenBack(o.from, o.to)
		c.sendText(cmdOther, "You withdraw your challenge to "+o.to+".")
		if to := s.user(o.to); to != nil {
			to.lobbySend(to.textUnit(cmdOther, "The challenge from "+c.name+" is withdrawn: "+c.name+" took it back."))
		}
	}
}

// takenBackFor is how long a challenge withdrawn makes the next one of the
// same player to the same player count as a change of terms.
const takenBackFor = time.Minute

// noteTakenBack notes that from withdrew a challenge to to (under s.mu),
// forgetting those noted longer ago than takenBackFor.
func (s *Server) noteTakenBack(from, to string) {
	now := s.clock.Now()
	if s.taken == nil {
		s.taken = map[string]time.Time{}
	}
	for k, at := range s.taken {
		if now.Sub(at) > takenBackFor {
			delete(s.taken, k)
		}
	}
	s.taken[strings.ToLower(from)+"\x00"+strings.ToLower(to)] = now
}

// takenBack reports whether from withdrew a challenge to to within
// takenBackFor: a new one then changes the terms the other may have read.
func (s *Server) takenBack(from, to string) bool {
	at, ok := s.taken[strings.ToLower(from)+"\x00"+strings.ToLower(to)]
	return ok && s.clock.Now().Sub(at) <= takenBackFor
}

// acceptOffer starts the game a challenge offers.
func (s *Server) acceptOffer(o *challenge) {
	from, to := s.user(o.from), s.user(o.to)
	s.dropOffer(o.from, o.to)
	if from == nil || to == nil {
		return
	}
	s.begin(from, to, o.terms)
}

// begin starts a game between issuer (whose terms these are) and taker.
func (s *Server) begin(issuer, taker *conn, t terms) {
	white, black := issuer, taker
	switch t.color {
	case int(game.Black):
		white, black = taker, issuer
	case -1:
		if s.nextGame%2 == 0 {
			white, black = taker, issuer
		}
	}
	s.start(white, black, t.rules, t.base, t.inc, t.rated)
}

// dropOffer removes the challenge from one user to another.
func (s *Server) dropOffer(from, to string) {
	kept := s.offers[:0]
	for _, o := range s.offers {
		if strings.EqualFold(o.from, from) && strings.EqualFold(o.to, to) {
			if u := s.user(to); u != nil {
				u.lobbySend(u.dg(dg.MatchRemoved, from, to))
			}
			continue
		}
		kept = append(kept, o)
	}
	s.offers = kept
}

// dropOffers removes every challenge from or to name (it starts a game or
// leaves), telling the other side of each in words that name did what why
// says (except the user named except, who knows: the opponent of the game
// starting). A challenger left waiting learnt of it only by trying again.
func (s *Server) dropOffers(name, why, except string) {
	var gone []*challenge
	for _, o := range s.offers {
		if strings.EqualFold(o.from, name) || strings.EqualFold(o.to, name) {
			gone = append(gone, o)
		}
	}
	for _, o := range gone {
		s.dropOffer(o.from, o.to)
		other, text := o.from, fmt.Sprintf("Your challenge to %s is withdrawn: %s %s.", o.to, name, why)
		if strings.EqualFold(o.from, name) {
			other, text = o.to, fmt.Sprintf("The challenge from %s is withdrawn: %s %s.", o.from, name, why)
		}
		if u := s.user(other); u != nil && !strings.EqualFold(other, except) {
			u.lobbySend(u.textUnit(cmdOther, text))
		}
	}
}
