package scene

import (
	"image/color"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

func TestResultBanner(t *testing.T) {
	tests := []struct {
		res          referee.Result
		side         game.Color
		title, given string
	}{
		{referee.Result{Score: "1-0", Reason: referee.ReasonCheckmate}, game.White, "You won", "White wins: checkmate · 1-0"},
		{referee.Result{Score: "1-0", Reason: referee.ReasonResignation}, game.Black, "You lost", "White wins: Black resigned · 1-0"},
		{referee.Result{Score: "0-1", Reason: referee.ReasonTime}, game.Black, "You won", "Black wins: White's time ran out · 0-1"},
		{referee.Result{Score: "1/2-1/2", Reason: referee.ReasonStalemate}, game.White, "Draw", "Draw: stalemate · ½-½"},
		{referee.Result{Score: "*", Reason: referee.ReasonAborted}, game.White, "No result", "the game was aborted"},
	}
	for _, tc := range tests {
		b := ResultBanner(tc.res, tc.side)
		if b.Title != tc.title || b.Detail != tc.given {
			t.Errorf("%+v for %v: %q / %q; want %q / %q", tc.res, tc.side, b.Title, b.Detail, tc.title, tc.given)
		}
	}
}

// TestBannerOverTooltip: with the result banner up no hover card covers it.
func TestBannerOverTooltip(t *testing.T) {
	f := playFrame(1000, 640)
	r := NewLayout(f.W, f.H, false).SquareRect(game.E8)
	f.Hover, f.HoverX, f.HoverY = true, r.X+r.W/2, r.Y+r.H/2
	b := ResultBanner(referee.Result{Score: "0-1", Reason: referee.ReasonResignation}, game.White)
	f.Banner = &b
	s := Build(f)
	for _, sp := range s.Sprites {
		if sp.Kind == Rect && sp.Color == tooltipBG {
			t.Fatal("a hover card is drawn with the banner up")
		}
	}
}

// TestPickerOverTooltip: with the promotion picker open no hover card
// covers its choices; without it the same pointer shows one.
func TestPickerOverTooltip(t *testing.T) {
	f := playFrame(1000, 640)
	r := NewLayout(f.W, f.H, false).SquareRect(game.E8)
	f.Hover, f.HoverX, f.HoverY = true, r.X+r.W/2, r.Y+r.H/2
	card := func(f Frame) bool {
		s := Build(f)
		for _, sp := range s.Sprites {
			if sp.Kind == Rect && sp.Color == tooltipBG {
				return true
			}
		}
		return false
	}
	if !card(f) {
		t.Fatal("no hover card over e8 without the picker")
	}
	f.Promote = &Promotion{From: game.E7, To: game.E8}
	if card(f) {
		t.Fatal("a hover card is drawn over the promotion picker")
	}
}

// TestPickerLightsTheChoiceUnderThePointer: the promotion picker lights
// the disc under the pointer, or under the keyboard cursor, and only it.
func TestPickerLightsTheChoiceUnderThePointer(t *testing.T) {
	f := playFrame(1000, 640)
	f.Promote = &Promotion{From: game.E7, To: game.E8}
	l := NewLayout(f.W, f.H, false)
	lit := func(f Frame) []game.Square {
		s := Build(f)
		var on []game.Square
		for _, sp := range s.Sprites {
			if sp.Kind == Disc && sp.Color == pickerHover {
				sq, _ := l.SquareAt(sp.X+sp.W/2, sp.Y+sp.H/2)
				on = append(on, sq)
			}
		}
		return on
	}
	if on := lit(f); len(on) != 0 {
		t.Errorf("no pointer: lit %v; want none", on)
	}
	r := l.SquareRect(game.E7) // the knight's disc
	f.Hover, f.HoverX, f.HoverY = true, r.X+r.W/2, r.Y+r.H/2
	if on := lit(f); len(on) != 1 || on[0] != game.E7 {
		t.Errorf("pointer on e7: lit %v; want e7 alone", on)
	}
	f.Hover, f.KeyCursor, f.Cursor = false, true, game.E6
	if on := lit(f); len(on) != 1 || on[0] != game.E6 {
		t.Errorf("cursor on e6: lit %v; want e6 alone", on)
	}
}

// TestBannerRatingColour: the rating change on the result card reads in
// green for a gain, red for a loss and plain for none (a loss was green).
func TestBannerRatingColour(t *testing.T) {
	tests := []struct {
		rating string
		want   color.RGBA
	}{
		{"Rating 1500 → 1512 (+12)", textOwn},
		{"Rating 1500 → 1337 (-163)", illegalRed},
		{"Rating 1500 → 1500 (+0)", textMain},
	}
	for _, tc := range tests {
		f := playFrame(1000, 640)
		b := ResultBanner(referee.Result{Score: "0-1", Reason: referee.ReasonResignation}, game.White)
		b.Rating = tc.rating
		f.Banner = &b
		found := false
		for _, sp := range Build(f).Sprites {
			if sp.Kind == Text && sp.Text == tc.rating {
				found = true
				if sp.Color != tc.want {
					t.Errorf("%q drawn in %v; want %v", tc.rating, sp.Color, tc.want)
				}
			}
		}
		if !found {
			t.Errorf("%q not drawn on the card", tc.rating)
		}
	}
}
