package controller

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// ErrNotSent wraps the reason an attempt is kept from the referee: it is
// impossible on the player's own board (Kriegspiel's nonsense, which some
// rulesets count as an illegal attempt) or was already refused this turn.
var ErrNotSent = errors.New("not sent, no attempt used")

// Sendable checks an attempt before it leaves the client. own holds the
// player's men (the enemy's unseen) with the player to move; refused are
// the attempts the referee refused this turn. It returns the attempt to send
// (a pawn's move to the last rank without a piece becomes a queen's) or an
// error wrapping ErrNotSent that says in plain words why it cannot be.
func Sendable(own game.Position, m game.Move, refused []game.Move) (game.Move, error) {
	us := own.Turn()
	from, to := m.From(), m.To()
	pc := own.At(from)
	last := 7 // our last rank: a pawn's move to the first is no promotion, only impossible
	if us == game.Black {
		last = 0
	}
	if pc.Type() == game.Pawn && pc.Color() == us && m.Promotion() == game.NoPieceType && to.Rank() == last {
		m = game.NewMove(from, to, game.Queen)
	}
	if slices.Contains(referee.Candidates(&own), m) {
		if slices.Contains(refused, m) {
			return m, fmt.Errorf("%s %w: the referee already refused it this turn", m, ErrNotSent)
		}
		return m, nil
	}
	return m, fmt.Errorf("%s %w: %s", m, ErrNotSent, impossible(&own, m))
}

// SendableUnder is Sendable under rules: where promotion is to a queen
// only (open tries), a promotion to another man is kept back too, since
// the referee would refuse it as an illegal attempt the opponent hears.
func SendableUnder(rules referee.Ruleset, own game.Position, m game.Move, refused []game.Move) (game.Move, error) {
	m, err := Sendable(own, m, refused)
	if err == nil && rules.QueenOnly && m.Promotion() != game.NoPieceType && m.Promotion() != game.Queen {
		return m, fmt.Errorf("%s %w: %s promotes to a queen only", m, ErrNotSent, rules.Title)
	}
	return m, err
}

// AnySendable checks a typed "px" (Any?; on ICC's Wild 16, a pawn
// capture, taken when exactly one is legal) before it leaves the client.
// Under rules without the question it is kept back, and so it is where
// the referee counts pawn tries and announced none, or several, this turn:
// it would only be refused. w holds what the referee said to us this turn; a second
// Any? in one turn is kept back too, since the referee answers it as
// nonsense. typed is the word as the player typed it ("px", "any"), which
// the error names.
func AnySendable(rules referee.Ruleset, w TryWatch, typed string) error {
	tries := w.Count()
	switch {
	case rules.Any != referee.AnyNone && w.asked && w.has:
		// After a yes, what one typing px wants is the capture itself.
		return fmt.Errorf("%s %w: Any? was already answered this turn (%s); type the pawn capture itself (a pawn's move one square diagonally forward, such as e4d5)", typed, ErrNotSent, w.anyWord())
	case rules.Any != referee.AnyNone && w.asked:
		return fmt.Errorf("%s %w: Any? was already answered this turn (%s)", typed, ErrNotSent, w.anyWord())
	case rules.Any != referee.AnyNone:
		return nil
	case rules.Tries == referee.TriesCount && tries == 1:
		return nil
	case rules.Tries == referee.TriesCount && tries > 1:
		// px makes the capture only when exactly one is legal: the
		// referee would refuse it, and a refused px names no move.
		return fmt.Errorf("%s %w: the referee announced %d pawn tries, and %s makes the capture only when there is exactly one; try one of the captures itself", typed, ErrNotSent, tries, typed)
	case rules.Tries == referee.TriesCount:
		return fmt.Errorf("%s %w: the referee announced no pawn tries this turn, so no pawn of yours can capture", typed, ErrNotSent)
	}
	return fmt.Errorf("%s %w: %s has no Any? question; try the pawn capture itself (a pawn's move one square diagonally forward)", typed, ErrNotSent, rules.Title)
}

// impossible says why m cannot be made on own, a board holding only the
// mover's men.
func impossible(own *game.Position, m game.Move) string {
	us := own.Turn()
	from, to := m.From(), m.To()
	pc := own.At(from)
	mine := own.ByColor(us)
	switch {
	case pc == game.NoPiece || pc.Color() != us:
		return fmt.Sprintf("no man of yours stands on %s", from)
	case from == to:
		return "a man must leave its square"
	case own.IsCastling(m) && from.File() == 4 && from.Rank() == to.Rank() && (from.Rank() == 0 || from.Rank() == 7):
		if between := game.Between(from, castleRook(to)) & mine; between != 0 {
			return fmt.Sprintf("your %s on %s stands between king and rook", own.At(between.First()).Type(), between.First())
		}
		return "you can no longer castle on that side"
	case mine.Has(to):
		return fmt.Sprintf("your own %s stands on %s", own.At(to).Type(), to)
	case m.Promotion() != game.NoPieceType && (pc.Type() != game.Pawn || to.Rank() != 0 && to.Rank() != 7):
		return "only a pawn reaching the last rank promotes"
	case m.Promotion() == game.Pawn || m.Promotion() == game.King:
		return "a pawn promotes to a queen, rook, bishop or knight"
	case pc.Type() == game.Pawn:
		return pawnImpossible(own, m)
	}
	t := pc.Type()
	if !game.AttacksFrom(t, us, from, 0).Has(to) {
		return moves[t]
	}
	block := game.Between(from, to) & mine
	return fmt.Sprintf("your %s on %s blocks the way", own.At(block.First()).Type(), block.First())
}

// moves says how each kind of man moves, for an attempt its geometry rules out.
var moves = [game.King + 1]string{
	game.Knight: "a knight jumps two squares one way and one the other",
	game.Bishop: "a bishop moves along diagonals",
	game.Rook:   "a rook moves along ranks and files",
	game.Queen:  "a queen moves along ranks, files and diagonals",
	game.King:   "a king moves one square (or castles two)",
}

// castleRook is the rook's square for a castling king arriving on to.
func castleRook(to game.Square) game.Square {
	if to.File() == 6 {
		return game.NewSquare(7, to.Rank())
	}
	return game.NewSquare(0, to.Rank())
}

// pawnImpossible says why a pawn's attempt m cannot be made on own.
func pawnImpossible(own *game.Position, m game.Move) string {
	us := own.Turn()
	from, to := m.From(), m.To()
	dir := 1
	if us == game.Black {
		dir = -1
	}
	forward := (to.Rank() - from.Rank()) * dir
	switch {
	case to.File() == from.File() && forward == 2 && (us == game.White && from.Rank() == 1 || us == game.Black && from.Rank() == 6):
		mid := game.NewSquare(from.File(), from.Rank()+dir)
		return fmt.Sprintf("your %s on %s blocks the way", own.At(mid).Type(), mid)
	case to.File() == from.File() && forward == 2:
		return "a pawn moves two squares only from its starting rank"
	}
	return "a pawn moves straight forward, or tries to capture one square diagonally forward"
}

// TryWatch follows the referee's entries for what one side was told this
// turn of its pawn captures (the tries announced, the answer to its Any?),
// so that a typed px or attempt is checked on the referee's word at once,
// whether or not the deduction has caught up with it. The zero TryWatch
// has heard nothing.
type TryWatch struct {
	said  bool          // a pawn-try word came this turn
	count int           // its referee.Tries.Known
	tries referee.Tries // what it told
	asked bool          // the side asked Any? this turn
	has   bool          // and was told it has pawn captures
	word  string        // the answer in the rules' words
	// refused are the side's attempts refused after a yes: under English
	// rules a pawn capture among them frees the rest of the turn.
	refused []game.Move
}

// Follow notes one entry heard by side under rules: a move made starts a
// new turn with nothing said; a pawn-try announcement for side counts, and
// so does the answer to its Any?.
func (w *TryWatch) Follow(e referee.Entry, side game.Color, rules referee.Ruleset) {
	if e.Verdict == referee.Accepted {
		*w = TryWatch{}
	}
	if e.Mover == side && e.Verdict == referee.Illegal && w.asked && w.has {
		w.refused = append(w.refused, e.Attempt)
	}
	for _, a := range e.Said {
		switch {
		case a.Kind == referee.KindTries && a.Side == side:
			w.said, w.count, w.tries = true, a.Tries.Known(rules.Tries), a.Tries.Told(rules.Tries)
		case a.Kind == referee.KindAnyAnswer && a.Side == side:
			w.asked, w.has, w.word = true, a.Has, a.Text(rules)
		}
	}
}

// StartWatch is the TryWatch of a game that starts from start, before
// anything is said: on its first turn the side to move may capture with a
// pawn only as the start allows (none, from the usual one), which the
// referee announces to nobody. A game joined after its first move (plies
// above zero) starts knowing nothing.
func StartWatch(rules referee.Ruleset, start game.Position, plies int) TryWatch {
	if plies > 0 || rules.Tries == referee.TriesNone || start.Pieces(game.White, game.King) == 0 || start.Pieces(game.Black, game.King) == 0 {
		return TryWatch{}
	}
	t := referee.New(rules, start).Tries().Told(rules.Tries)
	return TryWatch{said: true, count: t.Known(rules.Tries), tries: t}
}

// Allows checks attempt m against what the referee said this turn of the
// side's pawn captures (own holds its men, it to move): under rules where
// a pawn capture needs a try announced, one the announcement rules out;
// after the answer to Any?, a pawn capture after "No", anything else after
// a yes (under English rules, until one pawn capture has been tried). It
// returns an error wrapping ErrNotSent that says why, since the referee
// would refuse the attempt, in some rulesets for both players to hear
// (docs/rules.md).
func (w TryWatch) Allows(rules referee.Ruleset, own *game.Position, m game.Move) error {
	capture := own.IsPawnCaptureAttempt(m)
	if capture && rules.PawnCaptureNeedsTry && w.said && !w.tries.Allows(rules.Tries, m) {
		return fmt.Errorf("%s %w: %s", m, ErrNotSent, w.triesRuleOut(rules, m))
	}
	tried := slices.ContainsFunc(w.refused, own.IsPawnCaptureAttempt)
	if why := anyRulesOut(rules, w.asked, w.has, tried, capture); why != "" {
		return fmt.Errorf("%s %w: after %s %s", m, ErrNotSent, w.anyWord(), why)
	}
	return nil
}

// anyRulesOut says why the answer to this turn's Any? (asked, has: a yes)
// rules out an attempt (capture: a pawn capture; pawnTried: one was tried
// after the yes), or "" when it does not: the referee's policy seen from
// the player's side, shared by the check before sending (TryWatch) and the
// attempt preview (front.allows).
func anyRulesOut(rules referee.Ruleset, asked, has, pawnTried, capture bool) string {
	switch {
	case !asked || rules.Any == referee.AnyNone:
		return ""
	case !has && capture:
		return "no pawn capture may be tried this turn"
	case has && !capture && rules.Any == referee.AnyForce:
		return "only a pawn capture may be tried this turn"
	case has && !capture && !pawnTried:
		return "a pawn capture must be tried first"
	}
	return ""
}

// triesRuleOut says how this turn's pawn-try announcement rules out
// pawn capture m, in the words of rules.
func (w TryWatch) triesRuleOut(rules referee.Ruleset, m game.Move) string {
	switch rules.Tries {
	case referee.TriesYesNo:
		return `the referee did not announce "Pawn capture" this turn`
	case referee.TriesSquares:
		if len(w.tries.Squares) == 0 {
			return "the referee named no pawn that can capture this turn"
		}
		return fmt.Sprintf("the referee named no capture for the pawn on %s this turn", m.From())
	case referee.TriesMoves:
		return "the referee did not name it among this turn's pawn captures"
	}
	return "the referee announced no pawn tries this turn"
}

// anyWord is the answer to this turn's Any?, quoted.
func (w TryWatch) anyWord() string { return strconv.Quote(w.word) }

// Count is the pawn tries announced to the side this turn
// (referee.Tries.Known: -1 when nothing was said).
func (w TryWatch) Count() int {
	if !w.said {
		return -1
	}
	return w.count
}
