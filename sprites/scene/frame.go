package scene

import (
	"strings"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Mode is which screen the window shows.
type Mode uint8

// The screens.
const (
	NewGameScreen Mode = iota // choose side, time and opponent
	PlayScreen                // a game in progress (or just ended)
	ReplayScreen              // stepping through a record
)

// Show says which layers of the dark side are drawn.
type Show struct {
	Pieces, Checks, Kings bool // the three token kinds
	Zone                  bool // rule R9's zone of control, red
	// Heat is the enemy class whose probability per square is drawn as a
	// heat map (game.NoPieceType: none).
	Heat game.PieceType
}

// DefaultShow draws every token kind, no zone and no heat map.
var DefaultShow = Show{Pieces: true, Checks: true, Kings: true}

// Drag is a piece being dragged by the pointer.
type Drag struct {
	From game.Square
	X, Y float64 // pointer position
}

// Flash marks squares briefly, such as an illegal attempt's.
type Flash struct {
	Move  game.Move
	Start int64 // tick it began
}

// Promotion is a pawn's move to the last rank waiting for the player to
// pick the piece, as lichess asks: the four choices stand in a column from
// the promotion square towards the middle of the board.
type Promotion struct {
	From, To game.Square
}

// PromotionPieces are the choices in the picker's order, from the
// promotion square inwards.
var PromotionPieces = [4]game.PieceType{game.Queen, game.Knight, game.Rook, game.Bishop}

// Squares are where the picker shows each of PromotionPieces.
func (p Promotion) Squares() [4]game.Square {
	step := -8 // from the eighth rank downwards
	if p.To.Rank() == 0 {
		step = 8
	}
	var out [4]game.Square
	for i := range out {
		out[i] = game.Square(int(p.To) + i*step)
	}
	return out
}

// Pick returns the piece shown on sq, or false when sq is not one of the
// picker's squares.
func (p Promotion) Pick(sq game.Square) (game.PieceType, bool) {
	for i, at := range p.Squares() {
		if at == sq {
			return PromotionPieces[i], true
		}
	}
	return game.NoPieceType, false
}

// FlashTicks is how long an illegal attempt's cue lasts (0.4 s).
const FlashTicks = 24

// Frame is everything one picture depends on.
type Frame struct {
	Mode    Mode
	W, H    int
	Tick    int64
	Flipped bool

	Theme        Theme  // the board's colours
	Assist       Assist // how much of the assistant is shown
	ReduceMotion bool   // no slides, fades or flashes: changes show at once
	Legend       bool   // the legend is open over the window

	View  controller.ViewModel
	Anim  *Animator // tokens as animated; nil draws View.Tokens as they are
	Show  Show
	Truth *game.Position // replay's "reveal truth": the enemy men as they are
	Lobby LobbyView      // the kriegspiel.org lobby (LobbyScreen)
	// SignIn is the sign-in screen's (SignInScreen).
	SignIn SignInView

	Selected game.Square   // NoSquare when none
	Dests    game.Bitboard // where the selected man may be tried
	// Preview is the selected man's attempt preview (preview.go); nil
	// draws plain dots.
	Preview   []controller.Target
	Drag      *Drag
	HoverX    float64
	HoverY    float64
	Hover     bool
	LastMove  game.Move // our latest accepted move, or the replay's ply
	Capture   game.Square
	Ghosts    [64]game.PieceType // the player's own hypotheses, enemy colour
	Illegal   *Flash
	Promote   *Promotion     // the promotion picker, when open
	Queue     []game.Move    // attempts queued for our next turn, in order
	Motions   []Motion       // slides, fades and flashes under way
	Banner    *Banner        // the result over the board once a game ends
	Challenge *ChallengeCard // a challenge waiting for an answer, over the board
	Marks     game.Bitboard  // squares a caption names (the demo), outlined
	Cursor    game.Square    // the keyboard cursor, drawn once KeyCursor is set
	KeyCursor bool           // an arrow key has been used: the cursor shows

	Panel   Panel
	NewGame NewGameChoice
	Replay  ReplayInfo
}

// ConsoleLine is a line of the server's (or the connection's) in the log,
// placed among the game's lines in the order they came: After is how many
// of the game's log lines came before it.
type ConsoleLine struct {
	Text  string
	After int
}

// Panel is the side panel's content.
type Panel struct {
	Title   string // "Wild 16 · you play White vs computer"
	Status  string // whose move, or the result
	Names   [2]string
	Clocks  [2]time.Duration
	Running game.Color
	Ticking bool
	Untimed bool // the game has no clock: the clocks show none
	// ClockNote says by the clocks why they stand or what they wait for
	// ("bob disconnected: the clocks run on; …", "Clocks start once both
	// sides have made their first move"); "" when they run as usual.
	ClockNote string
	Typed     string        // the move being typed
	Console   []ConsoleLine // the server's latest lines
	Notice    string        // a short message (an illegal attempt, a problem)
	Tone      Tone          // how the notice reads: its colour
	Muted     bool
	Full      bool
	Offer     string // the opponent's pending offer ("draw", "abort")
	// OfferNews is what became of our own offer ("You offered a draw…",
	// "Computer declines the draw offer."), shown by the buttons.
	OfferNews string
	GameOver  bool
	ShowInput bool
	// Table is the move table of the game so far: our moves as our board
	// saw them, with the attempts refused before each, the enemy's unseen.
	Table []MoveRow
	// Reviewable: the game is over and its record can be opened (Review,
	// Copy PGN, Save as…).
	Reviewable bool
	// NoAbort: Abort cannot work (the computer takes no abort once both
	// sides have moved), so it is not offered.
	NoAbort bool
	// NoPx: the rules give px no meaning (no Any?, no count of tries), so
	// the move line does not suggest it; NoTries: they announce no pawn
	// tries, so the panel does not say none were announced.
	NoPx, NoTries bool
	// NoGame: no game is in progress (one awaited, or over), so Resign,
	// Draw and Abort, which would only be refused, are not offered.
	NoGame bool
	// Resume, on the new-game screen, says what the game kept against
	// the computer is ("Wild 16, 5+3, you play white, 12 plies played"),
	// offered with a Resume button; "" when none is kept.
	Resume string
	// Lobby: a Lobby button takes New game's place (the web page's lobby
	// chooses the games).
	Lobby bool
	// PromptLabel, when set, asks a question ("Save as:"), answered on a
	// line being typed, Prompt ("~/games/game.pgn"; empty while it is
	// cleared), shown with a cursor after the label.
	Prompt, PromptLabel string
	// TypedSelected: the whole of Typed is selected (Ctrl+A), drawn on
	// the selection's colour.
	TypedSelected bool
	// PromptSelected: the whole of Prompt is selected (Ctrl+A), drawn
	// highlighted; typing replaces it.
	PromptSelected bool
	// Silent says why there is no sound, when there is none.
	Silent string
	// ConfirmResign: Resign was pressed once; a second press or Enter
	// resigns, Cancel or Escape keeps playing, and the question lapses
	// after ConfirmLeft, which the armed button counts down.
	ConfirmResign bool
	ConfirmLeft   time.Duration
	// Question is what the armed Resign asks ("Resign? …", "A new game?
	// Resign this one first…"), shown apart from the notice for as long as
	// it is asked, so that a notice (a move typed meanwhile, its answer)
	// never takes its place.
	Question string
}

// Tone is how a notice reads, which sets its colour.
type Tone uint8

// The tones: a problem (red, the zero value), a hint that kept something
// from happening (amber), good news (green).
const (
	BadTone Tone = iota
	HintTone
	GoodTone
)

// ReplayInfo is the replay screen's state.
type ReplayInfo struct {
	Ply, Plies int // shown after Ply plies, of Plies that can be shown
	// Total is the record's plies (more than Plies when only the first
	// were followed); 0 means Plies.
	Total int
	Move  string // the move that led here ("12. Nf3")
	Heard []string
	// Table is the game's moves, each side's refused attempts under its
	// move; a click on a move shows its ply.
	Table []MoveRow
	// Review: opened from a game just played (offers New game).
	Review bool
}

// NewGameChoice is the new-game screen's selection.
type NewGameChoice struct {
	Side     int // index into Sides
	Time     int // index into TimeControls
	Opponent int // index into Opponents
	// Rules is the Name of the ruleset chosen (one of referee.Rulesets;
	// "" for Wild 16, the default).
	Rules string
}

// ChoiceFields names fields of a NewGameChoice: those the command line
// set, which win over the saved ones while the others are kept.
type ChoiceFields uint8

// The new-game choice's fields.
const (
	ChoiceSide ChoiceFields = 1 << iota
	ChoiceTime
	ChoiceOpponent
	ChoiceRules
)

// With is c with the fields named taken from from.
func (c NewGameChoice) With(from NewGameChoice, fields ChoiceFields) NewGameChoice {
	if fields&ChoiceSide != 0 {
		c.Side = from.Side
	}
	if fields&ChoiceTime != 0 {
		c.Time = from.Time
	}
	if fields&ChoiceOpponent != 0 {
		c.Opponent = from.Opponent
	}
	if fields&ChoiceRules != 0 {
		c.Rules = from.Rules
	}
	return c
}

// Ruleset is the ruleset the choice names: Wild 16 for "" or a name no
// built-in ruleset has.
func (c NewGameChoice) Ruleset() referee.Ruleset {
	if r, err := referee.RulesetByName(c.Rules); err == nil && c.Rules != "" {
		return r
	}
	return referee.Wild16
}

// RuleChoices are the new-game screen's ruleset buttons: referee.Rulesets'
// titles without their parenthesised origin ("Wild 16 (ICC)" is "Wild 16").
func RuleChoices() []string {
	labels := make([]string, len(referee.Rulesets))
	for i, r := range referee.Rulesets {
		labels[i] = RuleLabel(r)
	}
	return labels
}

// RuleLabel is a ruleset's name on a button: its title without its
// parenthesised origin ("Wild 16 (ICC)" is "Wild 16").
func RuleLabel(r referee.Ruleset) string {
	label, _, _ := strings.Cut(r.Title, " (")
	return label
}

// The new-game screen's choices.
var (
	Sides        = []string{"White", "Black", "Random"}
	TimeControls = []string{"1+0", "3+2", "5+3", "10+5", "15+10", "no clock"}
	Opponents    = []string{"Computer", "Random mover"}
)

// The new-game screen's settings groups (see Choice): board theme,
// assistant level, motion.
const (
	ThemeGroup = OpponentGroup + 1 + iota
	AssistGroup
	MotionGroup
	RulesGroup
)

// DefaultNewGame is White, 5+3, against the computer.
var DefaultNewGame = NewGameChoice{Side: 0, Time: 2, Opponent: 0}
