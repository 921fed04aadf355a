package scene

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/krieg/krieg/assets"
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// board draws the squares, highlights, men, ghosts and tokens.
func (s *Scene) board(f *Frame) {
	l := s.Layout
	sq := l.Square
	light, dark := f.Theme.squares()
	for x := game.A1; x <= game.H8; x++ {
		c := dark
		if (x.File()+x.Rank())%2 == 1 {
			c = light
		}
		s.rect(l.SquareRect(x), c, 1)
	}
	if m := f.LastMove; m != game.NoMove {
		s.rect(l.SquareRect(m.From()), lastMove, 0.41)
		s.rect(l.SquareRect(m.To()), lastMove, 0.41)
	}
	if f.Capture != game.NoSquare {
		s.rect(l.SquareRect(f.Capture), captureMark, 0.35)
	}
	// The lobby's board is neutral: no game's belief (heat, zone, tokens).
	heat := f.Show.Heat != game.NoPieceType && f.Assist == AssistFull && f.Mode != LobbyScreen
	if f.Show.Zone && f.Assist != AssistOff && f.Mode != LobbyScreen {
		w := math.Max(2, sq*0.06)
		for x := f.View.Zone &^ f.View.Own.ByColor(f.View.Side); x != 0; {
			r := l.SquareRect(x.PopFirst())
			if !heat {
				s.rect(r, zoneRed, 0.28)
				continue
			}
			// Over the heat map's shades a tint of its own would be lost
			// among them: the zone is framed instead.
			s.frame(r.inset(w), w, zoneRed, 0.7)
		}
	}
	if heat {
		s.heat(f, f.Show.Heat)
	}
	if f.Selected != game.NoSquare {
		s.rect(l.SquareRect(f.Selected), selected, 0.5)
	}
	if fl := f.Illegal; fl != nil && f.Tick-fl.Start < FlashTicks {
		a := 0.6 * (1 - float64(f.Tick-fl.Start)/FlashTicks)
		s.rect(l.SquareRect(fl.Move.From()), illegalRed, a)
		s.rect(l.SquareRect(fl.Move.To()), illegalRed, a)
	}
	s.blinks(f)
	s.marks(f)
	own := &f.View.Own
	if f.View.Checked {
		k := l.SquareRect(own.KingSquare(f.View.Side))
		s.add(Sprite{Kind: Disc, X: k.X, Y: k.Y, W: k.W, H: k.H, Color: checkRed, Alpha: 0.75})
	}
	s.coordinates(l, light, dark)
	for x := own.ByColor(f.View.Side); x != 0; {
		at := x.PopFirst()
		a := 1.0
		if f.Drag != nil && f.Drag.From == at {
			a = 0.3 // the ghost of a dragged man stays on its square
		}
		r := l.SquareRect(at)
		if sr, ok := s.sliding(f, at); ok {
			r = sr
		}
		s.piece(r, own.At(at), a)
	}
	s.fading(f)
	// Plain dots, unless previewDots drew the attempt preview instead.
	for x := f.Dests; x != 0 && !s.previewDots(f); {
		r := l.SquareRect(x.PopFirst())
		d := sq * 0.3
		s.add(Sprite{Kind: Disc, X: r.X + (sq-d)/2, Y: r.Y + (sq-d)/2, W: d, H: d, Color: selected, Alpha: 0.5})
	}
	for at, t := range f.Ghosts {
		if t != game.NoPieceType {
			s.piece(l.SquareRect(game.Square(at)), game.NewPiece(f.View.Side.Other(), t), 0.38)
		}
	}
	s.tokens(f)
	if t := f.Truth; t != nil {
		// The revealed men stand above the tokens: the truth is what a
		// review looks for, the tokens' glass shows round it.
		enemy := f.View.Side.Other()
		for x := t.ByColor(enemy); x != 0; {
			at := x.PopFirst()
			s.piece(l.SquareRect(at), t.At(at), 0.9)
		}
	}
	s.tryBadges(f)
	s.queued(f)
	s.updatingMark(f)
	if f.KeyCursor && f.Mode == PlayScreen {
		r := l.SquareRect(f.Cursor).inset(1)
		w := max(2, sq*0.06)
		for _, e := range []Rectangle{{r.X, r.Y, r.W, w}, {r.X, r.Y + r.H - w, r.W, w}, {r.X, r.Y, w, r.H}, {r.X + r.W - w, r.Y, w, r.H}} {
			s.rect(e, cursorMark, 0.95)
		}
	}
	if pr := f.Promote; pr != nil {
		s.picker(f, *pr)
	}
}

// picker dims the board and stands the four promotion choices on discs in
// a column from the promotion square inwards; the one under the pointer
// (or the keyboard cursor) is lit, as a button is.
func (s *Scene) picker(f *Frame, pr Promotion) {
	l := s.Layout
	s.rect(l.Board, background, 0.55)
	for i, at := range pr.Squares() {
		r := l.SquareRect(at)
		disc := pickerDisc
		if f.Hover && r.Contains(f.HoverX, f.HoverY) || f.KeyCursor && f.Cursor == at {
			disc = pickerHover
		}
		s.add(Sprite{Kind: Disc, X: r.X, Y: r.Y, W: r.W, H: r.H, Color: disc, Alpha: 0.95})
		s.piece(r, game.NewPiece(f.View.Side, PromotionPieces[i]), 1)
	}
}

// piece adds a man's art on a square.
func (s *Scene) piece(r Rectangle, p game.Piece, alpha float64) {
	s.add(Sprite{Kind: Piece, X: r.X, Y: r.Y, W: r.W, H: r.H, Piece: p, Alpha: alpha})
}

// coordinates adds the file letters along the bottom edge and the rank
// numbers along the left edge, inside the squares as lichess does.
func (s *Scene) coordinates(l Layout, light, dark color.RGBA) {
	size := max(11, math.Floor(l.Square*0.21)) // readable on a small board too
	pad := l.Square * 0.05
	for i := 0; i < 8; i++ {
		file, rank := i, 7-i
		if l.Flipped {
			file, rank = 7-i, i
		}
		bottom := l.SquareRect(game.NewSquare(file, rankAtBottom(l)))
		c := light
		if (file+rankAtBottom(l))%2 == 1 {
			c = dark
		}
		s.text(Rectangle{bottom.X, bottom.Y + bottom.H - size - pad, bottom.W - pad, size}, string(rune('a'+file)), assets.Bold, size, c, Right)
		left := l.SquareRect(game.NewSquare(fileAtLeft(l), rank))
		c = light
		if (fileAtLeft(l)+rank)%2 == 1 {
			c = dark
		}
		s.text(Rectangle{left.X + pad, left.Y + pad, left.W, size}, string(rune('1'+rank)), assets.Bold, size, c, Left)
	}
}

// rankAtBottom and fileAtLeft are the board's edges as seen.
func rankAtBottom(l Layout) int {
	if l.Flipped {
		return 7
	}
	return 0
}

func fileAtLeft(l Layout) int {
	if l.Flipped {
		return 7
	}
	return 0
}

// heat adds the probability of class t per square: orange, as strong as
// the chance, with the percentage written where it is at least 5%.
func (s *Scene) heat(f *Frame, t game.PieceType) {
	l := s.Layout
	size := max(9, l.Square*0.18)
	for x := game.A1; x <= game.H8; x++ {
		p := f.View.Probability[t][x]
		if p <= 0.001 {
			continue
		}
		r := l.SquareRect(x)
		s.rect(r, heatOrange, 0.15+0.6*p)
		if p >= 0.05 {
			s.text(Rectangle{r.X, r.Y + r.H - size - 2, r.W - 3, size}, fmt.Sprintf("%.0f%%", 100*p), assets.Bold, size, rgb(0x20, 0x10, 0x00), Right)
		}
	}
}

// shown returns the tokens to draw: the animator's, or the view model's as
// they are when there is no animator.
// Only the tokens the assistant's level allows are returned; the lobby's
// board, behind no game, has none.
func (f *Frame) shown() []Shown {
	if f.Assist == AssistOff || f.Mode == LobbyScreen {
		return nil
	}
	var out []Shown
	if f.Anim != nil {
		out = f.Anim.Shown(f.Tick)
	} else {
		out = make([]Shown, len(f.View.Tokens))
		for i, t := range f.View.Tokens {
			out[i] = Shown{t, t.Opacity}
		}
	}
	if f.Assist == AssistRules {
		// The referee's rules say where a man may stand, not how likely:
		// every rule token is drawn alike, with no number from the belief.
		out = slices.DeleteFunc(out, func(t Shown) bool { return !strings.HasPrefix(t.Reason.Rule, "R") })
		for i := range out {
			out[i].Alpha = min(out[i].Alpha/max(out[i].Opacity, 0.01), 1) * rulesAlpha
		}
	}
	return out
}

// rulesAlpha is how opaque a rule token is drawn at the "Rules only" level.
const rulesAlpha = 0.75

// visible reports whether the toggles let a token kind be drawn.
func (sh Show) visible(k controller.TokenKind) bool {
	switch k {
	case controller.CheckToken:
		return sh.Checks
	case controller.KingToken:
		return sh.Kings
	}
	return sh.Pieces
}

// tokens adds the guess tokens (thesis, Table 3.1): circles, a plain one
// for a piece, "+" for a checker, a king's sign for the king; each as
// opaque as its animated opacity.
func (s *Scene) tokens(f *Frame) {
	sq := s.Layout.Square
	glass := 1.0
	if f.Truth != nil {
		glass = revealedGlass // let the real men show through
	}
	for _, t := range f.shown() {
		if !f.Show.visible(t.Kind) {
			continue
		}
		t.Alpha *= glass
		r := s.Layout.SquareRect(t.Square)
		switch t.Kind {
		case controller.PieceToken:
			s.token(r, 0.5, 0.5, 0.72, pieceToken, t.Alpha)
		case controller.KingToken:
			b := s.token(r, 0.5, 0.5, 0.5, kingToken, t.Alpha)
			in := b.inset(b.W * 0.14)
			s.add(Sprite{Kind: Piece, X: in.X, Y: in.Y, W: in.W, H: in.H, Piece: game.NewPiece(game.White, game.King), Alpha: t.Alpha})
		case controller.CheckToken:
			b := s.token(r, 0.78, 0.22, 0.4, checkToken, t.Alpha)
			s.add(Sprite{Kind: Text, X: b.X, Y: b.Y, W: b.W, H: b.H, Text: "+", Font: assets.Bold, Size: math.Floor(sq * 0.36), Color: tokenRim, Alpha: t.Alpha, Align: Center})
		}
	}
}

// tryBadges marks our pawns that may capture this turn, as the referee's
// word on our pawn tries shows: an amber "x" at the pawn's upper corner.
func (s *Scene) tryBadges(f *Frame) {
	for x := f.tryBadged(); x != 0; {
		s.tryBadge(s.Layout.SquareRect(x.PopFirst()))
	}
}

// tryBadged are the pawns drawn with the pawn-try badge: none with the
// assistant off or before a game.
func (f *Frame) tryBadged() game.Bitboard {
	if f.Assist == AssistOff || f.Mode == NewGameScreen || f.Mode == LobbyScreen {
		return 0
	}
	return f.View.TryPawns
}

// tryBadge draws the pawn-try badge in the upper corner of square r.
func (s *Scene) tryBadge(r Rectangle) {
	d := r.W * 0.3
	b := Rectangle{r.X + r.W - d - 2, r.Y + 2, d, d}
	s.add(Sprite{Kind: Disc, X: b.X, Y: b.Y, W: b.W, H: b.H, Color: tryMark, Alpha: 0.95})
	s.text(b, "x", assets.Bold, math.Floor(d*0.75), rgb(0x20, 0x18, 0x00), Center)
}

// revealedGlass scales the tokens' alpha while the truth is revealed.
const revealedGlass = 0.5

// token adds one circular token centred at (cx, cy) (fractions of the
// square) with diameter d (a fraction of the square) and returns its box.
func (s *Scene) token(r Rectangle, cx, cy, d float64, c color.RGBA, alpha float64) Rectangle {
	w := r.W * d
	b := Rectangle{r.X + r.W*cx - w/2, r.Y + r.H*cy - w/2, w, w}
	s.add(Sprite{Kind: Disc, X: b.X, Y: b.Y, W: b.W, H: b.H, Color: c, Alpha: alpha * 0.85})
	s.add(Sprite{Kind: Ring, X: b.X, Y: b.Y, W: b.W, H: b.H, Color: tokenRim, Alpha: alpha * 0.9, Stroke: max(1, r.W*0.025)})
	return b
}

// queued marks the attempts queued for our next turn: their squares faintly
// lit and, on each target square, a badge with the attempt's number (side
// by side when several aim at one square).
func (s *Scene) queued(f *Frame) {
	l := s.Layout
	d := l.Square * 0.34
	onSquare := map[game.Square]int{}
	for i, m := range f.Queue {
		s.rect(l.SquareRect(m.From()), queueMark, 0.22)
		s.rect(l.SquareRect(m.To()), queueMark, 0.22)
		r := l.SquareRect(m.To())
		k := onSquare[m.To()]
		onSquare[m.To()]++
		b := Rectangle{r.X + 2 + float64(k)*d*0.8, r.Y + 2, d, d}
		s.add(Sprite{Kind: Disc, X: b.X, Y: b.Y, W: b.W, H: b.H, Color: queueMark, Alpha: 0.95})
		s.text(b, fmt.Sprint(i+1), assets.Bold, d*0.7, tokenRim, Center)
	}
}
