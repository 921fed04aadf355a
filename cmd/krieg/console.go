package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/endsignal"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/net/local"
)

// runConsole is the ClientConsole: it connects to an endpoint, prints what
// the endpoint says, and sends what the user types. A typed move in
// coordinates (e2e4, e7e8q) or "px" goes out as our attempt; any other line
// goes to the server as it is.
func runConsole(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("console", stderr)
	var fl launch.Flags
	fl.Register(fs)
	var k launch.KSO
	k.Register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	if err := launch.OneServer(&fl, &k); err != nil {
		return usage(err)
	}
	if err := launch.CheckSaveDir(fl.SaveDir); err != nil {
		return usage(err)
	}
	if k.On {
		return ksoConsole(k, fl, bufio.NewReader(stdin), stdout, stderr)
	}
	if !fl.Remote() {
		spec, err := fl.Spec()
		if err != nil {
			return usage(err)
		}
		if err := local.CheckTimeControl(spec.Base, spec.Increment); err != nil {
			return fmt.Errorf("%w: --time %q: %v", errUsage, fl.Time, err)
		}
		ep, err := fl.Local()
		if err != nil {
			return usage(err)
		}
		// After the input ends, the computer's last reply may take its move time.
		return consoleLoop(ep, &spec, stdin, stdout, fl.MoveTime+quiet)
	}
	in := bufio.NewReader(stdin)
	if !fl.ICC {
		fl.SeatDir = launch.DefaultSeatDir()
	}
	c, err := fl.ICCEndpoint(in, stderr)
	if err != nil {
		return usage(err) // an address that is none is the command line's mistake
	}
	stop := func() {}
	if !fl.ICC {
		stop = launch.WatchSeat(fl.SeatDir, fl.Addr, c)
	}
	err = consoleLoop(c, nil, in, stdout, quiet)
	stop()
	if !fl.ICC {
		if kerr := launch.KeepSeat(fl.SeatDir, fl.Addr, c); kerr != nil {
			fmt.Fprintf(stderr, "krieg: your seat in the game left could not be kept: %v\n", kerr)
		}
	}
	return err
}

// usage turns the launch package's usage errors into this command's.
func usage(err error) error {
	if errors.Is(err, launch.ErrUsage) {
		return fmt.Errorf("%w: %v", errUsage, strings.TrimPrefix(err.Error(), launch.ErrUsage.Error()+": "))
	}
	return err
}

// consoleLoop connects, begins spec's game if given, and then relays: typed
// lines to the endpoint, events to stdout, until the input ends or the
// connection is lost for good.
// After the input ends, events are printed until none has come for wait.
func consoleLoop(comm net.Communicator, spec *net.GameSpec, stdin io.Reader, stdout io.Writer, wait time.Duration) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	typed := readTyped(stdin)
	early, left, err := connect(ctx, cancel, comm, typed)
	if err != nil && !left {
		early, left, err = loginAgain(ctx, cancel, comm, typed, early, err, stdout)
	}
	if err != nil {
		return plainError{text: icc.Reason(err), err: err}
	}
	defer comm.Close()
	if left {
		fmt.Fprintln(stdout, "* left before the connection was made")
		return nil
	}
	if spec != nil {
		if err := comm.Begin(*spec); err != nil {
			return err
		}
	}
	var rules referee.Ruleset = referee.Wild16
	var ck attemptCheck
	if spec != nil {
		// Typed moves are checked on our own board, which the start shows.
		untilStarted(comm.Events(), func(ev net.Event) {
			if ev.Kind == net.KindStarted {
				rules = ev.Snap.Spec.Rules
			}
			ck.follow(ev)
			if ev.Kind != net.KindConnection { // a game on this machine has no connection to speak of
				printEvent(stdout, ev, rules)
			}
		})
	}
	var stalled <-chan time.Time // when an awaited answer is given up
	// register goes to kriegd (or ICC), which keeps accounts.
	_, iccServer := comm.(*icc.Client)
	// send checks and sends one typed line.
	send := func(l string) {
		if reg, ok := registration(l, iccServer, typed, &early, stdout); ok {
			if reg == "" {
				return
			}
			// Not checked as a move: a password may read as one.
			if err := comm.Console(reg); err != nil {
				fmt.Fprintf(stdout, "! %s\n", launch.PlainWords(err.Error()))
			}
			return
		}
		if word, begun := consoleWord(comm, spec, ck.snap, l, stdout); word {
			if begun {
				// The lines typed after new wait for the new game's start:
				// a move in algebraic notation is read on its board.
				ck.awaiting, ck.answered = true, false
				stalled = time.After(answerWait)
			}
			return
		}
		if err := ck.check(&l); err != nil {
			fmt.Fprintf(stdout, "! %s\n", launch.PlainWords(err.Error()))
			return
		}
		if err := net.SendTyped(comm, l); err != nil {
			fmt.Fprintf(stdout, "! %s\n", launch.PlainWords(err.Error()))
			ck.awaiting = false
		} else if ck.snap.InGame && endsGame(l) {
			// The lines after a resignation wait for the game's end: a
			// pasted "new" must find the game over, even when the answer to
			// a move sent before the resignation comes first (a tester's
			// e2e4, resign, new lost the new).
			ck.awaiting, ck.answered, ck.ending = true, false, true
		}
		if ck.awaiting {
			stalled = time.After(answerWait)
		}
	}
	// held are moves typed while an attempt of ours awaits its answer and
	// our next turn, and the lines after them: each move is checked and
	// sent in its turn, on the board the answers before it leave (moves
	// pasted all at once). Other lines go at once when nothing is held.
	var held []string
	ended := false
	// reconnected gives the end of a reconnection under way (nil: none),
	// which stopReconnect gives up.
	var reconnected chan error
	stopReconnect := func() {}
	// Ctrl-C leaves as quit does: a game in progress is abandoned and saved
	// unfinished. A second Ctrl-C ends the program at once.
	interrupted := make(chan struct{})
	defer endsignal.OnFirst(func() { close(interrupted) }, 0)()
	// ahead holds events read early, to see whether a move that gives us
	// the turn also ended the game (a server sends the mate and the result
	// together): they are handled before any other.
	var ahead []net.Event
	onEvent := func(ev net.Event) {
		shown := ev
		moved := ev.Kind == net.KindHeard && ev.Entry.Verdict == referee.Accepted
		if s := ev.Snap; moved && s.InGame || ev.Kind == net.KindStarted && s.InGame && s.ToMove == s.Side {
			if len(ahead) == 0 {
				ahead = lookAhead(comm.Events(), promptLook)
			}
			// No prompt for a move after the game's last, nor before more
			// moves heard at once: a game taken back midway comes again move
			// by move, and only the last asks, with the clocks as they are.
			if slices.ContainsFunc(ahead, endsGameEvent) || slices.ContainsFunc(ahead, isHeard) {
				shown.Snap.InGame = false
			}
		}
		if moved && slices.ContainsFunc(ahead, endsGameEvent) {
			shown.Entry.Said = lastMoveSaid(ev.Entry.Said)
		}
		if ev.Kind == net.KindStarted {
			rules = ev.Snap.Spec.Rules
		}
		was := ck.snap.InGame
		ck.follow(ev)
		if reconnected == nil || !retrying(ev) {
			printEvent(stdout, shown, rules)
		}
		if was && !ck.snap.InGame {
			var stale []string
			if held, stale = dropStale(held); len(stale) > 0 {
				fmt.Fprintf(stdout, "* not sent, the game being over: %s\n", strings.Join(stale, " "))
			}
		}
		if ev.Kind == net.KindEnded && spec != nil {
			fmt.Fprintln(stdout, "* type new for another game, or quit (or Ctrl-D) to leave")
		}
		if ev.Lost() && ev.Err != nil && !ev.Rejoinable() {
			// Let go on purpose (a login elsewhere, which a reconnection
			// would close in turn; nothing typed for too long).
			fmt.Fprintln(stdout, "* not connecting again: the server let this connection go; quit (or Ctrl-D) leaves")
		}
		if ev.Rejoinable() && reconnected == nil {
			if r, ok := comm.(interface{ Reconnect(context.Context) error }); ok {
				fmt.Fprintln(stdout, "* connection lost; reconnecting (quit or Ctrl-C leaves)")
				// Off the loop, so that quit, the input's end and Ctrl-C
				// still leave while the server is away.
				rctx, cancel := context.WithCancel(ctx)
				done := make(chan error, 1)
				stopReconnect, reconnected = cancel, done
				go func() { done <- r.Reconnect(rctx) }()
			}
		}
	}
	for {
		if len(ahead) > 0 {
			ev := ahead[0]
			ahead = ahead[1:]
			onEvent(ev)
			continue
		}
		for !ck.awaiting && len(held) > 0 && !ck.beforeOurTurn(held[0]) {
			l := held[0]
			held = held[1:]
			send(l)
		}
		if ended && reconnected != nil {
			stopReconnect() // leaving gives up waiting for the server
			fmt.Fprintln(stdout, "* left while the connection was lost")
			return nil
		}
		if ended && len(held) == 0 {
			// The answers to lines already sent come before the words on
			// leaving.
			drain(comm.Events(), wait, func(ev net.Event) {
				ck.follow(ev)
				printEvent(stdout, ev, rules)
			})
			leave(comm, ck.snap, spec != nil, stdout)
			drain(comm.Events(), wait, func(ev net.Event) {
				printEvent(stdout, ev, rules) // a game left here ends abandoned, in the words just said
			})
			return nil
		}
		var in <-chan string
		switch {
		case ended:
		case len(early) > 0:
			in = early[0] // the line typed while connecting comes first
		default:
			in = typed.lines() // read only now: register may have read a password from the terminal since the last
		}
		select {
		case <-interrupted:
			interrupted = nil
			ended, held = true, nil
		case <-stalled:
			// No answer to our attempt: stop waiting. Answered, we wait
			// for the opponent's move as long as it takes, unless leaving.
			if stalled = nil; ended || !ck.answered {
				ck.awaiting = false
			}
			if ended {
				held = nil // leaving does not wait for ever for the opponent's move
			}
		case l, ok := <-in:
			if len(early) > 0 {
				early = early[1:] // it was read from there
			} else {
				typed.got()
			}
			l = strings.TrimSpace(l)
			switch {
			case !ok || strings.EqualFold(l, "quit") || strings.EqualFold(l, "exit"):
				ended = true
				if ck.awaiting || len(held) > 0 {
					stalled = time.After(answerWait) // leaving waits for held moves, but not for ever
				}
			case (controller.IsTypedMove(l) || net.IsAnyQuestion(l) || strings.EqualFold(l, "new")) && ck.awaiting || ck.beforeOurTurn(l) || len(held) > 0 && playWord(l):
				// Moves wait for their turn, new for the game's end, and the
				// game's other words (resign, draw) behind the moves held
				// before them, in the order pasted; a question (who, a tell)
				// goes at once.
				if len(held) > 0 && !controller.IsTypedMove(l) {
					fmt.Fprintf(stdout, "* %s waits for the moves typed before it (%s)\n", l, strings.Join(held, " "))
				}
				held = append(held, l)
				if controller.IsTypedMove(l) && ck.beforeOurTurn(l) {
					fmt.Fprintf(stdout, "* %s waits for your turn\n", l) // not lost, and not sent yet
				}
			default:
				send(l)
			}
		case ev, ok := <-comm.Events():
			if !ok {
				return nil
			}
			onEvent(ev)
		case err := <-reconnected:
			stopReconnect()
			reconnected, stopReconnect = nil, func() {}
			if err != nil {
				return err
			}
		}
	}
}

// playWord reports whether a typed line acts in the game (a move, resign,
// draw, an answer to an offer, new), as against a question to the server
// (who, a tell), which need not wait for the moves typed before it.
func playWord(l string) bool {
	if controller.IsTypedMove(l) || net.IsAnyQuestion(l) {
		return true
	}
	word, _, _ := strings.Cut(strings.ToLower(l), " ")
	switch word {
	case "resign", "draw", "abort", "flag", "accept", "decline", "new":
		return true
	}
	return false
}

// dropStale takes out of held the moves and other play typed for a game
// that has just ended: those before the first new (the ones after it are
// the next game's).
func dropStale(held []string) (kept, stale []string) {
	for i, l := range held {
		if strings.EqualFold(l, "new") {
			return append(kept, held[i:]...), stale
		}
		if playWord(l) {
			stale = append(stale, l)
		} else {
			kept = append(kept, l)
		}
	}
	return kept, stale
}

// endsGame reports whether a typed line ends the game on its own: a
// resignation, or an abort (which the opponent may have to agree to, so the
// wait for it is bounded like an attempt's).
func endsGame(l string) bool { return strings.EqualFold(l, "resign") || strings.EqualFold(l, "abort") }

// localHelp and serverHelp end the console's help where a game against
// the computer and one on a server differ.
const (
	localHelp = `* new: another game against the same opponent, once one has ended
* quit or exit (or Ctrl-D): leave; a game in progress is abandoned
`
	serverHelp = `* quit or exit (or Ctrl-D): leave; the server holds a game in progress for you a while,
  then it is lost (aborted if neither side has moved yet)
* register alone: make the name you logged in with an account, its password asked without
  showing it
* any other line goes to the server as typed (its own help follows)
`
)

// consoleWord carries out the console's own words (help, and new in a game
// against the computer) and reports whether line was one, and whether it
// began a game.
func consoleWord(comm net.Communicator, spec *net.GameSpec, snap net.Snapshot, line string, stdout io.Writer) (word, begun bool) {
	switch {
	case strings.EqualFold(line, "help"):
		fmt.Fprint(stdout, net.TypedWordsHelp+map[bool]string{true: localHelp, false: serverHelp}[spec != nil])
		rules := snap.Spec.Rules
		if rules.Name == "" && spec != nil {
			rules = spec.Rules
		}
		if g := referee.Glossary(rules); g != "" {
			fmt.Fprintf(stdout, "* the referee's words in %s: %s\n", rules.Title, g)
		}
		return spec != nil, false // a server's help follows
	case strings.EqualFold(line, "new") && spec != nil:
		if snap.InGame {
			fmt.Fprintln(stdout, "! a game is in progress: resign or abort it first (or quit to leave)")
		} else if err := comm.Begin(*spec); err != nil {
			fmt.Fprintf(stdout, "! %s\n", launch.PlainWords(err.Error()))
		} else {
			begun = true
		}
		return true, begun
	}
	return false, false
}

// leave says what becomes of a game in progress as the console ends: a
// game against the computer is abandoned, unfinished, and saved as such; a
// server tells the opponent that we left.
func leave(comm net.Communicator, snap net.Snapshot, local bool, stdout io.Writer) {
	if !snap.InGame {
		return
	}
	if !local {
		fmt.Fprintf(stdout, "* you left game %d in progress; the server tells your opponent you disconnected\n", snap.Spec.Number)
		return
	}
	fmt.Fprintf(stdout, "* you left game %d in progress: it is abandoned, unfinished\n", snap.Spec.Number)
	if a, ok := comm.(interface{ Abandon() error }); ok {
		if err := a.Abandon(); err != nil {
			fmt.Fprintf(stdout, "! %s\n", launch.PlainWords(err.Error()))
		}
	}
}

// typingAtTerminal reports whether the console's input is a terminal
// (a variable, so that tests can stand for one).
var typingAtTerminal = launch.StdinIsTerminal

// answerWait is how long typed lines wait for the answer to the attempt
// before them.
const answerWait = 10 * time.Second

// quiet is how long the console waits for a server's last words once the
// input has ended.
const quiet = 300 * time.Millisecond

// connect connects comm, reading what is typed meanwhile: quit or exit,
// typed first, gives up connecting (left), and another line is kept for
// after it, as a channel that gives the line (or, closed, the input's
// end); the lines after it are read once it is dealt with (typedLines).
// With typed nil nothing is read meanwhile: a read left waiting would take
// the keys of a password asked on the terminal next.
// Connect is given ctx, which must outlive the connection (the computer's
// games end with it): cancel gives up on quit.
func connect(ctx context.Context, cancel func(), comm net.Communicator, typed *typedLines) (early []chan string, left bool, err error) {
	done := make(chan error, 1)
	go func() { done <- comm.Connect(ctx) }()
	var lines <-chan string
	if typed != nil {
		lines = typed.lines()
	}
	for {
		select {
		case err := <-done:
			return early, false, err
		case l, ok := <-lines:
			typed.got()
			// The lines after it are read once it is dealt with (a quit
			// after other lines, in a script piped in, waits its turn), and
			// the input's end after connecting, as a quit. Quit as the
			// first line leaves at once.
			lines = nil
			// So does Ctrl-D at a terminal; a script's end waits its turn.
			if ok && (strings.EqualFold(strings.TrimSpace(l), "quit") || strings.EqualFold(strings.TrimSpace(l), "exit")) || !ok && typingAtTerminal() {
				cancel()
				<-done // a connection made all the same is closed by the caller
				return early, true, nil
			}
			one := make(chan string, 1)
			if ok {
				one <- l
			}
			close(one)
			early = append(early, one)
		}
	}
}

// drain hands show the events that arrive after the input ends, until
// none has come for wait.
func drain(events <-chan net.Event, wait time.Duration, show func(net.Event)) {
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return
			}
			show(ev)
		case <-time.After(wait):
			return
		}
	}
}

// anyWord is how the question for pawn captures is typed under rules: ICC's
// "px" in Wild 16, "any" elsewhere.
func anyWord(rules referee.Ruleset) string {
	if rules.Name == referee.Wild16.Name {
		return "px"
	}
	return "any"
}

// retrying reports whether ev is one of a reconnection's failed tries
// (connecting, then lost): while the server is away only each try's
// "reconnecting: trying again in …" is printed, one line a try, not three.
func retrying(ev net.Event) bool {
	return ev.Kind == net.KindConnection && (ev.Snap.State == net.Connecting || ev.Snap.State == net.Disconnected)
}

// printEvent writes one event for a person to read.
func printEvent(w io.Writer, ev net.Event, rules referee.Ruleset) {
	s := ev.Snap
	switch ev.Kind {
	case net.KindConnection:
		switch {
		case ev.Text != "":
			// The server's own words on closing (kriegd's "shutting down").
			fmt.Fprintf(w, "* %s: %s\n", s.State, ev.Text)
		case ev.Err != nil && !errors.Is(ev.Err, io.EOF):
			fmt.Fprintf(w, "* %s: %v\n", s.State, ev.Err)
		default:
			fmt.Fprintf(w, "* %s\n", s.State)
		}
	case net.KindStarted:
		rules := ""
		if t := s.Spec.Rules.Title; t != "" {
			rules = ", " + t // the rules decide what may be tried: said once, at the start
		}
		fmt.Fprintf(w, "* game %d started: %s vs %s, you play %s, %s%s\n", s.Spec.Number, s.Spec.White, s.Spec.Black,
			s.Side, s.Spec.TimeControl(), rules)
		switch {
		case s.InGame && s.ToMove == s.Side:
			yourMove(w, s)
		case s.Plies > 0:
			// A game taken up midway: our men as they stand. At the start
			// they stand as every game begins, and the board comes with our
			// first move (a tester saw Black's board twice in a row).
			fmt.Fprint(w, s.Own.Diagram(s.Side == game.Black))
		}
	case net.KindHeard:
		e := ev.Entry
		if endsGameEvent(ev) {
			e.Said = lastMoveSaid(e.Said)
		}
		var said []string
		for _, a := range e.Said {
			if t := a.Text(rules); t != "" && a.Kind != referee.KindGameOver {
				said = append(said, t)
			}
		}
		who := e.Mover.String()
		switch {
		case e.Mover != s.Side:
		case e.Attempt != game.NoMove:
			who += " " + e.Attempt.String()
		case e.AskedAny || e.Verdict != referee.Accepted:
			who += " " + anyWord(rules) // our question, or Wild 16's px refused, named as typed
		}
		if len(said) == 0 {
			break // the game's end: KindEnded says it
		}
		fmt.Fprintf(w, "%s: %s\n", who, strings.Join(said, "; "))
		if prompts(ev) && !endsGameEvent(ev) { // no prompt after the game's last move
			yourMove(w, s)
		}
	case net.KindEnded:
		fmt.Fprintf(w, "* game over: %s\n", s.Result.Words())
	case net.KindClock, net.KindOffer, net.KindChallenge:
		// The server's own words tell of an offer or a challenge (with how
		// to answer it); the event's words again read as a second one.
	case net.KindChallengeGone:
		// The server says in words why (accepted, declined, withdrawn, gone);
		// a second line saying only that it went reads as a fault.
	case net.KindProblem:
		fmt.Fprintf(w, "! %s\n", launch.PlainWords(ev.Text))
	default:
		fmt.Fprintf(w, "%s\n", ev.Text)
	}
}

// prompts reports whether ev, a move heard, gives us the turn: the board
// and "(your move …)" follow it, unless the game ended with it.
func prompts(ev net.Event) bool {
	s := ev.Snap
	return ev.Kind == net.KindHeard && ev.Entry.Verdict == referee.Accepted && s.InGame && s.ToMove == s.Side
}

// lastMoveSaid is what the referee said of the game's last move but whose
// move it is next: nobody's, the game being over (a tester read "Black's
// move; Long-diagonal check" before the mate's "game over").
func lastMoveSaid(said []referee.Announcement) []referee.Announcement {
	return slices.DeleteFunc(slices.Clone(said), func(a referee.Announcement) bool { return a.Kind == referee.KindMoved })
}

// isHeard reports whether ev is an entry of the referee's that we heard.
func isHeard(ev net.Event) bool { return ev.Kind == net.KindHeard }

// endsGameEvent reports whether ev ends the game: the end itself, or the
// referee's word that the game is over (which comes before it).
func endsGameEvent(ev net.Event) bool {
	return ev.Kind == net.KindEnded || ev.Kind == net.KindHeard && slices.ContainsFunc(ev.Entry.Said, func(a referee.Announcement) bool {
		return a.Kind == referee.KindGameOver
	})
}

// lookAhead reads the events that come within wait, up to the first that
// is a move heard or ends the game, to be handled next in their order.
func lookAhead(events <-chan net.Event, wait time.Duration) []net.Event {
	var got []net.Event
	deadline := time.After(wait)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return got // the closed channel is read again by the loop
			}
			if got = append(got, ev); ev.Kind == net.KindEnded || ev.Kind == net.KindHeard {
				return got
			}
		case <-deadline:
			return got
		}
	}
}

// promptLook is how long the console waits after a move for an event that
// ends the game (a server sends the mate and the result together, read as
// two events), so as not to ask for a move after the mate nor say whose
// move it is.
const promptLook = 30 * time.Millisecond

// yourMove writes our board and the clocks when it is our move.
func yourMove(w io.Writer, s net.Snapshot) {
	if s.Spec.Untimed() {
		fmt.Fprintf(w, "%s(your move; no clock)\n", s.Own.Diagram(s.Side == game.Black))
		return
	}
	now := time.Now()
	fmt.Fprintf(w, "%s(your move; %s %s, %s %s)\n", s.Own.Diagram(s.Side == game.Black),
		game.White, net.FormatClock(s.Clocks.Remaining(game.White, now)),
		game.Black, net.FormatClock(s.Clocks.Remaining(game.Black, now)))
}

// plainError says err in the words a person reads (the server's refusal
// of a login, without the packages' prefixes), keeping err to unwrap.
type plainError struct {
	text string
	err  error
}

func (e plainError) Error() string { return e.text }
func (e plainError) Unwrap() error { return e.err }
