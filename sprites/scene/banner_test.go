package scene

import (
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
