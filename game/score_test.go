package game

import "testing"

func TestScore(t *testing.T) {
	cases := []struct {
		s            Score
		winner       Color
		won          bool
		white, black float64
	}{
		{WhiteWins, White, true, 1, 0},
		{BlackWins, Black, true, 0, 1},
		{Draw, White, false, 0.5, 0.5},
		{Unfinished, White, false, 0, 0},
	}
	for _, c := range cases {
		w, ok := c.s.Winner()
		if w != c.winner || ok != c.won {
			t.Errorf("%s.Winner() = %v, %v; want %v, %v", c.s, w, ok, c.winner, c.won)
		}
		if got := c.s.Points(White); got != c.white {
			t.Errorf("%s.Points(White) = %v; want %v", c.s, got, c.white)
		}
		if got := c.s.Points(Black); got != c.black {
			t.Errorf("%s.Points(Black) = %v; want %v", c.s, got, c.black)
		}
		if got, err := ParseScore(string(c.s)); got != c.s || err != nil {
			t.Errorf("ParseScore(%q) = %q, %v", c.s, got, err)
		}
	}
	if WinFor(White) != WhiteWins || WinFor(Black) != BlackWins {
		t.Errorf("WinFor: %s, %s", WinFor(White), WinFor(Black))
	}
	for _, bad := range []string{"", "1-1", "½-½", "1/2"} {
		if _, err := ParseScore(bad); err == nil {
			t.Errorf("ParseScore(%q): no error", bad)
		}
	}
}
