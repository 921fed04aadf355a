package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// foolsMate is the shortest mate, Black's queen on h4.
var foolsMate = []string{"f2f3", "e7e5", "g2g4", "d8h4"}

// TestMateNamesNobodyToMove: the mating move of a game on this machine,
// whose entry carries the game's end, is printed with the check but not
// with "White's move", which the game over makes false; for the mover as
// for the mated side.
func TestMateNamesNobodyToMove(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	for _, m := range foolsMate {
		if _, err := ref.AttemptText(m); err != nil {
			t.Fatal(err)
		}
	}
	log := ref.Log()
	mate := log[len(log)-1]
	for side, want := range map[game.Color]string{game.White: "black: Short-diagonal check\n", game.Black: "black d8h4: Short-diagonal check\n"} {
		h, _ := mate.HeardBy(side)
		var out bytes.Buffer
		printEvent(&out, net.Event{Kind: net.KindHeard, Entry: h, Snap: net.Snapshot{Side: side, ToMove: game.White}}, referee.Wild16)
		if out.String() != want {
			t.Errorf("%s's console printed the mate %q; want %q", side, out.String(), want)
		}
	}
}

// TestConsoleMateThroughKriegd: through kriegd, which tells the game's end
// after the mating move, neither console says whose move it is after the
// mate: the check, then the game over (a tester read "Black's move; ..."
// before "game over").
func TestConsoleMateThroughKriegd(t *testing.T) {
	alice, bob := aliceAndBobPlay(t)
	players := [2]*kriegdConsole{alice, bob}
	for i, m := range foolsMate[:3] {
		mover, other := players[i%2], players[1-i%2]
		fmt.Fprintln(mover.in, m)
		other.out.waitLine(t, other.name, [2]string{"white: Black's move", "black: White's move"}[i%2])
	}
	fmt.Fprintln(bob.in, foolsMate[3])
	for _, c := range []struct {
		*kriegdConsole
		mate string
	}{{alice, "black: Short-diagonal check"}, {bob, "black d8h4: Short-diagonal check"}} {
		c.out.waitLine(t, c.name, c.mate)
		c.out.waitLine(t, c.name, "* game over: Black wins: checkmate · 0-1")
		if said := c.out.all(); strings.Contains(said, "move; Short-diagonal check") {
			t.Errorf("%s's console named a side to move after the mate:\n%s", c.name, said)
		}
	}
}
