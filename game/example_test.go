package game_test

import (
	"fmt"

	"github.com/krieg/krieg/game"
)

// A position is played move by move; Only keeps one side's men, the board
// that side sees in Kriegspiel.
func Example() {
	p := game.Start()
	for _, text := range []string{"e2e4", "d7d5", "e4d5"} {
		m, err := game.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		san, _ := p.SAN(m)
		p.Apply(m)
		fmt.Println(san)
	}
	fmt.Println(p.FEN())
	black := p.Only(game.Black)
	fmt.Println(black.FEN())
	// Output:
	// e4
	// d5
	// exd5
	// rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2
	// rnbqkbnr/ppp1pppp/8/8/8/8/8/8 b kq - 0 2
}

// Perft counts the leaves of the legal move tree, the standard check of a
// move generator.
func ExamplePosition_Perft() {
	p := game.Start()
	fmt.Println(p.Perft(3))
	// Output: 8902
}

func ExampleScore_Points() {
	s := game.WinFor(game.Black)
	fmt.Println(s, s.Points(game.White), s.Points(game.Black), game.Draw.Points(game.White))
	// Output: 0-1 0 1 0.5
}
