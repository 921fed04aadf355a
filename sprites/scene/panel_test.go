package scene

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// playFrame is White's view at the start on the play screen at w×h.
func playFrame(w, h int) Frame {
	v := controller.New(game.White, referee.Wild16, game.Start(), controller.Options{BeliefOnly: true}).View()
	return Frame{Mode: PlayScreen, W: w, H: h, Show: DefaultShow, Selected: game.NoSquare, Capture: game.NoSquare, View: v,
		Panel: Panel{Title: "Wild 16 · 5+3 · you play White", Status: "Your move", ShowInput: true}}
}

// texts returns the scene's text runs.
func texts(s *Scene) []string {
	var out []string
	for _, sp := range s.Sprites {
		if sp.Kind == Text {
			out = append(out, sp.Text)
		}
	}
	return out
}

func hasText(s *Scene, str string) bool {
	for _, t := range texts(s) {
		if t == str {
			return true
		}
	}
	return false
}

// TestPanelSmallMends: one board is "1 sampled board"; the Save as…
// label stays whole at 900×560 however long the path; a silent machine
// says so on every screen; success reads green.
func TestPanelSmallMends(t *testing.T) {
	f := playFrame(900, 560)
	f.View.Boards, f.View.FromB1 = 1, false
	s := Build(f)
	if !hasText(&s, "Belief: 1 sampled board") {
		t.Errorf("one board: texts %q; want Belief: 1 sampled board", texts(&s))
	}
	f.Panel.PromptLabel, f.Panel.Prompt = "Save as:", "/srv/someone/with/a/long/folder/name/krieg-2026-11-26-140000.pgn"
	s = Build(f)
	if !hasText(&s, "Save as:") {
		t.Errorf("Save as… at 900×560: texts %q; want the label whole", texts(&s))
	}
	for _, c := range s.Clipped() {
		t.Error(c)
	}
	for _, mode := range []Mode{NewGameScreen, PlayScreen} {
		f := playFrame(900, 560)
		f.Mode, f.Panel.Silent = mode, "No sound device: the window is silent"
		if s := Build(f); !hasText(&s, f.Panel.Silent) {
			t.Errorf("screen %d: no word of the silence", mode)
		}
	}
	if toneColours[GoodTone] == toneColours[BadTone] {
		t.Error("good news is drawn in the error's colour")
	}
}

// TestLayoutUsesTheWidth: at 1280×800 the panel reaches the window's right
// margin; at 1920×1080 board and panel stand in the middle.
func TestLayoutUsesTheWidth(t *testing.T) {
	l := NewLayout(1280, 800, false)
	if right := l.Panel.X + l.Panel.W; right != 1280-margin {
		t.Errorf("1280×800: the panel ends at %v; want %d", right, 1280-margin)
	}
	l = NewLayout(1920, 1080, false)
	left, right := l.Board.X, 1920-(l.Panel.X+l.Panel.W)
	if d := left - right; d < -1 || d > 1 || l.Panel.W < 500 {
		t.Errorf("1920×1080: margins %v and %v, panel %v wide; want them equal and the panel wide", left, right, l.Panel.W)
	}
}

// TestTooltipStaysOnTheBoard: the hover card of the board's right-hand
// edge, long as it is, keeps to the board and leaves the panel's log free.
func TestTooltipStaysOnTheBoard(t *testing.T) {
	f := playFrame(900, 560)
	l := NewLayout(900, 560, false)
	r := l.SquareRect(game.H8)
	f.Hover, f.HoverX, f.HoverY = true, r.X+r.W/2, r.Y+r.H/2
	f.Ghosts[game.H8] = game.Queen
	f.View.Tokens = append(f.View.Tokens, controller.Token{Kind: controller.KingToken, Square: game.H8, Opacity: 0.5,
		Reason: controller.Reason{Rule: "B2", Message: strings.Repeat("a long reason for the card ", 4)}})
	s := Build(f)
	found := false
	for _, sp := range s.Sprites {
		if sp.Kind == Rect && sp.Color == tooltipBG {
			found = true
			if box := (Rectangle{sp.X, sp.Y, sp.W, sp.H}); !box.within(l.Board) {
				t.Errorf("the card %+v leaves the board %+v", box, l.Board)
			}
		}
	}
	if !found {
		t.Fatal("no hover card drawn")
	}
}

// TestTooltipBesideItsSquare: the hover card stands beside the square it
// explains, on either side of the board, never over it.
func TestTooltipBesideItsSquare(t *testing.T) {
	for _, size := range [][2]int{{900, 560}, {1280, 800}} {
		l := NewLayout(size[0], size[1], false)
		for _, sq := range []game.Square{game.A1, game.D4, game.E5, game.H8, game.B7} {
			f := playFrame(size[0], size[1])
			r := l.SquareRect(sq)
			f.Hover, f.HoverX, f.HoverY = true, r.X+r.W/2, r.Y+r.H/2
			f.View.Tokens = append(f.View.Tokens, controller.Token{Kind: controller.KingToken, Square: sq, Opacity: 0.5,
				Reason: controller.Reason{Rule: "B2", Message: strings.Repeat("a long reason for the card ", 4)}})
			found := false
			for _, sp := range Build(f).Sprites {
				if sp.Kind != Rect || sp.Color != tooltipBG {
					continue
				}
				found = true
				card := Rectangle{sp.X, sp.Y, sp.W, sp.H}
				if overlap(card, r) {
					t.Errorf("%v at %v: the card %+v covers the square %+v", size, sq, card, r)
				}
				if !card.within(l.Board) {
					t.Errorf("%v at %v: the card %+v leaves the board", size, sq, card)
				}
			}
			if !found {
				t.Errorf("%v at %v: no hover card", size, sq)
			}
		}
	}
}

// TestOwnTriesShown: our pawn tries stand in the panel and as a badge on
// the pawn that may capture; the coordinates are readable at 900×560.
func TestOwnTriesShown(t *testing.T) {
	f := playFrame(900, 560)
	f.View.OwnTries, f.View.TryPawns = "1 pawn try", game.E4.Bit()
	s := Build(f)
	if !hasText(&s, "Your pawn tries: 1 pawn try") {
		t.Errorf("texts %q; want our pawn tries in the panel", texts(&s))
	}
	r := s.Layout.SquareRect(game.E4)
	badge, coords := false, 0.0
	for _, sp := range s.Sprites {
		if sp.Kind == Disc && sp.Color == tryMark && r.Contains(sp.X+sp.W/2, sp.Y+sp.H/2) {
			badge = true
		}
		if sp.Kind == Text && sp.Text == "a" {
			coords = sp.Size
		}
	}
	if !badge {
		t.Error("no try badge on e4")
	}
	if coords < 13 {
		t.Errorf("coordinates at 900×560 are %vpx; want at least 13", coords)
	}
}

// TestClocksBeforeTheGame: before a game's clocks are known (zero), no
// clock is drawn in the flag's red; once the game is over a fallen flag is.
func TestClocksBeforeTheGame(t *testing.T) {
	f := playFrame(900, 560)
	red := func(f Frame) bool {
		s := Build(f)
		for _, sp := range s.Sprites {
			if sp.Kind == Rect && sp.Color == clockLow {
				return true
			}
		}
		return false
	}
	if red(f) {
		t.Error("a clock is red before the game began")
	}
	f.Panel.GameOver = true
	if !red(f) {
		t.Error("a fallen flag is not red after the game")
	}
}

// TestUntimedClocks: a game without a clock shows no time on either clock
// (a dash), and no flag in red when it is over.
func TestUntimedClocks(t *testing.T) {
	f := playFrame(900, 560)
	f.Panel.Untimed, f.Panel.GameOver = true, true
	dashes := 0
	for _, sp := range Build(f).Sprites {
		switch {
		case sp.Kind == Rect && sp.Color == clockLow:
			t.Error("a clock is red in a game without a clock")
		case sp.Kind == Text && sp.Text == "0:00":
			t.Error("a game without a clock shows 0:00")
		case sp.Kind == Text && sp.Text == "—":
			dashes++
		}
	}
	if dashes != 2 {
		t.Errorf("%d clocks show a dash; want 2", dashes)
	}
}

// TestBeliefLineKeepsItsLength: while a belief is in flight the line says
// so in place of the count, and stays one line at 1280×800 with the heat
// map's class on it (the mark used to wrap it, and the panel below jumped
// twice a move).
func TestBeliefLineKeepsItsLength(t *testing.T) {
	f := playFrame(1280, 800)
	f.View.Boards, f.View.FromB1 = 15211, false
	f.Show.Heat = game.King
	before := Build(f)
	f.View.Updating = true
	during := Build(f)
	if !hasText(&during, "Belief: updating… · heat: enemy king") {
		t.Fatalf("texts %q; want the belief line marked updating", texts(&during))
	}
	// The panel's own sprites: the board's updating mark is not the line's.
	inPanel := func(s *Scene) (n int) {
		for _, sp := range s.Sprites {
			if sp.X >= s.Layout.Panel.X {
				n++
			}
		}
		return n
	}
	if inPanel(&before) != inPanel(&during) {
		t.Errorf("the panel has %d sprites while updating, %d before: the line wrapped", inPanel(&during), inPanel(&before))
	}
}

// TestHeatButtonSaysWhatItShows: the Heat button reads "Heat off" when the
// map is off and names the class it shows otherwise, whole, at every size.
func TestHeatButtonSaysWhatItShows(t *testing.T) {
	for _, size := range [][2]int{{800, 500}, {900, 560}, {1280, 800}, {1920, 1080}} {
		for _, heat := range []game.PieceType{game.NoPieceType, game.King, game.Queen, game.Rook, game.Bishop, game.Knight, game.Pawn} {
			f := playFrame(size[0], size[1])
			f.Show.Heat = heat
			s := Build(f)
			want := []string{"Heat off"}
			if heat != game.NoPieceType {
				want = []string{"Heat: " + heat.String(), "Heat " + heat.Letter()}
			}
			found := false
			for _, w := range want {
				found = found || hasText(&s, w)
			}
			if !found {
				t.Errorf("%dx%d, heat %v: no button reads %q", size[0], size[1], heat, want)
			}
			for _, c := range s.Clipped() {
				if strings.Contains(c, "Heat") {
					t.Errorf("%dx%d: %s", size[0], size[1], c)
				}
			}
		}
	}
}

// TestCapturedNamesBothSides: the panel's count of captures says whose:
// the men we took and the men we lost.
func TestCapturedNamesBothSides(t *testing.T) {
	f := playFrame(1280, 800)
	f.View.Captured.Pawns, f.View.Lost.Pawns, f.View.Lost.Pieces = 1, 2, 1
	s := Build(f)
	all := strings.Join(texts(&s), " ")
	if !strings.Contains(all, "You took 1 pawn, 0 pieces") || !strings.Contains(all, "lost 2 pawns, 1 piece") {
		t.Errorf("texts %q; want what we took and what we lost", all)
	}
}

// TestNewGameOffersEveryRuleset: the new-game screen has a button for each
// of the seven rulesets, and lights the one chosen (Wild 16 when none is),
// at the smallest window too.
func TestNewGameOffersEveryRuleset(t *testing.T) {
	for _, size := range [][2]int{{1280, 800}, {640, 400}} {
		f := playFrame(size[0], size[1])
		f.Mode = NewGameScreen
		for _, pick := range []string{"", "berkeley", "open"} {
			f.NewGame.Rules = pick
			s := Build(f)
			for i, r := range referee.Rulesets {
				b := Choice(RulesGroup, i)
				on, found := lit(&s, b)
				if !found {
					t.Fatalf("%v, rules %q: no button for %s", size, pick, r.Name)
				}
				if want := r.Name == pick || pick == "" && r == referee.Wild16; on != want {
					t.Errorf("%v, rules %q: %s lit %v, want %v", size, pick, r.Name, on, want)
				}
			}
		}
	}
}

// lit reports whether the scene has button b, and whether it is drawn lit.
func lit(s *Scene, b Button) (on, found bool) {
	for _, h := range s.Hits {
		if h.Button != b {
			continue
		}
		for _, sp := range s.Sprites {
			if sp.Kind == Rect && sp.X == h.R.X && sp.Y == h.R.Y && sp.W == h.R.W && sp.H == h.R.H {
				return sp.Color == buttonOn, true
			}
		}
		return false, true
	}
	return false, false
}

// TestPlayButtonsStayPut: a game's buttons, the toggles' row too, stand
// where they stood when a note comes (why the clocks stand, queued moves, an offer, what became of
// ours), so that a click aimed at one never lands on another.
func TestPlayButtonsStayPut(t *testing.T) {
	where := func(f Frame) map[Button]Rectangle {
		s := Build(f)
		at := map[Button]Rectangle{}
		for _, h := range s.Hits {
			if _, _, choice := h.Button.AsChoice(); !choice {
				at[h.Button] = h.R
			}
		}
		return at
	}
	for _, size := range [][2]int{{1280, 800}, {900, 560}, {640, 400}} {
		f := playFrame(size[0], size[1])
		before := where(f)
		f.Panel.ClockNote = "bob disconnected: the clocks run on; the game is theirs to lose in 0:57 unless they return"
		f.Queue = []game.Move{game.NewMove(game.E2, game.E4, game.NoPieceType)}
		f.Panel.Offer, f.Panel.OfferNews = "draw", "You offered to abort: waiting for the opponent to agree"
		f.View.OwnTries, f.View.TryPawns = "2 pawn tries", game.E4.Bit()|game.D4.Bit()
		f.Panel.Notice = "A new game? Resign this one first: click Confirm resign or press Enter; Cancel or Escape keeps playing"
		after := where(f)
		for _, b := range []Button{Resign, OfferDraw, Abort, Flip, Fullscreen, Mute, Legend, TogglePieces, ToggleChecks, ToggleKings, ToggleZone, CycleHeat} {
			if r, ok := before[b]; !ok || after[b] != r {
				t.Errorf("%v: %v at %+v before the notes, %+v after", size, b, r, after[b])
			}
		}
		s := Build(f)
		p := s.Layout.Panel
		for _, sp := range s.Sprites {
			if sp.Kind == Text && sp.Y+sp.H > p.Y+p.H+0.5 {
				t.Errorf("%v: %q runs past the panel's bottom (%.0f > %.0f)", size, sp.Text, sp.Y+sp.H, p.Y+p.H)
			}
		}
	}
}

// TestNewGameButtonsStayPut: on the new-game screen, in windows small and
// large, a note under Play ("Saved to …", a silent referee) moves and
// shrinks no button, and no text runs past the panel's bottom.
func TestNewGameButtonsStayPut(t *testing.T) {
	for _, size := range [][2]int{{1280, 800}, {900, 560}, {640, 400}} {
		f := playFrame(size[0], size[1])
		f.Mode = NewGameScreen
		where := func(f Frame) (map[Button]Rectangle, Scene) {
			s := Build(f)
			at := map[Button]Rectangle{}
			for _, h := range s.Hits {
				at[h.Button] = h.R
			}
			return at, s
		}
		before, _ := where(f)
		f.Panel.Notice = "Saved to /var/lib/someone/documents/kriegspiel/games/2026-11-28-you-against-the-computer.pgn"
		f.Panel.Silent = "The referee says nothing of the opponent's attempts in these rules."
		after, s := where(f)
		if len(after) != len(before) {
			t.Errorf("%v: %d buttons before the note, %d after", size, len(before), len(after))
		}
		for b, r := range before {
			if after[b] != r {
				t.Errorf("%v: %v at %+v before the note, %+v after", size, b, r, after[b])
			}
		}
		if !hasText(&s, "Saved to") {
			t.Errorf("%v: the note is not shown: %q", size, texts(&s))
		}
		p := s.Layout.Panel
		for _, sp := range s.Sprites {
			if sp.Kind == Text && sp.Y+sp.H > p.Y+p.H+0.5 {
				t.Errorf("%v: %q runs past the panel's bottom (%.0f > %.0f)", size, sp.Text, sp.Y+sp.H, p.Y+p.H)
			}
		}
	}
}

// TestTypedPasswordMasked: a typed "register PASSWORD" or "password OLD
// NEW" shows its passwords as stars; any other line shows as typed.
func TestTypedPasswordMasked(t *testing.T) {
	for line, want := range map[string]string{
		"register s3cret": "register ******",
		"Register ab":     "Register **",
		"e2e4":            "e2e4",
		"register":        "register",
		"password ab cd":  "password *****",
		"passwords":       "passwords",
	} {
		if got := Masked(line); got != want {
			t.Errorf("Masked(%q) = %q; want %q", line, got, want)
		}
	}
	f := playFrame(1280, 800)
	f.Panel.ShowInput, f.Panel.Typed = true, "register s3cret"
	s := Build(f)
	if !hasText(&s, "register ******_") {
		t.Errorf("texts %q; want the typed line masked", texts(&s))
	}
	for _, str := range texts(&s) {
		if strings.Contains(str, "s3cret") {
			t.Fatalf("the screen shows the typed password: %q", str)
		}
	}
}

// TestLogShowsItsNewestLinesInOrder: the log panel shows the newest lines of
// a long log, each console line just before the log line that followed it,
// exactly the tail of the whole log written out in order; a short log shows
// whole.
func TestLogShowsItsNewestLinesInOrder(t *testing.T) {
	for _, plies := range []int{3, 300} {
		f := playFrame(1280, 800)
		for i := 0; i < plies; i++ {
			f.View.Log = append(f.View.Log, controller.LogLine{Ply: i, Side: game.Color(i % 2), Own: i%2 == 0, Text: fmt.Sprintf("line %d", i)})
		}
		f.Panel.Console = []ConsoleLine{{"said at the start", 0}, {"said mid-game", plies / 2}, {"said before the last", plies - 1}, {"said last", plies}, {"said last too", plies}}
		var want []string // the whole log written out from the first line
		console := f.Panel.Console
		for i := 0; i <= plies; i++ {
			for len(console) > 0 && console[0].After <= i {
				want = append(want, "  "+console[0].Text)
				console = console[1:]
			}
			if i < plies {
				l := f.View.Log[i]
				mark, who := "  ", "W"
				if l.Own {
					mark = "› "
				}
				if l.Side == game.Black {
					who = "B"
				}
				want = append(want, fmt.Sprintf("%s%3d %s %s", mark, l.Ply/2+1, who, l.Text))
			}
		}
		s := Build(f)
		var got []string
		for _, x := range texts(&s) {
			if strings.Contains(x, "line ") || strings.HasPrefix(x, "  said") {
				got = append(got, x)
			}
		}
		if plies == 3 && !slices.Equal(got, want) {
			t.Errorf("a short log shows %q, want all of %q", got, want)
		}
		if plies == 300 && (len(got) < 5 || len(got) >= len(want) || !slices.Equal(got, want[len(want)-len(got):])) {
			t.Errorf("a long log shows %d rows %q, want a tail of the %d in order ending %q", len(got), got, len(want), want[len(want)-3:])
		}
	}
}

// TestTryBadgeExplained: the hover card over a pawn with the pawn-try
// badge says what the badge means, quoting the referee; none is said with
// the assistant off, where no badge is drawn.
func TestTryBadgeExplained(t *testing.T) {
	f := playFrame(1000, 640)
	f.View.OwnTries, f.View.TryPawns = "1 pawn try", game.E4.Bit()
	want := `amber x: the referee said "1 pawn try", and this pawn may capture`
	if lines := Explain(&f, game.E4); !slices.Contains(lines, want) {
		t.Errorf("card over e4: %q; want %q", lines, want)
	}
	if lines := Explain(&f, game.D4); slices.Contains(lines, want) {
		t.Errorf("card over d4, no badge there: %q", lines)
	}
	f.Assist = AssistOff
	if lines := Explain(&f, game.E4); slices.Contains(lines, want) {
		t.Errorf("assistant off: %q; want no word of a badge not drawn", lines)
	}
}

// TestPanelUnderRulesWithoutPx: under rules that give px no meaning and
// announce no pawn tries (Berkeley), the move line does not suggest px and
// the panel does not say that none were announced (a tester's finding);
// under Wild 16 both stay.
func TestPanelUnderRulesWithoutPx(t *testing.T) {
	f := playFrame(1280, 800)
	s := Build(f)
	if !hasText(&s, "type e2e4 or px, then Enter") || !hasText(&s, "Enemy pawn tries: none announced") {
		t.Errorf("Wild 16: texts %q; want px suggested and no tries announced", texts(&s))
	}
	f.Panel.NoPx, f.Panel.NoTries = true, true
	s = Build(f)
	if !hasText(&s, "type e2e4, then Enter") || !hasText(&s, "Enemy pawn tries: not announced under these rules") {
		t.Errorf("Berkeley: texts %q; want no px and tries not announced under these rules", texts(&s))
	}
}
