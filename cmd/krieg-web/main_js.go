//go:build js && wasm

// Command krieg-web is the board in a web page: the window (package
// sprites) compiled to WebAssembly, with the deduction and the computer
// player running in the page. The page's script (server/web's krieg.js)
// starts it. With --server (kriegd's WebSocket URL) it waits for the page
// to log in (window.krieg.login) or to choose the computer
// (window.krieg.offline); without, the page chooses the computer at once.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/cmd/internal/kept"
	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/net/wsstream"
	"github.com/krieg/krieg/sprites"
	"github.com/krieg/krieg/sprites/scene"
	"github.com/krieg/krieg/sprites/settings"
)

func main() {
	mark("main")
	p := &page{choice: make(chan sprites.Options, 1)}
	fs := flag.NewFlagSet("krieg-web", flag.ContinueOnError)
	fs.StringVar(&p.server, "server", "", "kriegd's WebSocket, ws://host/ws (empty: the computer only)")
	if err := fs.Parse(os.Args[1:]); err != nil {
		p.event("lost", err.Error())
		return
	}
	p.export()
	opt := <-p.choice
	app, err := sprites.New(opt)
	if err != nil {
		p.event("lost", err.Error())
		return
	}
	p.mu.Lock()
	p.app = app
	app.Inject(p.first...)
	p.mu.Unlock()
	mark("board")
	if err := run(app); err != nil {
		fmt.Fprintln(os.Stderr, "krieg-web:", err)
	}
}

// run runs the board until it stops.
func run(app *sprites.App) error {
	defer app.Close()
	ebiten.SetWindowTitle("krieg: Kriegspiel")
	err := ebiten.RunGame(&firstFrame{Game: timed(app)})
	if errors.Is(err, sprites.ErrQuit) {
		return nil
	}
	return err
}

// page is the Go side of the page: the choice between the server and the
// computer, then the board.
type page struct {
	server string
	choice chan sprites.Options

	mu     sync.Mutex
	chosen bool
	app    *sprites.App     // the board, once it runs
	comm   net.Communicator // the server session, once logged in
	follow *follower
	// first are the board's first intents: the side chosen for the
	// computer, or Start for a game resumed.
	first []sprites.Intent
	// rules is the ruleset of the next game against the computer; kept
	// the one that game keeps, and resume asks Local to take it up.
	rules  string
	kept   *kept.Keeping
	resume bool
}

// export offers window.krieg to the page's script and says the board is ready.
func (p *page) export() {
	js.Global().Set("krieg", js.ValueOf(map[string]any{
		"login":    js.FuncOf(p.jsLogin),
		"offline":  js.FuncOf(p.jsOffline),
		"send":     js.FuncOf(p.jsSend),
		"computer": js.FuncOf(p.jsComputer),
		"seat":     js.FuncOf(p.jsSeat),
		"resume":   js.FuncOf(p.jsResume),
		// The game against the computer the page keeps (computer.go).
		"kept":           js.FuncOf(p.jsKept),
		"resumeComputer": js.FuncOf(p.jsResumeComputer),
		"unsaved":        js.FuncOf(p.jsUnsaved),
		"typing":         js.FuncOf(p.jsTyping),
		"closeLegend":    js.FuncOf(p.jsCloseLegend),
	}))
	hook(p)
	p.event("ready", "")
}

// event calls window.kriegPage.event(kind, text), if the page has it.
func (p *page) event(kind, text string) {
	if pg := js.Global().Get("kriegPage"); pg.Truthy() {
		pg.Call("event", kind, text)
	}
}

// choose takes the first choice only.
func (p *page) choose() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.chosen {
		return false
	}
	p.chosen = true
	return true
}

// unchoose gives the choice back after a failed login.
func (p *page) unchoose() {
	p.mu.Lock()
	p.chosen = false
	p.mu.Unlock()
}

// options are the board's options every choice shares.
func (p *page) options() sprites.Options {
	opt := sprites.Options{}
	if s, err := sprites.NewClosedSounds(); err == nil {
		opt.Sounds = s
	}
	if dir, err := settings.Dir(); err == nil {
		opt.SettingsDir = dir
	}
	return opt
}

// jsOffline is window.krieg.offline(rules, side): play the computer under
// rules (a ruleset's name) as side (white, black or random), chosen at the
// page's door; the board's new-game screen opens with that side.
func (p *page) jsOffline(_ js.Value, args []js.Value) any {
	if !p.choose() {
		return nil
	}
	p.mu.Lock()
	p.first = p.pick(args)
	p.mu.Unlock()
	p.choice <- p.computer(p.options())
	return nil
}

// jsResumeComputer is window.krieg.resumeComputer(): the game against the
// computer the page kept, taken up where it was left; false when there is
// none, so that the page shows its door again.
func (p *page) jsResumeComputer(js.Value, []js.Value) any {
	if _, ok := kept.Load(pageStorage{}); !ok {
		return false
	}
	if !p.choose() {
		return true // a game is already on its way
	}
	p.mu.Lock()
	p.resume, p.first = true, []sprites.Intent{{Kind: sprites.Press, Button: scene.Start}}
	p.mu.Unlock()
	p.choice <- p.computer(p.options())
	return true
}

// jsKept is window.krieg.kept(): what the game against the computer the
// page keeps is, for the door's offer to resume it, or "".
func (p *page) jsKept(js.Value, []js.Value) any {
	if g, ok := kept.Load(pageStorage{}); ok {
		return g.Describe()
	}
	return ""
}

// jsUnsaved is window.krieg.unsaved(): whether a game against the
// computer is on that the browser's storage did not keep, so that the
// page asks before it is left.
func (p *page) jsUnsaved(js.Value, []js.Value) any {
	p.mu.Lock()
	w := p.kept
	p.mu.Unlock()
	return w != nil && w.Unsaved()
}

// pick reads the page's choice of rules and side for the computer (args
// of offline and computer): the rules for the next game, and the
// new-game screen's presses that choose them.
func (p *page) pick(args []js.Value) []sprites.Intent {
	var picks []sprites.Intent
	if len(args) > 0 && args[0].Type() == js.TypeString {
		if r, err := referee.RulesetByName(args[0].String()); err == nil {
			p.rules = args[0].String()
			i := slices.Index(referee.Rulesets, r)
			picks = append(picks, sprites.Intent{Kind: sprites.Press, Button: scene.Choice(scene.RulesGroup, i)})
		}
	}
	if len(args) > 1 && args[1].Type() == js.TypeString {
		if i := slices.Index([]string{"white", "black", "random"}, args[1].String()); i >= 0 {
			picks = append(picks, sprites.Intent{Kind: sprites.Press, Button: scene.Choice(scene.SideGroup, i)})
		}
	}
	return picks
}

// computer sets opt up to play the computer: the new-game screen's
// choice and the games it starts in the page, each kept in the browser's
// storage as it goes.
func (p *page) computer(opt sprites.Options) sprites.Options {
	p.mu.Lock()
	rules := cmp.Or(p.rules, "wild16")
	p.mu.Unlock()
	fl := launch.Flags{Seed: uint64(time.Now().UnixNano()), Side: "white", Time: "5+3", Opponent: "bot",
		MoveTime: player.DefaultMoveTime, Rules: rules}
	testFlags(&fl)
	if spec, err := fl.Spec(); err == nil {
		opt.Choice = launch.Choice(spec, fl.Opponent)
	}
	opt.Local = func(ch scene.NewGameChoice) (net.Communicator, error) {
		p.mu.Lock()
		resume := p.resume
		p.resume = false
		next := fl
		next.Rules = cmp.Or(p.rules, fl.Rules)
		p.mu.Unlock()
		var w *kept.Keeping
		var err error
		if resume {
			w, err = kept.Resume(pageStorage{}, fl)
		} else {
			w, err = kept.Start(pageStorage{}, next, ch)
		}
		if err != nil {
			return nil, err
		}
		f := newFollower(w, localRecords(w), p.event)
		p.mu.Lock()
		p.follow, p.kept = f, w
		p.mu.Unlock()
		return f, nil
	}
	return opt
}

// jsTyping is window.krieg.typing(): {line, game, legend}, what the
// board's keys are busy with (sprites.App.Typing) and whether its legend
// is open, for the challenge card, which takes
// the keyboard only from a board nobody types on.
func (p *page) jsTyping(js.Value, []js.Value) any {
	p.mu.Lock()
	app := p.app
	p.mu.Unlock()
	line, game, legend := false, false, false
	if app != nil {
		line, game = app.Typing()
		legend = app.Frame().Legend
	}
	return js.ValueOf(map[string]any{"line": line, "game": game, "legend": legend})
}

// jsCloseLegend is window.krieg.closeLegend(): Escape given to the board,
// which closes its legend, for the challenge card that has the keyboard
// while the legend is open (Escape there closes the legend first).
func (p *page) jsCloseLegend(js.Value, []js.Value) any {
	p.mu.Lock()
	app := p.app
	p.mu.Unlock()
	if app != nil {
		app.Inject(sprites.Intent{Kind: sprites.Cancel})
	}
	return nil
}

// jsComputer is window.krieg.computer(rules, side): the lobby's "Play the
// computer" once signed in; the board opens the new-game screen with
// that side, keeping the server's session.
func (p *page) jsComputer(_ js.Value, args []js.Value) any {
	p.mu.Lock()
	app := p.app
	first := p.pick(args)
	p.mu.Unlock()
	if app == nil {
		return "the board is not running"
	}
	app.Inject(append([]sprites.Intent{{Kind: sprites.Press, Button: scene.PlayComputer}}, first...)...)
	return ""
}

// jsLogin is window.krieg.login(name, password): a promise of the name the
// server knows us by and whether a game of ours is in progress (resumed
// at login: the page then keeps its lobby closed), as {name, playing}. An
// empty name logs in as a guest. The password goes only to the server,
// inside the WebSocket.
func (p *page) jsLogin(_ js.Value, args []js.Value) any {
	name, password := "", ""
	if len(args) > 0 {
		name = args[0].String()
	}
	if len(args) > 1 {
		password = args[1].String()
	}
	return p.loginPromise(name, password, false)
}

// jsSeat is window.krieg.seat(): the name of a guest's game this browser
// can resume on this server, or "". The token stays in Go.
func (p *page) jsSeat(js.Value, []js.Value) any {
	if s, ok := rememberedSeat(pageStorage{}, p.server); ok {
		return s.Name
	}
	return ""
}

// jsResume is window.krieg.resume(): window.krieg.login as the
// remembered seat's name, with its token.
func (p *page) jsResume(js.Value, []js.Value) any { return p.loginPromise("", "", true) }

// loginPromise logs in and promises {name, playing}.
func (p *page) loginPromise(name, password string, resume bool) js.Value {
	return newPromise(func() (any, error) {
		who, playing, err := p.login(name, password, resume)
		if err != nil {
			return nil, err
		}
		return map[string]any{"name": who, "playing": playing}, nil
	})
}

// login connects to the server as name and starts the board on it; it
// returns the name the server knows us by and whether a game of ours is
// in progress.
func (p *page) login(name, password string, resume bool) (string, bool, error) {
	if p.server == "" {
		return "", false, errors.New("this copy of the page has no server: play the computer")
	}
	if !p.choose() {
		return "", false, errors.New("already playing")
	}
	records, err := recordsURL(p.server)
	if err != nil {
		p.unchoose()
		return "", false, err
	}
	opt := icc.Options{Addr: p.server, User: name, Password: password, PasswordInLogin: true, Dial: dialer(p.server), Quiet: quiet}
	c, err := connect(context.Background(), opt, pageStorage{}, p.server, resume)
	if err != nil {
		p.unchoose()
		return "", false, err
	}
	mark("connected")
	f := newFollower(c, serverRecords(records), keepSeat(pageStorage{}, p.server, c, p.event))
	p.mu.Lock()
	p.comm, p.follow = c, f
	p.mu.Unlock()
	spec := net.GameSpec{Rules: referee.Wild16, Kriegspiel: true, AnySide: true, Base: 5 * time.Minute, Increment: 3 * time.Second}
	board := p.computer(p.options())
	board.Remote, board.Spec = f, &spec
	// The play panel's Lobby button opens the page's lobby over the board
	// (a page button would sit on the window's clock).
	board.Lobby = func() { p.event("lobby", "") }
	board.SignInAgain = "Sign in again to play on."
	p.choice <- board
	return c.Handle(), c.Playing(), nil
}

// jsSend is window.krieg.send(line): a line for the server (seek, play
// N, unseek); it returns "" or what went wrong.
func (p *page) jsSend(_ js.Value, args []js.Value) any {
	p.mu.Lock()
	c := p.comm
	p.mu.Unlock()
	if c == nil {
		return "not logged in"
	}
	if len(args) == 0 {
		return "nothing to send"
	}
	if err := c.Console(args[0].String()); err != nil {
		return err.Error()
	}
	return ""
}

// dialer opens the WebSocket to kriegd as a stream for the ICC driver.
func dialer(url string) func(ctx context.Context) (io.ReadWriteCloser, error) {
	return func(ctx context.Context) (io.ReadWriteCloser, error) {
		c, err := wsstream.Dial(ctx, url, wsstream.Limits{MaxMessage: serverMessage, Rate: -1})
		if err != nil {
			return nil, err
		}
		return c, nil
	}
}

// quiet is how long the ICC driver waits for more of a move's news
// before reporting it. The page's one thread may be busy drawing when the
// rest arrives, so it waits longer than on the desktop; moves are still
// told at once, as the server's next message (the clocks) ends the wait.
const quiet = 300 * time.Millisecond

// serverMessage is the longest message taken from the server (a long
// "who" is one message).
const serverMessage = 1 << 20

// newPromise runs f off the page's event loop and returns a promise of its result.
func newPromise(f func() (any, error)) js.Value {
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve, reject := args[0], args[1]
		go func() {
			v, err := f()
			if err != nil {
				reject.Invoke(js.Global().Get("Error").New(err.Error()))
				return
			}
			resolve.Invoke(v)
		}()
		return nil
	})
	defer executor.Release()
	return js.Global().Get("Promise").New(executor)
}

// localRecords gives the record the local endpoint c keeps of its game.
func localRecords(c net.Communicator) func(net.GameSpec) (*record.Record, error) {
	return func(net.GameSpec) (*record.Record, error) {
		src, ok := c.(interface {
			Record() (*record.Record, error)
		})
		if !ok {
			return nil, errors.New("krieg-web: this game keeps no record")
		}
		return src.Record()
	}
}

// mark sets a performance mark "krieg:name" on the page's timeline, for
// the load's phases as the browser benchmarks read them.
func mark(name string) {
	js.Global().Get("performance").Call("mark", "krieg:"+name)
}

// firstFrame marks the board's first frame drawn.
type firstFrame struct {
	ebiten.Game
	drawn bool
}

// Draw draws the frame and marks the first one.
func (g *firstFrame) Draw(screen *ebiten.Image) {
	g.Game.Draw(screen)
	if !g.drawn {
		g.drawn = true
		mark("first-frame")
	}
}
