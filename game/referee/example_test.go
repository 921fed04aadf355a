package referee_test

import (
	"fmt"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// The referee holds the true position and answers each attempt; each
// announcement says who hears it.
func Example() {
	ref := referee.New(referee.Wild16, game.Start())
	for _, text := range []string{"e2e4", "d7d5", "e1e3", "e4d5"} {
		a, err := ref.AttemptText(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %v\n", text, a.Verdict)
		for _, said := range a.Announcements {
			if text := said.Text(ref.Rules()); text != "" {
				fmt.Printf("  %s (%s)\n", text, audience(said.To))
			}
		}
	}
	// Output:
	// e2e4: accepted
	//   Black's move (both hear)
	// d7d5: accepted
	//   White's move (both hear)
	//   1 pawn try (both hear)
	// e1e3: illegal
	//   Illegal move (White alone hears)
	// e4d5: accepted
	//   Black's move (both hear)
	//   Pawn at d5 captured (both hear)
}

func audience(to referee.Audience) string {
	switch {
	case to.Hears(game.White) && to.Hears(game.Black):
		return "both hear"
	case to.Hears(game.White):
		return "White alone hears"
	}
	return "Black alone hears"
}

// A player's view holds only what that player heard: Black never learns of
// White's refused attempt in Wild 16.
func ExampleReferee_View() {
	ref := referee.New(referee.Wild16, game.Start())
	for _, text := range []string{"e2e4", "e7e5", "e1e3", "g1f3"} {
		if _, err := ref.AttemptText(text); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(len(ref.View(game.White).Heard), "entries heard by White")
	fmt.Println(len(ref.View(game.Black).Heard), "entries heard by Black")
	// Output:
	// 4 entries heard by White
	// 3 entries heard by Black
}
