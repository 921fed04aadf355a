package sprites

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/krieg/krieg/assets"
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// consoleLines is how many of the server's lines the panel keeps.
const consoleLines = 6

// play is a game through an endpoint: the controller that follows it and
// what the panel shows besides the view model. The controller's deduction
// runs on a goroutine of its own (controller.Async): the game loop hands it
// the referee's messages and draws the newest view model it finished.
type play struct {
	comm net.Communicator
	// local is true for a game against the computer in the window.
	local bool
	ctl   *controller.Async
	// ended is the endpoint's result once the game is over (it may end by
	// time or resignation, which no referee entry the controller hears says).
	ended *referee.Result
	// faulted is set once the deduction's first refusal has been shown.
	faulted bool
	opt     Options
	snap    net.Snapshot
	rules   referee.Ruleset
	// saved is where the endpoint saved the last game's record ("game
	// saved: PATH"), which Save as… offers rather than a second copy.
	saved   string
	console []scene.ConsoleLine
	typed   string
	// selected: the whole typed line is selected (Ctrl+A), so that what is
	// typed or pasted next replaces it and Backspace empties it.
	selected bool
	// queue holds the attempts made while it was not our move (the
	// Kriegspiel premove), oldest first; waiting is true while an attempt
	// of ours awaits the referee's answer.
	queue   []game.Move
	waiting bool
	// tried are our attempts the referee refused this turn: sending one
	// again would only cost an attempt.
	tried []game.Move
	// tries follows the pawn tries announced to us this turn, for a typed px.
	tries controller.TryWatch
	// hearing is what we heard of the moves, the table the move table it
	// makes.
	hearing *scene.Hearing
	table   []scene.MoveRow
	// confirmAt is when Resign was first pressed (zero: not asked), and
	// question what it asks;
	// rating is the server's word on our rating change; closed: the result
	// banner was closed. after: New game or Lobby, pressed during the
	// game, asked for the resignation, and is pressed again once the game
	// has ended (NoButton: none).
	confirmAt time.Time
	question  string
	after     scene.Button
	rating    string
	closed    bool
	// seeking is what New game asked the server for, until a game
	// begins or it is taken back (nil: nothing asked).
	seeking *net.GameSpec
	// sought says what an entry chosen in the lobby asked for (a seek, a
	// challenge), the status until a game begins or it is taken back.
	sought string
	// away is the opponent while the server says their connection ended.
	away *away
	// first is the server's limit on the first moves and when the turn
	// began; abortWhy is why the server said it aborted the game.
	first    firstMove
	abortWhy string
	// lost: the server's connection is gone, so the game on the board
	// stands until it is back (rejoin, the reconnection under way; nil
	// when none is, and the loss is then for good).
	lost   bool
	lostAt time.Time // when, at which the clocks stand
	rejoin *rejoin
	// Events handled and referee entries heard; tests wait on them.
	handled, entries int
}

// newPlay follows comm, already connected (and, for a local game, asked
// for the game).
func newPlay(comm net.Communicator, opt Options) *play {
	return &play{comm: comm, opt: opt, rules: referee.Wild16}
}

// leave is done with the game on the board, once it is over and the player
// went back to the lobby: its deduction ends, and with it its result card
// and its status, so that neither comes back over what the lobby leads to
// (a seek waiting, a challenge's card). A game in progress is kept.
func (p *play) leave() {
	if p.ctl == nil || p.snap.InGame && p.snap.Result == nil && !p.lost {
		return
	}
	p.ctl.Close()
	p.ctl, p.ended, p.closed = nil, nil, true
	p.hearing, p.table = nil, nil
	p.console = nil // the game's server lines go with it, not onto the next game's log
}

// close ends the session and the deduction. A game against the computer
// still running is abandoned first, so that the endpoint saves its record
// unfinished, as the console does when one leaves: closing the window loses
// no game. One its endpoint keeps (Keeper) is left as it stands instead,
// for the next window to resume.
func (p *play) close() {
	k, keeps := p.comm.(Keeper)
	if p.local && p.snap.InGame && !(keeps && k.Keeps()) {
		if a, ok := p.comm.(interface{ Abandon() error }); ok && a.Abandon() == nil {
			settle(p.comm.Events(), 2*time.Second)
		}
	}
	p.stopRejoin()
	_ = p.comm.Close()
	if p.ctl != nil {
		p.ctl.Close()
	}
}

// settle lets an abandoned game's end and its saving play out: it reads
// events until the game has ended and none has come for a moment since (the
// words on saving follow the end), or until limit has passed.
func settle(events <-chan net.Event, limit time.Duration) {
	give := time.After(limit)
	var quiet <-chan time.Time
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return
			}
			if ev.Kind == net.KindEnded || quiet != nil {
				quiet = time.After(200 * time.Millisecond)
			}
		case <-quiet:
			return
		case <-give:
			return
		}
	}
}

// drain handles every event waiting on the channel, without blocking.
func (p *play) drain(a *App) {
	for {
		select {
		case ev, ok := <-p.comm.Events():
			if !ok {
				return
			}
			p.event(a, ev)
		default:
			return
		}
	}
}

// follow draws the deduction's newest finished work, if any came since the
// last frame; it never waits for the deduction.
func (p *play) follow(a *App) {
	if p.ctl == nil {
		return
	}
	if err := p.ctl.Err(); err != nil && !p.faulted {
		p.faulted = true
		notice(&a.frame, scene.BadTone, "assistant: "+err.Error())
	}
	if vm, changed := p.ctl.Poll(); changed {
		p.view(a, vm)
	}
}

// view puts the view model vm on the board and starts its tokens' fades.
func (p *play) view(a *App, vm controller.ViewModel) {
	f := &a.frame
	if p.ended != nil {
		vm.Result = p.ended
	}
	f.View = vm
	p.preview(f) // what was heard changes the odds of a picked-up man
	f.Anim.Apply(f.View.Changes, a.animStart())
}

// event updates the state after one event.
func (p *play) event(a *App, ev net.Event) {
	p.handled++
	f := &a.frame
	if ev.Kind == net.KindEnded && p.snap.Clocks.Ticking {
		ev.Snap.Clocks = frozen(p.snap.Clocks, ev.Snap.Result, time.Now())
	}
	if p.ended != nil && ev.Kind != net.KindStarted {
		// Whatever follows the end (the server's closing lines) carries the
		// driver's clocks of the last move: the frozen ones stand.
		ev.Snap.Clocks = p.snap.Clocks
	}
	p.snap = ev.Snap
	switch ev.Kind {
	case net.KindStarted:
		p.start(a, ev.Snap)
	case net.KindHeard:
		p.heard(a, ev)
	case net.KindEnded:
		p.ended = ev.Snap.Result
		a.challengeOver = false // the result card comes over a challenge waiting
		f.Panel.Offer, f.Panel.OfferNews = "", ""
		f.View.Result = ev.Snap.Result
		a.opt.Sounds.Play(assets.SoundEnd)
		if a.opt.Quit {
			a.quit = true
		}
	case net.KindChallenge, net.KindChallengeGone:
		a.challenged(p, ev)
	case net.KindConsole:
		p.say(f, ev.Text)
		if path, ok := strings.CutPrefix(ev.Text, "game saved: "); ok {
			p.saved = path
		}
		if news, ok := offerNews(ev.Text); ok {
			f.Panel.OfferNews = news
		}
		p.clockNews(ev.Text, time.Now())
		if name, ok := challengeDeclined(p.sought, ev.Text); ok {
			p.sought = ""
			notice(f, scene.HintTone, name+" declined your challenge; Lobby goes back to the lobby")
		}
	case net.KindOffer:
		f.Panel.Offer = ev.Text
		p.say(f, "the opponent offers: "+ev.Text)
	case net.KindProblem:
		notice(f, scene.BadTone, ev.Text)
		p.waiting = false
	case net.KindConnection:
		if p.local {
			// A game against the computer has no connection to speak of;
			// only its failure is news.
			if ev.Err != nil {
				p.say(f, "the game stopped: "+ev.Err.Error())
			}
			break
		}
		if p.rejoin != nil {
			// The tries of a reconnection under way: their outcome is said
			// once, when it is done (pollRejoin).
			p.rejoin.heard(a, ev)
			break
		}
		msg := ev.Why() + " " + a.opt.signInAgain()
		if ev.Rejoinable() && p.startRejoin(ev.Why()) {
			msg = p.rejoin.words()
		}
		if ev.Lost() && a.lobby != nil {
			a.lobby.lost = msg // the lobby lists nothing more
		}
		if ev.Lost() && !p.lost {
			p.lost, p.lostAt = true, time.Now()
		}
		if ev.Lost() {
			p.seeking, p.sought = nil, "" // the server dropped them with the connection
		}
		if ev.Lost() && (ev.Err != nil || ev.Text != "") {
			// Said in words a player reads, with what to do; the driver's
			// error names a library and stays out of sight.
			notice(f, scene.BadTone, msg)
			p.say(f, msg)
			break
		}
		p.say(f, "connection: "+ev.Snap.State.String())
	}
}

// say adds a line to the console, after the game's log lines shown so far
// (it is drawn among them in the order they came).
func (p *play) say(f *scene.Frame, line string) {
	for _, l := range strings.Split(strings.TrimRight(line, "\n"), "\n") {
		p.console = append(p.console, scene.ConsoleLine{Text: l, After: len(f.View.Log)})
		if r, ok := ratingChange(l); ok {
			p.rating = r
		}
	}
	if n := len(p.console); n > consoleLines {
		p.console = p.console[n-consoleLines:]
	}
}

// start begins following a new game.
func (p *play) start(a *App, s net.Snapshot) {
	f := &a.frame
	if a.replay != nil {
		// A game begins (a seek taken on the server) while the last one is
		// reviewed: the board goes to it, or its clock runs unseen.
		a.endReview()
	}
	f.Mode = scene.PlayScreen
	a.lobbyUnder = false // the game has the board, not a card over the lobby
	p.rules, p.saved = s.Spec.Rules, ""
	if p.ctl != nil {
		p.ctl.Close()
	}
	c := controller.New(s.Side, s.Spec.Rules, s.Spec.Start, p.opt.Controller)
	f.View = c.View()
	p.ctl, p.ended, p.faulted = controller.NewAsync(c), nil, false
	f.Anim = scene.NewAnimator()
	f.Anim.Apply(f.View.Changes, a.animStart())
	f.Flipped = s.Side == game.Black
	f.Selected, f.Dests, f.Drag, f.Illegal, f.Promote = game.NoSquare, 0, nil, nil, nil
	f.LastMove, f.Capture = game.NoMove, game.NoSquare
	f.Ghosts, f.KeyCursor = [64]game.PieceType{}, false
	p.queue, p.waiting, p.tried, f.Queue = nil, false, nil, nil
	p.tries = controller.StartWatch(s.Spec.Rules, s.Spec.Start, s.Plies)
	p.hearing, p.table = scene.NewHearing(s.Side), nil
	p.confirmAt, p.rating, p.closed, p.away, p.seeking, p.sought = time.Time{}, "", false, nil, nil, ""
	p.first, p.abortWhy = firstMove{limit: p.first.limit}, "" // the limit is the server's, said maybe before the start
	p.lost = false
	f.Banner, f.Panel.ConfirmResign = nil, false
	f.Panel.Offer, f.Panel.OfferNews = "", ""
	notice(f, scene.BadTone, "")
	f.Panel.Names = [2]string{s.Spec.White, s.Spec.Black}
	for i := range p.console {
		p.console[i].After = 0 // the new game's log starts after them
	}
	f.Panel.Title = fmt.Sprintf("%s · %s · you play %s", s.Spec.Rules.Title, s.Spec.TimeControl(), s.Side.Title())
	if !p.local {
		f.Panel.Title += " · " + ratedWord(s.Spec.Rated) // a server's game may change your rating
	}
}

// heard feeds one referee entry to the controller and cues its sound.
func (p *play) heard(a *App, ev net.Event) {
	f := &a.frame
	if p.ctl == nil {
		return
	}
	p.entries++
	e := ev.Entry
	p.tries.Follow(e, p.snap.Side, p.rules)
	prev := f.View.Own
	vm, err := p.ctl.Observe(e) // our men, the log and the rules' tokens at once
	if err != nil {
		// The endpoint's entry contradicts what came before: keep the
		// board as it was and say so.
		notice(f, scene.BadTone, "assistant: "+err.Error())
		return
	}
	p.view(a, vm)
	us := e.Mover == p.snap.Side
	switch {
	case e.Verdict == referee.Accepted:
		p.tried = nil // a new turn
	case us && refused(e.Verdict) && e.Attempt != game.NoMove:
		p.tried = append(p.tried, e.Attempt)
	}
	p.hearing.Add(e, prev)
	if us {
		p.waiting = false
		if e.Verdict == referee.Accepted || e.Verdict == referee.Finished {
			p.setQueue(f, nil) // the turn is over: the rest of the queue is dropped
		}
	}
	if refused(e.Verdict) && us && e.Attempt != game.NoMove {
		f.Illegal = &scene.Flash{Move: e.Attempt, Start: a.tick}
		notice(f, scene.BadTone, refusal[e.Verdict]+": "+e.Attempt.String())
	} else if e.Verdict == referee.Accepted || e.Verdict == referee.Finished {
		notice(f, scene.BadTone, "")
		f.Panel.Offer = ""
		if us && !strings.HasPrefix(f.Panel.OfferNews, "You offered") {
			// An answer to an offer is news until our next move; an
			// offer of ours still waiting stays said.
			f.Panel.OfferNews = ""
		}
		if us {
			f.LastMove, f.Capture = e.Attempt, game.NoSquare
			f.Motions = append(f.Motions, scene.Motion{Kind: scene.Slide, From: e.Attempt.From(), To: e.Attempt.To(), Start: a.tick})
		} else if sq, ok := capturedOf(prev, f.View.Own, p.snap.Side); ok {
			f.Capture = sq
			f.Motions = append(f.Motions, scene.Motion{Kind: scene.FadeOut, From: sq, Piece: prev.At(sq), Start: a.tick})
		} else {
			f.Capture = game.NoSquare
		}
		p.blink(a, e)
	}
	p.table = p.hearing.Rows(p.snap.Spec.Start, p.snap.Plies)
	a.opt.Sounds.Play(Cue(e, p.snap.Side))
}

// capturedOf finds the square where one of our men vanished.
func capturedOf(before, after game.Position, us game.Color) (game.Square, bool) {
	gone := before.ByColor(us) &^ after.ByColor(us)
	if gone == 0 {
		return game.NoSquare, false
	}
	return gone.First(), true
}

// Cue is the sound for a referee entry as side heard it: illegal, check,
// capture or an ordinary move.
func Cue(e referee.Entry, side game.Color) assets.Sound {
	if refused(e.Verdict) {
		if e.Mover == side {
			return assets.SoundIllegal
		}
		return assets.SoundMove // the enemy fumbling is heard, softly
	}
	cue := assets.SoundMove
	for _, a := range e.Said {
		switch a.Kind {
		case referee.KindCheck:
			return assets.SoundCheck
		case referee.KindCapture:
			cue = assets.SoundCapture
		}
	}
	return cue
}

// refusal names each refusing verdict in the panel's notice, as the log
// does: nonsense is not an illegal move (docs/rules.md).
var refusal = map[referee.Verdict]string{
	referee.Illegal:  "Illegal move",
	referee.Nonsense: "Nonsense",
	referee.Repeated: "Already tried",
}

// refused reports whether a verdict turned an attempt down.
func refused(v referee.Verdict) bool {
	return v == referee.Illegal || v == referee.Nonsense || v == referee.Repeated
}

// tick sends the next queued attempt when it is our turn, and refreshes
// the clocks and the status line.
func (p *play) tick(a *App) {
	f := &a.frame
	p.flush(a)
	now := time.Now()
	s := p.snap
	at := now
	if p.lost && p.rejoin == nil {
		at = p.lostAt // no server runs them any more
	}
	f.Panel.Clocks = [2]time.Duration{s.Clocks.Remaining(game.White, at), s.Clocks.Remaining(game.Black, at)}
	// No game followed, no clocks: those of a game left for the lobby,
	// still in the driver's snapshot, are shown as none.
	f.Panel.Untimed = p.ctl == nil || s.Spec.Rules.Name != "" && s.Spec.Untimed()
	// While the window connects again the server's clocks run on (the
	// game is lost if the grace passes), so they are shown running.
	f.Panel.Running, f.Panel.Ticking = s.Clocks.Running, s.Clocks.Ticking && s.InGame && (!p.lost || p.rejoin != nil)
	f.Panel.ClockNote = p.clockNote(s, now)
	f.Panel.Typed, f.Panel.Console, f.Panel.ShowInput = p.typed, p.console, true
	f.Panel.TypedSelected = p.selected && p.typed != ""
	// A game left for the lobby is over and done with (leave): the
	// driver's snapshot still holds its result, which no longer shows.
	over := s.Result != nil && p.ctl != nil
	f.Panel.GameOver = over
	_, src := p.comm.(recordSource)
	if r, ok := p.comm.(recordReady); ok && src {
		src = r.HasRecord() // a server's record comes after its result, if at all
	}
	// A game ended before any move has nothing to review or save.
	f.Panel.Reviewable = f.Panel.GameOver && src && s.Plies > 0
	f.Panel.Lobby = p.opt.Lobby != nil || p.local && a.fromServer() || !p.local && a.lobby != nil
	f.Panel.Table = p.table
	// kriegd takes an abort after both first moves as an offer, the
	// computer never.
	f.Panel.NoAbort = p.local && s.InGame && s.Result == nil && s.Plies >= 2
	f.Panel.NoPx = p.rules.Name != "" && p.rules.Any == referee.AnyNone && p.rules.Tries != referee.TriesCount
	f.Panel.NoTries = p.rules.Name != "" && p.rules.Tries == referee.TriesNone
	f.Panel.NoGame = p.ctl == nil || !s.InGame || s.Result != nil || p.lost
	if !p.confirmAt.IsZero() && (now.Sub(p.confirmAt) >= confirmFor || s.Result != nil) {
		// Unconfirmed, the question lapses, and says so: the armed button
		// counted the time down, and the player learns the game goes on.
		p.confirmAt, p.after = time.Time{}, scene.NoButton
		if s.Result == nil {
			notice(f, scene.HintTone, resignLapsed)
		}
	}
	f.Panel.ConfirmResign = !p.confirmAt.IsZero()
	f.Panel.ConfirmLeft, f.Panel.Question = 0, ""
	if f.Panel.ConfirmResign {
		f.Panel.ConfirmLeft, f.Panel.Question = confirmFor-now.Sub(p.confirmAt), p.question
	}
	f.Banner = nil
	if s.Result != nil && !p.closed && p.ctl != nil {
		b := scene.ResultBanner(*s.Result, s.Side)
		b.Rating = p.rating
		if s.Result.Reason == referee.ReasonAborted && p.abortWhy != "" {
			b.Detail = "No result: " + p.abortWhy // "guest12 (White) made no first move within 30 seconds"
		}
		f.Banner = &b
	}
	switch {
	case p.lost && s.InGame && s.Result == nil && p.rejoin != nil:
		f.Panel.Status = "Connection lost; reconnecting… The server runs the clocks and keeps your seat for a while"
	case p.lost && s.InGame && s.Result == nil:
		f.Panel.Status = "The game stopped: the connection to the server was lost"
	case p.lost && !over && p.rejoin != nil:
		f.Panel.Status = "Not connected: the connection to the server was lost; reconnecting…"
	case p.lost && !over:
		f.Panel.Status = "Not connected: the connection to the server was lost"
	case p.seeking != nil:
		f.Panel.Status = seekStatus(*p.seeking)
	case p.sought != "":
		f.Panel.Status = p.sought
	case over:
		f.Panel.Status = "Game over. " + s.Result.Words()
	case p.ctl == nil:
		f.Panel.Status = "Waiting for a game (" + s.State.String() + ")"
	case s.ToMove == s.Side:
		f.Panel.Status = "Your move"
	default:
		f.Panel.Status = s.ToMove.Title() + " is thinking…"
	}
}

// ours reports whether sq holds one of our men.
func (p *play) ours(f *scene.Frame, sq game.Square) bool {
	return sq != game.NoSquare && f.View.Own.ByColor(f.View.Side).Has(sq)
}

// apply carries out an intent during play.
func (p *play) apply(a *App, in Intent) {
	f := &a.frame
	if f.Promote != nil && p.promotion(a, in) {
		return
	}
	all := p.selected
	p.selected = p.selected && keepsSelection(in)
	switch in.Kind {
	case SelectAll:
		p.selected = p.typed != ""
	case ClickSquare:
		f.KeyCursor = false // the mouse is in use: the keyboard's frame goes
		p.click(a, in.Square)
	case DragStart:
		f.KeyCursor = false
		if p.ours(f, in.Square) {
			p.selectSquare(f, in.Square)
			f.Drag = &scene.Drag{From: in.Square, X: in.X, Y: in.Y}
		}
	case DragTo:
		if f.Drag != nil {
			f.Drag.X, f.Drag.Y = in.X, in.Y
		}
	case Drop:
		if d := f.Drag; d != nil {
			f.Drag = nil
			if in.Square != game.NoSquare && in.Square != d.From {
				p.attempt(a, d.From, in.Square)
			}
		}
	case AttemptMove:
		p.send(a, in.Move)
	case TypeText:
		if in.Text == " " && p.typed == "" && f.KeyCursor {
			p.click(a, f.Cursor) // Space picks up and drops at the cursor
			return
		}
		p.typed = a.typeInto(p.typed, in, all, maxTyped)
	case Paste:
		p.typed = a.typeInto(p.typed, in, all, maxTyped)
	case CursorMove:
		moveCursor(f, int(in.X), int(in.Y))
	case Backspace:
		if r := []rune(p.typed); all {
			p.typed = ""
		} else if len(r) > 0 {
			p.typed = string(r[:len(r)-1])
		}
	case Cancel:
		switch {
		case !p.confirmAt.IsZero():
			p.unarm(a) // Escape keeps playing
		case f.Banner != nil:
			p.closed = true
		default:
			p.typed = ""
			p.deselect(f)
			p.clearQueue(f)
		}
	case Submit:
		if !p.confirmAt.IsZero() && strings.TrimSpace(p.typed) == "" {
			p.resign(a) // Enter answers the question, unless a move was typed
			return
		}
		p.submit(a)
	case Press:
		p.button(a, in.Button)
	}
}

// click selects one of our men, drops the selection, or tries the selected
// man on sq.
func (p *play) click(a *App, sq game.Square) {
	f := &a.frame
	switch {
	case sq == game.NoSquare:
	case f.Selected == sq:
		p.deselect(f)
	case p.ours(f, sq):
		p.selectSquare(f, sq)
	case f.Selected != game.NoSquare:
		p.attempt(a, f.Selected, sq)
	}
}

// moveCursor moves the keyboard cursor by (dx, dy) squares on screen,
// starting on our king the first time.
func moveCursor(f *scene.Frame, dx, dy int) {
	if !f.KeyCursor {
		f.Cursor, f.KeyCursor = f.View.Own.KingSquare(f.View.Side), true
		return
	}
	if f.Flipped {
		dx, dy = -dx, -dy
	}
	file := max(0, min(7, f.Cursor.File()+dx))
	rank := max(0, min(7, f.Cursor.Rank()-dy))
	f.Cursor = game.NewSquare(file, rank)
}

func (p *play) selectSquare(f *scene.Frame, sq game.Square) {
	f.Selected = sq
	f.Dests = 0
	own := f.View.Own
	own.SetTurn(f.View.Side)
	ours := p.snap.ToMove == p.snap.Side
	for _, m := range candidates(f) {
		// A target the referee's word this turn rules out (a pawn
		// capture after "No") is not offered: it would be kept back.
		if m.From() == sq && (!ours || p.tries.Allows(p.rules, &own, m) == nil) {
			f.Dests |= m.To().Bit()
		}
	}
	p.preview(f)
}

// candidates are the attempts our own board allows (the moves of our men
// with the enemy's unseen, and every pawn try).
func candidates(f *scene.Frame) []game.Move {
	own := f.View.Own
	own.SetTurn(f.View.Side)
	return referee.Candidates(&own)
}

func (p *play) deselect(f *scene.Frame) { f.Selected, f.Dests, f.Preview = game.NoSquare, 0, nil }

// attempt tries from→to; a pawn reaching the last rank opens the
// promotion picker instead, unless the move cannot be made at all.
func (p *play) attempt(a *App, from, to game.Square) {
	f := &a.frame
	p.deselect(f)
	m := game.NewMove(from, to, game.NoPieceType)
	if pc := f.View.Own.At(from); pc.Type() == game.Pawn && (to.Rank() == 7 || to.Rank() == 0) {
		if _, err := p.sendable(f, m); err != nil {
			p.hint(f, err)
			return
		}
		f.Promote = &scene.Promotion{From: from, To: to}
		return
	}
	p.send(a, m)
}

// sendable checks m on our own board before it leaves the window (see
// controller.Sendable): this turn's refused attempts count only while it is
// our turn, a queued attempt waits for the next.
func (p *play) sendable(f *scene.Frame, m game.Move) (game.Move, error) {
	own := f.View.Own
	own.SetTurn(f.View.Side)
	var refused []game.Move
	if p.snap.ToMove == p.snap.Side {
		refused = p.tried
	}
	m, err := controller.SendableUnder(p.rules, own, m, refused)
	if err == nil && p.snap.ToMove == p.snap.Side {
		err = p.tries.Allows(p.rules, &own, m)
	}
	return m, err
}

// hint shows why an attempt was kept back, at once and in the hint's colour.
func (p *play) hint(f *scene.Frame, err error) {
	notice(f, scene.HintTone, err.Error())
}

// promotion handles an intent while the promotion picker is open and
// reports whether it used it: a click on a choice sends the promotion, any
// other click or a drag closes the picker, and Escape closes it and puts
// the pawn down. The keyboard works it too: the arrows walk the cursor
// along the choices, Enter or Space takes the one under it (the queen
// when it is on none), and q, r, b or n takes that piece; no other key
// reaches the board or the move line behind the picker.
func (p *play) promotion(a *App, in Intent) bool {
	f := &a.frame
	pr := *f.Promote
	take := func(t game.PieceType) {
		f.Promote = nil
		p.send(a, game.NewMove(pr.From, pr.To, t))
	}
	switch in.Kind {
	case ClickSquare:
		f.Promote = nil
		if t, ok := pr.Pick(in.Square); ok {
			take(t)
		}
	case DragStart:
		f.Promote = nil
	case Cancel:
		f.Promote = nil
		p.deselect(f)
	case CursorMove:
		if _, on := pr.Pick(f.Cursor); !on || !f.KeyCursor {
			f.Cursor, f.KeyCursor = pr.To, true
			break
		}
		was := f.Cursor
		moveCursor(f, int(in.X), int(in.Y))
		if _, on := pr.Pick(f.Cursor); !on {
			f.Cursor = was // the cursor stays among the choices
		}
	case Submit:
		t, on := pr.Pick(f.Cursor)
		if !on || !f.KeyCursor {
			t = game.Queen
		}
		take(t)
	case TypeText:
		if t, on := pr.Pick(f.Cursor); in.Text == " " && on && f.KeyCursor {
			take(t)
		} else if t, ok := promotionKeys[strings.ToLower(in.Text)]; ok {
			take(t)
		}
	case Backspace, Paste:
	default:
		return false
	}
	return true
}

// promotionKeys are the letters that pick a promotion in the picker.
var promotionKeys = map[string]game.PieceType{"q": game.Queen, "r": game.Rook, "b": game.Bishop, "n": game.Knight}

// maxQueue bounds the attempt queue.
const maxQueue = 9

// send sends an attempt at once, in this very frame, when it is our move
// and no attempt of ours awaits its answer; otherwise it joins the queue.
func (p *play) send(a *App, m game.Move) {
	f := &a.frame
	if p.ctl == nil || p.snap.Result != nil || !p.snap.InGame {
		notice(f, scene.BadTone, "No game in progress")
		return
	}
	if p.lost {
		notice(f, scene.BadTone, "Not sent: the connection to the server was lost")
		return
	}
	m, err := p.sendable(f, m)
	if err != nil {
		p.hint(f, err) // nonsense never leaves the window and costs nothing
		return
	}
	if !p.confirmAt.IsZero() {
		// A move made answers "Confirm resign?": the player plays on (a
		// later Enter on the empty line would have resigned).
		p.unarm(a)
	}
	if p.snap.ToMove != p.snap.Side || p.waiting {
		if len(p.queue) >= maxQueue {
			notice(f, scene.BadTone, fmt.Sprintf("The queue holds %d attempts at most (Escape clears it)", maxQueue))
			return
		}
		p.setQueue(f, append(p.queue, m))
		return
	}
	p.out(a, m)
}

// out sends m to the endpoint.
func (p *play) out(a *App, m game.Move) {
	if err := p.comm.Attempt(m); err != nil {
		notice(&a.frame, scene.BadTone, err.Error())
		return
	}
	p.waiting = true
}

// flush sends the next queued attempt when it is our turn and nothing of
// ours awaits an answer. A queued attempt our own board no longer allows
// (its man was captured, or an own man now stands in the way) is dropped.
func (p *play) flush(a *App) {
	f := &a.frame
	if p.ctl == nil || p.waiting || len(p.queue) == 0 || !p.snap.InGame || p.snap.Result != nil || p.snap.ToMove != p.snap.Side {
		return
	}
	for len(p.queue) > 0 {
		m := p.queue[0]
		p.setQueue(f, p.queue[1:])
		if _, err := p.sendable(f, m); err != nil {
			p.hint(f, fmt.Errorf("queued %w", err))
			continue
		}
		p.out(a, m)
		return
	}
}

// setQueue replaces the queue and what the board shows of it.
func (p *play) setQueue(f *scene.Frame, q []game.Move) {
	p.queue = q
	f.Queue = append(f.Queue[:0:0], q...)
}

// clearQueue empties the queue; it reports whether there was one.
func (p *play) clearQueue(f *scene.Frame) bool {
	had := len(p.queue) > 0
	p.setQueue(f, nil)
	return had
}

// submit sends the typed line: a move, "px", or a line for the server.
func (p *play) submit(a *App) {
	line := strings.TrimSpace(p.typed)
	p.typed = ""
	if line == "" {
		return
	}
	if strings.EqualFold(line, "resign") && p.snap.InGame && p.snap.Result == nil {
		p.button(a, scene.Resign) // asked first, as the button does; typed again, confirmed
		return
	}
	// A move in algebraic notation (Nf3, o-o) is read on our own board, as
	// the console reads it; an impossible one is kept back like a click's.
	var own *game.Position
	if p.snap.InGame && p.snap.Result == nil {
		o := a.frame.View.Own
		o.SetTurn(a.frame.View.Side)
		own = &o
	}
	if m, ok, err := controller.TypedMove(line, own); err != nil {
		p.hint(&a.frame, err)
		return
	} else if ok {
		p.send(a, m)
		return
	}
	if controller.SeveralMoves(line) {
		// Pasted lines arrive joined: said so, rather than sent as one
		// word the referee reads as no move.
		notice(&a.frame, scene.HintTone, fmt.Sprintf("%q holds several moves: type or paste one at a time (one typed during the opponent's turn waits its turn)", line))
		p.typed = line // left to mend, not wiped
		return
	}
	if s := p.snap; net.IsAnyQuestion(line) && s.InGame && s.Spec.Kriegspiel && s.ToMove == s.Side && s.Result == nil {
		if err := controller.AnySendable(p.rules, p.tries, strings.ToLower(strings.TrimSpace(line))); err != nil {
			p.hint(&a.frame, err) // kept back like a move: in the hint's amber
			return
		}
	}
	a.answeredByHand(line)
	if seekTakenBack(line) && (p.seeking != nil || p.sought != "") {
		p.seeking, p.sought = nil, ""
		notice(&a.frame, scene.HintTone, "")
	}
	if err := net.SendTyped(p.comm, line); err != nil {
		notice(&a.frame, scene.BadTone, err.Error())
	}
}

// button carries out a game button.
func (p *play) button(a *App, b scene.Button) {
	var err error
	switch b {
	case scene.Resign:
		if !p.confirmAt.IsZero() {
			p.resign(a)
			return
		}
		if p.snap.InGame && p.snap.Result == nil {
			p.confirmAt, p.question = time.Now(), resignQuestion
			if p.unbegun(a) {
				p.question = resignAbortQuestion
			}
			notice(&a.frame, scene.BadTone, "")
		}
	case scene.CancelResign:
		p.unarm(a)
	case scene.CloseBanner:
		p.closed = true
	case scene.OfferDraw:
		err = p.comm.Do(net.Draw)
	case scene.Abort:
		err = p.comm.Do(net.Abort)
	case scene.Review:
		a.review()
	case scene.ToLobby:
		over := p.snap.Result != nil || !p.snap.InGame || p.lost
		switch {
		case !over && a.lobby != nil:
			// The window's lobby screen would abandon the game (the
			// computer's or the server's): as Resign, asked first, and the
			// lobby once the game has ended (afterResign). On kriegd a
			// game nobody has begun is aborted instead: nothing is lost.
			q := lobbyQuestion
			if p.unbegun(a) {
				q = lobbyAbortQuestion
			}
			p.askFirst(a, b, q)
			return
		case p.local && !over:
			// The page's lobby opens over the board, and closed, gives it
			// back with the computer's game where it stood.
		case p.local && a.fromServer():
			a.leaveComputer()
		case a.lobby != nil:
			a.lobby.back(a)
			return
		}
		if p.opt.Lobby != nil {
			p.opt.Lobby()
		}
	case scene.NewGame:
		over := p.snap.Result != nil || !p.snap.InGame
		switch {
		case !over && (p.local || a.lobby != nil):
			// As Resign, asked first; the game's end then opens the
			// new-game screen (afterResign).
			q := newGameQuestion
			if p.unbegun(a) {
				q = newGameAbortQuestion
			}
			p.askFirst(a, b, q)
		case p.local:
			p.close()
			a.play = nil
			a.toNewGame()
		case a.lobby != nil:
			a.lobby.back(a)
		case a.opt.Spec != nil:
			if err = p.comm.Begin(*a.opt.Spec); err == nil {
				// The result card goes, so that the seek is what the
				// board says.
				p.seeking, p.closed = a.opt.Spec, true
				notice(&a.frame, scene.HintTone, seekWords(*p.seeking))
			}
		}
	}
	if err != nil {
		notice(&a.frame, scene.BadTone, err.Error())
	}
}

// confirmFor is how long a first press of Resign waits for its
// confirmation, in wall time (ticks slow down when frames do), counted
// down on the armed button; a variable so that a test can wait less.
var confirmFor = 10 * time.Second

// resignQuestion is what a first press of Resign asks (newGameQuestion and
// lobbyQuestion, what New game and Lobby ask during a game); resignLapsed
// what stays once it went unanswered.
const (
	resignQuestion  = "Resign? Click Confirm resign or press Enter; Cancel or Escape keeps playing"
	newGameQuestion = "A new game? Resign this one first: click Confirm resign or press Enter; Cancel or Escape keeps playing"
	lobbyQuestion   = "Back to the lobby? Resign this game first: click Confirm resign or press Enter; Cancel or Escape keeps playing"
	// The same questions before both sides have moved on kriegd, which
	// then aborts the game rather than score it (unbegun).
	resignAbortQuestion  = "Resign? Before both sides have moved the game is aborted, unrated: click Confirm resign or press Enter; Cancel or Escape keeps playing"
	newGameAbortQuestion = "A new game? Before both sides have moved this one is aborted, unrated: click Confirm resign or press Enter; Cancel or Escape keeps playing"
	lobbyAbortQuestion   = "Back to the lobby? Before both sides have moved the game is aborted, unrated: press Enter or click the lit button; Cancel or Escape keeps playing"
	resignLapsed         = "Resign not confirmed: the game goes on"
)

// askFirst answers b (New game, Lobby) pressed during a game: it asks for
// the resignation, as Resign does, with question; b pressed again while
// asked confirms it.
func (p *play) askFirst(a *App, b scene.Button, question string) {
	if !p.confirmAt.IsZero() {
		p.after = b
		p.resign(a)
		return
	}
	p.confirmAt, p.after, p.question = time.Now(), b, question
	notice(&a.frame, scene.BadTone, "")
}

// unbegun reports whether the game on the board is a kriegd's in which
// neither side has yet made its first move and the other its own: kriegd
// aborts such a game when it is resigned (docs/kriegd.md, "Clocks").
func (p *play) unbegun(a *App) bool {
	if p.local || a.lobby == nil || p.snap.Plies >= 2 {
		return false
	}
	_, kriegd := a.lobby.site.Lobby.(KriegdLister)
	return kriegd
}

// abortsAlone reports whether the game on the board is a kriegd's in which
// we are to make our first move, which kriegd aborts at our word.
func (p *play) abortsAlone(a *App) bool {
	return p.unbegun(a) && p.snap.ToMove == p.snap.Side
}

// afterResign presses again the button that asked for the resignation once
// it has ended the game, and says how the game ended (its banner is not
// seen) wherever that leads.
func (p *play) afterResign(a *App) {
	if p.after == scene.NoButton || p.snap.Result == nil {
		return
	}
	b := p.after
	p.after = scene.NoButton
	words := p.snap.Result.Words()
	p.button(a, b)
	notice(&a.frame, scene.HintTone, "Last game: "+words)
}

// unarm takes back a first press of Resign.
func (p *play) unarm(a *App) {
	p.confirmAt, p.after = time.Time{}, scene.NoButton
	notice(&a.frame, scene.BadTone, "")
}

// resign resigns the game, once confirmed.
func (p *play) resign(a *App) {
	p.confirmAt = time.Time{}
	notice(&a.frame, scene.BadTone, "")
	end := net.Resign // which kriegd turns into an abort in an unbegun game
	if p.abortsAlone(a) {
		end = net.Abort
	}
	if err := p.comm.Do(end); err != nil {
		notice(&a.frame, scene.BadTone, err.Error())
	}
}

// Our own offers' fate, in the words of kriegd, ICC and the computer:
// made (or still standing), declined, withdrawn.
var (
	offerMade     = regexp.MustCompile(`(?i)^you offer to (draw|abort)\.|^your offer to (draw|abort) stands`)
	offerAnswered = regexp.MustCompile(`(?i)\b(declines?|withdraws?|withdrawn)\b.*\b(draw|abort)`)
)

// offerNews is what a server's line says of our offer, for the panel to
// show by the buttons (a grey log line went unseen).
func offerNews(line string) (string, bool) {
	line = strings.TrimSpace(line)
	if m := offerMade.FindStringSubmatch(line); m != nil {
		what := m[1] + m[2]
		return "You offered to " + what + ": waiting for the opponent to agree", true
	}
	if offerAnswered.MatchString(line) {
		return line, true
	}
	return "", false
}

// ratingPattern finds a rating change in a server's line: "rating" and two
// ratings joined by an arrow.
var ratingPattern = regexp.MustCompile(`(?i)rating\D*?(\d{3,4})\s*(?:-+>|→)\s*(\d{3,4})`)

// ratingChange reads a server's line announcing our rating change.
func ratingChange(line string) (string, bool) {
	m := ratingPattern.FindStringSubmatch(line)
	if m == nil {
		return "", false
	}
	from, _ := strconv.Atoi(m[1])
	to, _ := strconv.Atoi(m[2])
	return fmt.Sprintf("Rating %d → %d (%+d)", from, to, to-from), true
}

// blink flashes the squares entry e's announcements name: a capture's
// square; for a check, our king when we are checked, else the square our
// checking man arrived on.
func (p *play) blink(a *App, e referee.Entry) {
	f := &a.frame
	for _, said := range e.Said {
		sq := game.NoSquare
		switch said.Kind {
		case referee.KindCapture:
			sq = said.Square
		case referee.KindCheck:
			if said.Side == p.snap.Side {
				sq = f.View.Own.KingSquare(p.snap.Side)
			} else if e.Mover == p.snap.Side {
				sq = e.Attempt.To()
			}
		}
		if sq != game.NoSquare {
			f.Motions = append(f.Motions, scene.Motion{Kind: scene.Blink, From: sq, Start: a.tick})
		}
	}
}

// frozen is the clocks as they stood when the game ended at now: the one
// that ran charged up to now, and a fallen flag at zero. The end's own
// snapshot may carry the times of the last move, which went back in time.
func frozen(live net.Clocks, res *referee.Result, now time.Time) net.Clocks {
	c := live
	*c.Of(c.Running) = max(0, c.Remaining(c.Running, now))
	c.Stamp, c.Ticking = now, false
	if res != nil && res.Reason == referee.ReasonTime {
		if w, ok := res.Winner(); ok {
			*c.Of(w.Other()) = 0
		}
	}
	return c
}
