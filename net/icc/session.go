package icc

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc/dg"
)

// session turns what the parser reads into Events and the lines to send
// back. It is a pure state machine (no I/O, no goroutines): the Client feeds
// it under a lock, and tests feed it transcripts directly. The game it
// follows survives a dropped connection; the login phase starts over.
type session struct {
	user, password string
	inLogin        bool // the password goes on the login line (Options.PasswordInLogin)
	patterns       *Patterns
	now            func() time.Time

	phase  phase
	me     string // our handle, from datagram 0
	token  string // kriegd's reconnect token for an unregistered name (datagram 200)
	failed error  // why the login failed
	state  net.ConnState
	g      *gameState // the game being played, kept after it ends until the next one

	events []net.Event
	writes []string
	sentPw bool
	// reclaiming: the login line carried the reconnect token; forgotten:
	// the server refused it, so a guest logged in afresh as this name;
	// guestIfRefused: Options.GuestIfRefused.
	reclaiming, guestIfRefused bool
	forgotten                  string
	// seatRefused: the login with a seat kept on disk failed, and a
	// fresh guest logs in instead (Client.Connect).
	seatRefused bool
	// held is the game in progress when this connection began (nil:
	// none): a server that still holds it sends it again during the login,
	// and one that does not has lost it (heldGone).
	held *gameState
	// kriegd: the server greeted us as kriegd, which sends a game it still
	// holds, or the result of one that ended while we were away, before
	// the login's end; ICC may send a forfeit only after it.
	kriegd bool
	// farewell holds the lines of the server's last message of its own
	// (a level-1 unit of command 0) while nothing has come after it: when
	// the connection then ends, they are why (kriegd says why it closes a
	// connection so), else they go to the console as the next item comes.
	farewell []string
	// lastWords is the last line of text the server sent while we were
	// logging in: when it closes the connection then, the line says why
	// ("kriegd is full: …"), which the login's error carries.
	lastWords string
	// unsaved is a finished game's record the server sent, for the Client
	// to save (the session does no I/O).
	unsaved *record.Record
	// lobby is the JSON of the last lobby the server sent (datagram 202),
	// for the Client to hand to whoever asked.
	lobby string
}

// phase is how far the login has gone on the current connection.
type phase uint8

const (
	phaseLogin   phase = iota // waiting for "login:"
	phaseWho                  // name sent; waiting for datagram 0 (or 69)
	phaseBarrier              // settings sent; waiting for datagram 81
	phaseReady
)

// LoginError is a login refused by the server (datagram 69).
type LoginError struct {
	Code int
	Text string
}

func (e *LoginError) Error() string {
	what := map[int]string{dg.LoginBad: "invalid password", dg.LoginTwice: "already logged in", dg.LoginPassword: "a registered name needs a password",
		dg.LoginWait: "too many wrong passwords: wait", dg.LoginHeld: "the name is held for its player, who is away from a game",
		dg.LoginNoAccount: "no account has the name"}[e.Code]
	if what == "" {
		what = "login failed"
	}
	return fmt.Sprintf("icc: %s (code %d): %s", what, e.Code, e.Text)
}

// ErrNoPassword is the login error when the server wants a password and none was given.
var ErrNoPassword = errors.New("icc: the server asks for a password for this name; none was given")

// ErrPasswordUnused is the login error when the server logs the name in
// without asking for the password given: it has no account of that name.
var ErrPasswordUnused = errors.New("icc: the server has no account of that name (it would have logged in unregistered, without the password)")

// datagramsWanted are the level-2 datagrams the client turns on.
var datagramsWanted = []int{dg.WhoAmI, dg.GameStarted, dg.GameResult, dg.Offers, dg.SendMoves, dg.Kibitz, dg.Match, dg.MatchRemoved,
	dg.Tell, dg.MoveSmith, dg.SetClock, dg.IllegalMove, dg.MyRelation, dg.Msec, dg.MoreTime, dg.LoginFailed, dg.Dummy,
	dg.MyGameChange, dg.PositionBegin, dg.Set2, dg.ReconnectToken, dg.GameRecord, dg.Lobby}

// level2settings returns the "level2settings=" line: character i is '1'
// when datagram i is wanted.
func level2settings() string {
	b := make([]byte, datagramsWanted[len(datagramsWanted)-1]+1)
	for i := range b {
		b[i] = '0'
	}
	for _, d := range datagramsWanted {
		b[d] = '1'
	}
	return "level2settings=" + string(b)
}

// connected starts the login on a new connection.
func (s *session) connected() {
	s.phase, s.failed, s.sentPw, s.state, s.farewell, s.reclaiming, s.lastWords = phaseLogin, nil, false, net.Connecting, nil, false, ""
	s.held = nil
	if s.g != nil && s.g.result == nil {
		s.held = s.g
	}
	s.emit(net.Event{Kind: net.KindConnection})
}

// lost reports a dropped connection; the game's state is kept.
func (s *session) lost(err error) {
	s.flush()
	s.state = net.Disconnected
	why := strings.Join(s.farewell, " ")
	s.farewell = nil
	if err != nil && (dismissed(why) || idleCut(why) && (s.g == nil || s.g.result != nil)) {
		err = fmt.Errorf("%w: %w", net.ErrDismissed, err)
	}
	s.emit(net.Event{Kind: net.KindConnection, Err: err, Text: why})
}

// dismissed reports whether the server's last words say it let the
// connection go for a login of the same name elsewhere, in kriegd's words
// (server/login.go).
func dismissed(why string) bool {
	return strings.Contains(strings.ToLower(why), "logged in from elsewhere")
}

// idleCut reports whether the server's last words say it closed the
// connection for want of input, in kriegd's words (server/conn.go). Out
// of a game nobody connects again after it: a console left idle came back
// every ten minutes under a new guest name, defeating the server's limit.
// In a game it is connected again: a player waiting on a slow opponent is
// cut so too, and must come back within the grace.
func idleCut(why string) bool {
	return strings.Contains(strings.ToLower(why), "no input for too long")
}

// greeted notes a greeting line of kriegd's ("Welcome to kriegd, a
// Kriegspiel umpire.").
func (s *session) greeted(text string) {
	if s.phase == phaseLogin && strings.HasPrefix(strings.TrimSpace(text), "Welcome to kriegd") {
		s.kriegd = true
	}
}

// heldGone ends the game that was in progress when the connection was
// lost if the server, logging us in again, did not send it again: it no
// longer holds it (it restarted, or let the grace pass), and moves sent
// for it would only be refused as "You are not playing a game."
func (s *session) heldGone() {
	g := s.held
	s.held = nil
	if g == nil || g != s.g || g.result != nil || !s.kriegd {
		return // resumed (a new game state), already ended (guestAgain, a result sent), or not kriegd
	}
	s.emit(net.Event{Kind: net.KindConsole, Text: fmt.Sprintf("* game %d in progress is gone: the server no longer holds it", g.spec.Number)})
	g.flush(s, true)
	g.end(s, referee.Result{Score: game.Unfinished, Reason: referee.ReasonAborted})
}

// guestAgain says that the server forgot our guest name, and ends the
// game in progress, which went with it.
func (s *session) guestAgain() {
	text := fmt.Sprintf("the server no longer knows %s (it restarted, or the seat's grace passed), so you are logged in again as the guest %s", s.forgotten, s.me)
	if s.seatRefused {
		text = fmt.Sprintf("the server would not give back %s's seat (it restarted, the game ended, or the name is registered now), so you are logged in as the guest %s", s.forgotten, s.me)
	}
	s.forgotten, s.seatRefused = "", false
	g := s.g
	if g == nil || g.result != nil {
		s.emit(net.Event{Kind: net.KindConsole, Text: "* " + text})
		return
	}
	s.emit(net.Event{Kind: net.KindConsole, Text: fmt.Sprintf("* %s; game %d in progress is gone", text, g.spec.Number)})
	g.flush(s, true)
	g.end(s, referee.Result{Score: game.Unfinished, Reason: referee.ReasonAborted})
}

// serverWords is the level-1 command number of what the server says of its
// own accord (its greeting, and why it closes a connection).
const serverWords = 0

// told sends the held farewell lines to the console: more came after them,
// so they were not the server's last words.
func (s *session) told() {
	held := s.farewell
	s.farewell = nil
	for _, l := range held {
		s.emit(net.Event{Kind: net.KindConsole, Text: l})
	}
}

// prompt looks at the text still waiting for a line ending: the login and
// password prompts come without one. It reports whether it answered one.
func (s *session) prompt(pending string) bool {
	p := strings.ToLower(strings.TrimSpace(pending))
	switch {
	case s.phase == phaseLogin && strings.HasSuffix(p, "login:"):
		name := s.user
		if name == "" {
			name = "guest"
		}
		if s.token != "" && s.password == "" && (s.me != "" || s.user != "") {
			// kriegd keeps an unregistered player's seat for the one who
			// holds its token.
			name = cmp.Or(s.me, s.user) + " " + s.token
			s.reclaiming = true
		}
		if s.inLogin && s.password != "" && s.user != "" {
			name = s.user + " " + s.password
			s.sentPw = true
		}
		s.send("level1=5", level2settings(), name)
		s.phase = phaseWho
		return true
	case s.phase == phaseWho && strings.HasSuffix(p, "password:"):
		s.sendPassword()
		return true
	}
	return false
}

func (s *session) sendPassword() {
	if s.sentPw {
		return
	}
	if s.password == "" {
		s.failed = ErrNoPassword
		return
	}
	s.sentPw = true
	s.writes = append(s.writes, s.password)
}

// item handles one thing the parser read.
func (s *session) item(it Item) {
	if it.Unit != nil || it.Datagram != nil || it.Problem != "" || strings.TrimSpace(it.Text) != "" {
		s.told() // a blank line after the server's last words is not more of them
	}
	switch {
	case it.Problem != "":
		s.problem(fmt.Errorf("icc: %s", it.Problem))
	case it.Datagram != nil:
		s.datagram(*it.Datagram)
	case it.Unit != nil:
		s.unit(it.Unit)
	default:
		s.line(it.Text, 0)
	}
}

// chatCommands are level-1 commands whose text is people talking, never the referee.
var chatCommands = map[int]bool{101: true, 109: true, 113: true}

// unit takes a unit's text lines and datagrams in the order they were sent.
func (s *session) unit(u *Unit) {
	if u.Command == serverWords && len(u.Datagrams) == 0 {
		for _, l := range strings.Split(u.Text, "\n") {
			if l = strings.TrimSpace(strings.TrimPrefix(strings.TrimRight(l, "\r"), "aics% ")); l != "" && !strings.HasPrefix(l, "$") {
				s.farewell = append(s.farewell, l)
				s.greeted(l)
			}
		}
		return
	}
	at := 0
	text := u.Text
	take := func(to int) {
		for _, l := range strings.Split(text[at:to], "\n") {
			s.line(strings.TrimRight(l, "\r"), u.Command)
		}
		at = to
	}
	for _, d := range u.Datagrams {
		if d.At > at && d.At <= len(text) {
			take(d.At)
		}
		s.datagram(d)
	}
	if at < len(text) {
		take(len(text))
	}
}

// line takes one line of server text: an announcement, or console text.
func (s *session) line(text string, command int) {
	text = strings.TrimPrefix(text, "aics% ")
	if strings.TrimSpace(text) == "" || s.token != "" && strings.Contains(text, s.token) {
		return // the reconnect token is kept, never shown (a console line ends up on a screen or in a log)
	}
	if s.phase == phaseLogin {
		s.lastWords = strings.TrimSpace(text)
		s.greeted(text)
	}
	if !chatCommands[command] && s.g.kriegspiel() {
		if h, ok := kriegdWords(s.g.spec.Rules, text); ok {
			s.g.heard(s, []Heard{h})
			return
		}
		if heard, ok := s.patterns.Read(text); ok {
			s.g.heard(s, heard)
			return
		}
	}
	s.emit(net.Event{Kind: net.KindConsole, Text: text})
}

// datagram handles one level-2 datagram; a malformed one is reported and skipped.
func (s *session) datagram(d Datagram) {
	if err := s.dispatch(d); err != nil {
		s.problem(fmt.Errorf("icc: datagram %d %q skipped: %w", d.Number, d.Fields, err))
	}
}

func (s *session) dispatch(d Datagram) error {
	f := d.Fields
	switch d.Number {
	case dg.WhoAmI:
		if len(f) < 1 {
			return errFields
		}
		if s.phase <= phaseWho && s.password != "" && !s.sentPw {
			// Logged in without the password: the name has no account, and
			// playing under it unregistered would hide the mistake.
			s.failed = fmt.Errorf("%w; leave the password empty to play as %s unregistered, or register the name once logged in", ErrPasswordUnused, cmp.Or(s.user, f[0]))
			return nil
		}
		s.me = f[0]
		if s.forgotten != "" {
			s.guestAgain()
		}
		if s.phase <= phaseWho {
			s.send("set-quietly prompt 0", "set-quietly style 13", "set-quietly wrap 0", fmt.Sprintf("set-2 %d 1", dg.Dummy))
			s.phase = phaseBarrier
		}
	case dg.LoginFailed:
		if len(f) < 1 {
			return errFields
		}
		code, err := strconv.Atoi(f[0])
		if err != nil {
			return errFields
		}
		if code == dg.LoginPassword {
			s.sendPassword()
			return nil
		}
		if s.reclaiming && (s.user == "" || s.password == "" && s.guestIfRefused) {
			// The server no longer knows our guest name (it restarted):
			// it asks for a name again, and a fresh guest takes it. The
			// name may have come with its token from a seat kept on disk
			// (Options.GuestIfRefused): it is given up too.
			s.forgotten, s.me, s.token, s.reclaiming, s.phase = cmp.Or(s.me, s.user), "", "", false, phaseLogin
			s.user = ""
			return nil
		}
		s.failed = &LoginError{Code: code, Text: strings.Join(f[1:], " ")}
	case dg.Dummy: // the barrier after login
		if s.phase == phaseBarrier {
			s.phase, s.state = phaseReady, net.Connected
			s.emit(net.Event{Kind: net.KindConnection})
			s.heldGone()
		}
	case dg.ReconnectToken:
		if len(f) < 1 {
			return errFields
		}
		s.token = f[0]
	case dg.Lobby:
		if len(f) < 1 {
			return errFields
		}
		s.lobby = f[0]
	case dg.Set2: // acknowledged
	case dg.Tell: // name, titles, text, tell type
		if len(f) < 3 {
			return errFields
		}
		s.emit(net.Event{Kind: net.KindConsole, Text: f[0] + " tells you: " + f[2]})
	case dg.Kibitz: // game, name, titles, kibitz (1) or whisper (0), text
		if len(f) < 5 {
			return errFields
		}
		how := map[bool]string{true: " kibitzes: ", false: " whispers: "}[f[3] != "0"]
		s.emit(net.Event{Kind: net.KindConsole, Text: f[1] + how + f[4]})
	case dg.Match: // a challenge: to us, or (on ICC) ours to someone
		if len(f) < 1 {
			return errFields
		}
		if strings.EqualFold(f[0], s.me) {
			s.emit(net.Event{Kind: net.KindConsole, Text: challengeWords(f, s.me)})
			break
		}
		s.emit(net.Event{Kind: net.KindChallenge, From: f[0], Text: challengeWords(f, s.me)})
	case dg.MatchRemoved: // challenger, receiver
		if len(f) < 2 {
			return errFields
		}
		if strings.EqualFold(f[0], s.me) {
			s.emit(net.Event{Kind: net.KindConsole, Text: "Your challenge to " + f[1] + " stands no more."})
			break
		}
		s.emit(net.Event{Kind: net.KindChallengeGone, From: f[0], Text: "The challenge from " + f[0] + " stands no more."})
	default:
		return s.gameDatagram(d)
	}
	return nil
}

var errFields = errors.New("missing or malformed fields")

// send queues lines for the server.
func (s *session) send(lines ...string) { s.writes = append(s.writes, lines...) }

func (s *session) problem(err error) {
	s.emit(net.Event{Kind: net.KindProblem, Text: err.Error(), Err: err})
}

// emit queues ev with the current snapshot. Anything but a clock or
// console line first ends the move still waiting for announcements, so
// events stay in the order things happened.
func (s *session) emit(ev net.Event) {
	if ev.Kind != net.KindClock && ev.Kind != net.KindConsole && s.waiting() {
		s.g.flush(s, false)
	}
	ev.Snap = s.snapshot()
	s.events = append(s.events, ev)
}

// snapshot is the board as we know it now, with the connection's state.
func (s *session) snapshot() net.Snapshot {
	snap := s.g.snapshot()
	snap.State = s.state
	return snap
}

// take returns and clears the queued events and writes.
func (s *session) take() ([]net.Event, []string) {
	ev, w := s.events, s.writes
	s.events, s.writes = nil, nil
	return ev, w
}

// flush ends the move whose announcements were still arriving.
func (s *session) flush() {
	if s.g != nil {
		s.g.flush(s, false)
	}
}

// waiting reports whether a move waits for more announcements.
func (s *session) waiting() bool { return s.g != nil && s.g.pending != nil }
