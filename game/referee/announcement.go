package referee

import (
	"slices"

	"github.com/krieg/krieg/game"
)

// Kind is the kind of an announcement.
type Kind uint8

// The announcement kinds.
const (
	KindMoved     Kind = iota // a legal move was made; Side moved, Side.Other() is to move
	KindCapture               // a man was captured on Square (Captured says pawn or piece where told)
	KindCheck                 // the side to move is in check of kind Check
	KindTries                 // pawn-try information for Side (now to move)
	KindPromotion             // a pawn of Side promoted (RAND)
	KindIllegal               // Side's attempt was illegal
	KindNonsense              // Side's attempt was impossible on its own board, or repeated
	KindRepeat                // Side repeated a refused attempt; not counted (open tries)
	KindAnyAnswer             // answer to Side's "Any?": Has
	KindGameOver              // the game ended with Result
)

// Audience says who hears an announcement.
type Audience uint8

// The audiences.
const (
	Everyone Audience = iota
	WhiteOnly
	BlackOnly
)

// OnlyTo returns the audience of c alone.
func OnlyTo(c game.Color) Audience {
	if c == game.White {
		return WhiteOnly
	}
	return BlackOnly
}

// Hears reports whether player c hears an announcement to a.
func (a Audience) Hears(c game.Color) bool {
	return a == Everyone || a == OnlyTo(c)
}

// CapturedKind says what was captured, as far as the ruleset tells.
type CapturedKind uint8

// The captured kinds.
const (
	CapturedUnknown CapturedKind = iota // the ruleset names only the square
	CapturedPawn
	CapturedPiece
)

// String returns "pawn", "piece" or "".
func (k CapturedKind) String() string { return [...]string{"", "pawn", "piece"}[k%3] }

// CheckKind is the direction of a check, from the checked king to the checker.
type CheckKind uint8

// The check kinds. CheckPlain is a check announced without direction.
const (
	CheckPlain CheckKind = iota
	CheckRank
	CheckFile
	CheckLong
	CheckShort
	CheckKnight
)

// String returns the kind's identifier: "rank", "file", "long-diagonal",
// "short-diagonal", "knight" or "check".
func (k CheckKind) String() string {
	return [...]string{"check", "rank", "file", "long-diagonal", "short-diagonal", "knight"}[k%6]
}

// Letter returns the kind's letter in Darkboard's extended PGN: F, L, N, R, S
// ("" for a plain check).
func (k CheckKind) Letter() string { return [...]string{"", "R", "F", "L", "S", "N"}[k%6] }

// CheckKindFromString reads a kind's identifier (as String writes it).
func CheckKindFromString(s string) (CheckKind, bool) {
	for k := CheckPlain; k <= CheckKnight; k++ {
		if k.String() == s {
			return k, true
		}
	}
	return CheckPlain, false
}

// Reason is why a game ended.
type Reason string

// The reasons a game ends.
const (
	ReasonCheckmate    Reason = "checkmate"
	ReasonStalemate    Reason = "stalemate"
	ReasonInsufficient Reason = "insufficient-material"
	ReasonPlyCap       Reason = "ply-cap"
	ReasonResignation  Reason = "resignation"
	ReasonTime         Reason = "time-forfeit"  // a flag fell
	ReasonAgreement    Reason = "agreement"     // a draw offered and accepted
	ReasonAborted      Reason = "aborted"       // no result: the game was called off
	ReasonAbandoned    Reason = "abandoned"     // no result: its player left a game against the computer unfinished
	ReasonDisconnect   Reason = "disconnection" // a player left; on ICC Kriegspiel the leaver loses
	ReasonAdjudicated  Reason = "adjudication"
	ReasonRepetition   Reason = "repetition"
	ReasonFiftyMoves   Reason = "fifty-moves"
	ReasonOther        Reason = "other" // a server's reason this program does not know
)

// Result is the end of a game.
type Result struct {
	Score  game.Score `json:"score"`
	Reason Reason     `json:"reason"`
}

// Winner returns the winning side; ok is false for a draw.
func (r Result) Winner() (c game.Color, ok bool) { return r.Score.Winner() }

// Tries is pawn-try information for the side to move; which fields mean
// something depends on the ruleset's TryStyle.
type Tries struct {
	Count   int           // TriesCount: legal pawn captures (a promotion counts once)
	Squares []game.Square // TriesSquares: squares of pawns that can capture
	Moves   []game.Move   // TriesMoves: every legal pawn capture (promotions to a queen)
}

// Has reports whether any pawn capture is legal.
func (t Tries) Has() bool { return t.Count > 0 }

// Told is what the words of style say of t, all a client that hears them
// can know: a yes or no as a count of 0 or 1, the squares with their
// number, the moves with theirs, the count alone.
func (t Tries) Told(style TryStyle) Tries {
	switch style {
	case TriesYesNo:
		return Tries{Count: min(t.Count, 1)}
	case TriesSquares:
		if len(t.Squares) == 0 {
			return Tries{}
		}
		return Tries{Count: len(t.Squares), Squares: t.Squares}
	case TriesMoves:
		if len(t.Moves) == 0 {
			return Tries{}
		}
		return Tries{Count: len(t.Moves), Moves: t.Moves}
	}
	return Tries{Count: t.Count}
}

// Allows reports whether t, announced in style, leaves room for pawn
// capture m: some try under a count or a yes, m's pawn among the squares
// named, m among the moves named. A client checks an attempt by it before
// sending, as the referee does on receiving.
func (t Tries) Allows(style TryStyle, m game.Move) bool {
	switch style {
	case TriesYesNo, TriesCount:
		return t.Has()
	case TriesSquares:
		return slices.Contains(t.Squares, m.From())
	case TriesMoves:
		q := m
		if m.Promotion() != game.NoPieceType {
			q = game.NewMove(m.From(), m.To(), game.Queen)
		}
		return slices.Contains(t.Moves, q)
	}
	return true
}

// Known is the count of pawn tries an announcement tells under a try
// style (1 for TriesYesNo's "some"), or -1 when nothing was said (t nil)
// or the style tells none.
func (t *Tries) Known(style TryStyle) int {
	if t == nil {
		return -1
	}
	switch style {
	case TriesCount:
		return t.Count
	case TriesYesNo:
		if t.Has() {
			return 1
		}
		return 0
	case TriesSquares:
		return len(t.Squares)
	case TriesMoves:
		return len(t.Moves)
	}
	return -1
}

// Announcement is one thing the referee says, with who hears it.
type Announcement struct {
	Kind     Kind
	To       Audience
	Side     game.Color   // the mover, the checked side, or the side the tries are for
	Square   game.Square  // KindCapture: where the captured man stood
	Captured CapturedKind // KindCapture
	Check    CheckKind    // KindCheck
	Tries    Tries        // KindTries
	Has      bool         // KindAnyAnswer
	Result   Result       // KindGameOver
}
