package kso

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// EndpointOptions tune an Endpoint.
type EndpointOptions struct {
	// User and Password log a person in on Connect; the password is
	// forgotten once used. Leave both empty for a bot (the Client's token).
	User, Password string
	// Poll is the interval of state reads while the event stream is down
	// (2 s when zero); with the stream up the state is still read every 15 Poll.
	Poll time.Duration
	// SaveDir, when set, receives each finished game's record (extended PGN).
	SaveDir string
}

// Endpoint is the Communicator over the site. Create it with NewEndpoint.
type Endpoint struct {
	c      *Client
	opt    EndpointOptions
	events chan net.Event
	loop   *net.Loop[request]
}

type request struct {
	kind   int
	spec   net.GameSpec
	move   game.Move
	cmd    net.Command
	line   string
	follow Game
}

const (
	reqBegin = iota
	reqAttempt
	reqCommand
	reqConsole
	reqFollow
)

// NewEndpoint returns an endpoint over c.
func NewEndpoint(c *Client, opt EndpointOptions) *Endpoint {
	if opt.Poll <= 0 {
		opt.Poll = 2 * time.Second
	}
	return &Endpoint{c: c, opt: opt, events: make(chan net.Event, 256), loop: net.NewLoop[request]("kso", 64)}
}

// Lobby returns the lobby over the endpoint's client.
func (e *Endpoint) Lobby() Lobby { return Lobby{C: e.c} }

// Connect logs in (a person) or checks the token (a bot) and starts the
// session goroutine. A refused login is an error matching ErrSession.
func (e *Endpoint) Connect(ctx context.Context) error {
	prepare := func(ctx context.Context) error {
		if e.opt.User != "" {
			_, err := e.c.Login(ctx, e.opt.User, e.opt.Password)
			e.opt.Password = ""
			if err != nil {
				return fmt.Errorf("kso: logging in as %s: %w", e.opt.User, err)
			}
		} else if _, err := e.c.ActiveGames(ctx); err != nil {
			return fmt.Errorf("kso: checking the bot token: %w", err)
		}
		return nil
	}
	return e.loop.Start(ctx, prepare, func(ctx context.Context) {
		g := &session{ep: e, ctx: ctx, nudge: make(chan struct{}, 1), notes: make(chan streamNote, 4)}
		g.loop()
	})
}

// Events returns the event stream.
func (e *Endpoint) Events() <-chan net.Event { return e.events }

// Begin creates a game: against spec.Opponent when it names a listed bot,
// else an open lobby game; our side is spec.Side (or random with AnySide).
func (e *Endpoint) Begin(spec net.GameSpec) error { return e.send(request{kind: reqBegin, spec: spec}) }

// Follow plays a game already joined or resumed (see Lobby).
func (e *Endpoint) Follow(g Game) error { return e.send(request{kind: reqFollow, follow: g}) }

// Attempt submits a move attempt.
func (e *Endpoint) Attempt(m game.Move) error { return e.send(request{kind: reqAttempt, move: m}) }

// Do sends a command: Resign, AskAny, or Abort (deletes our waiting game).
func (e *Endpoint) Do(c net.Command) error { return e.send(request{kind: reqCommand, cmd: c}) }

// Console runs a typed line: a lobby command (see LobbyHelp), a command
// word (resign, any, abort) or a move.
func (e *Endpoint) Console(line string) error { return e.send(request{kind: reqConsole, line: line}) }

// Close stops the session and its event stream, waits for them and closes Events.
func (e *Endpoint) Close() error {
	if e.loop.Stop() {
		close(e.events)
	}
	return nil
}

func (e *Endpoint) send(r request) error { return e.loop.Send(r) }

// streamNote is the reader's word on the event stream.
type streamNote struct {
	ref string
	up  bool
	err error
}

// session is the session goroutine's state.
type session struct {
	ep    *Endpoint
	ctx   context.Context
	nudge chan struct{}
	notes chan streamNote

	seat    *Seat
	game    Game
	spec    net.GameSpec
	started bool
	ended   bool
	seen    int
	clocks  net.Clocks
	stream  bool // the event stream is up
	told    bool // the stream's state was reported for this game
	stop    context.CancelFunc
	watcher sync.WaitGroup
	failing bool    // the latest state read failed
	back    Backoff // waits between failing reads
}

func (g *session) loop() {
	defer g.unfollow()
	g.back = Backoff{Base: g.ep.opt.Poll, Max: time.Minute}
	g.emit(net.Event{Kind: net.KindConnection})
	for {
		wait := g.ep.opt.Poll
		switch {
		case g.failing:
			wait = g.back.Next()
		case g.stream:
			wait *= 15
		}
		timer := time.NewTimer(wait)
		select {
		case <-g.ctx.Done():
			timer.Stop()
			return
		case r := <-g.ep.loop.Requests():
			g.handle(r)
		case <-g.nudge:
			g.refresh()
		case n := <-g.notes:
			g.noted(n)
		case <-timer.C:
			if g.seat != nil && !g.ended {
				g.refresh()
			}
		}
		timer.Stop()
	}
}

func (g *session) handle(r request) {
	switch r.kind {
	case reqBegin:
		g.begin(r.spec)
	case reqFollow:
		g.follow(r.follow)
	case reqAttempt:
		g.attempt(r.move)
	case reqCommand:
		g.command(r.cmd)
	case reqConsole:
		g.typed(r.line)
	}
}

func (g *session) begin(spec net.GameSpec) {
	variant, err := VariantOf(spec.Rules)
	if err != nil {
		g.problem(err)
		return
	}
	colour := "white"
	switch {
	case spec.AnySide:
		colour = "random"
	case spec.Side == game.Black:
		colour = "black"
	}
	gm, err := g.ep.Lobby().Create(g.ctx, variant, colour, spec.Opponent)
	if err != nil {
		g.problem(err)
		return
	}
	if spec.Opponent == "" {
		g.say(fmt.Sprintf("created %s game %s; waiting for an opponent", gm.Variant, gm.Code))
	}
	g.follow(gm)
}

// follow starts playing gm: its state, then its event stream.
func (g *session) follow(gm Game) {
	rules, err := RulesFor(gm.Variant)
	if err != nil {
		g.problem(err)
		return
	}
	g.unfollow()
	g.game, g.started, g.ended, g.seen, g.stream, g.told = gm, false, false, 0, false, false
	g.spec = net.GameSpec{Rules: rules, Start: game.Start(), Base: 25 * time.Minute, Increment: 10 * time.Second,
		Kriegspiel: true, White: gm.White, Black: gm.Black}
	g.seat = NewSeat(g.ctx, g.ep.c, gm.Ref, rules)
	ctx, stop := context.WithCancel(g.ctx)
	g.stop = stop
	g.watcher.Add(1)
	go func() {
		defer g.watcher.Done()
		g.watch(ctx, gm.Ref)
	}()
	g.refresh()
}

// unfollow stops the event stream of the game followed.
func (g *session) unfollow() {
	if g.stop != nil {
		g.stop()
		g.watcher.Wait()
		g.stop = nil
	}
}

// watch is the reader goroutine: it holds the event stream open, nudging
// the session on every event, and reopens it after a backoff with jitter.
func (g *session) watch(ctx context.Context, ref string) {
	b := Backoff{Base: 500 * time.Millisecond, Max: 30 * time.Second}
	for ctx.Err() == nil {
		err := g.ep.c.Events(ctx, ref, func(ev GameEvent) {
			if ev.Type == "connected" {
				b.Reset()
				g.note(ctx, streamNote{ref: ref, up: true})
			}
			select {
			case g.nudge <- struct{}{}:
			default:
			}
		})
		if ctx.Err() != nil {
			return
		}
		g.note(ctx, streamNote{ref: ref, err: err})
		select {
		case <-time.After(b.Next()):
		case <-ctx.Done():
			return
		}
	}
}

func (g *session) note(ctx context.Context, n streamNote) {
	select {
	case g.notes <- n:
	case <-ctx.Done():
	}
}

func (g *session) noted(n streamNote) {
	if g.seat == nil || n.ref != g.game.Ref {
		return
	}
	switch {
	case n.up && !g.stream:
		g.say("event stream open")
	case !n.up && (g.stream || !g.told):
		g.say(fmt.Sprintf("event stream lost (%v); reading the state every %v", n.err, g.ep.opt.Poll))
	}
	g.stream, g.told = n.up, true
}

// refresh reads the state and reports what changed.
func (g *session) refresh() {
	if g.seat == nil {
		return
	}
	if err := g.seat.Refresh(); err != nil {
		g.failing = true
		g.trouble(err)
		return
	}
	if g.failing {
		g.failing = false
		g.back.Reset()
	}
	g.report()
}

// report emits what the latest state adds: the start, heard entries, clocks, the end.
func (g *session) report() {
	v := g.seat.Current()
	if !g.started && v.State != "waiting" {
		g.started = true
		g.spec.Side = v.Side
		g.names()
		g.emit(net.Event{Kind: net.KindStarted})
	}
	if !g.started {
		return
	}
	heard := g.seat.Heard()
	for _, h := range heard[min(g.seen, len(heard)):] {
		g.emit(net.Event{Kind: net.KindHeard, Entry: h})
	}
	g.seen = max(g.seen, len(heard))
	if k := v.Clocks; k.White != g.clocks.White || k.Black != g.clocks.Black || k.Running != g.clocks.Running || k.Ticking != g.clocks.Ticking {
		g.clocks = k
		g.emit(net.Event{Kind: net.KindClock})
	}
	if v.Result != nil && !g.ended {
		g.ended = true
		g.emit(net.Event{Kind: net.KindEnded})
		g.save(v)
		g.unfollow()
	}
}

// names fills the players' names from our active games.
func (g *session) names() {
	if g.spec.White != "" && g.spec.Black != "" {
		return
	}
	if gm, err := g.ep.Lobby().Find(g.ctx, g.game.Ref); err == nil {
		g.spec.White, g.spec.Black = gm.White, gm.Black
		if g.game.Code == "" {
			g.game.Code = gm.Code
		}
	}
	g.spec.Opponent = g.spec.Black
	if g.spec.Side == game.Black {
		g.spec.Opponent = g.spec.White
	}
}

// save writes the finished game's record when a save folder is set.
func (g *session) save(v View) {
	if g.ep.opt.SaveDir == "" || v.Site == nil || v.Plies == 0 {
		return
	}
	tr, err := g.ep.c.Transcript(g.ctx, g.game.Ref)
	if err != nil {
		g.problem(fmt.Errorf("kso: saving the game: %w", err))
		return
	}
	now := time.Now()
	rec, err := Record(tr, *v.Site, []record.Tag{{Key: "Date", Value: now.Format("2006.01.02")},
		{Key: "White", Value: g.spec.White}, {Key: "Black", Value: g.spec.Black}, {Key: "TimeControl", Value: "1500+10"}})
	if err != nil {
		g.problem(fmt.Errorf("kso: saving the game: %w", err))
		return
	}
	path, err := record.SaveNew(g.ep.opt.SaveDir, "kso-"+g.game.Code+"-"+now.Format("2006-01-02-150405"), rec)
	if err != nil {
		g.problem(fmt.Errorf("kso: %w", err))
		return
	}
	g.say("game saved: " + path)
}

// trouble reports a failed request: a lost session ends the session's game.
func (g *session) trouble(err error) {
	if errors.Is(err, ErrSession) {
		g.unfollow()
		g.seat = nil
		g.emit(net.Event{Kind: net.KindConnection, Err: err})
		return
	}
	g.problem(err)
}

func (g *session) attempt(m game.Move) {
	if g.seat == nil || g.ended {
		g.problem(errors.New("kso: no game in progress (try: games, open, create)"))
		return
	}
	g.seat.Attempt(m)
	if g.seat.Err != nil {
		g.trouble(g.seat.Err)
		if g.seat == nil {
			return
		}
	}
	g.report()
}

func (g *session) command(c net.Command) {
	if g.seat == nil || g.ended {
		g.problem(fmt.Errorf("kso: %s: no game in progress", c))
		return
	}
	switch c {
	case net.Resign:
		if err := g.ep.c.Resign(g.ctx, g.game.Ref); err != nil {
			g.trouble(err)
			return
		}
		g.refresh()
	case net.AskAny:
		if !g.seat.Current().Any {
			if err := g.seat.Refresh(); err != nil {
				g.trouble(err)
				return
			}
		}
		if !g.seat.Current().Any {
			g.problem(fmt.Errorf("kso: any: %w (%s)", ErrActionNotAvailable, "not offered now"))
			return
		}
		g.seat.AskAny()
		if g.seat.Err != nil {
			g.trouble(g.seat.Err)
			if g.seat == nil {
				return
			}
		}
		g.report()
	case net.Abort:
		if g.started {
			g.problem(errors.New("kso: abort: the site has no abort once a game has begun (resign instead)"))
			return
		}
		if err := g.ep.c.Delete(g.ctx, g.game.Ref); err != nil {
			g.trouble(err)
			return
		}
		g.unfollow()
		g.seat = nil
		g.say("game " + g.game.Code + " deleted")
	default:
		g.problem(fmt.Errorf("kso: %s: kriegspiel.org has no such command", c))
	}
}

// say emits a console line.
func (g *session) say(text string) { g.emit(net.Event{Kind: net.KindConsole, Text: text}) }

// typed runs a typed line.
func (g *session) typed(line string) {
	l := strings.TrimSpace(line)
	out, gm, handled, err := g.ep.Lobby().Command(g.ctx, l)
	switch {
	case err != nil:
		g.trouble(err)
		return
	case handled:
		g.say(out)
		if gm != nil {
			g.follow(*gm)
		}
		return
	}
	for c := net.Resign; c <= net.Decline; c++ {
		if strings.EqualFold(l, c.String()) {
			g.command(c)
			return
		}
	}
	if m, err := game.ParseMove(l); err == nil {
		g.attempt(m)
		return
	}
	g.say(fmt.Sprintf("kso: %q is not a move or a command; type help", l))
}

func (g *session) problem(err error) {
	g.emit(net.Event{Kind: net.KindProblem, Text: err.Error(), Err: err})
}

// emit sends ev with the current snapshot; it waits for room in the
// channel unless the endpoint is closing.
func (g *session) emit(ev net.Event) {
	ev.Snap = g.snapshot()
	net.Deliver(g.ctx, g.ep.events, ev)
}

func (g *session) snapshot() net.Snapshot {
	s := net.Snapshot{Spec: g.spec, Side: g.spec.Side, State: net.Connected}
	if g.seat == nil && g.seen == 0 {
		return s
	}
	if g.seat != nil {
		v := g.seat.Current()
		s.Own, s.ToMove, s.Plies, s.Clocks, s.Result = v.Own, v.ToMove, v.Plies, v.Clocks, v.Result
		s.InGame = v.State == "active"
	}
	return s
}

var _ net.Communicator = (*Endpoint)(nil)
var _ referee.Umpire = (*Seat)(nil)
