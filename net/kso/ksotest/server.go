// Package ksotest is a fake of kriegspiel.org's HTTP API for tests, driven
// by krieg's own referee (game/referee): login with a session cookie, bot
// registration with a token, the lobby (open, create, join, active games,
// bots), a game's state, moves, Any?, resignation, the transcript and the
// Server-Sent Events stream, with the rapid clock (25 min + 10 s, from the
// first completed move). Listed "house" bots are played inside the fake by
// any referee.Umpire player (the computer player in krieg's tests).
//
// The shapes are those of ks-backend commit
// 7d566bcee3c28ffa9652cf807cc41cfed4f139bf, checked field by field against:
// src/app/routers/auth.py (login, bots/register, 401 detail, 409 conflict
// detail), src/app/dependencies.py (Bearer first, then the session_id
// cookie), src/app/routers/game.py (routes, error envelope, SSE frames and
// keepalive), src/app/models/game.py (every response model),
// src/app/services/game_service.py (NOT_YOUR_TURN, GAME_NOT_ACTIVE,
// ACTION_NOT_AVAILABLE, bot rules, results, _game_event_payload),
// src/app/services/state_projection.py (scoresheet lines and texts,
// allowed_moves, possible_actions) and src/app/services/clock_service.py.
// What it leaves out: CrazyKrieg, ratings, expiry of waiting games,
// archived games, the /api prefix.
//
// Faults for tests: Fail (the next n requests answer 500), Delay (the next
// n requests wait), DropStreams (event streams refused or cut), Expire
// (every session ends).
package ksotest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/kso"
)

// Opponent plays a house bot's turns (the computer player, the random attempter).
type Opponent interface {
	Turn(u referee.Umpire) []referee.Answer
}

// Starter is an Opponent that wants to hear of a new game first.
type Starter interface {
	NewGame(side game.Color, rules referee.Ruleset, start game.Position)
}

type user struct {
	id, name, password, role string
	listed                   bool
	house                    func() Opponent
	variants                 []string
	lastJoin                 time.Time
}

// Server is the fake site. Create it with New; Close it when done.
type Server struct {
	*httptest.Server

	mu        sync.Mutex
	users     map[string]*user // by lower-case name
	sessions  map[string]*user
	tokens    map[string]*user
	games     map[string]*fakeGame // by id
	order     []*fakeGame
	now       func() time.Time
	base      time.Duration // the rapid clock's base (25 min)
	inc       time.Duration
	plyCap    int // 0: the rulesets' own
	fail      int
	failCode  int
	failRoute string
	delay     int
	delayFor  time.Duration
	delayAt   string
	drop      bool
	// keepalive is the silence after which an event stream gets a comment (15 s).
	keepalive time.Duration
	requests  map[string]int
	// Log receives one line per request (method, path, status) when set;
	// tests check that no secret reaches it.
	Log func(line string)
}

// New starts a fake site on 127.0.0.1.
func New() *Server {
	s := &Server{users: map[string]*user{}, sessions: map[string]*user{}, tokens: map[string]*user{},
		games: map[string]*fakeGame{}, now: time.Now, base: 25 * time.Minute, inc: 10 * time.Second,
		requests: map[string]int{}, keepalive: 15 * time.Second}
	s.Server = httptest.NewServer(s.routes())
	return s
}

// SetClock sets the rapid clock's base and increment for games created from now on.
func (s *Server) SetClock(base, inc time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.base, s.inc = base, inc
}

// SetPlyCap draws games created from now on after n plies (the site's
// "too many reversible moves" draw stands in for it), to keep test games short.
func (s *Server) SetPlyCap(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.plyCap = n
}

// SetKeepalive sets how long an event stream stays silent before a keepalive comment.
func (s *Server) SetKeepalive(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keepalive = d
}

// AddUser adds a person who logs in with password.
func (s *Server) AddUser(name, password string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[strings.ToLower(name)] = &user{id: newID(), name: name, password: password, role: "user"}
}

// AddHouseBot adds a listed bot that the fake plays itself with a new
// player from mk for each game; it supports variants (all when nil).
func (s *Server) AddHouseBot(name string, variants []string, mk func() Opponent) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if variants == nil {
		variants = kso.Variants()
	}
	s.users[strings.ToLower(name)] = &user{id: newID(), name: name, role: "bot", listed: true, house: mk, variants: variants}
}

// Fail makes the next n requests to route ("GET /game/{ref}/state"; ""
// for any) answer status (500 when 0) without acting.
func (s *Server) Fail(route string, n, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail, s.failCode, s.failRoute = n, status, route
	if status == 0 {
		s.failCode = http.StatusInternalServerError
	}
}

// Delay makes the next n requests to route ("" for any) wait d before
// they are served (and then served, even if the caller gave up).
func (s *Server) Delay(route string, n int, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delay, s.delayFor, s.delayAt = n, d, route
}

// DropStreams cuts every open event stream and, while on, refuses new ones (503).
func (s *Server) DropStreams(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drop = on
	if on {
		for _, g := range s.games {
			for _, ch := range g.subs {
				close(ch)
			}
			g.subs = nil
		}
	}
}

// Expire ends every login session (bot tokens stay valid).
func (s *Server) Expire() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions = map[string]*user{}
}

// Requests returns how many requests matched route ("GET /game/{ref}/state").
func (s *Server) Requests(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[route]
}

var usernameRE = regexp.MustCompile(`^[a-zA-Z0-9_]+$`)

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:]) // 24 hex digits, like a Mongo ObjectId
}

// writeJSON answers v with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers the game routers' envelope.
func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{"code": code, "message": msg, "details": map[string]any{}}})
}

// writeDetail answers FastAPI's {"detail": ...}.
func writeDetail(w http.ResponseWriter, status int, detail any) {
	writeJSON(w, status, map[string]any{"detail": detail})
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

// WriteHeader notes the status for the request log.
func (w *statusWriter) WriteHeader(code int) { w.status = code; w.ResponseWriter.WriteHeader(code) }

// Flush lets event streams through the wrapper.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// handle wraps a route: faults, counting, logging.
func (s *Server) handle(mux *http.ServeMux, pattern string, h func(http.ResponseWriter, *http.Request)) {
	mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		route := strings.Replace(pattern, "{what}", r.PathValue("what"), 1)
		s.mu.Lock()
		s.requests[route]++
		fail, code := s.fail > 0 && (s.failRoute == "" || s.failRoute == route), s.failCode
		if fail {
			s.fail--
		}
		var wait time.Duration
		if s.delay > 0 && (s.delayAt == "" || s.delayAt == route) {
			s.delay--
			wait = s.delayFor
		}
		logf := s.Log
		s.mu.Unlock()
		sw := &statusWriter{ResponseWriter: w, status: 200}
		if wait > 0 {
			time.Sleep(wait)
		}
		if fail {
			writeDetail(sw, code, "Internal Server Error")
		} else {
			h(sw, r)
		}
		if logf != nil {
			logf(r.Method + " " + r.URL.Path + " " + http.StatusText(sw.status))
		}
	})
}

// caller finds the authenticated user: a Bearer token of an active bot
// first, then the session cookie (src/app/dependencies.py).
func (s *Server) caller(w http.ResponseWriter, r *http.Request) *user {
	s.mu.Lock()
	defer s.mu.Unlock()
	if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		if u := s.tokens[tok]; u != nil {
			return u
		}
	}
	if c, err := r.Cookie("session_id"); err == nil {
		if u := s.sessions[c.Value]; u != nil {
			return u
		}
	}
	writeDetail(w, http.StatusUnauthorized, "Authentication required")
	return nil
}

func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	s.handle(mux, "POST /auth/login", s.login)
	s.handle(mux, "POST /auth/bots/register", s.register)
	s.handle(mux, "GET /bots", s.bots)
	s.handle(mux, "GET /game/open", s.open)
	s.handle(mux, "GET /game/mine/active", s.active)
	s.handle(mux, "POST /game/create", s.create)
	s.handle(mux, "POST /game/join/{code}", s.join)
	s.handle(mux, "DELETE /game/{ref}", s.remove)
	// ServeMux cannot tell /game/{ref}/move from /game/join/{code}: one
	// pattern per method and a switch on the last segment.
	s.handle(mux, "GET /game/{ref}/{what}", s.dispatch(map[string]func(http.ResponseWriter, *http.Request){
		"state": s.state, "moves": s.transcript, "events": s.events}))
	s.handle(mux, "POST /game/{ref}/{what}", s.dispatch(map[string]func(http.ResponseWriter, *http.Request){
		"move": s.move, "ask-any": s.askAny, "resign": s.resign}))
	return mux
}

func (s *Server) dispatch(hs map[string]func(http.ResponseWriter, *http.Request)) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		h := hs[r.PathValue("what")]
		if h == nil {
			writeDetail(w, http.StatusNotFound, "Not Found")
			return
		}
		h(w, r)
	}
}

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		writeDetail(w, http.StatusUnprocessableEntity, []map[string]any{{"type": "json_invalid", "msg": err.Error()}})
		return false
	}
	return true
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var req kso.LoginRequest
	if !decode(w, r, &req) {
		return
	}
	s.mu.Lock()
	u := s.users[strings.ToLower(strings.TrimSpace(req.Username))]
	ok := u != nil && u.role == "user" && u.password == req.Password
	sid := ""
	if ok {
		sid = newID() + newID()
		s.sessions[sid] = u
	}
	s.mu.Unlock()
	if !ok {
		writeDetail(w, http.StatusUnauthorized, "Invalid username or password")
		return
	}
	http.SetCookie(w, &http.Cookie{Name: "session_id", Value: sid, HttpOnly: true, SameSite: http.SameSiteLaxMode, Path: "/", MaxAge: 60 * 60 * 24 * 30})
	writeJSON(w, http.StatusOK, kso.LoginResponse{UserID: u.id, Username: u.name})
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var req kso.BotRegisterRequest
	if !decode(w, r, &req) {
		return
	}
	req.Username = strings.TrimSpace(req.Username)
	switch {
	case len(req.Username) < 1 || len(req.Username) > 33 || !usernameRE.MatchString(req.Username),
		len(req.DisplayName) < 3 || len(req.DisplayName) > 40,
		len(req.OwnerEmail) < 3 || !strings.Contains(req.OwnerEmail, "@") || strings.HasPrefix(req.OwnerEmail, "@") || strings.HasSuffix(req.OwnerEmail, "@"),
		len(req.Description) > 280:
		writeDetail(w, http.StatusUnprocessableEntity, []map[string]any{{"type": "value_error", "msg": "invalid registration"}})
		return
	}
	variants := req.SupportedRuleVariants
	if variants == nil {
		variants = []string{"berkeley", "berkeley_any"}
	}
	s.mu.Lock()
	if s.users[strings.ToLower(req.Username)] != nil {
		s.mu.Unlock()
		writeDetail(w, http.StatusConflict, map[string]any{"field": "username", "code": "USERNAME_TAKEN", "message": "Username already taken"})
		return
	}
	u := &user{id: newID(), name: req.Username, role: "bot", listed: req.Listed != nil && *req.Listed, variants: variants}
	tok := "ksbot_" + newID() + "." + newID() + newID()
	s.users[strings.ToLower(req.Username)] = u
	s.tokens[tok] = u
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, kso.BotRegisterResponse{BotID: u.id, Username: u.name, DisplayName: req.DisplayName,
		OwnerEmail: strings.ToLower(req.OwnerEmail), APIToken: tok, Message: "Bot registered. Save this token now; it will not be shown again."})
}

func (s *Server) bots(w http.ResponseWriter, r *http.Request) {
	if s.caller(w, r) == nil {
		return
	}
	s.mu.Lock()
	out := kso.BotList{Bots: []kso.BotListing{}}
	for _, u := range s.users {
		if u.role == "bot" && u.listed {
			out.Bots = append(out.Bots, kso.BotListing{BotID: u.id, Username: u.name, DisplayName: u.name, Elo: 1200, SupportedRuleVariants: u.variants})
		}
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, out)
}

// Started starts a fake site for a test, closed when the test ends, with
// the people in users (name: password) and a listed house bot "housebot"
// played by a new player from house for each game.
func Started(t interface{ Cleanup(func()) }, users map[string]string, house func() Opponent) *Server {
	s := New()
	t.Cleanup(s.Close)
	for name, pw := range users {
		s.AddUser(name, pw)
	}
	s.AddHouseBot("housebot", nil, house)
	return s
}
