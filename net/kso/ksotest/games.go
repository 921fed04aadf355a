package ksotest

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/kso"
)

// fakeGame is one game on the fake site. The server's mutex guards it.
type fakeGame struct {
	id, code     string
	variant      string
	rules        referee.Ruleset
	players      [2]*user // by colour; nil while waiting
	creator      *user
	creatorColor game.Color
	oppType      string
	reserved     *user
	state        string
	ref          *referee.Referee
	rem          [2]time.Duration
	active       *game.Color // the running clock; nil before the first completed move
	stamp        time.Time
	inc          time.Duration
	result       *kso.GameResult
	created      time.Time
	updated      time.Time
	subs         []chan kso.GameEvent
	house        [2]Opponent
	thinking     bool
}

const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

func (s *Server) newCode() string {
	for {
		b := make([]byte, 6)
		for i := range b {
			b[i] = codeAlphabet[rand.IntN(len(codeAlphabet))]
		}
		code := string(b)
		if s.find(code) == nil {
			return code
		}
	}
}

// find looks a game up by id or code (case-insensitive).
func (s *Server) find(ref string) *fakeGame {
	if g := s.games[ref]; g != nil {
		return g
	}
	for _, g := range s.games {
		if strings.EqualFold(g.code, ref) {
			return g
		}
	}
	return nil
}

func (g *fakeGame) colorOf(u *user) (game.Color, bool) {
	for c := game.White; c <= game.Black; c++ {
		if g.players[c] == u {
			return c, true
		}
	}
	return game.White, false
}

// remaining projects the clocks to now (clock_service.get_remaining).
func (g *fakeGame) remaining(now time.Time) [2]time.Duration {
	r := g.rem
	if g.active != nil {
		r[*g.active] = max(0, r[*g.active]-now.Sub(g.stamp))
	}
	return r
}

func (g *fakeGame) clock(now time.Time) kso.ClockState {
	r := g.remaining(now)
	c := kso.ClockState{WhiteRemaining: r[game.White].Seconds(), BlackRemaining: r[game.Black].Seconds()}
	if g.active != nil {
		n := kso.ColorName(*g.active)
		c.ActiveColor = &n
	}
	return c
}

// checkTimeout ends the game when the running clock is out.
func (s *Server) checkTimeout(g *fakeGame, now time.Time) bool {
	if g.state != "active" || g.active == nil {
		return false
	}
	r := g.remaining(now)
	side := *g.active
	if r[side] > 0 {
		return false
	}
	g.rem, g.stamp, g.active = r, now, nil
	w := kso.ColorName(side.Other())
	g.result = &kso.GameResult{Winner: &w, Reason: "timeout"}
	g.state, g.updated = "completed", now
	s.publish(g)
	return true
}

// punch updates the clocks after mover's action (clock_service.deduct_and_increment).
func (g *fakeGame) punch(mover game.Color, done bool, now time.Time) {
	g.rem = g.remaining(now)
	if done {
		g.rem[mover] += g.inc
		next := mover.Other()
		g.active = &next
	} else if g.active != nil {
		m := mover
		g.active = &m
	}
	g.stamp, g.updated = now, now
}

// publish queues a game_changed event for every subscriber (queue of 16,
// oldest dropped).
func (s *Server) publish(g *fakeGame) { s.publishType(g, "game_changed") }

func (s *Server) publishType(g *fakeGame, typ string) {
	ev := g.event(typ)
	for _, ch := range g.subs {
		for {
			select {
			case ch <- ev:
			default:
				select {
				case <-ch:
				default:
				}
				continue
			}
			break
		}
	}
}

func (g *fakeGame) event(typ string) kso.GameEvent {
	ev := kso.GameEvent{Type: typ, GameID: g.id, GameCode: g.code, State: g.state, MoveNumber: g.moveNumber(),
		UpdatedAt: g.updated.UTC().Format(time.RFC3339Nano)}
	if t := g.turn(); t != nil {
		ev.Turn = t
	}
	return ev
}

func (g *fakeGame) moveNumber() int {
	if g.ref == nil {
		return 1
	}
	return g.ref.Plies() + 1
}

func (g *fakeGame) turn() *string {
	if g.state != "active" || g.ref == nil {
		return nil
	}
	t := kso.ColorName(g.ref.ToMove())
	return &t
}

// finishFromReferee records the referee's result (game_service._final_result_from_special).
func (g *fakeGame) finishFromReferee(now time.Time) {
	res := g.ref.Result()
	if res == nil {
		return
	}
	g.state, g.active, g.updated = "completed", nil, now
	r := kso.GameResult{Reason: siteReason(res.Reason)}
	if w, ok := res.Winner(); ok {
		n := kso.ColorName(w)
		r.Winner = &n
	}
	g.result = &r
}

func siteReason(r referee.Reason) string {
	switch r {
	case referee.ReasonCheckmate:
		return "checkmate"
	case referee.ReasonStalemate:
		return "stalemate"
	case referee.ReasonInsufficient:
		return "insufficient"
	case referee.ReasonResignation:
		return "resignation"
	case referee.ReasonTime:
		return "timeout"
	}
	return "too_many_reversible_moves" // the referee's ply cap stands in for the site's reversible-move rule
}

// start makes a waiting game active.
func (s *Server) start(g *fakeGame, now time.Time) {
	g.state, g.updated, g.stamp = "active", now, now
	if s.plyCap > 0 {
		g.rules.PlyCap = s.plyCap
	}
	g.ref = referee.New(g.rules, game.Start())
	s.publish(g)
	s.kick(g)
}

// NewGame starts an active game between two existing accounts (for tests
// that need games without the lobby) and returns its id and code.
func (s *Server) NewGame(variant, white, black string) (id, code string, err error) {
	rules, err := kso.RulesFor(variant)
	if err != nil {
		return "", "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	w, b := s.users[strings.ToLower(white)], s.users[strings.ToLower(black)]
	if w == nil || b == nil {
		return "", "", fmt.Errorf("ksotest: no account %q or %q", white, black)
	}
	now := s.now()
	g := &fakeGame{id: newID(), code: s.newCode(), variant: variant, rules: rules, players: [2]*user{w, b}, creator: w,
		oppType: "human", rem: [2]time.Duration{s.base, s.base}, inc: s.inc, created: now}
	s.games[g.id] = g
	s.order = append(s.order, g)
	s.start(g, now)
	return g.id, g.code, nil
}

// Truth returns a game's referee (for tests to compare what players heard
// with what the referee said). Read it only while no move is being made.
func (s *Server) Truth(ref string) *referee.Referee {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.find(ref); g != nil {
		return g.ref
	}
	return nil
}

// Result returns a game's state and result.
func (s *Server) Result(ref string) (string, *kso.GameResult) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.find(ref); g != nil {
		return g.state, g.result
	}
	return "", nil
}

func (s *Server) open(w http.ResponseWriter, r *http.Request) {
	if s.caller(w, r) == nil {
		return
	}
	s.mu.Lock()
	out := kso.OpenGames{Games: []kso.OpenGame{}}
	for i := len(s.order) - 1; i >= 0 && len(out.Games) < 20; i-- {
		g := s.order[i]
		if g.state == "waiting" && g.reserved == nil {
			out.Games = append(out.Games, kso.OpenGame{GameCode: g.code, RuleVariant: g.variant, CreatedBy: g.creator.name,
				CreatedAt: g.created.UTC().Format(time.RFC3339Nano), AvailableColor: kso.ColorName(g.creatorColor.Other())})
		}
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) active(w http.ResponseWriter, r *http.Request) {
	u := s.caller(w, r)
	if u == nil {
		return
	}
	s.mu.Lock()
	now := s.now()
	out := kso.MyGames{Games: []kso.GameMetadata{}}
	for _, g := range s.order {
		s.checkTimeout(g, now)
		if _, ok := g.colorOf(u); ok && (g.state == "active" || g.state == "waiting") && len(out.Games) < 20 {
			out.Games = append(out.Games, g.metadata())
		}
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, out)
}

func (g *fakeGame) metadata() kso.GameMetadata {
	m := kso.GameMetadata{GameID: g.id, GameCode: g.code, RuleVariant: g.variant, State: g.state, OpponentType: g.oppType,
		Turn: g.turn(), MoveNumber: g.moveNumber(), CreatedAt: g.created.UTC().Format(time.RFC3339Nano),
		UpdatedAt: g.updated.UTC().Format(time.RFC3339Nano), Result: g.result}
	pp := func(u *user) *kso.PublicPlayer {
		if u == nil {
			return nil
		}
		return &kso.PublicPlayer{Username: u.name, Connected: true, Role: u.role, Elo: 1200}
	}
	m.White, m.Black = pp(g.players[game.White]), pp(g.players[game.Black])
	return m
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	u := s.caller(w, r)
	if u == nil {
		return
	}
	req := kso.CreateGameRequest{RuleVariant: "berkeley_any", PlayAs: "random", TimeControl: "rapid", OpponentType: "human"}
	if !decode(w, r, &req) {
		return
	}
	rules, err := kso.RulesFor(req.RuleVariant)
	if req.RuleVariant == "crazykrieg" {
		writeError(w, http.StatusBadRequest, "NOT_IN_FAKE", "the fake site has no CrazyKrieg")
		return
	}
	if err != nil || (req.PlayAs != "white" && req.PlayAs != "black" && req.PlayAs != "random") || req.TimeControl != "rapid" ||
		(req.OpponentType != "human" && req.OpponentType != "bot") || (req.OpponentType == "bot") != (req.BotID != nil) {
		writeDetail(w, http.StatusUnprocessableEntity, []map[string]any{{"type": "value_error", "msg": "invalid game request"}})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if u.role == "bot" {
		if req.OpponentType != "human" {
			writeError(w, http.StatusBadRequest, "BOT_CREATE_REQUIRES_HUMAN_OPPONENT", "Bots can only create open lobby games")
			return
		}
		for _, g := range s.games {
			if g.creator == u && g.state == "waiting" {
				writeError(w, http.StatusConflict, "BOT_ALREADY_HAS_OPEN_GAME", "A bot can only have one open lobby game at a time")
				return
			}
		}
	}
	side := game.White
	switch req.PlayAs {
	case "black":
		side = game.Black
	case "random":
		side = game.Color(rand.IntN(2))
	}
	g := &fakeGame{id: newID(), code: s.newCode(), variant: req.RuleVariant, rules: rules, creator: u, creatorColor: side,
		oppType: req.OpponentType, state: "waiting", rem: [2]time.Duration{s.base, s.base}, inc: s.inc, created: now, updated: now}
	g.players[side] = u
	var bot *user
	if req.OpponentType == "bot" {
		for _, b := range s.users {
			if b.role == "bot" && b.id == *req.BotID {
				bot = b
			}
		}
		if bot == nil || !bot.listed {
			writeError(w, http.StatusBadRequest, "BOT_NOT_FOUND", "Selected bot was not found")
			return
		}
		supported := false
		for _, v := range bot.variants {
			supported = supported || v == req.RuleVariant
		}
		if !supported {
			writeError(w, http.StatusBadRequest, "BOT_RULE_VARIANT_UNSUPPORTED", "Selected bot does not support that ruleset")
			return
		}
		g.reserved = bot
		g.players[side.Other()] = bot
	}
	s.games[g.id] = g
	s.order = append(s.order, g)
	resp := kso.CreateGameResponse{GameID: g.id, GameCode: g.code, PlayAs: kso.ColorName(side), RuleVariant: g.variant, State: "waiting",
		JoinURL: s.URL + "/join/" + g.code, OpponentType: g.oppType}
	if bot != nil {
		s.start(g, now)
		resp.State = "active"
		url := s.URL + "/game/" + g.id
		resp.GameURL = &url
		resp.Bot = map[string]string{"bot_id": bot.id, "username": bot.name, "display_name": bot.name}
	}
	writeJSON(w, http.StatusCreated, resp)
}

func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	u := s.caller(w, r)
	if u == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	g := s.find(r.PathValue("code"))
	// The order of game_service.join_game and _enforce_bot_join_rules.
	switch {
	case g == nil:
		writeError(w, http.StatusNotFound, "GAME_NOT_FOUND", "Game not found")
		return
	case g.creator == u:
		writeError(w, http.StatusConflict, "CANNOT_JOIN_OWN_GAME", "Cannot join your own game")
		return
	case g.reserved != nil:
		writeError(w, http.StatusConflict, "GAME_RESERVED_FOR_BOT", "This game is reserved for its selected bot")
		return
	case g.state != "waiting":
		writeError(w, http.StatusConflict, "GAME_FULL", "Game is not joinable")
		return
	case u.role == "bot" && g.creator.role != "bot":
		writeError(w, http.StatusForbidden, "FORBIDDEN", "Bots cannot join human-created lobby games")
		return
	case u.role == "bot" && now.Sub(u.lastJoin) < time.Minute:
		writeError(w, http.StatusConflict, "BOT_JOIN_COOLDOWN", "Bots can only join another bot's lobby game once per minute")
		return
	}
	if u.role == "bot" {
		u.lastJoin = now
	}
	side := g.creatorColor.Other()
	g.players[side] = u
	s.start(g, now)
	writeJSON(w, http.StatusOK, kso.JoinGameResponse{GameID: g.id, GameCode: g.code, PlayAs: kso.ColorName(side), RuleVariant: g.variant,
		State: "active", GameURL: s.URL + "/game/" + g.id})
}

func (s *Server) remove(w http.ResponseWriter, r *http.Request) {
	u := s.caller(w, r)
	if u == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.find(r.PathValue("ref"))
	switch {
	case g == nil:
		writeError(w, http.StatusNotFound, "GAME_NOT_FOUND", "Game not found")
	case g.state != "waiting":
		writeError(w, http.StatusConflict, "GAME_NOT_WAITING", "Only waiting games can be deleted")
	case g.creator != u:
		writeError(w, http.StatusForbidden, "FORBIDDEN", "Only the creator can delete this waiting game")
	default:
		delete(s.games, g.id)
		for i, x := range s.order {
			if x == g {
				s.order = append(s.order[:i], s.order[i+1:]...)
				break
			}
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

// participant finds the game and the caller's colour, answering the
// envelope's errors itself; the server's mutex is held on success.
func (s *Server) participant(w http.ResponseWriter, r *http.Request, what string) (*fakeGame, game.Color, bool) {
	u := s.caller(w, r)
	if u == nil {
		return nil, 0, false
	}
	s.mu.Lock()
	g := s.find(r.PathValue("ref"))
	if g == nil {
		s.mu.Unlock()
		writeError(w, http.StatusNotFound, "GAME_NOT_FOUND", "Game not found")
		return nil, 0, false
	}
	c, ok := g.colorOf(u)
	if !ok {
		s.mu.Unlock()
		writeError(w, http.StatusForbidden, "FORBIDDEN", "Only participants can "+what)
		return nil, 0, false
	}
	return g, c, true
}

// acting checks that c may act now (game_service.execute_move's order).
func (s *Server) acting(w http.ResponseWriter, g *fakeGame, c game.Color) bool {
	if s.checkTimeout(g, s.now()) {
		writeError(w, http.StatusBadRequest, "GAME_NOT_ACTIVE", "Game timed out")
		return false
	}
	if g.state != "active" {
		writeError(w, http.StatusBadRequest, "GAME_NOT_ACTIVE", "Game is not active")
		return false
	}
	if g.ref.ToMove() != c {
		writeError(w, http.StatusBadRequest, "NOT_YOUR_TURN", "It is not your turn")
		return false
	}
	return true
}

func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	g, c, ok := s.participant(w, r, "access this game state")
	if !ok {
		return
	}
	now := s.now()
	s.checkTimeout(g, now)
	st := s.gameState(g, c, now)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}

func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	var req kso.MoveRequest
	if !decode(w, r, &req) {
		return
	}
	if n := len(strings.TrimSpace(req.UCI)); n < 4 || n > 5 {
		writeDetail(w, http.StatusUnprocessableEntity, []map[string]any{{"type": "string_too_short", "msg": "uci must have 4-5 characters"}})
		return
	}
	g, c, ok := s.participant(w, r, "mutate this game")
	if !ok {
		return
	}
	defer s.mu.Unlock()
	if !s.acting(w, g, c) {
		return
	}
	m, err := game.ParseMove(strings.TrimSpace(req.UCI))
	if err != nil {
		writeJSON(w, http.StatusOK, kso.MoveResponse{Announcement: "INVALID_UCI", Checks: []string{}, Turn: g.turn(), Clock: g.clock(s.now())})
		return
	}
	writeJSON(w, http.StatusOK, s.attempt(g, c, m))
	s.kick(g)
}

// attempt plays m for c on the referee and answers as the site does.
func (s *Server) attempt(g *fakeGame, c game.Color, m game.Move) kso.MoveResponse {
	now := s.now()
	a := g.ref.Attempt(m)
	done := a.Verdict == referee.Accepted
	g.punch(c, done, now)
	if done {
		g.finishFromReferee(now)
	}
	if !done || g.state == "active" {
		s.checkTimeout(g, now)
	}
	s.publish(g)
	resp := kso.AnswerOf(g.rules, a)
	resp.Turn, resp.GameOver, resp.Clock = g.turnAfter(), g.state == "completed", g.clock(now)
	return resp
}

// turnAfter is the turn a move response reports (the engine's, even when over).
func (g *fakeGame) turnAfter() *string {
	t := kso.ColorName(g.ref.ToMove())
	return &t
}

func (s *Server) askAny(w http.ResponseWriter, r *http.Request) {
	g, c, ok := s.participant(w, r, "mutate this game")
	if !ok {
		return
	}
	defer s.mu.Unlock()
	if !s.acting(w, g, c) {
		return
	}
	if !anyAllowed(g) {
		writeError(w, http.StatusBadRequest, "ACTION_NOT_AVAILABLE", "Ask any pawn captures is not available in this game")
		return
	}
	writeJSON(w, http.StatusOK, s.ask(g, c))
}

func anyAllowed(g *fakeGame) bool {
	return (g.variant == "berkeley_any" || g.variant == "english") && g.ref.AnyOffered()
}

func (s *Server) ask(g *fakeGame, c game.Color) kso.MoveResponse {
	now := s.now()
	a := g.ref.AskAny()
	g.punch(c, false, now)
	s.checkTimeout(g, now)
	s.publish(g)
	resp := kso.AnswerOf(g.rules, a)
	has := a.Any
	resp.HasAny = &has
	resp.Turn, resp.GameOver, resp.Clock = g.turnAfter(), g.state == "completed", g.clock(now)
	return resp
}

func (s *Server) resign(w http.ResponseWriter, r *http.Request) {
	g, c, ok := s.participant(w, r, "mutate this game")
	if !ok {
		return
	}
	defer s.mu.Unlock()
	if g.state != "active" {
		writeError(w, http.StatusBadRequest, "GAME_NOT_ACTIVE", "Game is not active")
		return
	}
	now := s.now()
	g.rem = g.remaining(now)
	_ = g.ref.Resign(c)
	win := kso.ColorName(c.Other())
	g.result = &kso.GameResult{Winner: &win, Reason: "resignation"}
	g.state, g.active, g.updated = "completed", nil, now
	s.publish(g)
	writeJSON(w, http.StatusOK, map[string]any{"result": g.result})
}

// kick lets a house bot play while it is to move, in its own goroutine.
func (s *Server) kick(g *fakeGame) {
	if g.state != "active" || g.thinking {
		return
	}
	side := g.ref.ToMove()
	u := g.players[side]
	if u == nil || u.house == nil {
		return
	}
	if g.house[side] == nil {
		g.house[side] = u.house()
		if st, ok := g.house[side].(Starter); ok {
			st.NewGame(side, g.rules, game.Start())
		}
	}
	g.thinking = true
	go s.houseTurn(g, side)
}

// houseTurn plays one turn of a house bot under the server's lock.
func (s *Server) houseTurn(g *fakeGame, side game.Color) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g.thinking = false
	if g.state != "active" || g.ref.ToMove() != side {
		return
	}
	before := g.ref.Plies()
	g.house[side].Turn(houseUmpire{s: s, g: g})
	if g.ref.Plies() > before {
		s.kick(g)
	}
}

// houseUmpire is the referee as a house bot reaches it: through the site's rules.
type houseUmpire struct {
	s *Server
	g *fakeGame
}

// Rules, ToMove and View are the referee's.
func (h houseUmpire) Rules() referee.Ruleset         { return h.g.rules }
func (h houseUmpire) ToMove() game.Color             { return h.g.ref.ToMove() }
func (h houseUmpire) View(c game.Color) referee.View { return h.g.ref.View(c) }

// Attempt plays m as a move request would, clocks and events included.
func (h houseUmpire) Attempt(m game.Move) referee.Answer {
	if h.g.state != "active" {
		return referee.Answer{Verdict: referee.Finished, Capture: game.NoSquare}
	}
	before := len(h.g.ref.Log())
	h.s.attempt(h.g, h.g.ref.ToMove(), m)
	return lastAnswer(h.g.ref, before)
}

// AskAny asks Any? as the ask-any request would.
func (h houseUmpire) AskAny() referee.Answer {
	if h.g.state != "active" || !anyAllowed(h.g) {
		return referee.Answer{Verdict: referee.Nonsense, Capture: game.NoSquare}
	}
	before := len(h.g.ref.Log())
	h.s.ask(h.g, h.g.ref.ToMove())
	return lastAnswer(h.g.ref, before)
}

// lastAnswer rebuilds the answer of the entry logged after before (the
// fake keeps only the referee's log; players need the verdict).
func lastAnswer(ref *referee.Referee, before int) referee.Answer {
	fresh := ref.LogFrom(before)
	if len(fresh) == 0 {
		return referee.Answer{Verdict: referee.Finished, Capture: game.NoSquare}
	}
	e := fresh[0]
	a := referee.Answer{Verdict: e.Verdict, Move: e.Attempt, Capture: game.NoSquare, Announcements: e.Said, Result: ref.Result()}
	for _, x := range e.Said {
		switch x.Kind {
		case referee.KindAnyAnswer:
			a.Any = x.Has
		case referee.KindCapture:
			a.Capture, a.Captured = x.Square, x.Captured
		case referee.KindCheck:
			a.Checks = append(a.Checks, x.Check)
		}
	}
	return a
}

func (s *Server) transcript(w http.ResponseWriter, r *http.Request) {
	g, c, ok := s.participant(w, r, "access an active game transcript") // the backend lets anyone read a finished one; the fake only participants
	if !ok {
		return
	}
	out := kso.Transcript{GameID: g.id, RuleVariant: g.variant, Moves: []kso.TranscriptMove{}}
	vc := kso.ColorName(c)
	out.ViewerColor = &vc
	if g.ref != nil {
		for _, e := range g.ref.Log() {
			if e.Resigned || e.Verdict == referee.Nonsense || e.Verdict == referee.Repeated || e.Verdict == referee.Finished {
				continue
			}
			if g.rules.Name == referee.Wild16.Name && e.Verdict == referee.Illegal && g.state != "completed" {
				continue // not in wild16's public history; a finished game's review shows it (_review_history_moves)
			}
			// The backend shows every stored move's uci, the opponent's too,
			// even while the game runs (_to_transcript_move); krieg reads the
			// transcript only once a game is over.
			t := kso.TranscriptMove{Ply: len(out.Moves) + 1, Color: kso.ColorName(e.Mover), QuestionType: "COMMON", MoveDone: e.Verdict == referee.Accepted}
			if e.AskedAny {
				t.QuestionType = "ASK_ANY"
			} else {
				u := e.Attempt.String()
				t.UCI = &u
			}
			a := kso.AnswerOf(g.rules, referee.Answer{Verdict: e.Verdict, Capture: game.NoSquare, Announcements: e.Said})
			t.Answer = kso.TranscriptAnswer{Main: a.Announcement, CaptureSquare: a.CaptureSquare, CapturedPieceAnnouncement: a.CapturedPieceAnnouncement,
				Special: a.SpecialAnnouncement, Checks: a.Checks, NextTurnPawnTries: a.NextTurnPawnTries,
				NextTurnHasPawnCapture: a.NextTurnHasPawnCapture, NextTurnPawnTrySquares: a.NextTurnPawnTrySquares}
			out.Moves = append(out.Moves, t)
		}
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, out)
}

// events serves the game's event stream (routers/game.py game_events).
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	g, _, ok := s.participant(w, r, "subscribe to this game")
	if !ok {
		return
	}
	if s.drop {
		s.mu.Unlock()
		writeDetail(w, http.StatusServiceUnavailable, "Service Unavailable")
		return
	}
	ch := make(chan kso.GameEvent, 16)
	ch <- g.event("connected")
	g.subs = append(g.subs, ch)
	keep := s.keepalive
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		for i, x := range g.subs {
			if x == ch {
				g.subs = append(g.subs[:i], g.subs[i+1:]...)
				break
			}
		}
		s.mu.Unlock()
	}()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	flush := func() {
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}
	flush()
	tick := time.NewTicker(keep)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			fmt.Fprint(w, ": keepalive\n\n")
			flush()
		case ev, open := <-ch:
			if !open {
				return // cut by DropStreams
			}
			fmt.Fprint(w, Frame(ev))
			flush()
			if ev.Type == "shutdown" {
				return
			}
		}
	}
}

// Frame writes an event as the backend's _sse_frame does.
func Frame(ev kso.GameEvent) string {
	return "event: " + ev.Type + "\ndata: " + compactJSON(ev) + "\n\n"
}

// Games returns the ids of the games on the site, oldest first.
func (s *Server) Games() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, len(s.order))
	for i, g := range s.order {
		out[i] = g.id
	}
	return out
}
