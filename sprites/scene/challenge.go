package scene

import (
	"fmt"

	"github.com/krieg/krieg/assets"
)

// ChallengeCard is a challenge from another player on a server, shown over
// the top of the board with Accept and Decline, as a chess site shows
// one, until it is answered or withdrawn.
type ChallengeCard struct {
	Text string // "alice (1500) challenges you: unrated Wild 16 5 3"
	More int    // challenges waiting behind this one
	// Keys: Enter accepts and Escape declines (nothing is typed and no
	// game is being played on the board, whose keys they are then).
	Keys bool
	// Under: the result card came after the challenge and is drawn over
	// its card (the newest card on top).
	Under bool
	// Leaves says what accepting would end ("" for nothing): a game
	// against the computer in progress.
	Leaves string
}

// challengeGroup holds the card's two buttons (see Choice).
const challengeGroup = lobbyRefreshGroup + 1

// The challenge card's buttons.
var (
	AcceptChallenge  = Choice(challengeGroup, 0)
	DeclineChallenge = Choice(challengeGroup, 1)
)

// challengeCard draws c across the top of the board: the challenge in
// words, then Accept and Decline. The card takes the clicks that fall on
// it, so that none goes through to a square below.
func (s *Scene) challengeCard(c *ChallengeCard) {
	l := s.Layout
	unit := max(12, l.Square*0.26)
	w := l.Board.W * 0.86
	lines := []string{c.Text}
	if c.Leaves != "" {
		lines = append(lines, c.Leaves)
	}
	if c.More > 0 {
		lines = append(lines, fmt.Sprintf("%d more waiting after this one", c.More))
	}
	hint := ""
	if c.Keys {
		hint = "Enter accepts · Escape declines"
	}
	h := unit*0.6 + float64(len(lines))*unit*1.5 + unit*2.6
	if hint != "" {
		h += unit * 0.8 * 1.5
	}
	box := Rectangle{l.Board.X + (l.Board.W-w)/2, l.Board.Y + l.Square*0.3, w, h}
	s.rect(box, panelBG, 0.97)
	s.rect(Rectangle{box.X, box.Y, box.W, 4}, queueMark, 1)
	s.Hits = append(s.Hits, Hit{R: box})
	y := box.Y + unit*0.6
	for i, ln := range lines {
		font, col := assets.Bold, textMain
		if i > 0 {
			font, col = assets.Regular, textDim
		}
		s.text(Rectangle{box.X + 8, y, box.W - 16, unit * 1.5}, ln, font, unit, col, Center)
		y += unit * 1.5
	}
	gap := 10.0
	bw := min(unit*7, (box.W-16-gap)/2)
	x := box.X + (box.W-2*bw-gap)/2
	s.button(Rectangle{x, y + unit*0.2, bw, unit * 2}, AcceptChallenge, "Accept", true, unit*0.9)
	s.button(Rectangle{x + bw + gap, y + unit*0.2, bw, unit * 2}, DeclineChallenge, "Decline", false, unit*0.9)
	if hint != "" {
		y += unit * 2.6
		s.text(Rectangle{box.X + 8, y, box.W - 16, unit * 0.8 * 1.5}, hint, assets.Regular, unit*0.8, textDim, Center)
	}
}
