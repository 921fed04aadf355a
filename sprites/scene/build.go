package scene

import (
	"fmt"

	"github.com/krieg/krieg/assets"
	"github.com/krieg/krieg/game"
)

// Build turns a frame into a scene. It is pure: the same frame gives the
// same scene.
func Build(f Frame) Scene {
	// A busy game screen holds a few hundred sprites: room for them at once
	// spares the frames that take a new belief several regrowths.
	s := Scene{W: f.W, H: f.H, Layout: NewLayout(f.W, f.H, f.Flipped), Sprites: make([]Sprite, 0, 384)}
	s.pointer.x, s.pointer.y, s.pointer.on = f.HoverX, f.HoverY, f.Hover && f.Drag == nil && !f.Legend
	s.rect(Rectangle{0, 0, float64(f.W), float64(f.H)}, background, 1)
	s.board(&f)
	switch f.Mode {
	case NewGameScreen:
		s.newGamePanel(&f)
	case ReplayScreen:
		s.replayPanel(&f)
	case LobbyScreen:
		s.lobbyPanel(&f)
	case SignInScreen:
		s.signInPanel(&f)
	default:
		s.playPanel(&f)
	}
	banner := f.Banner != nil && f.Mode == PlayScreen
	// A challenge shows over a review too: the player reviewing the last
	// game is the one a chess site would show it to.
	challenge := f.Challenge != nil && (f.Mode == PlayScreen || f.Mode == NewGameScreen || f.Mode == ReplayScreen)
	// The newest of the result card and the challenge's is drawn on top.
	if challenge && f.Challenge.Under {
		s.challengeCard(f.Challenge)
	}
	if banner {
		s.banner(f.Banner, f.Panel)
	}
	if challenge && !f.Challenge.Under {
		s.challengeCard(f.Challenge)
	}
	// The result and the promotion choices stay readable under the pointer.
	if !f.Legend && !banner && f.Promote == nil {
		s.tooltip(&f)
	}
	if d := f.Drag; d != nil {
		sq := s.Layout.Square
		s.piece(Rectangle{d.X - sq/2, d.Y - sq/2, sq, sq}, f.View.Own.At(d.From), 1)
	}
	if f.Legend {
		s.legend(&f)
	}
	return s
}

// Explain returns what the tokens on square sq claim and why, one line
// each, as the hover tooltip shows them.
func Explain(f *Frame, sq game.Square) []string {
	lines := PreviewLines(f, sq)
	if f.tryBadged().Has(sq) {
		line := "amber x: this pawn may capture this turn"
		if f.View.OwnTries != "" {
			line = fmt.Sprintf("amber x: the referee said %q, and this pawn may capture", f.View.OwnTries)
		}
		lines = append(lines, line)
	}
	for _, t := range f.shown() {
		if t.Square != sq || !f.Show.visible(t.Kind) || f.Assist == AssistFull && t.Opacity < 0.005 {
			continue
		}
		lines = append(lines, explainToken(t, f.Assist))
	}
	// A chance that reads 0 % says nothing a bare square does not: no card.
	if h := f.Show.Heat; h != game.NoPieceType && f.Assist == AssistFull && f.View.Probability[h][sq] >= 0.005 {
		lines = append(lines, fmt.Sprintf("enemy %s here: %.0f%%", h, 100*f.View.Probability[h][sq]))
	}
	if t := f.Ghosts[sq]; t != game.NoPieceType {
		lines = append(lines, "your ghost "+t.String()+" (right-click to change)")
	}
	return lines
}

// tooltip explains the tokens under the pointer: not while a man is
// dragged, and while one is picked up only over its targets (the attempt
// preview's chances), so that no card hides it or its dots for nothing.
func (s *Scene) tooltip(f *Frame) {
	if !f.Hover || f.Drag != nil {
		return
	}
	sq, ok := s.Layout.SquareAt(f.HoverX, f.HoverY)
	if !ok || f.Selected != game.NoSquare && !f.Dests.Has(sq) {
		return
	}
	lines := Explain(f, sq)
	if len(lines) == 0 {
		return
	}
	// The card is never over the panel's log, and away from the square it
	// explains, its neighbours, and the man picked up and its dots (cardPlace).
	b := s.Layout.Board
	size := max(12, min(16*float64(f.H)/720, s.Layout.Square*0.2))
	maxW := max(b.W*0.45, min(b.W-8, 12*size))
	var rows []string
	for _, l := range lines {
		rows = append(rows, Wrap(l, assets.Regular, size, maxW-16, "  ")...)
	}
	longest := 0.0
	for _, l := range rows {
		longest = max(longest, Measure(l, assets.Regular, size))
	}
	lines = rows
	w := longest + 16
	h := float64(len(lines))*size*1.4 + 10
	keep := f.Dests
	if f.Selected != game.NoSquare {
		keep |= f.Selected.Bit()
	}
	x, y := s.Layout.cardPlace(sq, keep, w, h)
	s.rect(Rectangle{x, y, w, h}, tooltipBG, 1)
	for i, l := range lines {
		s.text(Rectangle{x + 8, y + 5 + float64(i)*size*1.4, w - 16, size * 1.4}, l, assets.Regular, size, textMain, Left)
	}
}
