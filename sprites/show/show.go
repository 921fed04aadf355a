// Package show is krieg demo's show, without the window: a game followed
// message by message by both sides' deduction engines, each message worded
// as a caption with what each assistant took from it, and the three boards
// (White's belief, the truth, Black's belief) as a scene to draw. The window
// (package sprites) times it and reads the keys.
package show

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

// Options configure the show: a recorded game stepped through again and
// again, or games the computer plays against itself, one after another.
type Options struct {
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
	// Games ends the show after this many games (0: it loops for ever).
	Games int
}

// Step is one message as the show shows it.
type Step struct {
	Entry   referee.Entry
	Truth   game.Position
	Views   [2]controller.ViewModel
	Caption Caption
}

// Show is the show's state: the game on show, both sides' deduction
// engines following it, and every step so far, to step back through. The
// engines run off the caller's loop (controller.Async): a message's step is
// shown at once with what needs no belief, marked updating, and completed
// (its view models and caption) when both engines have followed it; the
// show takes no further message until then.
type Show struct {
	opt      Options
	ctx      context.Context
	cancel   context.CancelFunc
	game     demoGame
	n        int // games begun
	ctl      [2]*controller.Async
	views    [2]controller.ViewModel // each engine's view model last handed out
	pending  bool                    // the last step waits for the engines
	steps    []Step
	at       int // the step on show (-1: the start)
	paused   bool
	step     time.Duration
	due      time.Time // when the next step is
	ended    time.Time // when the game's last message was shown (zero: not yet)
	anim     [2]*scene.Animator
	err      string
	finished int
	quit     bool
}

// New starts the first game.
func New(opt Options) *Show {
	if opt.Step <= 0 {
		opt.Step = 1500 * time.Millisecond
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Show{opt: opt, ctx: ctx, cancel: cancel, step: opt.Step}
	s.begin(0)
	return s
}

// begin starts the next game at tick: the record again, or a new game of
// the computer against itself.
func (s *Show) begin(tick int64) {
	s.n++
	s.steps, s.at, s.ended = nil, -1, time.Time{}
	if s.opt.Record != nil {
		rules := s.opt.Rules
		if rules.Name == "" {
			r, err := s.opt.Record.Rules()
			if err != nil {
				s.err = err.Error()
				return
			}
			rules = r
		}
		g, err := recordGame(s.ctx, s.opt.Record, rules, s.opt.Title)
		if err != nil {
			s.err = err.Error()
			return
		}
		s.game = g
	} else {
		rules := s.opt.Rules
		if rules.Name == "" {
			rules = referee.Wild16
		}
		s.game = selfPlay(s.ctx, rules, s.opt.Players(s.n), fmt.Sprintf("Game %d: the computer against itself", s.n))
	}
	s.closeEngines()
	s.pending = false
	for _, side := range []game.Color{game.White, game.Black} {
		s.ctl[side] = controller.NewAsync(controller.New(side, s.game.rules, s.game.start, s.opt.Controller))
		s.views[side], _ = s.ctl[side].Poll()
		// The start's tokens are shown from the first frame: the view
		// models after it carry only what changed (an outside tester saw
		// the men that had not moved without tokens all game).
		s.anim[side] = scene.NewAnimator()
		s.anim[side].Sync(s.views[side].Tokens, tick)
	}
}

// closeEngines stops both sides' engines, if running.
func (s *Show) closeEngines() {
	for side, c := range s.ctl {
		if c != nil {
			c.Close()
			s.ctl[side] = nil
		}
	}
}

// Close stops the game being played and the engines following it.
func (s *Show) Close() {
	s.cancel()
	s.closeEngines()
}

// Update picks up the engines' finished work and advances the show by one
// step when the next is due (steps are timed by the clock: a slow frame
// does not slow the show) and the engines have followed the last message;
// tick times the fades. It never waits. It reports whether the show has
// ended (Options.Games).
func (s *Show) Update(now time.Time, tick int64) bool {
	s.settle(tick)
	if !s.paused && !now.Before(s.due) && !s.waiting() {
		// The clock starts again only once a step was shown: a message
		// not come yet is looked for again next frame, not a step later.
		n, at, game := len(s.steps), s.at, s.n
		s.Forward(tick, false)
		if len(s.steps) != n || s.at != at || s.n != game {
			s.due = now.Add(s.step)
		}
	}
	return s.quit
}

// Forward shows the next step: one already seen, or the game's next
// message when it has come and the engines have followed the one before
// (waiting for both, and for the engines to follow it, when wait is set);
// after the last, a pause of a few steps, then the next game.
func (s *Show) Forward(tick int64, wait bool) {
	if s.at+1 < len(s.steps) {
		s.at++
		s.sync(tick)
		return
	}
	if wait {
		s.Settle(tick)
	} else {
		s.settle(tick)
	}
	if s.pending {
		return // the engines are still following the last message
	}
	if !s.ended.IsZero() {
		if time.Since(s.ended) >= s.endPause() {
			s.finished++
			if s.opt.Games > 0 && s.finished >= s.opt.Games {
				s.quit = true
				return
			}
			s.begin(tick)
		}
		return
	}
	var e demoEntry
	ok := false
	if wait {
		e, ok = <-s.game.entries
	} else {
		select {
		case e, ok = <-s.game.entries:
		default:
			return // the computer is still thinking
		}
	}
	if !ok {
		s.ended = time.Now()
		return
	}
	s.hear(tick, e)
	if wait {
		s.Settle(tick)
	}
}

// endPause is how long a finished game stays on show before the next:
// three steps, from half a second to four.
func (s *Show) endPause() time.Duration {
	return min(max(3*s.step, time.Second/2), 4*time.Second)
}

// hear hands one message to both sides' engines, the one place the show
// calls the deduction, and shows its step at once: the engines' immediate
// view models, completed by settle once they have followed it.
func (s *Show) hear(tick int64, e demoEntry) {
	for _, side := range []game.Color{game.White, game.Black} {
		if heard, ok := e.entry.HeardBy(side); ok {
			v, err := s.ctl[side].Observe(heard)
			if err != nil {
				s.err = "assistant: " + err.Error()
			}
			s.views[side] = v
			s.anim[side].Apply(v.Changes, tick)
		}
	}
	s.steps = append(s.steps, Step{Entry: e.entry, Truth: e.truth})
	s.at = len(s.steps) - 1
	s.pending = true
	s.complete()
	s.settle(tick)
}

// complete sets the last step's view models to the engines' newest and
// words its caption from them.
func (s *Show) complete() {
	last := len(s.steps) - 1
	before := s.game.start
	if last > 0 {
		before = s.steps[last-1].Truth
	}
	st := &s.steps[last]
	st.Views = s.views
	st.Caption = captionOf(st.Entry, before, s.game.rules, s.views)
}

// settle picks up the engines' newer work, without waiting: the last step
// takes it, and is complete once both engines have followed every message.
func (s *Show) settle(tick int64) {
	if !s.pending {
		return
	}
	for _, side := range []game.Color{game.White, game.Black} {
		if v, changed := s.ctl[side].Poll(); changed {
			s.take(side, v, tick)
		}
	}
	s.pending = s.ctl[game.White].Updating() || s.ctl[game.Black].Updating()
	s.complete()
}

// take records v as side's newest view model; the fades follow it while
// the last step is on show.
func (s *Show) take(side game.Color, v controller.ViewModel, tick int64) {
	s.views[side] = v
	if s.at == len(s.steps)-1 {
		s.anim[side].Apply(v.Changes, tick)
	}
}

// Settle waits until both engines have followed every message, and
// completes the last step.
func (s *Show) Settle(tick int64) {
	if !s.pending {
		return
	}
	for _, side := range []game.Color{game.White, game.Black} {
		c := s.ctl[side]
		if c.Updating() {
			// The work still in flight ends after this look, so that
			// Wait hands out a view model not handed out before.
			s.take(side, c.Wait(), tick)
		}
		if v, changed := c.Poll(); changed {
			s.take(side, v, tick)
		}
	}
	s.pending = false
	s.complete()
}

// waiting reports whether the last step is on show and the engines are
// still following its message.
func (s *Show) waiting() bool { return s.pending && s.at == len(s.steps)-1 }

// Updating reports whether an engine is still following a message.
func (s *Show) Updating() bool { return s.pending }

// Back shows the step before the one on show, and pauses.
func (s *Show) Back(tick int64) {
	s.paused = true
	if s.at >= 0 {
		s.at--
		s.sync(tick)
	}
}

// StepOn shows the next step, and pauses.
func (s *Show) StepOn(tick int64) {
	s.paused = true
	s.Forward(tick, false)
}

// Pause pauses the show, or goes on at once.
func (s *Show) Pause(now time.Time) {
	s.paused = !s.paused
	s.due = now
}

// Faster and Slower change the time between two steps.
func (s *Show) Faster() { s.step = max(s.step*2/3, time.Second/60) }

// Slower: see Faster.
func (s *Show) Slower() { s.step = min(s.step*3/2, 20*time.Second) }

// sync points the token animations at a step seen before, now on show:
// the fades start from what is shown.
func (s *Show) sync(tick int64) {
	for _, side := range []game.Color{game.White, game.Black} {
		v := s.views[side]
		if s.at >= 0 {
			v = s.steps[s.at].Views[side]
		}
		s.anim[side].Sync(v.Tokens, tick)
	}
}

// Game is the number of the game on show, from 1; Finished counts the
// games shown to their end; Paused, Pace and Steps say the rest.
func (s *Show) Game() int { return s.n }

// Finished: see Game.
func (s *Show) Finished() int { return s.finished }

// Over reports whether the game on show has no further message.
func (s *Show) Over() bool { return !s.ended.IsZero() }

// Paused: see Game.
func (s *Show) Paused() bool { return s.paused }

// Pace: see Game.
func (s *Show) Pace() time.Duration { return s.step }

// Steps returns the game's steps so far and the index of the one on show
// (-1: the start).
func (s *Show) Steps() ([]Step, int) { return s.steps, s.at }

// View is what the show's screen holds now, w×h pixels at tick.
func (s *Show) View(w, h int, tick int64) scene.DemoView {
	v := scene.DemoView{W: w, H: h, Tick: tick}
	var views [2]controller.ViewModel
	truth := s.game.start
	var cap Caption
	move, mover := game.NoMove, game.White
	views = s.views
	if s.at >= 0 {
		st := s.steps[s.at]
		views, truth, cap = st.Views, st.Truth, st.Caption
		if st.Entry.Verdict == referee.Accepted {
			move, mover = st.Entry.Attempt, st.Entry.Mover
		}
	}
	for _, side := range []game.Color{game.White, game.Black} {
		b := &v.Boards[boardOf(side)]
		b.Title = fmt.Sprintf("What %s believes · %s", side.Title(), beliefSize(views[side]))
		if views[side].Updating {
			b.Title += " · updating"
		}
		b.View, b.Anim, b.Tokens, b.Marks = views[side], s.anim[side], true, cap.Marks[boardOf(side)]
		if move != game.NoMove && mover == side {
			b.LastMove = move
		}
	}
	t := truth
	v.Boards[1] = scene.DemoBoard{Title: "The true board", View: controller.ViewModel{Side: game.White, Own: t.Only(game.White)},
		Truth: &t, Marks: cap.Marks[1], LastMove: move}
	v.Heading = fmt.Sprintf("%s · move %d · %s to move", s.game.title, truth.FullmoveNumber(), truth.Turn().Title())
	if s.Over() && s.at == len(s.steps)-1 {
		v.Heading = s.game.title + " · the game is over; the next begins in a moment"
	}
	v.Said, v.Inferred = cap.Said, cap.Inferred
	if s.at < 0 {
		v.Said = "The game begins: each side sees only its own men."
	}
	v.Warning = s.game.disagrees
	if s.err != "" {
		v.Warning = s.err
	}
	state := fmt.Sprintf("%.1f s a step", s.step.Seconds())
	if s.paused {
		state = "paused"
	}
	v.Status = state + " · Space pauses · ← → step · + − speed · F11 full screen · Esc quits"
	return v
}

// beliefSize says how much a side's belief holds.
func beliefSize(v controller.ViewModel) string {
	if v.FromB1 || v.Boards == 0 {
		return "per-class sets"
	}
	return plural(v.Boards, "board")
}
