package server

import (
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/icc/dg"
	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
)

// resultCodes is datagram 16's code for each way a game ends.
var resultCodes = map[referee.Reason]string{referee.ReasonCheckmate: "Mat", referee.ReasonResignation: "Res",
	referee.ReasonTime: "Fla", referee.ReasonAgreement: "Agr", referee.ReasonStalemate: "Sta",
	referee.ReasonInsufficient: "NM", referee.ReasonPlyCap: "50", referee.ReasonFiftyMoves: "50",
	referee.ReasonRepetition: "Rep", referee.ReasonAborted: "BA"}

// end finishes the game with r (under s.mu): the game leaves the server at
// once; its record is written and indexed after the lock is released, and
// only then does everyone following hear the result (datagram 16) with any
// messages this locked section held back (the last move's), so that a
// "history" sent on hearing it lists the game; what they are sent in the
// meantime waits behind the result (resultfirst.go).
func (m *match) end(r referee.Result) {
	if m.over {
		return
	}
	m.over = true
	m.stopTimers()
	m.freeze()
	for _, st := range m.seats {
		if st.grace != nil {
			st.grace.Stop()
		}
	}
	delete(m.s.games, m.number)
	m.s.rosterChanged()
	m.s.tablesChanged()
	m.s.metrics.games.Dec()
	m.s.log.Info("kriegd: game ended", "game", m.number, "result", r.Score, "reason", string(r.Reason))
	code := resultCodes[r.Reason]
	if r.Reason == referee.ReasonDisconnect {
		code = map[bool]string{true: "WQ", false: "BQ"}[r.Score == game.BlackWins]
	}
	if code == "" {
		code = "Adj"
	}
	m.s.holding = true
	told := awayEnd{number: m.number, code: code, score: string(r.Score), reason: string(r.Reason),
		words: fmt.Sprintf("{Game %d (%s vs. %s) %s} %s", m.number, m.seats[0].name, m.seats[1].name, r.Reason, r.Score)}
	for _, c := range m.audience() {
		c.send(told.said(c, ""))
	}
	for _, st := range m.seats {
		if st.c == nil && !m.s.closed { // away: told at the next login
			e := told
			e.name, e.token, e.id = st.name, st.token, m.id
			m.s.noteEndedAway(e)
		}
	}
	if len(m.observers) > 0 {
		whole := m.wholeGame()
		for o := range m.observers {
			o.send(whole)
		}
	}
	held := m.s.held
	m.s.held, m.s.holding = nil, false
	// What those following the game are sent before the result comes
	// waits behind it (resultfirst.go): a move typed now must not be
	// told "You are not playing a game." before the result is heard.
	places := map[*conn]*place{}
	for _, c := range m.audience() {
		if places[c] == nil {
			places[c] = c.keepPlace()
		}
	}
	before := map[string]rating.Rating{}
	for _, st := range m.seats {
		before[st.name] = st.rating
	}
	rec, entry, keep := m.entry(r)
	held = append(held, m.ratingNews(before, entry.Ratings)...)
	for _, st := range m.seats {
		if st.c != nil {
			st.c.armIdle()
		}
	}
	for o := range m.observers {
		o.armIdle() // a guest who watched is a guest outside a game again
	}
	m.s.later(func() {
		unwritten := keep && !m.s.records.save(rec, entry)
		m.s.locked(func() error {
			if unwritten {
				for _, st := range m.seats {
					if st.c != nil {
						held = append(held, delivery{st.c, st.c.textUnit(cmdOther,
							"The server could not write this game's record yet; it keeps trying, and history lists the game once it is written.")})
					}
				}
			}
			// One send a connection: the last move and the result leave
			// in one write, never split by the writer waking between them.
			var order []*conn
			joined := map[*conn]string{}
			for _, d := range held {
				if _, ok := joined[d.c]; !ok {
					order = append(order, d.c)
				}
				joined[d.c] += d.text
			}
			for _, c := range order {
				if places[c] == nil {
					c.send(joined[c])
				}
			}
			for c, p := range places {
				c.deliver(p, joined[c])
			}
			m.sendRecord(rec)
			return nil
		})
	})
}

// sendRecord gives each connected player who turned datagram 201 on the
// finished game's record (under s.mu), after the result: a client keeps it
// for a review, as the page takes it from /record (docs/kriegd.md, "The
// game's record"). A game with nothing kept has no record to send.
func (m *match) sendRecord(rec *record.Record) {
	wanted := false
	for _, st := range m.seats {
		wanted = wanted || st.c != nil && st.c.dgs[dg.GameRecord]
	}
	if rec == nil || !wanted {
		return
	}
	var pgn strings.Builder
	if err := record.Write(&pgn, rec); err != nil {
		m.s.log.Error("kriegd: writing a record for its players", "game", m.number, "err", err)
		return
	}
	for _, st := range m.seats {
		if st.c != nil {
			st.c.send(st.c.dg(dg.GameRecord, m.number, pgn.String()))
		}
	}
}

// ratingNews tells each connected player of a rated game how the game
// moved their rating, after the result (a player who only sees "1-0"
// must otherwise ask finger to learn what it cost).
func (m *match) ratingNews(before, after map[string]rating.Rating) []delivery {
	var out []delivery
	for _, st := range m.seats {
		nr, ok := after[st.name]
		if !ok || st.c == nil {
			continue
		}
		was, now := int(before[st.name].R), int(nr.R) // as finger shows them
		out = append(out, delivery{st.c, st.c.textUnit(cmdOther, fmt.Sprintf("Your rating: %d -> %d (%+d).", was, now, now-was))})
	}
	return out
}

// abort ends the game with no result (under s.mu): everyone following it
// hears why in one line, then the result as for any end. A game aborted
// for the server's own reason (keep: a shutdown) is recorded with its
// moves so far and why; one the players let lapse is not. Neither changes
// a rating or counts for anyone.
func (m *match) abort(why string, keep bool) {
	if m.over {
		return
	}
	line := fmt.Sprintf("Game %d aborted: %s; no result, unrated.", m.number, why)
	for _, c := range m.audience() {
		c.sendText(cmdOther, line)
	}
	m.s.log.Info("kriegd: game aborted", "game", m.number, "why", why, "plies", m.ref.Plies(), "to_record", keep)
	if keep {
		m.kept = why
	}
	m.end(referee.Result{Score: game.Unfinished, Reason: referee.ReasonAborted})
}

// entry builds the game's record and its index entry (under s.mu), with
// the new ratings of a rated game, which the players' connections take at
// once; keep is false for a game with nothing to keep (aborted by the
// players or for want of a first move).
func (m *match) entry(r referee.Result) (rec *record.Record, e pendingEntry, keep bool) {
	w, b := m.seats[game.White], m.seats[game.Black]
	rec, err := record.FromReferee(m.ref, []record.Tag{{Key: "Event", Value: "kriegd " + m.rules.Title},
		{Key: "Site", Value: "kriegd"}, {Key: "Date", Value: m.s.clock.Now().UTC().Format("2006.01.02")}, {Key: "Round", Value: "-"},
		{Key: "White", Value: w.name}, {Key: "Black", Value: b.name},
		{Key: "TimeControl", Value: record.TimeControl(m.base, m.inc)}})
	if err != nil {
		m.s.log.Error("kriegd: building a record", "game", m.number, "err", err)
		m.s.metrics.recordFailures.WithLabelValues("record").Inc()
		return nil, e, false
	}
	rec.Result = r.Score
	rec.SetTag("Result", string(r.Score))
	rec.SetTag("Termination", string(r.Reason))
	aborted := r.Reason == referee.ReasonAborted
	if aborted && m.kept == "" {
		return nil, e, false // an aborted game has no result to keep
	}
	if aborted {
		rec.SetTag("TerminationDetails", m.kept)
	}
	ratings := map[string]rating.Rating{}
	if m.rated && !aborted && w.registered && b.registered {
		sw := r.Score.Points(game.White)
		ratings[w.name] = rating.Update(w.rating, b.rating, sw)
		ratings[b.name] = rating.Update(b.rating, w.rating, 1-sw)
		for name, nr := range ratings {
			if u := m.s.user(name); u != nil && u.registered {
				u.rating = nr
			}
		}
		// As lichess's records do: each side's rating before the game and
		// what the game moved it by, in the words ratingNews tells them.
		for _, c := range [2]game.Color{game.White, game.Black} {
			st := m.seats[c]
			before, after := ratingField(true, st.rating), ratingField(true, ratings[st.name])
			rec.SetTag(c.Title()+"Elo", strconv.Itoa(before))
			rec.SetTag(c.Title()+"RatingDiff", fmt.Sprintf("%+d", after-before))
		}
	}
	e = pendingEntry{Game: store.Game{ID: m.id, White: w.name, Black: b.name, Rules: m.rules.Name,
		Result: string(r.Score), Reason: string(r.Reason), Rated: m.rated && !aborted, Plies: m.ref.Plies(), Ended: m.s.clock.Now()}, Ratings: ratings}
	return rec, e, true
}

// unplayed reports whether the game has not yet had a move from each
// player. A game resigned, drawn or left in that state is aborted instead
// (no result, unrated, unrecorded), as lichess does: nothing was played to
// score, and a rating must not move on a game its loser never began.
func (m *match) unplayed() bool { return m.ref.Plies() < 2 }

// resign ends the game in favour of c's opponent, or aborts it before both
// players have moved.
func (m *match) resign(c *conn) {
	us := m.colorOf(c)
	if !m.over && m.unplayed() {
		m.abort(fmt.Sprintf("%s resigned before both players had moved", m.seats[us].name), false)
		return
	}
	if err := m.ref.Resign(us); err != nil {
		c.sendText(cmdResign, err.Error())
		return
	}
	m.end(*m.ref.Result())
}

// dropped starts the grace period of a player whose connection ended.
// When it ends with the player still away, the opponent wins, unless the
// opponent is away too: then nobody is there to have won, and the game is
// aborted (no result, unrated), recorded with its moves and why, rather
// than given to whichever dropped second.
func (m *match) dropped(c *conn) {
	color := m.colorOf(c)
	st := m.seats[color]
	st.c = nil
	m.s.rosterChanged()
	// The operator sees a game's drops and returns, not only its end.
	m.s.logAddr(c.addr, slog.LevelInfo, "kriegd: left a game in progress", "game", m.number, "name", st.name, "from", c.addr, "grace", m.s.cfg.Grace)
	m.tellAll(fmt.Sprintf("%s has disconnected; the game is %s unless they return within %s.", st.name, map[bool]string{false: "lost", true: "aborted"}[m.unplayed()], seconds(m.s.cfg.Grace)), nil)
	st.grace = m.s.clock.AfterFunc(m.s.cfg.Grace, m.s.safely("the grace timer", func() {
		m.s.locked(func() error {
			switch {
			case st.c != nil || m.over || m.s.closed: // a closing server decides no game
			case m.seats[color.Other()].c == nil:
				m.abort(fmt.Sprintf("both players left the game, and were away when %s's grace period (%s) ended", st.name, seconds(m.s.cfg.Grace)), true)
			case m.unplayed():
				m.abort(fmt.Sprintf("%s left before both players had moved, and was away when the grace period (%s) ended", st.name, seconds(m.s.cfg.Grace)), false)
			default:
				m.end(referee.Result{Score: game.WinFor(color.Other()), Reason: referee.ReasonDisconnect})
			}
			return nil
		})
	}))
}

// tellAll tells the game's players and observers text, all but except: a
// player's leaving and return are as public as the clocks that run on.
func (m *match) tellAll(text string, except *conn) {
	for _, o := range m.players() {
		if o != except {
			o.sendText(cmdOther, text)
		}
	}
	for o := range m.observers {
		if o != except {
			o.sendText(cmdOther, text)
		}
	}
}

// rejoin gives c back its seat when it is the player who dropped; it
// resends the game's start and c's own view of every move so far.
func (m *match) rejoin(c *conn) bool {
	for color, st := range m.seats {
		if st.c != nil || !strings.EqualFold(st.name, c.name) {
			continue
		}
		// Back after a drop the opponent was told of, or a new connection
		// that took the seat over from a live one (no grace was running):
		// "returned" would speak of a leaving never announced.
		back := st.name + " has returned; the game goes on."
		if st.grace != nil {
			st.grace.Stop()
			st.grace = nil
		} else {
			back = st.name + " is playing on from a new connection; the game goes on."
		}
		st.c = c
		m.s.rosterChanged()
		m.s.logAddr(c.addr, slog.LevelInfo, "kriegd: back in a game", "game", m.number, "name", st.name, "from", c.addr)
		c.token = st.token
		m.announceStart(c, dg.GameStarted)
		m.replayFor(c, game.Color(color))
		m.sendClocks()
		m.tellAll(back, c)
		return true
	}
	return false
}

// replayFor resends to c, who plays color, what it heard of every attempt
// and move so far: its refused attempts too, which a returning client shows
// in its move table as it did before.
//
// It leaves as one piece of output: a long game's hundreds of moves, sent
// one by one, filled the connection's queue and cut the returning player
// off as a slow reader.
func (m *match) replayFor(c *conn, color game.Color) {
	var out strings.Builder
	pos := m.ref.Start()
	for _, e := range m.ref.Log() {
		_, text := m.hearing(c, color, e, &pos)
		out.WriteString(text)
		if e.Verdict == referee.Accepted {
			pos.Apply(e.Attempt)
		}
	}
	c.send(out.String())
}

// wholeGame writes the moves of a game that has ended, each in full, for
// its observers, who heard them hidden while it went on (publicView). They
// are in the notation of the game's record and the players' move lists
// (SAN, "Qxf7#"): the datagram's smith form ("h5f7p") read as a typing
// slip to an observer at telnet or in krieg's console.
func (m *match) wholeGame() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Game %d's moves, now that it is over:", m.number)
	pos := m.ref.Start()
	n := 0
	for _, e := range m.ref.Log() {
		if e.Verdict != referee.Accepted {
			continue
		}
		if n%2 == 0 {
			fmt.Fprintf(&b, " %d.", n/2+1)
		}
		san, err := pos.SAN(e.Attempt)
		if err != nil {
			san = e.Attempt.String() // never for a move the referee accepted; the list goes on all the same
		}
		b.WriteString(" " + san)
		pos.Apply(e.Attempt)
		n++
	}
	b.WriteString("\r\n")
	return b.String()
}

// mystery is a hidden move as its opponent hears it: "?", or "?x" and the
// square of the man it took.
func mystery(before *game.Position, mv game.Move) string {
	if sq := before.CapturedSquare(mv); sq != game.NoSquare {
		return "?x" + sq.String()
	}
	return "?"
}
