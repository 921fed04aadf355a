// Package net is the Communicator layer (JKrieg thesis, section 4.2): it
// talks to an endpoint (the Internet Chess Club in net/icc, an in-process
// referee and computer opponent in net/local) and hands the controller a
// stream of Events, each a snapshot of the board as this player knows it plus
// what happened. The controller consumes only Events; it never learns which
// endpoint produced them.
//
// This package shadows the standard library's net: files that need both
// import the standard one as stdnet.
package net

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Communicator is one endpoint a player plays through.
//
// Connect starts it (dials, logs in, starts its reader goroutine); Events
// delivers everything that happens, in order, and is closed after Close.
// The action methods never wait for the endpoint's answer: the answer comes
// back as Events. They return an error only when the action cannot be sent
// at all (not connected, closed, a write failed).
type Communicator interface {
	Connect(ctx context.Context) error
	Events() <-chan Event
	// Begin asks for a new game: a challenge or seek on a server, a new
	// game at once on the local endpoint.
	Begin(spec GameSpec) error
	// Attempt sends a move attempt for our side.
	Attempt(m game.Move) error
	// Do sends a game command (resign, draw, abort, flag, accept, ...).
	Do(c Command) error
	// Console sends one raw line to the server (the ClientConsole).
	Console(line string) error
	// Close ends the session: cancel, close the connection, wait for the
	// reader to finish, close Events.
	Close() error
}

// Command is a game command other than a move.
type Command uint8

// The commands.
const (
	Resign  Command = iota
	Draw            // offer or accept a draw
	Abort           // ask to abort, or agree
	Flag            // claim a win on time
	AskAny          // "Any?" in rulesets that have it; "px" (any pawn capture) on ICC Wild 16
	Accept          // accept the pending challenge
	Decline         // decline the pending challenge
)

// String returns the command's word, as ICC spells it.
func (c Command) String() string {
	return [...]string{"resign", "draw", "abort", "flag", "any", "accept", "decline"}[c%7]
}

// ErrClosed is returned by actions on a closed or never-connected endpoint.
var ErrClosed = errors.New("net: not connected")

// ErrDismissed is the error of a connection the server closed because the
// same name logged in elsewhere: connecting again would close that one in
// turn, so nobody reconnects after it (Event.Rejoinable).
var ErrDismissed = errors.New("net: the server let this connection go")

// GameSpec describes a game: asked for in Begin, reported in a Started event.
type GameSpec struct {
	Rules      referee.Ruleset
	Side       game.Color // our side
	AnySide    bool       // Begin only: let the server or a coin choose
	White      string     // players' names as the endpoint knows them
	Black      string
	Opponent   string // Begin: whom to challenge (empty: seek anyone)
	Base       time.Duration
	Increment  time.Duration
	Rated      bool
	Start      game.Position // the starting position (game.Start() for most games)
	Number     int           // the server's game number (0 locally)
	Kriegspiel bool          // false for an ordinary chess game (ICC), where both sides' men are seen
}

// Clocks are both players' remaining time at Stamp; the clock of Running
// runs when Ticking.
type Clocks struct {
	White, Black time.Duration
	Running      game.Color
	Ticking      bool
	Stamp        time.Time
}

// Remaining returns c's time left at now.
func (k Clocks) Remaining(c game.Color, now time.Time) time.Duration {
	left := k.White
	if c == game.Black {
		left = k.Black
	}
	if k.Ticking && k.Running == c && !k.Stamp.IsZero() {
		left -= now.Sub(k.Stamp)
	}
	return left
}

// Of returns a pointer to c's time, to set it.
func (k *Clocks) Of(c game.Color) *time.Duration {
	if c == game.Black {
		return &k.Black
	}
	return &k.White
}

// Snapshot is the board as this player knows it when an event happens.
type Snapshot struct {
	Side   game.Color
	Own    game.Position // our men only (every man in an ordinary chess game)
	ToMove game.Color
	Plies  int
	Clocks Clocks
	InGame bool
	Spec   GameSpec
	Result *referee.Result
	State  ConnState
}

// ConnState is the state of the connection to the endpoint.
type ConnState uint8

// The connection states.
const (
	Disconnected ConnState = iota
	Connecting
	Connected // connected and, on a server, logged in
	Reconnecting
)

// String names the state.
func (s ConnState) String() string {
	return [...]string{"disconnected", "connecting", "connected", "reconnecting"}[s%4]
}

// Kind says what an Event reports.
type Kind uint8

// The event kinds.
const (
	// KindConnection: the connection state changed (Snapshot.State); Err
	// says why a connection was lost or refused.
	KindConnection Kind = iota
	// KindStarted: a game began; Snapshot.Spec describes it.
	KindStarted
	// KindHeard: the referee spoke; Entry is what we heard of one attempt,
	// ours or the enemy's, in the referee package's own terms (an accepted
	// move, an illegal attempt, captures, checks, pawn tries).
	KindHeard
	// KindClock: the clocks were set (Snapshot.Clocks).
	KindClock
	// KindEnded: the game ended with Snapshot.Result.
	KindEnded
	// KindConsole: a line of server text for the console (Text).
	KindConsole
	// KindOffer: the opponent offered or asked something (Text: "draw", "abort", ...).
	KindOffer
	// KindChallenge: someone challenged us (From: who; Text: the
	// challenge in words, "alice (1500) challenges you: unrated Wild 16 5 3").
	// It is answered by Console("accept " + From) or ("decline " + From).
	KindChallenge
	// KindProblem: something went wrong that did not end the session: a
	// malformed datagram, a refused command, an attempt out of turn (Text, Err).
	KindProblem
	// KindChallengeGone: the challenge From made us stands no more: it was
	// withdrawn, or answered (Text says so in words). The server does not
	// say which: a client that did not answer it knows it was withdrawn.
	KindChallengeGone
)

// String names the kind.
func (k Kind) String() string {
	return [...]string{"connection", "started", "heard", "clock", "ended", "console", "offer", "challenge", "problem", "challenge gone"}[k%10]
}

// Event is one thing that happened, with the board as known after it.
type Event struct {
	Kind  Kind
	Snap  Snapshot
	Entry referee.Entry // KindHeard
	Text  string        // KindConsole, KindOffer, KindChallenge, KindChallengeGone, KindProblem
	From  string        // KindChallenge, KindChallengeGone: who challenges us
	Err   error         // KindConnection (why it was lost), KindProblem
}

// IsAnyQuestion reports whether a typed line asks for pawn captures: "px"
// (ICC's word) or "any" (kriegd's), in any case.
func IsAnyQuestion(line string) bool {
	return strings.EqualFold(line, "px") || strings.EqualFold(line, "any")
}

// TypedWordsHelp lists what a player may type during a game, one item a
// line: the console prints it for help, and a game against the computer
// says it in the window's log.
const TypedWordsHelp = `* a move: e2e4, E2-E4, e7e8q, Nf3, exd5, O-O, O-O-O (0-0 too)
* any (or px): ask Any? (are there pawn captures?) where the rules have it; in Wild 16, make
  your pawn capture when the referee announced exactly 1 pawn try
* resign, draw (offer or agree), abort, flag (claim the opponent's time)
`

// SendTyped sends one line a person typed: "px" or "any" asks for pawn captures (Any?
// in other rulesets), a move in coordinates (e2e4, e7e8q) goes out as our
// attempt, and anything else goes to the server as it is.
func SendTyped(c Communicator, line string) error {
	switch {
	case line == "":
		return nil
	case IsAnyQuestion(line):
		return c.Do(AskAny) // the driver then knows the answer is to its question
	}
	if m, err := game.ParseMove(line); err == nil {
		return c.Attempt(m)
	}
	return c.Console(line)
}
