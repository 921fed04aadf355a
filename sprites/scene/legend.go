package scene

import (
	"fmt"
	"math"
	"strings"

	"github.com/krieg/krieg/assets"
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// legendRows are the legend's entries: a small drawing and what it means.
var legendRows = []struct {
	draw func(s *Scene, r Rectangle)
	text string
}{
	{func(s *Scene, r Rectangle) { s.token(r, 0.5, 0.5, 0.72, pieceToken, 0.9) },
		"Blue disc: an enemy man stands here at least as likely as not, or a referee's word points here (a capture, a pawn that could have captured). The stronger the colour, the likelier."},
	{func(s *Scene, r Rectangle) {
		b := s.token(r, 0.5, 0.5, 0.6, checkToken, 0.9)
		s.add(Sprite{Kind: Text, X: b.X, Y: b.Y, W: b.W, H: b.H, Text: "+", Font: assets.Bold, Size: math.Floor(r.W * 0.5), Color: tokenRim, Alpha: 1, Align: Center})
	}, "Orange disc with +: the man giving check may stand here (after the referee says check)."},
	{func(s *Scene, r Rectangle) {
		b := s.token(r, 0.5, 0.5, 0.7, kingToken, 0.9)
		in := b.inset(b.W * 0.14)
		s.add(Sprite{Kind: Piece, X: in.X, Y: in.Y, W: in.W, H: in.H, Piece: game.NewPiece(game.White, game.King), Alpha: 0.9})
	}, "Purple disc with a king: the enemy king may stand here."},
	{func(s *Scene, r Rectangle) {
		d := r.W * (previewMinDot + (previewMaxDot-previewMinDot)*0.7)
		s.add(Sprite{Kind: Disc, X: r.X + (r.W-d)/2, Y: r.Y + (r.H-d)/2, W: d, H: d, Color: previewDot, Alpha: 0.7})
		w := r.W * previewRing
		s.add(Sprite{Kind: Ring, X: r.X + (r.W-w)/2, Y: r.Y + (r.H-w)/2, W: w, H: w, Color: dangerRed, Alpha: 0.8, Stroke: max(1.5, r.W*previewStroke)})
	}, "Green dot, on a picked-up man's target: the larger, the likelier the referee accepts the move; a red ring round it: the man may be taken in reply, the redder, the likelier."},
	{func(s *Scene, r Rectangle) {
		d := r.W * 0.3 // larger than on a square, to be seen in the list
		s.add(Sprite{Kind: Disc, X: r.X + (r.W-d)/2, Y: r.Y + (r.H-d)/2, W: d, H: d, Color: nonsenseDot, Alpha: 0.8})
	}, "Grey dot, on a picked-up man's target: what the referee said this turn rules that attempt out whatever the board (after Any? was answered yes, a pawn capture the tries rule out)."},
	{func(s *Scene, r Rectangle) {
		s.rect(r, heatOrange, 0.55)
		s.text(r, "40%", assets.Bold, r.H*0.35, rgb(0x20, 0x10, 0x00), Center)
	}, "Heat map (F9 or Heat): the chance that an enemy man of one kind stands on each square."},
	{func(s *Scene, r Rectangle) { s.rect(r, zoneRed, 0.45) },
		"Zone (F8 or Zone): red squares none of your men attacks; the enemy king may go there."},
	{func(s *Scene, r Rectangle) { s.piece(r, game.NewPiece(game.Black, game.Knight), 0.38) },
		"Ghost: your own guess, never sent. Right-click a square to cycle it; Delete clears them."},
	{func(s *Scene, r Rectangle) {
		s.piece(r, game.NewPiece(game.White, game.Pawn), 1)
		s.tryBadge(r)
	}, "Amber x on your pawn: the referee announced pawn tries, and this pawn may have one."},
	{func(s *Scene, r Rectangle) {
		d := r.W * 0.6
		b := Rectangle{r.X + (r.W-d)/2, r.Y + (r.H-d)/2, d, d}
		s.add(Sprite{Kind: Disc, X: b.X, Y: b.Y, W: b.W, H: b.H, Color: queueMark, Alpha: 0.95})
		s.text(b, "1", assets.Bold, d*0.7, tokenRim, Center)
	}, "Numbered badge: an attempt queued during the opponent's turn, sent in order on yours. Esc clears."},
}

// legendKeys are the keys the legend lists.
const legendKeys = `Move: drag a man, click it then its target, type e2e4 and Enter, or use the arrow keys and Space.
F11 full screen · F2 new game · F3 flip · F4 sound · ` + tokenKeys + ` tokens and zone · F9 heat map · ? or F1 this legend · Ctrl+Q quit.
Replay and review: ← → step, Home End jump, Tab the other side's view.`

// legend draws the legend over the whole window: each token kind, the
// attempt preview's dots, the heat map, the zone, ghosts, pawn tries and
// the queue with a small drawing, then the keys.
func (s *Scene) legend(f *Frame) {
	W, H := float64(f.W), float64(f.H)
	s.rect(Rectangle{0, 0, W, H}, background, 0.8)
	box := Rectangle{W * 0.06, H * 0.05, W * 0.88, H * 0.9}
	s.Overlay, s.overlayFrom = box, len(s.Sprites)
	s.rect(box, panelBG, 1)
	s.Hits = append(s.Hits, Hit{R: Rectangle{0, 0, W, H}, Button: Legend}) // a click anywhere closes it
	unit := max(9, min(box.W/40, box.H/26))
	for {
		c := column{s: s, r: box.inset(unit), unit: unit}
		start := len(s.Sprites)
		c.line("What the board shows", assets.Bold, textMain)
		c.row(unit * 0.4)
		icon := unit * 2.4
		for _, row := range legendRows {
			lines := Wrap(row.text, assets.Regular, unit, c.r.W-icon-unit, "")
			h := max(icon, float64(len(lines))*unit*1.45) + unit*0.3
			r := c.row(h)
			row.draw(s, Rectangle{r.X, r.Y, icon, icon})
			for i, l := range lines {
				s.text(Rectangle{r.X + icon + unit, r.Y + float64(i)*unit*1.45, r.W - icon - unit, unit * 1.45}, l, assets.Regular, unit, textMain, Left)
			}
		}
		c.row(unit * 0.4)
		c.line("Keys", assets.Bold, textMain)
		for _, l := range strings.Split(legendKeys, "\n") {
			c.line(l, assets.Regular, textDim)
		}
		c.row(unit * 0.4)
		c.line("Hover a square to read why a token is there. Close: Esc, ? or F1, or a click.", assets.Regular, textOwn)
		if c.r.H >= 0 || unit <= 7 {
			return
		}
		s.Sprites = s.Sprites[:start]
		unit *= 0.9
	}
}

// plainRule says in plain words why a token stands where it does.
func plainRule(t controller.Token) string {
	why := ""
	switch t.Reason.Rule {
	case "R1":
		why = "a pawn could have captured here"
	case "R2":
		why = "an enemy man just captured here"
	case "R3":
		why = "the man giving check may stand here"
	case "R7", "R8":
		why = "your check says the enemy king may stand here"
	case "B1":
		why = "the enemy king may stand here, by what the referee has said so far"
	case "B2":
		switch {
		case t.Kind == controller.KingToken:
			why = "the boards still possible put the enemy king here this often"
		case t.Opacity >= 0.9995:
			why = "what the referee has said proves an enemy man here"
		default:
			why = "most boards still possible have an enemy man here"
		}
	default:
		why = "rule " + t.Reason.Rule
	}
	if m := t.Reason.Message; m != "" && m != "likely occupied" && m != "enemy king estimate" {
		why += ": " + m
	}
	return why
}

// tokenName names a token kind for the hover card.
func tokenName(k controller.TokenKind) string {
	switch k {
	case controller.CheckToken:
		return "Checker"
	case controller.KingToken:
		return "Enemy king"
	}
	return "Enemy man"
}

// explainToken is the hover card's line for one token: with its chance
// at the assistant's full level, without any number at "Rules only".
func explainToken(t Shown, a Assist) string {
	if a != AssistFull {
		return fmt.Sprintf("%s: %s", tokenName(t.Kind), plainRule(t.Token))
	}
	return fmt.Sprintf("%s %.0f%%: %s", tokenName(t.Kind), 100*t.Opacity, plainRule(t.Token))
}
