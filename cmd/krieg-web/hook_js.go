//go:build js && wasm && kriegtest

package main

// The test hook: in builds with the kriegtest tag only, window.kriegTest
// lets a browser test read the board's state, find where to click, make
// attempts and time the frames.

import (
	"encoding/json"
	"net/url"
	"sort"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/cmd/krieg-web/probe"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/sprites"
	"github.com/krieg/krieg/sprites/scene"
)

// board is the board the hook reads, once it runs.
var board struct {
	mu     sync.Mutex
	app    *sprites.App
	frames []time.Duration // Update and Draw time of each frame drawn since the last reset
	update time.Duration   // Update time since the last Draw
}

// timedGame is the board with each frame's time kept.
type timedGame struct{ *sprites.App }

func (g timedGame) Update() error {
	t := time.Now()
	err := g.App.Update()
	board.mu.Lock()
	board.update += time.Since(t)
	board.mu.Unlock()
	return err
}

func (g timedGame) Draw(screen *ebiten.Image) {
	t := time.Now()
	g.App.Draw(screen)
	d := time.Since(t)
	board.mu.Lock()
	board.frames = append(board.frames, board.update+d)
	board.update = 0
	board.mu.Unlock()
}

// timed wraps the board to time its frames.
func timed(app *sprites.App) ebiten.Game {
	board.mu.Lock()
	board.app = app
	board.mu.Unlock()
	return timedGame{app}
}

// testFlags takes the bot's time per move from the page's ?movetime=.
func testFlags(fl *launch.Flags) {
	q, err := url.ParseQuery(strings.TrimPrefix(js.Global().Get("location").Get("search").String(), "?"))
	if err != nil {
		return
	}
	if d, err := time.ParseDuration(q.Get("movetime")); err == nil && d > 0 {
		fl.MoveTime = d
	}
}

// buttons are the buttons a test may press or click, by name.
var buttons = map[string]scene.Button{"Start": scene.Start, "Resign": scene.Resign, "Draw": scene.OfferDraw,
	"Abort": scene.Abort, "Review": scene.Review, "CopyPGN": scene.CopyPGN, "NewGame": scene.NewGame,
	"Zone": scene.ToggleZone, "Heat": scene.CycleHeat, "Pieces": scene.TogglePieces, "Checks": scene.ToggleChecks,
	"Kings": scene.ToggleKings, "Reveal": scene.Reveal, "LastPly": scene.LastPly, "Legend": scene.Legend, "Lobby": scene.ToLobby}

// hook offers window.kriegTest.
func hook(p *page) {
	fn := func(f func(args []js.Value) any) js.Func {
		return js.FuncOf(func(_ js.Value, args []js.Value) any { return f(args) })
	}
	js.Global().Set("kriegTest", js.ValueOf(map[string]any{
		"state":       fn(func([]js.Value) any { return state(p) }),
		"attempt":     fn(func(a []js.Value) any { return inject(a, attemptOf) }),
		"press":       fn(func(a []js.Value) any { return inject(a, pressOf) }),
		"type":        fn(func(a []js.Value) any { return inject(a, typed) }),
		"buttonAt":    fn(func(a []js.Value) any { return buttonAt(a) }),
		"squareAt":    fn(func(a []js.Value) any { return squareAt(a) }),
		"frames":      fn(func([]js.Value) any { return frameStats() }),
		"resetFrames": fn(func([]js.Value) any { resetFrames(); return "" }),
		"hover":       fn(func(a []js.Value) any { return hover(a) }),
	}))
}

// state reports the board.
func state(p *page) any {
	var st probe.Board
	board.mu.Lock()
	app := board.app
	st.Frames = len(board.frames)
	board.mu.Unlock()
	if app != nil {
		f := app.Frame()
		st.Running, st.Mode, st.Status, st.Notice, st.Reviewable, st.Legend = true, int(f.Mode), f.Panel.Status, f.Panel.Notice, f.Panel.Reviewable, f.Legend
		st.Pieces, st.Question, st.Typed = f.Show.Pieces, f.Panel.Question, f.Panel.Typed
	}
	p.mu.Lock()
	fw := p.follow
	p.mu.Unlock()
	if fw != nil {
		snap, heard := fw.Heard()
		st.Heard = heard
		st.Side, st.ToMove, st.InGame = snap.Side.String(), snap.ToMove.String(), snap.InGame
		st.White, st.Black = snap.Spec.White, snap.Spec.Black
		st.Rules = snap.Spec.Rules.Name
		if snap.Result != nil {
			st.Result, st.Reason = string(snap.Result.Score), string(snap.Result.Reason)
		}
		own := snap.Own
		own.SetTurn(snap.Side)
		for _, m := range referee.Candidates(&own) {
			if app == nil || app.Sendable(m) { // what the board would keep back is no candidate
				st.Candidates = append(st.Candidates, m.String())
			}
		}
	}
	b, _ := json.Marshal(st)
	return string(b)
}

// running returns the board once it runs, else nil.
func running() *sprites.App {
	board.mu.Lock()
	defer board.mu.Unlock()
	return board.app
}

// inject queues the intents made of the call's first argument; it returns
// "" or why it could not.
func inject(args []js.Value, make func(string) ([]sprites.Intent, string)) any {
	app := running()
	if app == nil || len(args) == 0 {
		return "the board is not running, or no argument"
	}
	in, bad := make(args[0].String())
	if bad != "" {
		return bad
	}
	app.Inject(in...)
	return ""
}

func attemptOf(s string) ([]sprites.Intent, string) {
	m, err := game.ParseMove(s)
	if err != nil {
		return nil, err.Error()
	}
	return []sprites.Intent{{Kind: sprites.AttemptMove, Move: m}}, ""
}

func pressOf(s string) ([]sprites.Intent, string) {
	b, ok := buttons[s]
	if !ok {
		return nil, "no button " + s
	}
	return []sprites.Intent{{Kind: sprites.Press, Button: b}}, ""
}

func typed(s string) ([]sprites.Intent, string) {
	return []sprites.Intent{{Kind: sprites.TypeText, Text: s}, {Kind: sprites.Submit}}, ""
}

// point is a position on the page, in CSS pixels.
type point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// toPage turns the board's device pixels into the page's CSS pixels.
func toPage(x, y float64) any {
	dpr := js.Global().Get("devicePixelRatio").Float()
	if dpr <= 0 {
		dpr = 1
	}
	b, _ := json.Marshal(point{x / dpr, y / dpr})
	return string(b)
}

// buttonAt is where the named button was drawn last ("" when it was not).
func buttonAt(args []js.Value) any {
	app := running()
	if app == nil || len(args) == 0 {
		return ""
	}
	b, ok := buttons[args[0].String()]
	if !ok {
		return ""
	}
	hits := app.Scene().Hits
	for i := len(hits) - 1; i >= 0; i-- { // the topmost first, as a click finds them
		if h := hits[i]; h.Button == b {
			return toPage(h.R.X+h.R.W/2, h.R.Y+h.R.H/2)
		}
	}
	return ""
}

// squareOf finds the square a call names ("e2") on the running board:
// the board, the square as drawn last, or why not.
func squareOf(args []js.Value) (*sprites.App, scene.Rectangle, string) {
	app := running()
	if app == nil || len(args) == 0 {
		return nil, scene.Rectangle{}, "the board is not running, or no argument"
	}
	sq, err := game.ParseSquare(args[0].String())
	if err != nil {
		return nil, scene.Rectangle{}, err.Error()
	}
	return app, app.Scene().Layout.SquareRect(sq), ""
}

// squareAt is the centre of a square as drawn last ("" when there is none).
func squareAt(args []js.Value) any {
	_, r, bad := squareOf(args)
	if bad != "" {
		return ""
	}
	return toPage(r.X+r.W/2, r.Y+r.H/2)
}

// hover rests the pointer on a square, for the tooltip.
func hover(args []js.Value) any {
	app, r, bad := squareOf(args)
	if bad != "" {
		return bad
	}
	app.Inject(sprites.Intent{Kind: sprites.Hover, X: r.X + r.W/2, Y: r.Y + r.H/2})
	return ""
}

// frameStats are the frames timed since the last reset: count, mean,
// median and 99th percentile in milliseconds.
func frameStats() any {
	board.mu.Lock()
	frames := append([]time.Duration(nil), board.frames...)
	board.mu.Unlock()
	out := map[string]float64{"count": float64(len(frames))}
	if len(frames) > 0 {
		sort.Slice(frames, func(i, j int) bool { return frames[i] < frames[j] })
		var sum time.Duration
		for _, d := range frames {
			sum += d
		}
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		out["mean"], out["p50"], out["p99"] = ms(sum/time.Duration(len(frames))), ms(frames[len(frames)/2]), ms(frames[len(frames)*99/100])
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// resetFrames starts timing afresh.
func resetFrames() {
	board.mu.Lock()
	board.frames, board.update = nil, 0
	board.mu.Unlock()
}
