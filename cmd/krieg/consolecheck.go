package main

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// attemptCheck keeps a typed attempt that is impossible on our own board,
// or already refused this turn, from leaving the console: such an attempt
// tells nothing and some rulesets count it.
type attemptCheck struct {
	snap  net.Snapshot
	tried []game.Move // our attempts refused this turn
	tries controller.TryWatch
	// awaiting is set from an attempt of ours checked here until it is
	// answered and our turn has come again: the next typed line is checked
	// on the board the answer leaves (moves pasted all at once are judged
	// in turn, each on our own turn).
	awaiting, answered bool
}

// follow notes what an event says of our board and this turn's refusals.
func (c *attemptCheck) follow(ev net.Event) {
	c.snap = ev.Snap
	e := ev.Entry
	if ev.Kind == net.KindHeard && e.Mover == c.snap.Side && e.Attempt != game.NoMove {
		c.answered = true
	}
	switch ev.Kind {
	case net.KindStarted, net.KindEnded, net.KindConnection, net.KindProblem:
		c.awaiting = false // the game or the connection changed, or our line was refused
	case net.KindHeard:
		if !c.snap.InGame || c.answered && c.snap.ToMove == c.snap.Side {
			c.awaiting = false // our turn again
		}
	}
	// Clock updates, server text and offers leave the wait as it is.
	switch ev.Kind {
	case net.KindStarted:
		c.tries = controller.TryWatch{}
	case net.KindHeard:
		c.tries.Follow(e, c.snap.Side, c.snap.Spec.Rules)
	}
	switch {
	case ev.Kind == net.KindStarted:
		c.tried = nil
	case ev.Kind != net.KindHeard:
	case e.Verdict == referee.Accepted:
		c.tried = nil
	case e.Mover == c.snap.Side && e.Attempt != game.NoMove && e.Verdict != referee.Answered:
		c.tried = append(c.tried, e.Attempt)
	}
}

// beforeOurTurn reports whether line is a move typed while the opponent is
// to move: it waits for our turn, to be checked on the board the
// opponent's move leaves (Black's moves typed before White's first).
func (c *attemptCheck) beforeOurTurn(line string) bool {
	s := c.snap
	return s.InGame && s.Spec.Kriegspiel && s.ToMove != s.Side && isMoveText(line)
}

// check returns why the typed line, when it is a move of ours in a
// Kriegspiel game on our turn, may not be sent; a pawn's move to the last
// rank without a piece becomes a queen's in the line. A move typed in
// capitals, with a dash between its squares, as castling (O-O, 0-0-0) or
// in algebraic notation (Nf3) is rewritten into coordinates first.
func (c *attemptCheck) check(line *string) error {
	if err := c.coordinates(line); err != nil {
		return err
	}
	m, err := game.ParseMove(*line)
	s := c.snap
	if !s.InGame || !s.Spec.Kriegspiel || s.ToMove != s.Side {
		return nil
	}
	if *line == "px" {
		return controller.AnySendable(s.Spec.Rules, c.tries.Count())
	}
	if err != nil {
		return nil
	}
	own := s.Own
	own.SetTurn(s.Side)
	m, err = controller.Sendable(own, m, c.tried)
	if err != nil {
		return err
	}
	*line = m.String()
	c.awaiting, c.answered = true, false
	return nil
}

// coordinateText is a move in coordinates, in either case, maybe with a
// dash between its squares (E7-E5).
var coordinateText = regexp.MustCompile(`^([a-hA-H][1-8])-?([a-hA-H][1-8])([qrbnQRBN]?)$`)

// sanText is what may be a move in algebraic notation or castling: a line
// of one word, so that no server command is taken for one.
var sanText = regexp.MustCompile(`^([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBNqrbn])?|[O0]-[O0](-[O0])?)[+#!?]*$`)

// castling is the part of sanText that castles.
var castling = regexp.MustCompile(`^[O0]-[O0](-[O0])?[+#!?]*$`)

// isMoveText reports whether a typed line is a move, in coordinates or in
// algebraic notation.
func isMoveText(line string) bool {
	return coordinateText.MatchString(line) || sanText.MatchString(algebraic(line))
}

// algebraic reads a move typed in lower case as algebraic notation:
// castling (o-o) and a piece's move (nf3, qxh7, ke2), its letter made a
// capital when that makes a move of the line. A leading b stays: bxc3 is
// as likely a pawn's capture as a bishop's (coordinates reads it as the
// bishop's when no pawn can make it).
func algebraic(line string) string {
	if len(line) < 2 {
		return line
	}
	if up := strings.ToUpper(line); castling.MatchString(up) {
		return up
	}
	if strings.ContainsRune("nrqk", rune(line[0])) {
		if up := strings.ToUpper(line[:1]) + line[1:]; sanText.MatchString(up) {
			return up
		}
	}
	return line
}

// coordinates rewrites a typed move into coordinates (e7e5), reading
// algebraic notation on our own board; an ambiguous or impossible one is
// refused without leaving the console.
func (c *attemptCheck) coordinates(line *string) error {
	if g := coordinateText.FindStringSubmatch(*line); g != nil {
		*line = strings.ToLower(g[1] + g[2] + g[3])
		return nil
	}
	s := c.snap
	text := algebraic(*line)
	if !s.InGame || !sanText.MatchString(text) {
		return nil
	}
	own := s.Own
	own.SetTurn(s.Side)
	if i := len(text) - 1; text[i] >= 'a' && strings.ContainsRune("qrbn", rune(text[i])) && text[i-1] == '=' {
		text = text[:i] + strings.ToUpper(text[i:]) // e8=q as e8=Q
	}
	if castling.MatchString(text) {
		if why := cannotCastle(&own, s.Side, strings.Count(text, "-") == 2); why != "" {
			return fmt.Errorf("%s %w: %s", *line, controller.ErrNotSent, why)
		}
	}
	m, err := record.ParseAttemptSAN(&own, text)
	if err != nil && text[0] == 'b' {
		// bc4 that no b-pawn can make is the bishop's move in lower case.
		if bm, berr := record.ParseAttemptSAN(&own, "B"+text[1:]); berr == nil {
			m, err = bm, nil
		}
	}
	if ae := (*record.AttemptError)(nil); errors.As(err, &ae) {
		return fmt.Errorf("%s %w: %s", *line, controller.ErrNotSent, ae.Why)
	} else if err != nil {
		return fmt.Errorf("%s %w: %v", *line, controller.ErrNotSent, err)
	}
	*line = m.String()
	return nil
}

// cannotCastle says why side cannot castle on that wing for want of the
// right (its king or rook has left home, or the rook is gone), or "" if it
// still may: the square by square refusal of the notation would name a man
// in the way instead.
func cannotCastle(own *game.Position, side game.Color, queenside bool) string {
	home, rook, right, wing := game.E1, game.H1, game.WhiteKingside, "kingside"
	if queenside {
		rook, right, wing = game.A1, game.WhiteQueenside, "queenside"
	}
	if side == game.Black {
		home, rook, right = home+56, rook+56, right<<2
	}
	switch {
	case own.KingSquare(side) != home:
		return fmt.Sprintf("your king has left %s, so it can no longer castle", home)
	case own.At(rook) != game.NewPiece(side, game.Rook):
		return fmt.Sprintf("you have no rook on %s to castle %s with", rook, wing)
	case own.Castling()&right == 0:
		return fmt.Sprintf("your king or your rook on %s has moved, so you can no longer castle %s", rook, wing)
	}
	return ""
}

// untilStarted hands every event to show until a game has started (or
// the events end): typed lines wait until there is a board to check them on.
func untilStarted(events <-chan net.Event, show func(net.Event)) {
	for ev := range events {
		show(ev)
		if ev.Kind == net.KindStarted {
			return
		}
	}
}
