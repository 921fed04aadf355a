package server

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/icc/dg"
)

// do carries out one command of a logged-in user (under s.mu).
func (c *conn) do(cmd Command) error {
	s := c.s
	g := s.playing(c)
	if lobbyVerbs[cmd.Verb] && !c.allowLobby(s.clock.Now()) {
		return nil
	}
	if listingVerbs[cmd.Verb] && !c.allowListing(s.clock.Now()) {
		return nil
	}
	switch cmd.Verb {
	case "quit":
		c.sendText(cmdOther, "Goodbye.")
		return errQuit
	case "set-quietly":
		// ICC's settings (prompt, style, wrap) that clients send at login:
		// accepted and ignored, without a word, as asked.
	case "set":
		if len(cmd.Args) == 0 {
			c.sendText(cmdOther, "Usage: set VARIABLE VALUE (kriegd keeps no variables: each is accepted and ignored).")
			return nil
		}
		c.sendText(cmdOther, fmt.Sprintf("%s: kriegd keeps no variables; ignored.", truncate(cmd.Args[0], 20)))
	case "set-2":
		c.set2(cmd.Args)
	case "level1":
		c.level1 = strings.TrimSpace(cmd.Rest) != "0"
	case "level2settings":
		if why := c.setLevel2(cmd.Rest); why != "" {
			c.sendText(cmdOther, why)
		}
	case "move":
		if g == nil {
			c.unit(cmdIllegal, "You are not playing a game.\r\n"+c.dg(dg.IllegalMove, 0, cmd.Args[0], dg.IllegalNotYours))
			return nil
		}
		if !c.allowAttempt() {
			return nil
		}
		if !g.flagIfDown() {
			began := time.Now()
			g.attempt(c, cmd.Args[0])
			s.metrics.attempts.Inc()
			s.metrics.attemptTime.Observe(time.Since(began).Seconds())
		}
	case "any":
		if g == nil {
			c.sendText(cmdOther, "You are not playing a game.")
			return nil
		}
		if !c.allowAttempt() {
			return nil // a question is judged as an attempt is, and counts as one
		}
		g.askAny(c)
	case "match":
		s.matchCmd(c, cmd.Args)
	case "accept", "decline":
		if g != nil && len(cmd.Args) == 0 && !s.challenged(c) && g.offeredTo(c) {
			g.answerOffers(c, cmd.Verb == "accept")
			return nil
		}
		s.respond(c, cmd.Args, cmd.Verb == "accept")
	case "withdraw":
		s.withdraw(c, cmd.Args)
	case "seek":
		s.seekCmd(c, cmd.Args)
	case "unseek":
		s.unseek(c, cmd.Args)
	case "play":
		s.play(c, cmd.Args)
	case "resign", "draw", "abort", "flag":
		if g == nil {
			c.sendText(cmdOther, "You are not playing a game.")
			return nil
		}
		g.command(c, cmd.Verb)
	case "who":
		s.who(c, cmd.Args)
	case "sought":
		s.sought(c)
	case "lobby":
		s.lobbyCmd(c)
	case "games":
		s.gamesCmd(c)
	case "observe":
		s.observe(c, cmd.Args)
	case "unobserve":
		s.unobserveCmd(c, cmd.Args)
	case "moves":
		c.sendText(cmdOther, "Moves are secret in Kriegspiel: see your own in your game, the whole game in its record once it ends.")
	case "tell":
		s.tell(c, cmd.Rest)
	case "say":
		s.say(c, g, cmd.Rest)
	case "help":
		c.sendText(cmdOther,
			"Commands: match NAME [terms] challenges a player; accept, decline, withdraw [NAME] answer or take back a challenge.",
			"  seek [terms] posts a game anyone may take; sought lists the open seeks; play N takes one; unseek withdraws yours.",
			"  In a game: e2e4 tries a move (in coordinates; e7e8q promotes); any asks whether a pawn can capture; resign; draw and abort offer one (or agree to the one offered); flag ends the game when the opponent's time is out.",
			"  who [PREFIX] and games list the players and the games; observe N, unobserve [N] watch one; history [NAME], finger [NAME] show a player's games and rating; tell NAME TEXT, say TEXT talk.",
			"  register PASSWORD makes your name an account; password OLD NEW changes its password; quit leaves.",
			"  Terms: [min inc] [r|u] [rules] [white|black]: minutes and increment seconds (5 3 when not said), rated or unrated, the rules (w16, berkeley, berkeley-any, cincinnati, english, rand, open), your colour.")
	}
	return nil
}

// set2 turns one datagram on or off: "set-2 DG 0|1", acknowledged by
// datagram 124; "set-2 81 1" is also answered by datagram 81 (a barrier).
func (c *conn) set2(args []string) {
	if len(args) != 2 {
		c.sendText(cmdOther, "Usage: set-2 DATAGRAM 0|1")
		return
	}
	n, ok := plainInt(args[0])
	if !ok || n > maxDatagram || (args[1] != "0" && args[1] != "1") {
		c.sendText(cmdOther, fmt.Sprintf("Usage: set-2 DATAGRAM 0|1 (DATAGRAM a number from 0 to %d, in digits)", maxDatagram))
		return
	}
	c.dgs[n] = args[1] == "1"
	c.send(datagram(dg.Set2, n, args[1]))
	if n == dg.Dummy && c.dgs[n] {
		c.send(datagram(dg.Dummy))
	}
}

// command carries out resign, draw, abort or flag in c's game.
func (m *match) command(c *conn, verb string) {
	us := m.colorOf(c)
	them := m.seats[us.Other()]
	switch verb {
	case "resign":
		m.resign(c)
	case "flag":
		if !m.flagIfDown() {
			c.sendText(cmdOther, "Your opponent is not out of time.")
		}
	case "draw", "abort":
		o := &m.offers[us]
		other := &m.offers[us.Other()]
		agreed := (verb == "draw" && other.draw) || (verb == "abort" && other.abort)
		if agreed && verb == "draw" && m.unplayed() {
			m.abort("a draw was agreed before both players had moved", false)
			return
		}
		if agreed {
			reason, score := referee.ReasonAgreement, game.Draw
			if verb == "abort" {
				reason, score = referee.ReasonAborted, game.Unfinished
			}
			m.end(referee.Result{Score: score, Reason: reason})
			return
		}
		if verb == "abort" && m.unplayed() && m.ref.ToMove() == us {
			m.end(referee.Result{Score: "*", Reason: referee.ReasonAborted})
			return
		}
		cmd := map[string]int{"draw": cmdDraw, "abort": cmdAbort}[verb]
		standing := &o.draw
		if verb == "abort" {
			standing = &o.abort
		}
		if *standing {
			// Told once: a repeated offer must not flood the opponent
			// (nor fill their queue until the server cuts them off).
			c.sendText(cmd, "Your offer to "+verb+" stands.")
			return
		}
		*standing = true
		offer := "You offer to " + verb + "."
		if verb == "abort" && m.unplayed() {
			// Why it is only an offer, when the other side's abort ends the game.
			offer = "You offer to abort: before both sides have moved the side to move aborts alone, and the other side must ask."
		}
		c.sendText(cmd, offer)
		if them.c != nil {
			them.c.send(m.offersDG(them.c) + fmt.Sprintf("\r\n%s offers to %s. Type \"%s\" or \"accept\" to agree, \"decline\" to refuse; a move refuses it too.\r\n", c.name, verb, verb))
		}
	}
}

// offersDG is datagram 20 (offers in the game) for c: the draw and abort
// offers standing on each side.
func (m *match) offersDG(c *conn) string {
	return c.dg(dg.Offers, m.number, b(m.offers[0].draw), b(m.offers[1].draw), 0, 0, b(m.offers[0].abort), b(m.offers[1].abort), 0, 0)
}

// lapseOffers: a move by mover answers the offers standing to it, as on
// lichess: they lapse, and whoever made them is told so.
func (m *match) lapseOffers(mover game.Color) {
	o := &m.offers[mover.Other()]
	what := o.names()
	if what == "" {
		return
	}
	*o = standing{}
	if c := m.seats[mover.Other()].c; c != nil {
		c.send(m.offersDG(c) + fmt.Sprintf("\r\n%s declines your %s offer by moving on.\r\n", m.seats[mover].name, what))
	}
	if c := m.seats[mover].c; c != nil {
		c.send(m.offersDG(c))
	}
}

// standing is the offers one side has made in a game and not yet seen
// answered.
type standing struct{ draw, abort bool }

// names says which offers stand ("draw", "abort", "draw and abort"), or "".
func (o standing) names() string {
	switch {
	case o.draw && o.abort:
		return "draw and abort"
	case o.draw:
		return "draw"
	case o.abort:
		return "abort"
	}
	return ""
}

// offeredTo reports whether c's opponent has a draw or abort offer
// standing to c.
func (m *match) offeredTo(c *conn) bool {
	return m.offers[m.colorOf(c).Other()].names() != ""
}

// answerOffers answers the offers standing to c, as "accept" or "decline"
// with no challenge to answer: accepting agrees to them as typing "draw" or
// "abort" does (a draw first), declining withdraws them and tells the one
// who made them.
func (m *match) answerOffers(c *conn, accept bool) {
	us := m.colorOf(c)
	o := &m.offers[us.Other()]
	if accept {
		verb := "draw"
		if !o.draw {
			verb = "abort"
		}
		m.command(c, verb)
		return
	}
	offer := o.names()
	*o = standing{}
	c.send(m.offersDG(c) + fmt.Sprintf("\r\nYou decline %s's %s offer.\r\n", m.seats[us.Other()].name, offer))
	if them := m.seats[us.Other()].c; them != nil {
		them.send(m.offersDG(them) + fmt.Sprintf("\r\n%s declines your %s offer.\r\n", c.name, offer))
	}
}

// b writes a flag as 0 or 1.
func b(v bool) int {
	if v {
		return 1
	}
	return 0
}

// observe lets c watch game N (unrated games only): what is public of it
// (publicView) while it goes on, the whole game once it ends.
func (s *Server) observe(c *conn, args []string) {
	if len(args) != 1 {
		c.sendText(cmdObserve, "Usage: observe GAME-NUMBER")
		return
	}
	n, ok := plainInt(args[0])
	m := s.games[n]
	switch {
	case !ok && numberLike(args[0]):
		c.sendText(cmdObserve, fmt.Sprintf("%q is not a game number: give it in digits, as \"games\" lists it.", truncate(args[0], 20)))
		return
	case !ok || m == nil:
		c.sendText(cmdObserve, "There is no such game.")
		return
	case m.rated:
		c.sendText(cmdObserve, "Rated Kriegspiel games cannot be observed until they end.")
		return
	case m.player(c) != nil:
		c.sendText(cmdObserve, "You play in that game.")
		return
	case m.observers[c]:
		c.sendText(cmdObserve, fmt.Sprintf("You are already observing game %d.", n))
		return
	case len(m.observers) >= s.cfg.MaxObservers:
		s.metrics.limited("observers")
		c.sendText(cmdObserve, fmt.Sprintf("Game %d has as many observers as it takes (%d).", n, s.cfg.MaxObservers))
		return
	}
	m.observers[c] = true
	m.announceStart(c, dg.StartedObs)
	var out strings.Builder // one piece: a long game's moves one by one would fill the queue
	pos := m.ref.Start()
	for _, e := range m.ref.Log() {
		if e.Verdict == referee.Accepted {
			out.WriteString(m.publicView(c, e, &pos))
			pos.Apply(e.Attempt)
		}
	}
	c.send(out.String() + m.clockLine(s.clock.Now()))
	m.sendClocks()
}

// unobserveCmd stops c watching game N ("unobserve N"), or every game it
// watches ("unobserve"), and says which.
func (s *Server) unobserveCmd(c *conn, args []string) {
	if len(args) > 1 {
		c.sendText(cmdObserve, "Usage: unobserve [GAME-NUMBER]")
		return
	}
	var stopped []int
	for n, m := range s.games {
		if m.observers[c] && (len(args) == 0 || args[0] == strconv.Itoa(n)) {
			m.unobserve(c)
			stopped = append(stopped, n)
		}
	}
	switch {
	case len(stopped) == 0 && len(args) == 1:
		c.sendText(cmdObserve, fmt.Sprintf("You are not observing game %s.", args[0]))
	case len(stopped) == 0:
		c.sendText(cmdObserve, "You are not observing any game.")
	default:
		sort.Ints(stopped)
		lines := make([]string, len(stopped))
		for i, n := range stopped {
			lines[i] = fmt.Sprintf("You stop observing game %d.", n)
		}
		c.sendText(cmdObserve, lines...)
	}
}

// unobserve stops c watching m.
func (m *match) unobserve(c *conn) { delete(m.observers, c) }

// tell sends a private message: "tell NAME TEXT". To one's opponent
// during a game it is table talk, as say is: the server passes the text
// and nothing of the game with it.
func (s *Server) tell(c *conn, rest string) {
	name, text, _ := strings.Cut(strings.TrimSpace(rest), " ")
	text = visible(text)
	to := s.user(name)
	switch {
	case name == "" || strings.TrimSpace(text) == "":
		c.sendText(cmdTell, "Usage: tell NAME TEXT (to a player logged in)")
		return
	case to == nil:
		c.sendText(cmdTell, fmt.Sprintf("%s is not logged in: not told.", truncate(name, 20)))
		return
	case to == c:
		c.sendText(cmdTell, "You cannot tell yourself.")
		return
	}
	// One form a tell: the datagram to a client that asked for it (which
	// shows it in its own words), else the line; both read as two tells.
	told := to.dg(dg.Tell, c.name, "", truncate(text, 400), 1)
	if told == "" {
		told = fmt.Sprintf("%s tells you: %s\r\n", c.name, truncate(text, 400))
	}
	if why := to.mail(told); why != "" {
		c.sendText(cmdTell, to.name+why+": not told.")
		return
	}
	c.sendText(cmdTell, "(told "+to.name+")")
}

// say talks to one's opponent. In Kriegspiel it is the table talk players
// have: it passes the text and nothing else.
func (s *Server) say(c *conn, m *match, text string) {
	if m == nil {
		c.sendText(cmdSay, "You are not playing a game.")
		return
	}
	them := m.seats[m.colorOf(c).Other()].c
	if them != nil {
		them.send(fmt.Sprintf("%s says: %s\r\n", c.name, truncate(visible(text), 400)))
	}
	c.sendText(cmdSay, "(told your opponent)")
}
