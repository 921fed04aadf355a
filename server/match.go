package server

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/icc/dg"
	"github.com/krieg/krieg/server/rating"
)

// match is one game being played on the server.
type match struct {
	s         *Server
	number    int
	id        string
	rules     referee.Ruleset
	ref       *referee.Referee
	seats     [2]*seat // by colour
	rated     bool
	base, inc time.Duration
	clock     [2]time.Duration // time left at stamp
	stamp     time.Time
	ticking   bool  // the clocks run: both sides have made their first move
	timer     Timer // the flag of the side to move, while ticking
	first     Timer // the abort of a side that has not made its first move
	observers map[*conn]bool
	offers    [2]standing
	over      bool
	kept      string // why the server aborted it, for its record (abort); "" otherwise
	// refusedTurn and refusedGame count the refused attempts (and
	// questions) of the turn and of the game. The referee keeps each for
	// the record, so that a player repeating one forever would grow the
	// server's memory and the record forever: beyond Config.RefusedTurn
	// and RefusedGame, far more than trying every move of every man needs,
	// only a move that can be played goes to the referee (refusalLimit).
	refusedTurn, refusedGame int
}

// seat is one player of a match.
type seat struct {
	name       string
	c          *conn // nil while disconnected
	registered bool
	rating     rating.Rating
	token      string // an unregistered player's reconnect token
	grace      Timer
}

// wildNumber is datagram 15's wild number: 16 for every Kriegspiel ruleset.
const wildNumber = 16

// start begins a game between white and black (under s.mu).
func (s *Server) start(white, black *conn, rules referee.Ruleset, base, inc time.Duration, rated bool) {
	for i, c := range [2]*conn{white, black} {
		other := [2]*conn{black, white}[i].name
		s.dropOffers(c.name, "started a game with "+other, other)
		s.dropSeeks(c)
	}
	m := &match{s: s, number: s.nextGame, rules: rules, ref: referee.New(rules, game.Start()), rated: rated,
		base: base, inc: inc, clock: [2]time.Duration{base, base}, observers: map[*conn]bool{}}
	s.nextGame++
	m.id = gameID(s.clock.Now(), m.number)
	for i, c := range [2]*conn{white, black} {
		m.seats[i] = &seat{name: c.name, c: c, registered: c.registered, rating: c.rating, token: c.token}
	}
	s.games[m.number] = m
	s.rosterChanged()
	s.tablesChanged()
	s.metrics.games.Inc()
	for _, c := range m.players() {
		m.announceStart(c, dg.GameStarted)
		// The clocks stand until both first moves, which may look like no
		// hurry: the limit that aborts the game is said at once.
		c.sendText(cmdOther, fmt.Sprintf("Each side has %s for its first move, or the game is aborted.", seconds(s.cfg.FirstMove)))
		c.armIdle()
	}
	m.stamp = s.clock.Now()
	m.armFirstMove()
	m.sendClocks()
	s.log.Info("kriegd: game started", "game", m.number, "white", white.name, "black", black.name, "rules", rules.Name, "base", base, "inc", inc)
}

// players returns the connected players' connections.
func (m *match) players() []*conn {
	var out []*conn
	for _, st := range m.seats {
		if st.c != nil {
			out = append(out, st.c)
		}
	}
	return out
}

// player returns c's seat, or nil when c does not play here.
func (m *match) player(c *conn) *seat {
	for _, st := range m.seats {
		if st.c == c {
			return st
		}
	}
	return nil
}

// colorOf returns c's colour in the game.
func (m *match) colorOf(c *conn) game.Color {
	if m.seats[game.Black].c == c {
		return game.Black
	}
	return game.White
}

// ratingType is datagram 15's rating-type field: "Wild" for Wild 16, the
// ruleset's name for the others (krieg's ICC driver reads it).
func (m *match) ratingType() string {
	if m.rules.Name == referee.Wild16.Name {
		return "Wild"
	}
	return m.rules.Name
}

// announceStart sends datagram dg (15, or 18 to an observer) and a line.
func (m *match) announceStart(c *conn, dg int) {
	w, b := m.seats[game.White], m.seats[game.Black]
	rated := map[bool]int{true: 1, false: 0}[m.rated]
	mins, inc := int(m.base/time.Minute), int(m.inc/time.Second)
	d := c.dg(dg, m.number, w.name, b.name, wildNumber, m.ratingType(), rated, mins, inc, mins, inc, 1, "",
		ratingField(w.registered, w.rating), ratingField(b.registered, b.rating), m.number, "", "", 0, 0, 0, "", 0)
	c.send(d + fmt.Sprintf("\r\nCreating: %s (%s) %s (%s) %s %s %s\r\n{Game %d (%s vs. %s) Creating %s %s match.}\r\n",
		w.name, ratingWord(w.registered, w.rating), b.name, ratingWord(b.registered, b.rating), map[bool]string{true: "rated", false: "unrated"}[m.rated],
		m.rules.Title, timeControl(m.base, m.inc), m.number, w.name, b.name, map[bool]string{true: "rated", false: "unrated"}[m.rated], m.rules.Title))
}

// attempt plays c's move text (under s.mu).
func (m *match) attempt(c *conn, text string) {
	us := m.colorOf(c)
	if m.ref.ToMove() != us {
		c.unit(cmdIllegal, "It is not your move.\r\n"+c.dg(dg.IllegalMove, m.number, text, dg.IllegalNotYours))
		return
	}
	mv, err := game.ParseMove(text)
	if err != nil {
		m.notAMove(c, text, strings.TrimPrefix(err.Error(), game.ErrMoveText.Error()+": "))
		return
	}
	before := m.ref.Position()
	if why := misnamedPromotion(&before, text, mv); why != "" {
		m.notAMove(c, text, why)
		return
	}
	if why := m.refusalLimit(); why != "" && !m.playable(&before, mv) {
		m.refuseUnjudged(c, text, why)
		return
	}
	ans := m.ref.Attempt(mv)
	m.tell(ans, &before, mv)
}

// notAMove answers c's attempt text, refused as notation for why, with no
// attempt used and nothing told the opponent.
func (m *match) notAMove(c *conn, text, why string) {
	m.refuseUnjudged(c, text, "Not a move, and no attempt used: "+clean(why)+".")
}

// playable reports whether the referee would accept mv in p (a pawn
// reaching the last rank queened where the rules queen it).
func (m *match) playable(p *game.Position, mv game.Move) bool {
	if p.IsLegal(mv) {
		return true
	}
	return m.rules.QueenOnly && mv.Promotion() == game.NoPieceType && p.IsLegal(game.NewMove(mv.From(), mv.To(), game.Queen))
}

// refusalLimit says which limit the refusals of the turn or the game have
// reached, or "" when neither has: beyond it an attempt that cannot be
// played, and any question, is refused unjudged (refuseUnjudged).
func (m *match) refusalLimit() string {
	switch {
	case m.refusedGame >= m.s.cfg.RefusedGame:
		return fmt.Sprintf("This game has had %d refused attempts, all a game takes: from now on only a move that can be played is judged. No attempt used.", m.s.cfg.RefusedGame)
	case m.refusedTurn >= m.s.cfg.RefusedTurn:
		return fmt.Sprintf("%d attempts refused this turn, all a turn takes: until you move, only a move that can be played is judged. No attempt used.", m.s.cfg.RefusedTurn)
	}
	return ""
}

// refuseUnjudged answers c's attempt (or question) text with why, with no
// attempt used and nothing told the opponent.
func (m *match) refuseUnjudged(c *conn, text, why string) {
	c.unit(cmdIllegal, why+"\r\n"+c.dg(dg.IllegalMove, m.number, text, dg.IllegalNotation))
}

// askAny asks "Any?" for c (rulesets with it).
func (m *match) askAny(c *conn) {
	if m.ref.ToMove() != m.colorOf(c) {
		c.sendText(cmdOther, "It is not your move.")
		return
	}
	if why := m.refusalLimit(); why != "" {
		m.refuseUnjudged(c, "px", why)
		return
	}
	if m.rules.Tries == referee.TriesCount {
		// Wild 16's px, as on ICC: the pawn capture, when exactly one is legal.
		before := m.ref.Position()
		ans, err := m.ref.AttemptText("px")
		if err != nil {
			c.sendText(cmdOther, clean(err.Error()))
			return
		}
		m.tell(ans, &before, ans.Move)
		return
	}
	if m.rules.Any == referee.AnyNone {
		c.sendText(cmdOther, "There is no \"Any?\" in "+m.rules.Title+": try a pawn capture by its squares (e4d5).")
		return
	}
	before := m.ref.Position()
	m.tell(m.ref.AskAny(), &before, game.NoMove)
}

// tell sends the referee's last entry to everyone who hears it, each in
// their own words: the mover's move in full, the opponent's as ? or ?x<sq>,
// the announcements as the ruleset words them. Observers hear what is
// public (publicView) until the game ends, and the clocks after a move
// (clockLine); never after a refused attempt, which not every ruleset
// makes public.
func (m *match) tell(ans referee.Answer, before *game.Position, mv game.Move) {
	e, _ := m.ref.Last() // the referee just logged the attempt or question
	if ans.Verdict == referee.Accepted {
		m.refusedTurn = 0
		m.moved()
	} else {
		m.refusedTurn++
		m.refusedGame++
	}
	if m.ref.Result() != nil {
		// The last move is held back with the result until the record is
		// saved (end), so that the two reach the players together: a client
		// waits a moment for a move's announcements, and under load it read
		// the save's pause as the move's end (an ICC driver heard "0 pawn
		// tries" after a mate).
		m.s.holding = true
	}
	e.Attempt = mv // a Wild 16 px names its move in the answer
	for _, color := range [2]game.Color{game.White, game.Black} {
		c := m.seats[color].c
		if c == nil {
			continue
		}
		if cmd, text := m.hearing(c, color, e, before); cmd != 0 {
			c.unit(cmd, text)
		} else {
			c.send(text)
		}
	}
	clocks := ""
	if ans.Verdict == referee.Accepted {
		clocks = m.clockLine(m.stamp) // as the move left them (moved stamped it)
	}
	for o := range m.observers {
		o.send(m.publicView(o, e, before) + clocks)
	}
	if ans.Verdict == referee.Accepted {
		m.sendClocks()
	}
	if r := m.ref.Result(); r != nil {
		m.end(*r)
	} else if ans.Verdict == referee.Accepted {
		m.lapseOffers(e.Mover)
	}
}

// hearing is what c, the player of color, hears of entry e played in
// before: the mover its move in full or its refusal, the opponent the move
// as ? or ?x<sq>, each the announcements made to them; and the level-1
// command it answers (0 when it answers none of c's).
func (m *match) hearing(c *conn, color game.Color, e referee.Entry, before *game.Position) (cmd int, text string) {
	h, heard := e.HeardBy(color)
	lines := m.lines(h.Said)
	switch {
	case e.Mover == color && e.Verdict == referee.Accepted:
		return cmdMove, c.dg(dg.SendMoves, m.number, m.smith(before, e.Attempt)) + lines
	case e.Mover == color && (e.Verdict == referee.Illegal || e.Verdict == referee.Nonsense || e.Verdict == referee.Repeated):
		tried := e.Attempt.String()
		if e.Attempt == game.NoMove {
			tried = "px" // refused before it named a move
		}
		return cmdIllegal, lines + c.dg(dg.IllegalMove, m.number, tried, dg.IllegalRefused)
	case e.Mover == color:
		return cmdOther, lines
	case e.Verdict == referee.Accepted:
		return 0, c.dg(dg.SendMoves, m.number, mystery(before, e.Attempt)) + lines
	case heard:
		return 0, lines
	}
	return 0, ""
}

// publicView is what an observer hears of entry e, played in before: the
// announcements made to both players, and an accepted move hidden as
// either player's opponent hears it (? or ?x<sq>). An observer may be a
// player logged in a second time, so while the game goes on it learns
// nothing that either player does not know already.
func (m *match) publicView(o *conn, e referee.Entry, before *game.Position) string {
	var said []referee.Announcement
	for _, a := range e.Said {
		if a.To == referee.Everyone {
			said = append(said, a)
		}
	}
	text := m.lines(said)
	if e.Verdict == referee.Accepted {
		text = o.dg(dg.SendMoves, m.number, mystery(before, e.Attempt)) + text
	}
	return text
}

// lines writes announcements as text lines, the result left to datagram 16.
// The game's last move names nobody to move.
func (m *match) lines(said []referee.Announcement) string {
	var b strings.Builder
	over := slices.ContainsFunc(said, func(a referee.Announcement) bool { return a.Kind == referee.KindGameOver })
	for _, a := range said {
		if a.Kind == referee.KindGameOver || over && a.Kind == referee.KindMoved {
			continue
		}
		if t := a.Text(m.rules); t != "" {
			b.WriteString(strings.TrimRight(t, ".") + ".\r\n")
		}
	}
	return b.String()
}

// smith writes move mv in before as datagram 24's smith field: from, to, a
// capture letter (E en passant, c/C castling) and the promotion. Under a
// ruleset that names only the capture's square, the captured man's letter
// is left out: the mover learns the capture from the announcement alone.
func (m *match) smith(before *game.Position, mv game.Move) string {
	s := smith(before, mv)
	if m.rules.CaptureKind || before.At(mv.To()) == game.NoPiece || before.IsCastling(mv) {
		return s
	}
	letter := strings.ToLower(before.At(mv.To()).Type().Letter())
	return s[:4] + strings.TrimPrefix(s[4:], letter)
}

// smith writes move mv in before in full (datagram 24's smith form).
func smith(before *game.Position, mv game.Move) string {
	s := mv.From().String() + mv.To().String()
	pc := before.At(mv.From())
	switch {
	case before.IsCastling(mv):
		s += map[bool]string{true: "c", false: "C"}[mv.To() > mv.From()]
	case pc.Type() == game.Pawn && mv.To() == before.EnPassant():
		s += "E"
	case before.At(mv.To()) != game.NoPiece:
		s += strings.ToLower(before.At(mv.To()).Type().Letter())
	}
	if p := mv.Promotion(); p != game.NoPieceType {
		s += p.Letter()
	}
	return s
}

// seconds writes d in words: "30 seconds", "2 minutes", "1 minute 30 seconds".
func seconds(d time.Duration) string {
	m, sec := int(d/time.Minute), int(d%time.Minute/time.Second)
	var parts []string
	if m > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", m, plural(m, "minute", "minutes")))
	}
	if sec > 0 || m == 0 {
		parts = append(parts, fmt.Sprintf("%d %s", sec, plural(sec, "second", "seconds")))
	}
	return strings.Join(parts, " ")
}
