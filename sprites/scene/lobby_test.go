package scene

import (
	"fmt"
	"slices"
	"strings"
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
// left out, never the last (our own seek), and it says how many; every
// entry's text has one size, never under the floor.
func TestLobbyFitsTheWindow(t *testing.T) {
	entries := make([]string, LobbyMax)
	for i := range entries {
		entries[i] = fmt.Sprintf("Play player%d (1500): Berkeley + Any, 10+5, rated, you play either colour", i)
	}
	entries[3] = "Play a player with a very long name indeed (1500): Berkeley + Any, 10+5, rated, you play either colour"
	for _, size := range [][2]int{{640, 400}, {800, 500}, {800, 600}, {1024, 768}, {1260, 850}, {1280, 800}, {1920, 1080}, {700, 900}} {
		f := playFrame(size[0], size[1])
		f.Mode = LobbyScreen
		f.Lobby = LobbyView{Title: "kriegd · ann", Rules: []string{"wild16", "berkeley", "berkeley-any", "cincinnati", "english", "rand", "open"},
			Colours: []string{"white", "black", "random"}, Rated: []string{"unrated", "rated"}, Entries: entries, Computer: true}
		sc := Build(f)
		hits := sc.Hits
		rows := map[float64]bool{}
		seen := map[Button]bool{}
		shown := 0
		for i, h := range hits {
			if h.R.X < 0 || h.R.Y < 0 || h.R.X+h.R.W > float64(size[0])+0.5 || h.R.Y+h.R.H > float64(size[1])+0.5 {
				t.Errorf("%dx%d: button %v at %+v leaves the window", size[0], size[1], h.Button, h.R)
			}
			for _, o := range hits[i+1:] {
				if overlap(h.R, o.R) && h.Button != o.Button {
					t.Errorf("%dx%d: buttons %v and %v overlap", size[0], size[1], h.Button, o.Button)
				}
			}
			g, _, ok := h.Button.AsChoice()
			if ok && g == LobbyRulesGroup {
				rows[h.R.Y] = true
			}
			if ok && g == LobbyGroup {
				shown++
			}
			seen[h.Button] = true
		}
		if len(rows) != 2 {
			t.Errorf("%dx%d: the rulesets take %d rows; want 2", size[0], size[1], len(rows))
		}
		for _, b := range []Button{Choice(LobbyGroup, LobbyMax-1), Choice(LobbyRatedGroup, 1), Choice(LobbyRulesGroup, 6), Refresh, PlayComputer} {
			if !seen[b] {
				t.Errorf("%dx%d: no button %v", size[0], size[1], b)
			}
		}
		more := false
		sizes := map[float64]bool{}
		for _, sp := range sc.Sprites {
			more = more || sp.Text == lobbyMore(0, LobbyMax-shown)
			if strings.Contains(sp.Text, "Berkeley") || strings.HasPrefix(sp.Text, "Play ") && sp.Text != "Play the computer" {
				sizes[sp.Size] = true
				if sp.Size < lobbyTextFloor {
					t.Errorf("%dx%d: entry text %q at %v px, under the floor", size[0], size[1], sp.Text, sp.Size)
				}
			}
		}
		if shown < LobbyMax && !more {
			t.Errorf("%dx%d: %d entries of %d shown, and no word of the rest", size[0], size[1], shown, LobbyMax)
		}
		if len(sizes) != 1 {
			t.Errorf("%dx%d: the entries' text comes in sizes %v; want one", size[0], size[1], sizes)
		}
		t.Logf("%dx%d: %d entries of %d shown, text %v", size[0], size[1], shown, LobbyMax, sizes)
	}
}

// TestLobbyOrder: room goes to the last entry first, then to one of each
// group in turn; groups that do not add up are one group.
func TestLobbyOrder(t *testing.T) {
	for _, c := range []struct {
		groups []int
		n      int
		want   []int
	}{
		{[]int{1, 4, 2, 1}, 8, []int{7, 0, 1, 5, 2, 6, 3, 4}},
		{[]int{0, 3, 0, 1}, 4, []int{3, 0, 1, 2}},
		{[]int{2, 0}, 2, []int{1, 0}},
		{nil, 3, []int{2, 0, 1}},
		{[]int{5}, 3, []int{2, 0, 1}},
		{nil, 0, nil},
	} {
		if got := LobbyOrder(c.groups, c.n); !slices.Equal(got, c.want) {
			t.Errorf("LobbyOrder(%v, %d) = %v; want %v", c.groups, c.n, got, c.want)
		}
	}
	if got := LobbyGroups([]int{1, 4, 2, 1}, 8, []int{0, 1, 5, 7}); !slices.Equal(got, []int{1, 1, 1, 1}) {
		t.Errorf("LobbyGroups of one of each: %v", got)
	}
}

// TestLobbyLostInRed: a lost connection reads in the problem's red, as in
// a game, and the lobby offers no entry and no Refresh, only the computer.
func TestLobbyLostInRed(t *testing.T) {
	f := playFrame(1280, 800)
	f.Mode = LobbyScreen
	f.Lobby = LobbyView{Title: "kriegd · ann", Entries: []string{"Seek a game: Wild 16"}, Computer: true, Lost: "The connection to the server was lost."}
	s := Build(f)
	red := false
	for _, sp := range s.Sprites {
		red = red || sp.Text == f.Lobby.Lost && sp.Color == toneColours[BadTone]
	}
	if !red {
		t.Error("the lost connection is not said in red")
	}
	for _, h := range s.Hits {
		if g, _, ok := h.Button.AsChoice(); ok && g == LobbyGroup || h.Button == Refresh {
			t.Errorf("button %v offered with the connection lost", h.Button)
		}
	}
	if !slices.ContainsFunc(s.Hits, func(h Hit) bool { return h.Button == PlayComputer }) {
		t.Error("no Play the computer with the connection lost")
	}
}
