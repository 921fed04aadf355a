// Package sprites is the board window, the thesis' GameBoard: an Ebitengine
// game that draws what the controller's view model says, animates the guess
// tokens and turns mouse and keyboard into intents. Only this package and
// cmd import ebiten.
//
// Each tick, Update drains the endpoint's events without blocking, applies
// the user's intents, and builds the scene (a pure function of the state,
// sprites/scene); Draw only paints that scene.
package sprites

import (
	"errors"
	"slices"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/endsignal"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
	"github.com/krieg/krieg/sprites/settings"
	"github.com/krieg/krieg/sprites/show"
)

// Starter begins a local game from the new-game screen's choice: it returns
// a connected endpoint on which the game has been asked for.
type Starter func(choice scene.NewGameChoice) (net.Communicator, error)

// Options configure the window.
type Options struct {
	// Local starts games from the new-game screen (a game against the
	// computer). Nil when playing on a server.
	Local Starter
	// Remote is a server endpoint, connected; Spec is what New game asks
	// of it (nil: the user seeks through the console).
	Remote net.Communicator
	Spec   *net.GameSpec
	// Replay shows a recorded game instead of playing.
	Replay *timeline.Timeline
	// Controller tunes the deduction engine.
	Controller controller.Options
	// Sounds plays the cues (nil: silent).
	Sounds *Sounds
	// Choice is the new-game screen's initial selection.
	Choice scene.NewGameChoice
	// Quit ends the window when the game ends (tests).
	Quit bool
	// SettingsDir keeps the window's settings between runs (see package
	// settings; "" keeps nothing). ChoiceFlags: the fields of Choice
	// asked for on the command line, which win over the saved ones.
	SettingsDir string
	ChoiceFlags scene.ChoiceFields
	// Site opens a server's lobby (see lobby.go): kriegspiel.org's, or,
	// with Remote, a kriegd's.
	Site *Site
	// Demo runs krieg demo's show instead (package show).
	Demo *show.Options
	// Lobby, when set, is called by the play panel's Lobby button, which
	// then takes New game's place: the web page shows its lobby (a button
	// of the panel, it never covers the board or a clock).
	Lobby func()
	// SignInAgain says what to do once the server's connection is lost
	// ("": start krieg again, as the desktop window must).
	SignInAgain string
	// SaveDir is the folder finished games are saved to, where Save as…
	// offers to write ("": the home folder).
	SaveDir string
	// SignIn, when set, opens the window on the sign-in screen, which asks
	// a server's password before its session begins (signin.go).
	SignIn *SignIn
	// Resumable, when set, is a game kept against the computer, offered
	// on the new-game screen (resume.go).
	Resumable *Resumable
	// Notice is said on the first screen (a kept game that could not be
	// read).
	Notice string
}

// signInAgain is what to do once the server's connection is lost.
func (o Options) signInAgain() string {
	if o.SignInAgain != "" {
		return o.SignInAgain
	}
	return "Start krieg again to sign in and play on."
}

// App is the window's game: it implements ebiten.Game.
type App struct {
	opt    Options
	drawer *Drawer
	input  Input
	tick   int64
	w, h   int
	frame  scene.Frame
	scene  scene.Scene
	queue  []Intent // injected intents, applied at the next Update
	play   *play
	// server is the server's play while a game against the computer has
	// the board (playComputer): its events are still read (aside).
	server *play
	replay *replay
	lobby  *lobby
	demo   *demo
	signIn *signIn // the sign-in screen's state, until the login succeeds
	quit   bool
	// challenges are those waiting for our answer, the first on the card.
	challenges []challenge
	// challengeOver: the newest challenge came after the result card, so
	// its card is drawn over it and takes Enter and Escape (the newest
	// card on top).
	challengeOver bool
	// lobbyUnder: a challenge's card took the board from the lobby screen,
	// which comes back once the last card goes without a game begun.
	lobbyUnder bool
	// stop is set from outside the loop (a signal) to close the window.
	stop atomic.Bool
	// The Save as… question: prompting while the path is being typed;
	// replacing is a path that exists, to be replaced on a second Enter.
	prompting bool
	saving    string
	replacing string
	offered   string // the file name offered, for a path naming a folder
	selected  bool   // the whole of saving is selected (Ctrl+A)
	// saved are the settings as last written.
	saved settings.Settings
}

// ErrQuit ends the game loop normally.
var ErrQuit = errors.New("sprites: quit")

// ErrStopped ends the game loop when the program was asked to end (Stop,
// which a signal calls): the window closes as its close button would, and
// the program can still say in its exit status that it was stopped.
var ErrStopped = errors.New("sprites: stopped on request")

// New makes the window's game.
func New(opt Options) (*App, error) {
	d, err := NewDrawer()
	if err != nil {
		return nil, err
	}
	a := &App{opt: opt, drawer: d, w: scene.PreferredW, h: scene.PreferredH}
	a.frame = scene.Frame{Show: scene.DefaultShow, NewGame: opt.Choice}
	a.freshBoard()
	a.open()
	if opt.Sounds != nil {
		a.frame.Panel.Silent = opt.Sounds.Problem // shown for as long as the window runs
	}
	a.loadSettings()
	if opt.Notice != "" {
		notice(&a.frame, scene.BadTone, opt.Notice)
	}
	if a.frame.Mode == scene.NewGameScreen {
		a.freshBoard() // the saved side's
	}
	a.rebuild()
	return a, nil
}

// open shows the screen the options begin on; a login made on the
// sign-in screen opens the server's in the same way.
func (a *App) open() {
	opt := a.opt
	switch {
	case opt.SignIn != nil:
		a.signIn = &signIn{cfg: opt.SignIn}
		a.frame.Mode = scene.SignInScreen
	case opt.Demo != nil:
		a.demo = &demo{show.New(*opt.Demo)}
		a.frame.Mode = scene.DemoScreen
	case opt.Replay != nil:
		a.replay = newReplay(opt.Replay)
		a.replay.show(&a.frame, a.tick, true)
		noticeDisagreement(&a.frame, opt.Replay)
	case opt.Site != nil:
		a.lobby = newLobby(opt.Site)
		a.frame.Mode = scene.LobbyScreen
		if opt.Remote != nil {
			// A kriegd's session is followed from the start, behind the
			// lobby: a challenge or a game begun takes the board.
			a.play = newPlay(opt.Remote, opt)
		}
	case opt.Remote != nil:
		a.play = newPlay(opt.Remote, opt)
		a.frame.Mode = scene.PlayScreen
	default:
		a.frame.Mode = scene.NewGameScreen
	}
}

// loadSettings applies the saved settings, if the window keeps any.
func (a *App) loadSettings() {
	a.saved = a.settings()
	if a.opt.SettingsDir == "" {
		return
	}
	s, err := settings.Load(a.opt.SettingsDir)
	if err != nil {
		notice(&a.frame, scene.BadTone, err.Error())
	}
	s.NewGame = s.NewGame.With(a.frame.NewGame, a.opt.ChoiceFlags)
	f := &a.frame
	f.NewGame, f.Show, f.Theme, f.Assist, f.ReduceMotion = s.NewGame, s.Show, s.Theme, s.Assist, s.ReduceMotion
	if a.opt.Sounds != nil {
		a.opt.Sounds.Muted = s.Muted
	}
	a.saved = s
}

// settings are the window's settings as they stand.
func (a *App) settings() settings.Settings {
	f := &a.frame
	s := a.saved
	s.NewGame, s.Show, s.Theme, s.Assist, s.ReduceMotion = f.NewGame, f.Show, f.Theme, f.Assist, f.ReduceMotion
	if a.opt.Sounds != nil {
		s.Muted = a.opt.Sounds.Muted
	}
	return s
}

// keepSettings writes the settings when they changed.
func (a *App) keepSettings() {
	s := a.settings()
	if s == a.saved || a.opt.SettingsDir == "" {
		return
	}
	a.saved = s
	if err := s.Save(a.opt.SettingsDir); err != nil {
		notice(&a.frame, scene.BadTone, err.Error())
	}
}

// Inject queues intents as if the user had made them; they apply at the next
// Update. Tests drive the real window this way.
func (a *App) Inject(in ...Intent) { a.queue = append(a.queue, in...) }

// Update advances one tick: events, intents, animation, then the scene.
func (a *App) Update() error {
	a.tick++
	a.frame.Tick = a.tick
	if a.signIn != nil {
		a.signIn.poll(a)
	}
	if a.server != nil {
		a.server.aside(a)
	}
	if a.play != nil {
		a.play.drain(a)
		a.play.pollRejoin(a)
		a.play.follow(a)
	}
	if a.play != nil {
		a.play.afterResign(a)
	}
	intents := a.input.Read(&a.scene, a.queue)
	a.queue = a.queue[:0]
	for _, in := range intents {
		a.apply(in)
	}
	if a.lobby != nil && a.frame.Mode == scene.LobbyScreen {
		// After the intents: a click picks from the entries drawn last
		// tick, and the frame drawn now shows the lobby as it stands (a
		// return to it, a ruleset or colour chosen this tick).
		a.lobby.poll(&a.frame, a.opt.Local != nil)
	}
	a.keepSettings()
	if a.play != nil {
		a.play.tick(a)
	}
	if a.demo != nil {
		a.demo.update(a)
	}
	if a.frame.Anim != nil {
		a.frame.Anim.Prune(a.tick)
	}
	a.frame.Motions = slices.DeleteFunc(a.frame.Motions, func(m scene.Motion) bool { return m.Over(a.tick) })
	a.rebuild()
	if a.quit {
		return ErrQuit
	}
	if a.stop.Load() {
		return ErrStopped
	}
	return nil
}

// rebuild makes the scene for the current state.
func (a *App) rebuild() {
	a.frame.W, a.frame.H = a.w, a.h
	a.frame.Panel.Full = ebiten.IsFullscreen()
	a.frame.Panel.Prompt, a.frame.Panel.PromptLabel = "", ""
	if a.prompting {
		a.frame.Panel.Prompt, a.frame.Panel.PromptLabel = a.saving, "Save as:"
	}
	a.frame.Panel.PromptSelected = a.prompting && a.selected
	if a.signIn != nil {
		a.signIn.show(&a.frame.SignIn)
	}
	a.challengeCard()
	a.resumeOffer()
	if a.frame.Mode == scene.NewGameScreen {
		// A lobby behind the new-game screen (the computer chosen from it)
		// is a button away, as Escape takes the player there.
		a.frame.Panel.Lobby = a.fromServer() || a.opt.Lobby != nil
	}
	if a.opt.Sounds != nil {
		a.frame.Panel.Muted = a.opt.Sounds.Muted
	}
	if a.demo != nil {
		a.scene = scene.BuildDemo(a.demo.s.View(a.w, a.h, a.tick))
		return
	}
	a.scene = scene.Build(a.frame)
}

// Draw paints the scene Update built.
func (a *App) Draw(screen *ebiten.Image) { a.drawer.Draw(screen, &a.scene) }

// Layout uses the window's size in device pixels, so the board is drawn
// crisply at any size and scale.
func (a *App) Layout(w, h int) (int, int) {
	s := ebiten.Monitor().DeviceScaleFactor()
	a.w, a.h = max(int(float64(w)*s), 320), max(int(float64(h)*s), 320)
	return a.w, a.h
}

// apply carries out one intent.
func (a *App) apply(in Intent) {
	f := &a.frame
	if in.Kind == Quit {
		// A full screen has no close button to click: the key closes the
		// window as that button would (a game against the computer is
		// saved unfinished, a server's goes on for its grace).
		a.quit = true
		return
	}
	if a.demo != nil {
		if in.Kind == Press && in.Button == scene.Fullscreen {
			a.common(in.Button)
		} else {
			a.demo.apply(a, in)
		}
		return
	}
	if a.signIn != nil {
		a.signIn.apply(a, in)
		return
	}
	if a.prompting && a.prompt(in) {
		return
	}
	if f.Legend && in.Kind != Hover && in.Kind != DragTo && in.Kind != CursorMove {
		// The legend is read, not played through: a key or a click closes
		// it and does nothing else (Enter does not start a game under it).
		f.Legend = false
		return
	}
	if a.challengeIntent(in) {
		return
	}
	switch in.Kind {
	case Hover:
		f.Hover, f.HoverX, f.HoverY = true, in.X, in.Y
		return
	case DragStart, Drop, ClickSquare:
		// A card about the square just played would cover the move's
		// answer; it comes back when the pointer moves.
		f.Hover = false
	case Press:
		if a.common(in.Button) {
			return
		}
		if in.Button == scene.PlayComputer {
			a.playComputer()
			return
		}
	case Ghost:
		if a.play != nil && a.replay == nil && a.play.clearQueue(f) {
			return // a right-click clears the attempt queue first
		}
		if f.Mode != scene.NewGameScreen {
			f.Ghosts[in.Square] = nextGhost(f.Ghosts[in.Square])
		}
		return
	}
	switch {
	case f.Mode == scene.NewGameScreen:
		a.newGame(in)
	case f.Mode == scene.LobbyScreen:
		a.lobby.apply(a, in)
	case a.replay != nil:
		a.replay.apply(a, in)
	case a.play != nil:
		a.play.apply(a, in)
	}
}

// common handles the buttons every screen shares; it reports whether b was one.
func (a *App) common(b scene.Button) bool {
	f := &a.frame
	switch b {
	case scene.Flip:
		f.Flipped = !f.Flipped
	case scene.Fullscreen:
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	case scene.Mute:
		if a.opt.Sounds != nil {
			a.opt.Sounds.Muted = !a.opt.Sounds.Muted
		}
	case scene.TogglePieces:
		f.Show.Pieces = !f.Show.Pieces
	case scene.ToggleChecks:
		f.Show.Checks = !f.Show.Checks
	case scene.ToggleKings:
		f.Show.Kings = !f.Show.Kings
	case scene.ToggleZone:
		f.Show.Zone = !f.Show.Zone
	case scene.CycleHeat:
		f.Show.Heat = nextHeat(f.Show.Heat)
	case scene.ClearGhosts:
		f.Ghosts = [64]game.PieceType{}
	case scene.Legend:
		f.Legend = true
	case scene.CopyPGN:
		a.copyPGN()
	case scene.SaveAs:
		a.promptSave()
	default:
		return false
	}
	return true
}

// nextHeat cycles the heat map: off, king, queen, rook, bishop, knight, pawn, off.
func nextHeat(t game.PieceType) game.PieceType {
	switch t {
	case game.NoPieceType:
		return game.King
	case game.Pawn:
		return game.NoPieceType
	}
	return t - 1
}

// nextGhost cycles a ghost: none, pawn, knight, bishop, rook, queen, king, none.
func nextGhost(t game.PieceType) game.PieceType {
	if t == game.King {
		return game.NoPieceType
	}
	return t + 1
}

// newGame handles the new-game screen.
func (a *App) newGame(in Intent) {
	if in.Kind == Submit {
		in = Intent{Kind: Press, Button: scene.Start}
		if a.opt.Resumable != nil {
			in.Button = scene.ResumeGame // the lit button: the kept game
		}
	}
	if in.Kind == Press && in.Button == scene.ResumeGame {
		a.resumeGame()
		return
	}
	if in.Kind == Press && in.Button == scene.ToLobby {
		in = Intent{Kind: Cancel} // the button says what Escape does
	}
	if in.Kind == Cancel && a.fromServer() {
		// Escape goes back to the server's lobby the computer was chosen from.
		a.leaveComputer()
		if a.opt.Lobby != nil {
			a.opt.Lobby()
		}
		return
	}
	if in.Kind == Cancel && a.opt.Lobby != nil {
		// Signed in with no game of the server's yet: the page's lobby
		// opens over the new-game screen, which stays behind it.
		a.opt.Lobby()
		return
	}
	if in.Kind != Press {
		return
	}
	if g, i, ok := in.Button.AsChoice(); ok {
		switch g {
		case scene.SideGroup:
			a.frame.NewGame.Side = i
			a.freshBoard() // the preview shows the side chosen
		case scene.TimeGroup:
			a.frame.NewGame.Time = i
		case scene.OpponentGroup:
			a.frame.NewGame.Opponent = i
		case scene.ThemeGroup:
			a.frame.Theme = scene.Theme(i)
		case scene.AssistGroup:
			a.frame.Assist = scene.Assist(i)
		case scene.MotionGroup:
			a.frame.ReduceMotion = i == 1
		case scene.RulesGroup:
			if i < len(referee.Rulesets) {
				a.frame.NewGame.Rules = referee.Rulesets[i].Name
			}
		}
		return
	}
	if in.Button != scene.Start || a.opt.Local == nil {
		return
	}
	comm, err := a.opt.Local(a.frame.NewGame)
	if err != nil {
		notice(&a.frame, scene.BadTone, err.Error())
		return
	}
	a.opt.Resumable = nil // the new game is kept in its place
	a.startPlay(comm)
}

// startPlay puts the game against the computer begun on comm on the board.
func (a *App) startPlay(comm net.Communicator) {
	if a.play != nil {
		a.play.close()
	}
	a.play = newPlay(comm, a.opt)
	a.play.local = true
	a.frame.Mode = scene.PlayScreen
	notice(&a.frame, scene.BadTone, "")
}

// freshBoard puts the start position on the board, seen from the side the
// new-game screen has chosen (White for Random), with nothing left of a
// game played or reviewed before.
func (a *App) freshBoard() {
	side := game.White
	if a.frame.NewGame.Side == 1 {
		side = game.Black
	}
	a.boardFor(side)
}

// boardFor puts the start position on the board seen from side, with
// nothing left of a game played or reviewed before.
func (a *App) boardFor(side game.Color) {
	f := &a.frame
	f.View = controller.New(side, referee.Wild16, game.Start(), controller.Options{BeliefOnly: true}).View()
	f.Flipped, f.Truth, f.Anim = side == game.Black, nil, nil
	f.Selected, f.Dests, f.Preview, f.Drag, f.Promote, f.Illegal = game.NoSquare, 0, nil, nil, nil, nil
	f.LastMove, f.Capture, f.Queue, f.Motions = game.NoMove, game.NoSquare, nil, nil
	f.Ghosts, f.KeyCursor, f.Banner = [64]game.PieceType{}, false, nil
	f.Replay = scene.ReplayInfo{}
	f.Panel.Offer, f.Panel.Table, f.Panel.Console = "", nil, nil
}

// toNewGame shows the new-game screen on a fresh board.
func (a *App) toNewGame() {
	a.frame.Mode = scene.NewGameScreen
	a.freshBoard()
}

// Close ends the session with the endpoint, if any.
func (a *App) Close() {
	if a.signIn != nil {
		a.signIn.abandon()
	}
	if a.demo != nil {
		a.demo.s.Close()
	}
	if a.server != nil {
		a.server.close()
	}
	if a.play != nil {
		a.play.close()
	}
	if a.lobby != nil && (a.play == nil || a.play.local) && a.server == nil {
		_ = a.lobby.site.Endpoint.Close()
	}
}

// sameRequest is how long after a first signal to end another is taken for
// the same request: Ctrl-C in a terminal reaches the window twice, from the
// terminal and handed on by krieg, which started it.
const sameRequest = time.Second

// Stop closes the window at its next frame, as its close button would; it
// may be called from any goroutine.
func (a *App) Stop() { a.stop.Store(true) }

// Run opens the window and runs until it is closed, or until the program is
// asked to end (Ctrl-C, SIGTERM, a closed terminal): then the window closes
// as its close button would, ending its games' connections cleanly, and Run
// returns ErrStopped. A second such signal ends the program at once, in
// case the loop is stuck.
func Run(a *App, title string) error {
	defer endsignal.OnFirst(a.Stop, sameRequest)()
	ebiten.SetWindowTitle(title)
	sw, sh := ebiten.Monitor().Size()
	ebiten.SetWindowSize(scene.WindowSize(sw, sh))
	ebiten.SetWindowSizeLimits(scene.MinWindowW, scene.MinWindowH, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if a.demo != nil {
		ebiten.SetFullscreen(true) // a show: the whole screen (F11 leaves it)
	}
	defer a.Close()
	err := ebiten.RunGame(a)
	if errors.Is(err, ErrQuit) {
		return nil
	}
	return err
}

// notice shows a short message in the panel in tone's colour ("" clears it).
func notice(f *scene.Frame, tone scene.Tone, text string) {
	f.Panel.Notice, f.Panel.Tone = text, tone
}

// animStart is the tick an animation starting now begins at: now, or long
// enough ago to be over when motion is reduced.
func (a *App) animStart() int64 {
	if a.frame.ReduceMotion {
		return a.tick - 1000
	}
	return a.tick
}
