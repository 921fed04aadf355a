package local

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// session is the loop's state: the game in progress and the clocks. Only the
// loop goroutine touches it.
type session struct {
	ep      *Endpoint
	ctx     context.Context
	ref     *referee.Referee
	spec    net.GameSpec
	clocks  net.Clocks
	result  *referee.Result // the game's end, the referee's or the clocks'
	seen    int             // referee log entries already reported
	started time.Time       // when the game began (names its saved record)
	games   int             // games begun, which numbers them from 1
}

func (g *session) loop() {
	g.emit(net.Event{Kind: net.KindConnection})
	for {
		var flag <-chan time.Time
		var timer *time.Timer
		if g.running() && g.clocks.Ticking {
			timer = time.NewTimer(max(g.clocks.Remaining(g.clocks.Running, g.ep.opt.Now()), 0))
			flag = timer.C
		}
		select {
		case <-g.ctx.Done():
			return
		case r := <-g.ep.loop.Requests():
			g.handle(r)
		case <-flag:
			g.checkFlags()
		}
		if timer != nil {
			timer.Stop()
		}
	}
}

func (g *session) running() bool { return g.ref != nil && g.result == nil }

func (g *session) handle(r request) {
	switch r.kind {
	case reqBegin:
		g.begin(r.spec)
	case reqResume:
		g.open(r.resume)
	case reqAttempt:
		g.attempt(r.move)
	case reqCommand:
		g.command(r.cmd)
	case reqConsole:
		g.console(r.line)
	case reqAbandon:
		if g.running() {
			g.finish(referee.Result{Score: "*", Reason: referee.ReasonAbandoned})
		}
	case reqRecord:
		rec, err := g.record()
		r.record <- recordReply{rec, err}
	}
}

// begin starts a game from spec; the computer moves at once if it has White.
func (g *session) begin(spec net.GameSpec) {
	if err := CheckClock(spec.Base, spec.Increment); err != nil {
		g.problem(err)
		return
	}
	if spec.AnySide {
		spec.Side = game.Color(g.ep.rng.IntN(2))
		spec.AnySide = false
	}
	if spec.Start == (game.Position{}) {
		spec.Start = game.Start()
	}
	if spec.Rules.Name == "" {
		spec.Rules = referee.Wild16
	}
	g.open(resumed{spec: spec, ref: referee.New(spec.Rules, spec.Start), white: spec.Base, black: spec.Base})
}

// resumed is a game taken up where it was left: its referee with every
// attempt so far, and the time each side had left.
type resumed struct {
	spec         net.GameSpec
	ref          *referee.Referee
	white, black time.Duration
}

// open starts r's game (ending any game in progress as abandoned): the
// player hears everything said to them so far, and the computer plays if
// it is to move.
func (g *session) open(r resumed) {
	if g.running() {
		g.finish(referee.Result{Score: "*", Reason: referee.ReasonAbandoned})
	}
	spec := r.spec
	spec.White, spec.Black = "you", g.ep.opt.Name
	if spec.Side == game.Black {
		spec.White, spec.Black = spec.Black, spec.White
	}
	spec.Opponent, spec.Kriegspiel = g.ep.opt.Name, true
	g.games++
	spec.Number = g.games
	g.spec, g.result, g.seen, g.started = spec, nil, 0, g.ep.opt.Now()
	g.ref = r.ref
	if st, ok := g.ep.opp.(Starter); ok {
		// The computer's first turn follows the referee's log from here.
		st.NewGame(spec.Side.Other(), spec.Rules, spec.Start)
	}
	// As on lichess and kriegd, the clocks start once both sides have moved.
	g.clocks = net.Clocks{White: r.white, Black: r.black, Running: g.ref.ToMove(),
		Ticking: spec.Base > 0 && g.ref.Plies() >= 2, Stamp: g.ep.opt.Now()}
	g.emit(net.Event{Kind: net.KindStarted})
	g.report()
	if g.checkFlags() || g.endIfOver() {
		return
	}
	g.opponentTurn()
}

// attempt plays our attempt m and, once a move is accepted, the computer's turn.
func (g *session) attempt(m game.Move) {
	if !g.running() {
		g.problem(fmt.Errorf("local: no game in progress"))
		return
	}
	if g.ref.ToMove() != g.spec.Side {
		g.problem(fmt.Errorf("local: not your move"))
		return
	}
	if g.checkFlags() {
		return
	}
	g.play(func() { g.ref.Attempt(m) })
}

// play carries out our attempt try on the referee, reports it, and on
// an accepted move lets the computer answer.
func (g *session) play(try func()) {
	before := g.ref.Plies()
	try()
	if g.settle(before, g.spec.Side) {
		if g.endIfOver() {
			return
		}
		g.opponentTurn()
	}
}

// settle reports what we heard since the referee had played before plies,
// and whether mover's move was accepted. An accepted move stops mover's
// clock first (a flag that fell meanwhile stays for checkFlags), so that its
// entry goes out with the clocks as they stand after it: the console prints
// them with the entry that gives us the move, and would otherwise show the
// computer's clock still running and short of its increment.
func (g *session) settle(before int, mover game.Color) bool {
	moved := g.ref.Plies() > before
	if moved && (!g.clocks.Ticking || g.clocks.Remaining(mover, g.ep.opt.Now()) > 0) {
		g.punch(mover)
	}
	g.report()
	return moved
}

// opponentTurn lets the computer play while it is to move.
func (g *session) opponentTurn() {
	for g.running() && g.ref.ToMove() != g.spec.Side {
		before := g.ref.Plies()
		answers := g.ep.opp.Turn(watched{g.ref, g, g.ep.opt.Now().Add(g.ep.opt.MinTurn)})
		if g.clocks.Ticking && g.clocks.Running != g.spec.Side && g.clocks.Remaining(g.clocks.Running, g.ep.opt.Now()) <= 0 {
			g.checkFlags()
			return
		}
		if g.ref.Plies() == before {
			if g.endIfOver() {
				return
			}
			g.problem(fmt.Errorf("local: the computer found no move (%d answers)", len(answers)))
			return
		}
		if g.endIfOver() {
			return
		}
	}
}

// watched is the Umpire the computer plays through: nothing it says reaches
// the referee before notBefore (Options.MinTurn), and each answer is
// reported to us as soon as it is given, with the snapshot of that moment.
type watched struct {
	*referee.Referee
	g         *session
	notBefore time.Time
}

func (w watched) Attempt(m game.Move) referee.Answer {
	w.wait()
	before := w.Referee.Plies()
	a := w.Referee.Attempt(m)
	w.g.settle(before, w.g.spec.Side.Other())
	return a
}

func (w watched) AskAny() referee.Answer {
	w.wait()
	before := w.Referee.Plies()
	a := w.Referee.AskAny()
	w.g.settle(before, w.g.spec.Side.Other())
	return a
}

// wait sleeps until notBefore, or until the endpoint closes.
func (w watched) wait() {
	d := w.notBefore.Sub(w.g.ep.opt.Now())
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-w.g.ctx.Done():
	}
}

// report emits what we heard of the referee's new log entries.
func (g *session) report() {
	fresh := g.ref.LogFrom(g.seen)
	for _, e := range fresh {
		if h, ok := e.HeardBy(g.spec.Side); ok {
			g.emit(net.Event{Kind: net.KindHeard, Entry: h})
		}
	}
	g.seen += len(fresh)
}

// punch stops mover's clock after an accepted move, adds the increment and
// starts the other clock, and says so in a clock event: a window that
// heard nothing else (a silent enemy move) would go on running the wrong
// clock until the next entry.
func (g *session) punch(mover game.Color) {
	if !g.clocks.Ticking {
		g.clocks.Running = mover.Other()
		if g.spec.Base > 0 && g.ref.Plies() >= 2 {
			// Both sides have made their first move: the clocks start,
			// with no increment for the moves made on none.
			g.clocks.Ticking, g.clocks.Stamp = true, g.ep.opt.Now()
			g.emit(net.Event{Kind: net.KindClock})
		}
		return
	}
	now := g.ep.opt.Now()
	*g.clocks.Of(mover) = g.clocks.Remaining(mover, now) + g.spec.Increment
	g.clocks.Running, g.clocks.Stamp = mover.Other(), now
	g.emit(net.Event{Kind: net.KindClock})
}

// checkFlags ends the game when the running clock is out: a loss for its
// owner, or a draw when the other side cannot mate. It reports whether it did.
func (g *session) checkFlags() bool {
	if !g.running() || !g.clocks.Ticking {
		return false
	}
	side := g.clocks.Running
	if g.clocks.Remaining(side, g.ep.opt.Now()) > 0 {
		return false
	}
	pos := g.ref.Position()
	score := game.WinFor(side.Other())
	if pos.CannotMate(side.Other()) {
		score = game.Draw
	}
	g.finish(referee.Result{Score: score, Reason: referee.ReasonTime})
	return true
}

// endIfOver reports the referee's result, if the game ended.
func (g *session) endIfOver() bool {
	if res := g.ref.Result(); res != nil {
		g.finish(*res)
		return true
	}
	return false
}

// finish ends the game with res and stops the clocks.
func (g *session) finish(res referee.Result) {
	if g.result != nil {
		return
	}
	now := g.ep.opt.Now()
	if g.clocks.Ticking {
		*g.clocks.Of(g.clocks.Running) = max(g.clocks.Remaining(g.clocks.Running, now), 0)
	}
	g.clocks.Ticking, g.clocks.Stamp = false, now
	g.result = &res
	g.emit(net.Event{Kind: net.KindEnded})
	switch {
	case g.ep.opt.SaveDir == "":
	case len(g.ref.LogFrom(0)) == 0:
		g.emit(net.Event{Kind: net.KindConsole, Text: "game not saved: nothing was played"})
	default:
		if path, err := g.save(); err != nil {
			g.problem(err)
		} else {
			g.emit(net.Event{Kind: net.KindConsole, Text: "game saved: " + path})
		}
	}
}

// command carries out c for our side.
func (g *session) command(c net.Command) {
	if !g.running() {
		g.problem(fmt.Errorf("local: %s: no game in progress", c))
		return
	}
	switch c {
	case net.Resign:
		if err := g.ref.Resign(g.spec.Side); err != nil {
			g.problem(fmt.Errorf("local: resign: %w", err))
			return
		}
		g.report()
		g.endIfOver()
	case net.Abort:
		if g.ref.Plies() >= 2 {
			g.problem(errors.New("local: abort: too late, both sides have moved (resign or offer a draw)"))
			return
		}
		g.finish(referee.Result{Score: "*", Reason: referee.ReasonAborted})
	case net.Draw:
		// A sentence begins with a capital, whatever the name ("Computer declines …").
		who := g.ep.opt.Name
		if who != "" {
			who = strings.ToUpper(who[:1]) + who[1:]
		}
		g.emit(net.Event{Kind: net.KindConsole, Text: who + " declines the draw offer."})
	case net.Flag:
		switch {
		case g.spec.Untimed():
			g.problem(errors.New("local: flag: this game has no clock, so no flag can fall"))
		case !g.checkFlags():
			g.problem(errors.New("local: flag: the opponent still has time"))
		}
	case net.AskAny:
		if g.ref.ToMove() != g.spec.Side {
			g.problem(errors.New("local: any: not your move"))
			return
		}
		if g.ref.Rules().Tries == referee.TriesCount {
			// Wild 16's px, as on ICC: the pawn capture, when exactly one is legal.
			g.play(func() { g.ref.AttemptText("px") })
			return
		}
		g.ref.AskAny()
		g.report()
	default:
		g.problem(fmt.Errorf("local: %s: no challenge is pending", c))
	}
}

// console reads a typed line: a command word or a move in coordinates.
func (g *session) console(line string) {
	line = strings.TrimSpace(line)
	for c := net.Resign; c <= net.Decline; c++ {
		if strings.EqualFold(line, c.String()) {
			g.command(c)
			return
		}
	}
	if m, err := game.ParseMove(line); err == nil {
		g.attempt(m)
		return
	}
	if strings.EqualFold(line, "help") {
		// The window's typed line: the console answers help itself.
		for _, l := range strings.Split(strings.TrimSpace(net.TypedWordsHelp), "\n") {
			g.emit(net.Event{Kind: net.KindConsole, Text: l})
		}
		return
	}
	words := "resign, draw, abort or flag"
	if r := g.spec.Rules; r.Any != referee.AnyNone || r.Tries == referee.TriesCount {
		words = "resign, draw, abort, flag or px" // px only where the rules give it a meaning
	}
	g.emit(net.Event{Kind: net.KindConsole, Text: fmt.Sprintf("%q is not a move (such as e2e4) nor a command: %s (help says more)", shortened(line), words)})
}

// shortened is line cut to its first 40 characters, for quoting back: a
// pasted page is not worth repeating.
func shortened(line string) string {
	if r := []rune(line); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return line
}

func (g *session) problem(err error) {
	// The text is for the player, who typed no "local": the package's
	// prefix stays in Err for logs.
	g.emit(net.Event{Kind: net.KindProblem, Text: strings.TrimPrefix(err.Error(), "local: "), Err: err})
}

// emit sends ev with the current snapshot; it waits for room in the
// channel (no event is dropped) unless the endpoint is closing.
func (g *session) emit(ev net.Event) {
	ev.Snap = g.snapshot()
	net.Deliver(g.ctx, g.ep.events, ev)
}

func (g *session) snapshot() net.Snapshot {
	s := net.Snapshot{Side: g.spec.Side, Clocks: g.clocks, Spec: g.spec, Result: g.result, State: net.Connected}
	if g.ref != nil {
		pos := g.ref.Position()
		s.Own, s.ToMove, s.Plies, s.InGame = pos.Only(g.spec.Side), pos.Turn(), g.ref.Plies(), g.result == nil
	}
	return s
}
