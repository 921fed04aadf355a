package game

import "fmt"

// Score is a game's result as PGN writes it, so that a result is compared
// and counted by its meaning rather than by its spelling.
type Score string

// The scores.
const (
	WhiteWins  Score = "1-0"
	BlackWins  Score = "0-1"
	Draw       Score = "1/2-1/2"
	Unfinished Score = "*" // no result: the game goes on, or was called off
)

// WinFor is the score of a game side c won.
func WinFor(c Color) Score {
	if c == Black {
		return BlackWins
	}
	return WhiteWins
}

// Winner returns the winning side; ok is false for a draw or no result.
func (s Score) Winner() (c Color, ok bool) {
	switch s {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// Points is what side c scored: 1 for a win, 0.5 for a draw, 0 otherwise.
func (s Score) Points(c Color) float64 {
	if s == Draw {
		return 0.5
	}
	if w, ok := s.Winner(); ok && w == c {
		return 1
	}
	return 0
}

// ParseScore reads a PGN result token: 1-0, 0-1, 1/2-1/2 or *.
func ParseScore(s string) (Score, error) {
	switch Score(s) {
	case WhiteWins, BlackWins, Draw, Unfinished:
		return Score(s), nil
	}
	return Unfinished, fmt.Errorf("game: %q is not a result (1-0, 0-1, 1/2-1/2 or *)", s)
}
