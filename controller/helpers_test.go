package controller

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// game plays moves from fen under rules through a real referee, feeding
// both players' controllers what each hears, and returns them.
type fixture struct {
	ref     *referee.Referee
	players [2]*Controller
	seen    int
}

func newFixture(t *testing.T, fen string, rules referee.Ruleset) *fixture {
	t.Helper()
	pos, err := game.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{ref: referee.New(rules, pos)}
	for _, c := range [2]game.Color{game.White, game.Black} {
		f.players[c] = New(c, rules, pos, Options{Capacity: 256, Seed: 1})
	}
	return f
}

// play submits each attempt (coordinate text) in turn and feeds the log.
func (f *fixture) play(t *testing.T, attempts ...string) {
	t.Helper()
	for _, text := range attempts {
		m, err := game.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		f.ref.Attempt(m)
		f.feed()
	}
}

// feed gives both players the log entries they have not heard yet.
func (f *fixture) feed() {
	log := f.ref.Log()
	for _, e := range log[f.seen:] {
		for _, c := range [2]game.Color{game.White, game.Black} {
			if h, ok := e.HeardBy(c); ok {
				if _, err := f.players[c].Observe(h); err != nil {
					panic(err)
				}
			}
		}
	}
	f.seen = len(log)
}

// tokenSquares returns the squares of the view model's tokens of kind k.
func tokenSquares(v ViewModel, k TokenKind) game.Bitboard {
	var b game.Bitboard
	for _, t := range v.Tokens {
		if t.Kind == k {
			b |= t.Square.Bit()
		}
	}
	return b
}
