package record_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// A record is read from Darkboard's extended PGN and checked by replaying
// it through the referee, which must say what the record says it said.
func Example() {
	f, err := os.Open("../../testdata/games/darkboard-liam-2023.pgn")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	rec, err := record.Read(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rec.Tag("White"), "vs", rec.Tag("Black"), rec.Result)
	fmt.Println(len(rec.Plies), "plies; Black's attempts before 12...Kd7:", rec.Plies[23].Failed)
	rules, err := rec.Rules()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("replayed through the referee:", record.Check(rec, rules))
	// Output:
	// liam vs Darkboard 1/2-1/2
	// 148 plies; Black's attempts before 12...Kd7: [f6 Bg7 Rg7]
	// replayed through the referee: <nil>
}

// A game umpired by the referee becomes a record, written in the same format.
func ExampleFromReferee() {
	ref := referee.New(referee.Wild16, game.Start())
	// White's e4e5 runs into Black's hidden pawn: a failed attempt.
	for _, text := range []string{"e2e4", "e7e5", "e4e5", "g1f3", "d7d5", "e4d5"} {
		if _, err := ref.AttemptText(text); err != nil {
			fmt.Println(err)
			return
		}
	}
	rec, err := record.FromReferee(ref, []record.Tag{{Key: "White", Value: "alice"}, {Key: "Black", Value: "bob"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	var b strings.Builder
	if err := record.Write(&b, rec); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b.String())
	// Output:
	// [White "alice"]
	// [Black "bob"]
	// [Result "*"]
	// [Rules "wild16"]
	//
	// 1.   e4 {(:)}
	//      e5 {(:)}
	// 2.   Nf3 {(:e5)}
	//      d5 {(P1:)}
	// 3.   exd5 {(Xd5:)} {krieg: cap=pawn}
	// *
}
