package scene

// Button is a clickable control.
type Button uint16

// The buttons. The new-game screen's choice buttons are ChooseSide+i and so
// on, see Choice.
const (
	NoButton Button = iota
	Resign
	OfferDraw
	Abort
	NewGame
	Flip
	Fullscreen
	Mute
	TogglePieces
	ToggleChecks
	ToggleKings
	ToggleZone
	CycleHeat
	ClearGhosts
	Start // the new-game screen's start
	PrevPly
	NextPly
	FirstPly
	LastPly
	SwapSide    // replay: the other player's view
	Reveal      // replay: reveal truth
	Slider      // replay: the slider's track
	Review      // at game end: open the game just played in the replay view
	CopyPGN     // copy the game's record to the clipboard
	SaveAs      // write the game's record to a file
	Legend      // show or hide the legend
	JumpPly     // review: a move in the move table, its Hit's Ply the ply to show
	CloseBanner // the result banner over the board
	ToLobby     // the web page's lobby, in place of New game
	// CancelResign takes back a first press of Resign (beside the armed
	// button, as lichess shows it).
	CancelResign
	SignIn           // the sign-in screen: log in with the password typed
	PlayUnregistered // the sign-in screen: log in with no password, the name without an account
	Quit             // the sign-in screen: close the window
	PlayAsGuest      // the sign-in screen: log in as a guest, under a name the server gives
	ResumeGame       // the new-game screen: take up the game kept against the computer
	choiceBase
)

// label is the button's caption.
func (b Button) label() string {
	switch b {
	case Resign:
		return "Resign"
	case OfferDraw:
		return "Draw"
	case Abort:
		return "Abort"
	case NewGame:
		return "New game"
	case Flip:
		return "Flip"
	case Fullscreen:
		return "Full screen"
	case Mute:
		return "Sound"
	case TogglePieces:
		return "Pieces"
	case ToggleChecks:
		return "Checks"
	case ToggleKings:
		return "Kings"
	case ToggleZone:
		return "Zone"
	case CycleHeat:
		return "Heat"
	case ClearGhosts:
		return "Clear ghosts"
	case Start:
		return "Play"
	case PrevPly:
		return "‹"
	case NextPly:
		return "›"
	case FirstPly:
		return "«"
	case LastPly:
		return "»"
	case SwapSide:
		return "Other side"
	case Reveal:
		return "Reveal truth"
	case Review:
		return "Review"
	case CopyPGN:
		return "Copy PGN"
	case SaveAs:
		return "Save as…"
	case Legend:
		return "Legend"
	case ToLobby:
		return "Lobby"
	case CancelResign:
		return "Cancel"
	case SignIn:
		return "Sign in"
	case PlayUnregistered:
		return "Play unregistered"
	case Quit:
		return "Quit (Esc)"
	case PlayAsGuest:
		return "Play as a guest"
	case ResumeGame:
		return "Resume your game"
	}
	return ""
}

// Choice groups of the new-game screen.
const (
	SideGroup = iota
	TimeGroup
	OpponentGroup
)

// Choice returns the button choosing option i of a new-game group.
func Choice(group, i int) Button { return choiceBase + Button(group*16+i) }

// AsChoice reports which group and option a button chooses, if it is one.
func (b Button) AsChoice() (group, i int, ok bool) {
	if b < choiceBase {
		return 0, 0, false
	}
	n := int(b - choiceBase)
	return n / 16, n % 16, true
}
