package sprites

import (
	"context"
	"fmt"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/sprites/scene"
)

// DemoOptions configure krieg demo: a recorded game stepped through again
// and again, or games the computer plays against itself, one after another.
type DemoOptions struct {
	// Record is the game to show (nil: the computer plays itself);
	// Title names it.
	Record *record.Record
	Title  string
	// Rules of the games (a record's own when zero).
	Rules referee.Ruleset
	// Players makes the two sides of game n when the computer plays itself.
	Players func(n int) [2]Player
	// Step is the time between two messages at the start.
	Step time.Duration
	// Controller tunes both sides' deduction engines.
	Controller controller.Options
	// Games ends the window after this many games (0: it loops for ever).
	Games int
}

// demoStep is one message as the demo shows it.
type demoStep struct {
	entry   referee.Entry
	truth   game.Position
	views   [2]controller.ViewModel
	caption caption
	ply     int
}

// demo is krieg demo's state: the game on show, both sides' deduction
// engines following it, and every step so far, to step back through.
type demo struct {
	opt    DemoOptions
	ctx    context.Context
	cancel context.CancelFunc
	game   demoGame
	n      int // games begun
	ctl    [2]*controller.Controller
	steps  []demoStep
	at     int // the step on show (-1: the start)
	paused bool
	step   time.Duration
	due    time.Time // when the next step is
	ended  time.Time // when the game's last message was shown (zero: not yet)
	anim   [2]*scene.Animator
	err    string
	// Games finished, for tests.
	finished int
}

// endPause is how long a finished game stays on show before the next:
// three steps, from half a second to four.
func (d *demo) endPause() time.Duration {
	return min(max(3*d.step, time.Second/2), 4*time.Second)
}

// newDemo starts the first game.
func newDemo(opt DemoOptions) *demo {
	if opt.Step <= 0 {
		opt.Step = 1500 * time.Millisecond
	}
	ctx, cancel := context.WithCancel(context.Background())
	d := &demo{opt: opt, ctx: ctx, cancel: cancel, step: opt.Step}
	d.begin()
	return d
}

// begin starts the next game: the record again, or a new game of the
// computer against itself.
func (d *demo) begin() {
	d.n++
	d.steps, d.at, d.ended = nil, -1, time.Time{}
	if d.opt.Record != nil {
		rules := d.opt.Rules
		if rules.Name == "" {
			r, err := d.opt.Record.Rules()
			if err != nil {
				d.err = err.Error()
				return
			}
			rules = r
		}
		g, err := recordGame(d.ctx, d.opt.Record, rules, d.opt.Title)
		if err != nil {
			d.err = err.Error()
			return
		}
		d.game = g
	} else {
		rules := d.opt.Rules
		if rules.Name == "" {
			rules = referee.Wild16
		}
		d.game = selfPlay(d.ctx, rules, d.opt.Players(d.n), fmt.Sprintf("Game %d: the computer against itself", d.n))
	}
	for _, side := range []game.Color{game.White, game.Black} {
		d.ctl[side] = controller.New(side, d.game.rules, d.game.start, d.opt.Controller)
		d.anim[side] = scene.NewAnimator()
	}
}

// close stops the game being played.
func (d *demo) close() { d.cancel() }

// update advances the show by one step when the next is due (steps are
// timed by the clock: a slow frame does not slow the show).
func (d *demo) update(a *App) {
	now := time.Now()
	if d.paused || now.Before(d.due) {
		return
	}
	d.due = now.Add(d.step)
	d.forward(a)
}

// forward shows the next step: one already seen, or the game's next
// message when it has come; after the last, a pause, then the next game.
func (d *demo) forward(a *App) {
	if d.at+1 < len(d.steps) {
		d.at++
		d.sync(a, true)
		return
	}
	if !d.ended.IsZero() {
		if time.Since(d.ended) >= d.endPause() {
			d.finished++
			if d.opt.Games > 0 && d.finished >= d.opt.Games {
				a.quit = true
				return
			}
			d.begin()
		}
		return
	}
	select {
	case e, ok := <-d.game.entries:
		if !ok {
			d.ended = time.Now()
			return
		}
		d.hear(a, e)
	default: // the computer is still thinking
	}
}

// hear follows one message with both sides' engines: the one place the
// demo calls the deduction.
func (d *demo) hear(a *App, e demoEntry) {
	before := d.game.start
	if len(d.steps) > 0 {
		before = d.steps[len(d.steps)-1].truth
	}
	var views [2]controller.ViewModel
	for _, side := range []game.Color{game.White, game.Black} {
		views[side] = d.ctl[side].View()
		if heard, ok := e.entry.HeardBy(side); ok {
			v, err := d.ctl[side].Observe(heard)
			if err != nil {
				d.err = "assistant: " + err.Error()
			}
			views[side] = v
		}
	}
	st := demoStep{entry: e.entry, truth: e.truth, views: views, ply: e.entry.Ply}
	st.caption = captionOf(e.entry, before, d.game.rules, views)
	d.steps = append(d.steps, st)
	d.at = len(d.steps) - 1
	d.sync(a, false)
}

// sync points the token animations at the step on show (jump: one seen
// before, the fades start from what is shown).
func (d *demo) sync(a *App, jump bool) {
	for _, side := range []game.Color{game.White, game.Black} {
		v := d.ctl[side].View()
		if d.at >= 0 {
			v = d.steps[d.at].views[side]
		}
		if jump {
			d.anim[side].Sync(v.Tokens, a.animStart())
		} else {
			d.anim[side].Apply(v.Changes, a.animStart())
		}
	}
}

// apply carries out the demo's keys: Space pauses, ← → step (and pause),
// + and - change the speed, Escape ends the show.
func (d *demo) apply(a *App, in Intent) {
	switch in.Kind {
	case Cancel:
		a.quit = true
	case CursorMove:
		d.paused = true
		switch {
		case in.X < 0 && d.at >= 0:
			d.at--
			d.sync(a, true)
		case in.X > 0:
			d.forward(a)
		}
	case TypeText:
		for _, r := range in.Text {
			switch r {
			case ' ':
				d.paused = !d.paused
				d.due = time.Now()
			case '+', '=':
				d.step = max(d.step*2/3, time.Second/60)
			case '-', '_':
				d.step = min(d.step*3/2, 20*time.Second)
			}
		}
	}
}

// view is what the demo screen shows now.
func (d *demo) view(a *App) scene.DemoView {
	v := scene.DemoView{W: a.w, H: a.h, Tick: a.tick}
	var views [2]controller.ViewModel
	truth := d.game.start
	var cap caption
	move := game.NoMove
	ply := 0
	for _, side := range []game.Color{game.White, game.Black} {
		views[side] = d.ctl[side].View()
	}
	if d.at >= 0 {
		st := d.steps[d.at]
		views, truth, cap, ply = st.views, st.truth, st.caption, st.ply
		if st.entry.Verdict == referee.Accepted {
			move = st.entry.Attempt
		}
	}
	t := truth
	for _, side := range []game.Color{game.White, game.Black} {
		b := &v.Boards[boardOf(side)]
		b.Title = fmt.Sprintf("What %s believes · %s", side.Title(), beliefSize(views[side]))
		b.View, b.Anim, b.Tokens, b.Marks = views[side], d.anim[side], true, cap.marks[boardOf(side)]
		if move != game.NoMove && d.steps[d.at].entry.Mover == side {
			b.LastMove = move
		}
	}
	tv := controller.ViewModel{Side: game.White, Own: t.Only(game.White)}
	v.Boards[1] = scene.DemoBoard{Title: "The true board", View: tv, Truth: &t, Marks: cap.marks[1], LastMove: move}
	v.Heading = fmt.Sprintf("%s · move %d · %s to move", d.game.title, ply/2+1, truth.Turn().Title())
	if !d.ended.IsZero() && d.at == len(d.steps)-1 {
		v.Heading = d.game.title + " · the game is over; the next begins in a moment"
	}
	v.Said, v.Inferred = cap.said, cap.inferred
	if d.at < 0 {
		v.Said = "The game begins: each side sees only its own men."
	}
	if d.err != "" {
		v.Inferred = append(v.Inferred, d.err)
	}
	state := fmt.Sprintf("%.1f s a step", d.step.Seconds())
	if d.paused {
		state = "paused"
	}
	v.Status = state + " · Space pauses · ← → step · + − speed · F11 full screen · Esc quits"
	return v
}

// beliefSize says how much each side's belief holds.
func beliefSize(v controller.ViewModel) string {
	if v.FromB1 || v.Boards == 0 {
		return "per-class sets"
	}
	return plural(v.Boards, "board")
}
