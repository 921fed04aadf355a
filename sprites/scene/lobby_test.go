package scene

import (
	"fmt"
	"testing"
)

// TestLobbyOffersTheComputer: the kriegspiel.org lobby offers "Play the
// computer" when the window can play it, and only then.
func TestLobbyOffersTheComputer(t *testing.T) {
	for _, computer := range []bool{false, true} {
		f := playFrame(1280, 800)
		f.Mode = LobbyScreen
		f.Lobby = LobbyView{Title: "kriegspiel.org · ann", Rules: []string{"berkeley"}, Colours: []string{"white"}, Computer: computer}
		found := false
		for _, h := range Build(f).Hits {
			found = found || h.Button == PlayComputer
		}
		if found != computer {
			t.Errorf("the window plays the computer: %v; the lobby offers it: %v", computer, found)
		}
	}
}

// TestLobbyFitsTheWindow: a kriegd's full lobby (seven rulesets, the
// rating row, sixteen entries, Refresh and Play the computer) fits every
// window size, each button inside the window, none over another, the
// seven rulesets in two rows; entries a small window has no room for are
// left out, and it says how many.
func TestLobbyFitsTheWindow(t *testing.T) {
	entries := make([]string, LobbyMax)
	for i := range entries {
		entries[i] = fmt.Sprintf("Play player%d (1500): Berkeley + Any, 10+5, rated, you play either colour", i)
	}
	for _, size := range [][2]int{{800, 500}, {1024, 768}, {1280, 800}, {1920, 1080}, {700, 900}} {
		f := playFrame(size[0], size[1])
		f.Mode = LobbyScreen
		f.Lobby = LobbyView{Title: "kriegd · ann", Rules: []string{"wild16", "berkeley", "berkeley-any", "cincinnati", "english", "rand", "open"},
			Colours: []string{"white", "black", "random"}, Rated: []string{"unrated", "rated"}, Entries: entries, Computer: true}
		hits := Build(f).Hits
		rows := map[float64]bool{}
		seen := map[Button]bool{}
		for i, h := range hits {
			if h.R.X < 0 || h.R.Y < 0 || h.R.X+h.R.W > float64(size[0])+0.5 || h.R.Y+h.R.H > float64(size[1])+0.5 {
				t.Errorf("%dx%d: button %v at %+v leaves the window", size[0], size[1], h.Button, h.R)
			}
			for _, o := range hits[i+1:] {
				if h.R.X < o.R.X+o.R.W && o.R.X < h.R.X+h.R.W && h.R.Y < o.R.Y+o.R.H && o.R.Y < h.R.Y+h.R.H && h.Button != o.Button {
					t.Errorf("%dx%d: buttons %v and %v overlap", size[0], size[1], h.Button, o.Button)
				}
			}
			if g, _, ok := h.Button.AsChoice(); ok && g == LobbyRulesGroup {
				rows[h.R.Y] = true
			}
			seen[h.Button] = true
		}
		if len(rows) != 2 {
			t.Errorf("%dx%d: the rulesets take %d rows; want 2", size[0], size[1], len(rows))
		}
		for _, b := range []Button{Choice(LobbyGroup, 0), Choice(LobbyRatedGroup, 1), Choice(LobbyRulesGroup, 6), Refresh, PlayComputer} {
			if !seen[b] {
				t.Errorf("%dx%d: no button %v", size[0], size[1], b)
			}
		}
		shown := 0
		for shown < LobbyMax && seen[Choice(LobbyGroup, shown)] {
			shown++
		}
		more := false
		for _, sp := range Build(f).Sprites {
			more = more || sp.Text == fmt.Sprintf("(%d more: a taller window shows them)", LobbyMax-shown)
		}
		if shown < LobbyMax && !more {
			t.Errorf("%dx%d: %d entries of %d shown, and no word of the rest", size[0], size[1], shown, LobbyMax)
		}
		t.Logf("%dx%d: %d entries of %d shown", size[0], size[1], shown, LobbyMax)
	}
}
