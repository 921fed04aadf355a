package server

import (
	"fmt"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
)

// resultCodes is datagram 16's code for each way a game ends.
var resultCodes = map[referee.Reason]string{referee.ReasonCheckmate: "Mat", referee.ReasonResignation: "Res",
	referee.ReasonTime: "Fla", referee.ReasonAgreement: "Agr", referee.ReasonStalemate: "Sta",
	referee.ReasonInsufficient: "NM", referee.ReasonPlyCap: "50", referee.ReasonFiftyMoves: "50",
	referee.ReasonRepetition: "Rep", referee.ReasonAborted: "BA"}

// end finishes the game with r (under s.mu): datagram 16 to everyone
// following, the record saved and indexed, ratings updated.
func (m *match) end(r referee.Result) {
	if m.over {
		return
	}
	m.over = true
	m.stopClock()
	for _, st := range m.seats {
		if st.grace != nil {
			st.grace.Stop()
		}
	}
	code := resultCodes[r.Reason]
	if r.Reason == referee.ReasonDisconnect {
		code = map[bool]string{true: "WQ", false: "BQ"}[r.Score == game.BlackWins]
	}
	if code == "" {
		code = "Adj"
	}
	// The record and its index row exist before anyone hears the result, so
	// that a "history" sent on hearing it (on any instance) lists the game.
	m.save(r)
	text := fmt.Sprintf("{Game %d (%s vs. %s) %s} %s", m.number, m.seats[0].name, m.seats[1].name, r.Reason, r.Score)
	for _, c := range m.audience() {
		c.send(c.dg(dgGameResult, m.number, 0, code, r.Score, string(r.Reason), "A00") + "\r\n" + text + "\r\n")
	}
	delete(m.s.games, m.number)
}

// save writes the record and indexes it, with the ratings of a rated game,
// once: a game ended by a move is saved before the move is told.
func (m *match) save(r referee.Result) {
	if m.saved {
		return
	}
	m.saved = true
	w, b := m.seats[game.White], m.seats[game.Black]
	rec, err := record.FromReferee(m.ref, []record.Tag{{Key: "Event", Value: "kriegd " + m.rules.Title},
		{Key: "Site", Value: "kriegd"}, {Key: "Date", Value: time.Now().UTC().Format("2006.01.02")},
		{Key: "White", Value: w.name}, {Key: "Black", Value: b.name},
		{Key: "TimeControl", Value: fmt.Sprintf("%d+%d", int(m.base/time.Second), int(m.inc/time.Second))}})
	if err != nil {
		m.s.cfg.Logf("kriegd: game %d: building the record: %v", m.number, err)
		return
	}
	rec.Result = r.Score
	rec.SetTag("Result", string(r.Score))
	rec.SetTag("Termination", string(r.Reason))
	if r.Reason == referee.ReasonAborted {
		return // an aborted game has no result to keep
	}
	path, err := writeRecord(m.s.cfg.DataDir, m.id, rec)
	if err != nil {
		m.s.cfg.Logf("kriegd: game %d: %v", m.number, err)
		return
	}
	ratings := map[string]rating.Rating{}
	if m.rated && w.registered && b.registered {
		sw := r.Score.Points(game.White)
		ratings[w.name] = rating.Update(w.rating, b.rating, sw)
		ratings[b.name] = rating.Update(b.rating, w.rating, 1-sw)
	}
	ctx, cancel := m.s.ctx()
	defer cancel()
	err = m.s.cfg.Store.FinishGame(ctx, store.Game{ID: m.id, White: w.name, Black: b.name, Rules: m.rules.Name,
		Result: string(r.Score), Reason: string(r.Reason), Rated: m.rated, Plies: m.ref.Plies(), Path: path, Ended: time.Now()}, ratings)
	if err != nil {
		m.s.cfg.Logf("kriegd: game %d: %v", m.number, err)
	}
}

// ratingOf reads c's rating (the start rating for guests).
func (s *Server) ratingOf(c *conn) rating.Rating {
	if !c.registered {
		return rating.Start
	}
	ctx, cancel := s.ctx()
	defer cancel()
	a, err := s.cfg.Store.Account(ctx, c.name)
	if err != nil {
		return rating.Start
	}
	return a.Rating
}

// resign ends the game in favour of c's opponent.
func (m *match) resign(c *conn) {
	us := m.colorOf(c)
	if err := m.ref.Resign(us); err != nil {
		c.sendText(cmdResign, err.Error())
		return
	}
	m.end(*m.ref.Result())
}

// dropped starts the grace period of a player whose connection ended.
func (m *match) dropped(c *conn) {
	color := m.colorOf(c)
	st := m.seats[color]
	st.c = nil
	for _, o := range m.players() {
		o.sendText(cmdOther, fmt.Sprintf("%s has disconnected; the game is lost unless they return within %v.", st.name, m.s.cfg.Grace))
	}
	st.grace = time.AfterFunc(m.s.cfg.Grace, func() {
		m.s.mu.Lock()
		defer m.s.mu.Unlock()
		if st.c == nil && !m.over {
			m.end(referee.Result{Score: game.WinFor(color.Other()), Reason: referee.ReasonDisconnect})
		}
	})
}

// rejoin gives c back its seat when it is the player who dropped; it
// resends the game's start and c's own view of every move so far.
func (m *match) rejoin(c *conn) bool {
	for color, st := range m.seats {
		if st.c != nil || !strings.EqualFold(st.name, c.name) {
			continue
		}
		if st.grace != nil {
			st.grace.Stop()
		}
		st.c = c
		m.announceStart(c, dgGameStarted)
		m.replayFor(c, game.Color(color))
		m.sendClocks()
		for _, o := range m.players() {
			if o != c {
				o.sendText(cmdOther, st.name+" has returned; the game goes on.")
			}
		}
		return true
	}
	return false
}

// replayFor resends to c, who plays color, what it heard of every move so far.
func (m *match) replayFor(c *conn, color game.Color) {
	pos := m.ref.Start()
	for _, e := range m.ref.Log() {
		if e.Verdict != referee.Accepted {
			continue
		}
		h, _ := e.HeardBy(color)
		if e.Mover == color {
			c.send(c.dg(dgSendMoves, m.number, m.smith(&pos, e.Attempt)) + m.lines(h.Said))
		} else {
			mystery := "?"
			if sq := pos.CapturedSquare(e.Attempt); sq != game.NoSquare {
				mystery = "?x" + sq.String()
			}
			c.send(c.dg(dgSendMoves, m.number, mystery) + m.lines(h.Said))
		}
		pos.Apply(e.Attempt)
	}
}
