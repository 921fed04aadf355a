// Package local is the local endpoint: the Communicator over an in-process
// referee and a computer opponent, with clocks. It is what a game against the
// computer runs on.
//
// Concurrency: one goroutine (loop) owns the referee, the clocks and the
// opponent. The action methods only queue a request on a buffered channel and
// return; the loop answers with Events. The loop also sleeps on a timer for
// the running clock, so a flag falls on time without anyone asking. Close
// cancels the loop's context and waits for it to finish; then Events is closed.
package local

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// Opponent plays the computer's side. Turn must attempt through u until the
// referee accepts a move or the game ends; it sees only what u shows a player.
// The computer player (controller/player) and the random attempter
// (game/attempter) are two.
type Opponent interface {
	Turn(u referee.Umpire) []referee.Answer
}

// Starter is an Opponent that wants to hear of each new game (its side, the
// rules and the public start position) before its first turn.
type Starter interface {
	NewGame(side game.Color, rules referee.Ruleset, start game.Position)
}

// Options tune an Endpoint.
type Options struct {
	Seed uint64 // chooses our side when a spec leaves it open
	// Now is the clock; nil means time.Now. Tests may slow or freeze time.
	Now func() time.Time
	// Name is the computer's name in game specs ("computer" when empty).
	Name string
	// SaveDir, when set, receives each finished game's record (extended
	// PGN), so it can be replayed; a console line says where it went.
	SaveDir string
	// MinTurn is the least time the computer takes over a turn: its first
	// word to the referee waits until then (a computer that answers at
	// once leaves a person no time to think, or to queue attempts).
	MinTurn time.Duration
}

// Endpoint is the local Communicator. Create it with New.
type Endpoint struct {
	opp    Opponent
	opt    Options
	rng    *rand.Rand
	events chan net.Event
	loop   *net.Loop[request]
}

type requestKind uint8

const (
	reqBegin requestKind = iota
	reqAttempt
	reqCommand
	reqConsole
	reqRecord
	reqResume
	reqAbandon
)

type request struct {
	kind requestKind
	spec net.GameSpec
	move game.Move
	cmd  net.Command
	line string
	// record: where the loop sends the game's record (reqRecord).
	record chan<- recordReply
	resume resumed // reqResume
}

// New returns an endpoint whose games are played against opp.
func New(opp Opponent, opt Options) *Endpoint {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Name == "" {
		opt.Name = "computer"
	}
	return &Endpoint{opp: opp, opt: opt, rng: rand.New(rand.NewPCG(opt.Seed, 0x6c6f63)),
		events: make(chan net.Event, 256), loop: net.NewLoop[request]("local", 64)}
}

// Connect starts the endpoint's loop.
func (e *Endpoint) Connect(ctx context.Context) error {
	return e.loop.Start(ctx, nil, func(ctx context.Context) {
		g := &session{ep: e, ctx: ctx}
		g.loop()
	})
}

// Events returns the event stream.
func (e *Endpoint) Events() <-chan net.Event { return e.events }

// Begin starts a new game at once (ending any game in progress as aborted).
func (e *Endpoint) Begin(spec net.GameSpec) error {
	return e.send(request{kind: reqBegin, spec: spec})
}

// Attempt submits a move attempt for our side.
func (e *Endpoint) Attempt(m game.Move) error { return e.send(request{kind: reqAttempt, move: m}) }

// Do sends a command.
func (e *Endpoint) Do(c net.Command) error { return e.send(request{kind: reqCommand, cmd: c}) }

// Console takes a typed line: a command word or a move.
func (e *Endpoint) Console(line string) error { return e.send(request{kind: reqConsole, line: line}) }

// Abandon ends the game in progress unfinished ("*"), as when its player
// leaves, and saves its record so (it may be resumed).
func (e *Endpoint) Abandon() error { return e.send(request{kind: reqAbandon}) }

// Close stops the loop, waits for it and closes Events.
func (e *Endpoint) Close() error {
	if e.loop.Stop() {
		close(e.events)
	}
	return nil
}

func (e *Endpoint) send(r request) error { return e.loop.Send(r) }
