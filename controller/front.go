package controller

import (
	"fmt"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/controller/jkrieg"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// front is what a player knows from its own board and the referee's words
// alone, without the belief: its men, the turn, the counters, the log, and
// the token rules R1-R10 as JKrieg had them. It is cheap to follow, so Async
// keeps one on the caller's goroutine while the deduction (B1, B2 and the
// view model built from them) follows the same messages on another.
type front struct {
	side  game.Color
	rules referee.Ruleset
	own   game.Position // our men only, with the side to move
	plies int
	fades jkrieg.Fades
	// Rules R3-R6's sets from the latest messages, from the JKrieg rules
	// alone (the belief refines them: Controller.checkSets).
	checkRaw   []game.Bitboard
	checkMsg   string
	epCapture  bool          // the latest enemy capture may have been en passant
	kingRule   game.Bitboard // R7/R8 after our checking move, JKrieg rules alone; 0 otherwise
	kingMsg    string
	ourTries   *referee.Tries // announced after the enemy's latest move
	triesMsg   string
	counters   Counters
	lost       Counters // our men the enemy captured
	enemyMen   int      // the most men besides its king any start gives the enemy
	enemyTries string
	log        []LogLine
	result     *referee.Result
	turn       turnState // this turn's Any? answer, for the attempt preview
	// ourDouble is the square our pawn just reached by a double step (the
	// enemy may take it en passant this turn), or NoSquare.
	ourDouble game.Square
}

// newFront starts following side's game from starts (every one holding
// the same own men and side to move).
func newFront(side game.Color, rules referee.Ruleset, starts []game.Position) front {
	f := front{side: side, rules: rules, own: starts[0].Only(side), ourDouble: game.NoSquare}
	for i := range starts { // the most men any start gives the enemy
		f.enemyMen = max(f.enemyMen, starts[i].ByColor(side.Other()).Count()-1)
	}
	if ep := starts[0].EnPassant(); ep != game.NoSquare && starts[0].Turn() != side {
		f.ourDouble = ep + 8
		if side == game.Black {
			f.ourDouble = ep - 8
		}
	}
	return f
}

// clone returns a copy of f sharing no memory that either copy changes.
func (f *front) clone() front {
	g := *f
	g.fades = append(jkrieg.Fades(nil), f.fades...)
	g.checkRaw = append([]game.Bitboard(nil), f.checkRaw...)
	g.log = append([]LogLine(nil), f.log...)
	return g
}

// admissible checks that e can follow the entries observed so far: a move,
// an attempt or a question must come from the side to move, and an
// accepted attempt of ours must be one our men can make.
func (f *front) admissible(e referee.Entry, o *belief.Observation) error {
	if !o.Moved && !o.Illegal && o.Any == nil {
		return nil
	}
	if f.result != nil {
		return fmt.Errorf("controller: ply %d: %s's attempt %v after the game ended", f.plies, e.Mover, e.Attempt)
	}
	if e.Mover != f.own.Turn() {
		return fmt.Errorf("controller: ply %d: an attempt by %s, but %s is to move", f.plies, e.Mover, f.own.Turn())
	}
	if e.Mover != f.side || !o.Moved {
		return nil
	}
	if !f.attemptable(e.Attempt) {
		return fmt.Errorf("controller: ply %d: accepted attempt %v is not a move of our men", f.plies, e.Attempt)
	}
	return nil
}

// attemptable reports whether m is an attempt our men can make on our own
// board (referee.Candidates), whoever is to move.
func (f *front) attemptable(m game.Move) bool {
	own := f.own
	own.SetTurn(f.side)
	for _, x := range referee.Candidates(&own) {
		if x == m {
			return true
		}
	}
	return false
}

// step follows the admissible entry e (observed as o) on our own board and
// in the rules' sets. It returns our men as they stood before it.
func (f *front) step(e referee.Entry, o *belief.Observation) (before game.Position) {
	before = f.own
	f.noteTurn(e, o)
	switch {
	case o.Mover == f.side && o.Moved:
		f.ownMove(e.Attempt, o)
	case o.Mover != f.side && o.Moved:
		f.enemyMove(o)
	}
	if o.Result != nil {
		f.result = o.Result
	}
	f.logEntry(e, o)
	return before
}

// ownMove follows our accepted move m.
func (f *front) ownMove(m game.Move, o *belief.Observation) {
	before := f.own
	f.own.Apply(m)
	f.own.SetEnPassant(game.NoSquare)
	f.plies++
	f.fades = f.fades.Explored(game.Between(m.From(), m.To()) | m.To().Bit())
	if o.Capture != game.NoSquare {
		switch o.Captured {
		case referee.CapturedPawn:
			f.counters.Pawns++
		case referee.CapturedPiece:
			f.counters.Pieces++
		default:
			f.counters.Unknown++
		}
	}
	f.kingRule, f.kingMsg = 0, ""
	if len(o.Checks) > 0 {
		f.kingRule = jkrieg.KingSquares(&before, &f.own, m, o.Capture, o.Checks)
		f.kingMsg = f.text(o, referee.KindCheck)
	}
	f.checkRaw, f.ourTries = nil, nil
	if o.Tries != nil && o.TriesFor != f.side {
		f.enemyTries = f.text(o, referee.KindTries)
	}
	f.ourDouble = game.NoSquare
	if d := int(m.To()) - int(m.From()); before.At(m.From()).Type() == game.Pawn && (d == 16 || d == -16) {
		f.ourDouble = m.To()
	}
}

// enemyMove follows the enemy's unseen move.
func (f *front) enemyMove(o *belief.Observation) {
	f.epCapture = o.Capture != game.NoSquare && o.Capture == f.ourDouble
	if o.Capture != game.NoSquare {
		switch f.own.At(o.Capture).Type() {
		case game.NoPieceType:
		case game.Pawn:
			f.lost.Pawns++
		default:
			f.lost.Pieces++
		}
		f.own.Remove(o.Capture)
	}
	f.own.SetTurn(f.side)
	f.plies++
	f.fades = f.fades.EnemyMoved()
	if o.Capture != game.NoSquare {
		f.fades = append(f.fades, jkrieg.Fade{Square: o.Capture, Opacity: 1, Message: f.text(o, referee.KindCapture)})
	}
	f.kingRule, f.kingMsg = 0, ""
	f.ourTries, f.triesMsg = nil, ""
	if o.Tries != nil && o.TriesFor == f.side {
		f.ourTries, f.triesMsg = o.Tries, f.text(o, referee.KindTries)
	}
	f.checkRaw = nil
	if len(o.Checks) > 0 {
		f.checkMsg = f.text(o, referee.KindCheck)
		ctx := f.checkContext(o)
		ctx.MayBePinned = jkrieg.PinnedByAnything(&f.own, f.side)
		f.checkRaw = jkrieg.CheckerSquares(ctx)
	}
}

// checkContext is what rules R3-R6 need after the enemy's checking move o,
// but for what may pin our pawns.
func (f *front) checkContext(o *belief.Observation) jkrieg.CheckContext {
	return jkrieg.CheckContext{Own: &f.own, Us: f.side, Checks: o.Checks, Capture: o.Capture,
		EPCapture: f.epCapture, Tries: f.triesKnown()}
}

// triesKnown returns our announced pawn-try count as far as the ruleset
// tells it (1 for "some"), or -1 when nothing was said.
func (f *front) triesKnown() int { return f.ourTries.Known(f.rules.Tries) }

// text renders the announcements of kind k in o, in the ruleset's words.
func (f *front) text(o *belief.Observation, k referee.Kind) string {
	out := ""
	for _, a := range o.Said {
		if a.Kind != k {
			continue
		}
		if t := a.Text(f.rules); t != "" {
			if out != "" {
				out += ", "
			}
			out += t
		}
	}
	return out
}

// logEntry adds the entry's announcements to the log.
func (f *front) logEntry(e referee.Entry, o *belief.Observation) {
	// A game's end is the referee's word, not an attempt, though it names
	// a side (who resigned, or was to move).
	line := LogLine{Ply: e.Ply, Side: e.Mover, Own: e.Mover == f.side && e.Verdict != referee.Finished}
	text := ""
	for _, a := range e.Said {
		if t := a.Text(f.rules); t != "" {
			if text != "" {
				text += "; "
			}
			text += t
		}
	}
	switch {
	case line.Own && e.Attempt != game.NoMove:
		line.Text = fmt.Sprintf("%s: %s", e.Attempt, text)
	case line.Own && e.AskedAny:
		line.Text = "Any? " + text
	default:
		line.Text = text
	}
	if line.Text != "" {
		f.log = append(f.log, line)
	}
}

// base returns the view model's parts the front knows; the belief's parts
// (sets, probabilities, boards) and the tokens are left to the caller.
func (f *front) base() ViewModel {
	v := ViewModel{Side: f.side, ToMove: f.own.Turn(), Plies: f.plies, Own: f.own,
		Captured: f.counters, Lost: f.lost, EnemyTries: f.enemyTries, Log: append([]LogLine(nil), f.log...), Result: f.result}
	v.EnemyMen = max(f.enemyMen-f.counters.Pawns-f.counters.Pieces-f.counters.Unknown, 0)
	v.Zone = Zone(&f.own, f.side)
	v.Checked = len(f.checkRaw) > 0
	return v
}
