package controller_test

import (
	"fmt"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// A controller follows one player's game from what that player hears, and
// its view model says where the enemy may be: here, after 1.e4 d5, White
// hears "1 pawn try" and the tokens light the two squares e4 could take on.
func Example() {
	ref := referee.New(referee.Wild16, game.Start())
	white := controller.New(game.White, referee.Wild16, game.Start(), controller.Options{BeliefOnly: true})
	for _, text := range []string{"e2e4", "d7d5"} {
		if _, err := ref.AttemptText(text); err != nil {
			fmt.Println(err)
			return
		}
		last, _ := ref.Last()
		if heard, ok := last.HeardBy(game.White); ok {
			if _, err := white.Observe(heard); err != nil {
				fmt.Println(err)
				return
			}
		}
	}
	v := white.View()
	for _, t := range v.Tokens {
		if t.Square.Rank() == 4 { // the fifth rank, where e4 could capture
			fmt.Printf("%v token on %v, opacity %.2f\n", t.Kind, t.Square, t.Opacity)
		}
	}
	fmt.Println("black pawns may stand on", v.Possible[game.Pawn].Count(), "squares")
	fmt.Println("the black king may stand on", v.Possible[game.King].Squares())
	// Output:
	// piece token on d5, opacity 0.50
	// piece token on f5, opacity 0.50
	// black pawns may stand on 24 squares
	// the black king may stand on [e8]
}
