package scene

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/krieg/krieg/assets"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Banner is the result shown over the board when a game ends, as lichess
// shows it: who won and how, and the rating change of a rated game.
type Banner struct {
	Title  string // "You won", "You lost", "Draw", "No result"
	Detail string // "White wins: Black resigned · 1-0"
	Rating string // "Rating 1500 → 1512 (+12)", when the server said
}

// ResultBanner words res for the player of side.
func ResultBanner(res referee.Result, side game.Color) Banner {
	winner, ok := game.White, true
	switch res.Score {
	case "1-0":
	case "0-1":
		winner = game.Black
	default:
		ok = false
	}
	how := referee.ReasonWords(res.Reason, winner)
	switch {
	case ok && winner == side:
		return Banner{Title: "You won", Detail: fmt.Sprintf("%s wins: %s · %s", winner.Title(), how, res.Score)}
	case ok:
		return Banner{Title: "You lost", Detail: fmt.Sprintf("%s wins: %s · %s", winner.Title(), how, res.Score)}
	case res.Score == "1/2-1/2":
		return Banner{Title: "Draw", Detail: fmt.Sprintf("Draw: %s · ½-½", how)}
	}
	return Banner{Title: "No result", Detail: how}
}

// banner draws the result over the middle of the board with the game's
// next steps as buttons, the panel's own: Review when the record can be
// opened, then Lobby on a server with a lobby, else New game. A click
// elsewhere on it closes it.
func (s *Scene) banner(b *Banner, p Panel) {
	l := s.Layout
	unit := max(12, l.Square*0.28)
	w := l.Board.W * 0.8
	lines := []struct {
		text string
		font assets.Font
		size float64
		col  color.RGBA
	}{
		{b.Title, assets.Bold, unit * 1.6, textMain},
		{b.Detail, assets.Regular, unit, textMain},
		{b.Rating, assets.Regular, unit, ratingColour(b.Rating)},
	}
	actions := BannerActions(p)
	h := unit*1.2 + unit*2.4 + unit*0.75*1.5
	for _, ln := range lines {
		if ln.text != "" {
			h += ln.size * 1.5
		}
	}
	box := Rectangle{l.Board.X + (l.Board.W-w)/2, l.Board.Y + (l.Board.H-h)/2, w, h}
	s.rect(box, panelBG, 0.95)
	s.rect(Rectangle{box.X, box.Y, box.W, 4}, bannerEdge(b), 1)
	s.Hits = append(s.Hits, Hit{R: box, Button: CloseBanner})
	y := box.Y + unit*0.6
	for _, ln := range lines {
		if ln.text == "" {
			continue
		}
		s.text(Rectangle{box.X + 8, y, box.W - 16, ln.size * 1.5}, ln.text, ln.font, ln.size, ln.col, Center)
		y += ln.size * 1.5
	}
	gap := 8.0
	bw := min(unit*7, (box.W-16-gap*float64(len(actions)-1))/float64(len(actions)))
	x := box.X + (box.W-bw*float64(len(actions))-gap*float64(len(actions)-1))/2
	for i, a := range actions {
		s.button(Rectangle{x + float64(i)*(bw+gap), y + unit*0.2, bw, unit * 2}, a, a.label(), a == Review, unit*0.9)
	}
	y += unit * 2.4
	s.text(Rectangle{box.X + 8, y, box.W - 16, unit * 0.75 * 1.5}, "Click the card away from its buttons to close it", assets.Regular, unit*0.75, textDim, Center)
}

// BannerActions are the result card's buttons for a game whose panel is
// p, in the panel's words: Review when the record opens, then where the
// next game is found (the lobby on a server that has one, else a new game).
func BannerActions(p Panel) []Button {
	next := NewGame
	if p.Lobby {
		next = ToLobby
	}
	if p.Reviewable {
		return []Button{Review, next}
	}
	return []Button{next}
}

// ratingColour colours a rating change by its sign, the last "(+12)" or
// "(-163)" of the line: a gain green, a loss red, no change plain.
func ratingColour(rating string) color.RGBA {
	at := strings.LastIndex(rating, "(")
	if at < 0 || at+1 >= len(rating) {
		return textMain
	}
	switch n := rating[at+1:]; {
	case strings.HasPrefix(n, "+0)"):
		return textMain
	case strings.HasPrefix(n, "+"):
		return textOwn
	case strings.HasPrefix(n, "-"), strings.HasPrefix(n, "−"):
		return illegalRed
	}
	return textMain
}

// bannerEdge color.RGBAs the banner's top edge: green for a win, red for a
// loss, grey otherwise.
func bannerEdge(b *Banner) color.RGBA {
	switch b.Title {
	case "You won":
		return buttonOn
	case "You lost":
		return clockLow
	}
	return textDim
}
