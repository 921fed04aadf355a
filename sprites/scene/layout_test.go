package scene

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
)

func TestSquareAt(t *testing.T) {
	l := NewLayout(1000, 700, false)
	f := NewLayout(1000, 700, true)
	sq := l.Square
	tests := []struct {
		name   string
		l      Layout
		x, y   float64
		want   game.Square
		wantOK bool
	}{
		{"a8 top left", l, l.Board.X + 1, l.Board.Y + 1, game.A8, true},
		{"h1 bottom right", l, l.Board.X + l.Board.W - 1, l.Board.Y + l.Board.H - 1, game.H1, true},
		{"e2", l, l.Board.X + 4.5*sq, l.Board.Y + 6.5*sq, game.E2, true},
		{"flipped: h1 top left", f, f.Board.X + 1, f.Board.Y + 1, game.H1, true},
		{"flipped: e7", f, f.Board.X + 3.5*sq, f.Board.Y + 6.5*sq, game.E7, true},
		{"left of the board", l, l.Board.X - 1, l.Board.Y + 10, game.NoSquare, false},
		{"below the board", l, l.Board.X + 10, l.Board.Y + l.Board.H, game.NoSquare, false},
		{"in the panel", l, l.Panel.X + 5, l.Panel.Y + 5, game.NoSquare, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.l.SquareAt(tt.x, tt.y)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("SquareAt(%v, %v) = %v, %v; want %v, %v", tt.x, tt.y, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestSquareRectRoundTrip(t *testing.T) {
	for _, size := range [][2]int{{1000, 700}, {640, 480}, {1920, 1080}, {500, 900}} {
		for _, flipped := range []bool{false, true} {
			l := NewLayout(size[0], size[1], flipped)
			if l.Square != float64(int(l.Square)) {
				t.Errorf("%v: square side %v is not whole pixels", size, l.Square)
			}
			if l.Board.Y+l.Board.H > float64(size[1]) || l.Board.X+l.Board.W > float64(size[0]) {
				t.Errorf("%v: board %v leaves the window", size, l.Board)
			}
			for s := game.A1; s <= game.H8; s++ {
				r := l.SquareRect(s)
				got, ok := l.SquareAt(r.X+r.W/2, r.Y+r.H/2)
				if !ok || got != s {
					t.Fatalf("%v flipped=%v: centre of %v maps to %v, %v", size, flipped, s, got, ok)
				}
			}
		}
	}
}

func TestPromotionSquares(t *testing.T) {
	cases := []struct {
		p    Promotion
		want [4]game.Square
	}{
		{Promotion{From: game.A7, To: game.A8}, [4]game.Square{game.A8, game.A7, game.A6, game.A5}},
		{Promotion{From: game.G7, To: game.H8}, [4]game.Square{game.H8, game.H7, game.H6, game.H5}},
		{Promotion{From: game.D2, To: game.D1}, [4]game.Square{game.D1, game.D2, game.D3, game.D4}},
		{Promotion{From: game.B2, To: game.A1}, [4]game.Square{game.A1, game.A2, game.A3, game.A4}},
	}
	for _, c := range cases {
		if got := c.p.Squares(); got != c.want {
			t.Errorf("%v-%v: picker on %v; want %v", c.p.From, c.p.To, got, c.want)
		}
		for i, sq := range c.want {
			if got, ok := c.p.Pick(sq); !ok || got != PromotionPieces[i] {
				t.Errorf("%v-%v: Pick(%v) = %v, %v; want %v", c.p.From, c.p.To, sq, got, ok, PromotionPieces[i])
			}
		}
		if _, ok := c.p.Pick(game.E4); ok {
			t.Errorf("%v-%v: e4 picked a piece", c.p.From, c.p.To)
		}
	}
}

func TestWindowSize(t *testing.T) {
	cases := []struct{ sw, sh, w, h int }{
		{1920, 1080, 1468, 918},
		{3840, 2160, 2937, 1836},
		{1600, 1000, 1360, 850},
		{1280, 800, 1100, 680},
		{900, 560, 810, 476},
		{1024, 600, 921, 510},
		{0, 0, 1100, 720},
		{640, 400, 640, 400},
	}
	for _, c := range cases {
		if w, h := WindowSize(c.sw, c.sh); w != c.w || h != c.h {
			t.Errorf("WindowSize(%d, %d) = %d×%d; want %d×%d", c.sw, c.sh, w, h, c.w, c.h)
		}
	}
}

// overlap reports whether boxes a and b share any pixel.
func overlap(a, b Rectangle) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// TestLobbyButtonClearOfTheClocks: in the web page the Lobby button is one
// of the panel's, so at every window size, in play and at a game's end, it
// covers neither clock nor any other control.
func TestLobbyButtonClearOfTheClocks(t *testing.T) {
	for _, size := range [][2]int{{800, 500}, {900, 560}, {1024, 768}, {1280, 800}, {1366, 768}, {1920, 1080}, {2560, 1440}, {700, 900}} {
		for _, over := range []bool{false, true} {
			f := playFrame(size[0], size[1])
			f.Panel.Lobby, f.Panel.GameOver, f.Panel.Reviewable = true, over, over
			f.Panel.Clocks = [2]time.Duration{4*time.Minute + 12*time.Second, 3*time.Minute + 5*time.Second}
			s := Build(f)
			var lobby *Rectangle
			for i, h := range s.Hits {
				if h.Button == ToLobby {
					lobby = &s.Hits[i].R
				}
			}
			if lobby == nil {
				t.Errorf("%dx%d, over %v: no Lobby button", size[0], size[1], over)
				continue
			}
			for _, sp := range s.Sprites {
				if sp.Kind == Text && (sp.Text == "4:12" || sp.Text == "3:05") && overlap(*lobby, Rectangle{sp.X, sp.Y, sp.W, sp.H}) {
					t.Errorf("%dx%d, over %v: the Lobby button %+v covers the clock %q at %+v", size[0], size[1], over, *lobby, sp.Text, sp)
				}
			}
			for _, h := range s.Hits {
				if h.Button != ToLobby && overlap(*lobby, h.R) {
					t.Errorf("%dx%d, over %v: the Lobby button %+v covers button %v at %+v", size[0], size[1], over, *lobby, h.Button, h.R)
				}
			}
			if !lobby.within(Rectangle{0, 0, float64(size[0]), float64(size[1])}) {
				t.Errorf("%dx%d: the Lobby button %+v leaves the window", size[0], size[1], *lobby)
			}
		}
	}
}

// TestUpdatingMarkClearOfTheBoard: the board's "updating…" mark, while
// the tokens are behind the newest message, covers no square (nor the
// coordinates drawn in them) at the window sizes the tests use, either
// side at the bottom, and stays in the window and off the panel; it stood
// over the top corner's squares, hiding g8 and h8's tokens.
func TestUpdatingMarkClearOfTheBoard(t *testing.T) {
	for _, size := range [][2]int{{640, 400}, {800, 500}, {1000, 680}, {1100, 720}, {1280, 800}, {1920, 1080}, {700, 900}, {500, 900}} {
		for _, flipped := range []bool{false, true} {
			f := playFrame(size[0], size[1])
			f.Flipped, f.View.Updating = flipped, true
			s := Build(f)
			var mark []Rectangle // the text and the box under it
			for i, sp := range s.Sprites {
				if sp.Kind == Text && sp.Text == "updating…" {
					bg := s.Sprites[i-1]
					mark = []Rectangle{{sp.X, sp.Y, sp.W, sp.H}, {bg.X, bg.Y, bg.W, bg.H}}
				}
			}
			if mark == nil {
				t.Errorf("%dx%d: no updating mark", size[0], size[1])
				continue
			}
			l := s.Layout
			for _, r := range mark {
				if overlap(r, l.Board) || overlap(r, l.Panel) || !r.within(Rectangle{0, 0, float64(size[0]), float64(size[1])}) {
					t.Errorf("%dx%d, flipped %v: the mark %+v is over the board %+v or the panel %+v, or leaves the window", size[0], size[1], flipped, r, l.Board, l.Panel)
				}
			}
			for _, c := range s.Clipped() {
				if strings.Contains(c, "updating") {
					t.Errorf("%dx%d: %s", size[0], size[1], c)
				}
			}
		}
	}
}
