package kso_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/net/kso"
	"github.com/krieg/krieg/net/kso/ksotest"
)

// TestListingEntries lists the lobby over the fake: alice's active game to
// resume, bob's open game to join, the bots offering the chosen ruleset
// (not the Berkeley-only one under RAND), create last; each entry's command
// is a lobby command the console understands.
func TestListingEntries(t *testing.T) {
	s := site(t)
	s.AddUser("bob", "pw")
	s.AddHouseBot("berkbot", []string{"berkeley"}, func() ksotest.Opponent {
		return player.New(player.Options{MoveTime: 15 * time.Millisecond, Seed: 1})
	})
	ctx := context.Background()
	bob := client(t, s, "")
	if _, err := bob.Login(ctx, "bob", "pw"); err != nil {
		t.Fatal(err)
	}
	open, err := kso.Lobby{C: bob}.Create(ctx, "english", "white", "")
	if err != nil {
		t.Fatal(err)
	}
	ep := connect(t, s, kso.EndpointOptions{})
	mine, err := ep.Lobby().Create(ctx, "cincinnati", "black", "housebot")
	if err != nil {
		t.Fatal(err)
	}
	x, err := ep.Lobby().List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, e := range x.Entries("rand", "random") {
		cmds = append(cmds, e.Command)
		if e.Label == "" {
			t.Errorf("entry %q has no label", e.Command)
		}
	}
	want := []string{"resume " + mine.Code, "join " + open.Code, "play housebot rand random", "create rand random"}
	if !reflect.DeepEqual(cmds, want) {
		t.Fatalf("commands %q; want %q", cmds, want)
	}
	berk := x.Entries("berkeley", "white")
	if got := berk[len(berk)-2].Command; got != "play housebot berkeley white" && got != "play berkbot berkeley white" {
		t.Fatalf("under berkeley the bots end with %q", got)
	}
	if len(berk) != len(want)+1 {
		t.Fatalf("under berkeley %d entries; want both bots (%d)", len(berk), len(want)+1)
	}
}
