// Package showtest holds krieg demo's show (package show) to the
// synchronous deduction: the check its tests and the window's share.
package showtest

import (
	"fmt"
	"reflect"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// Step returns the message of the show's step i and both sides' view
// models on it (White's, then Black's).
type Step func(i int) (referee.Entry, [2]controller.ViewModel)

// SyncMismatch feeds the messages of n steps of a show of rec, as each side
// heard them, to synchronous controllers made with opt, and returns an
// error naming the first step whose view model (Changes aside) differs from
// theirs, or nil when none does.
func SyncMismatch(rec *record.Record, opt controller.Options, n int, step Step) error {
	start, err := rec.Start()
	if err != nil {
		return fmt.Errorf("showtest: %w", err)
	}
	rules, err := rec.Rules()
	if err != nil {
		return fmt.Errorf("showtest: %w", err)
	}
	var sync [2]*controller.Controller
	for _, side := range []game.Color{game.White, game.Black} {
		sync[side] = controller.New(side, rules, start, opt)
	}
	for i := range n {
		e, views := step(i)
		for _, side := range []game.Color{game.White, game.Black} {
			want := sync[side].View()
			if heard, ok := e.HeardBy(side); ok {
				if want, err = sync[side].Observe(heard); err != nil {
					return fmt.Errorf("showtest: step %d: %w", i, err)
				}
			}
			got := views[side]
			got.Changes, want.Changes = nil, nil
			if !reflect.DeepEqual(got, want) {
				return fmt.Errorf("showtest: step %d: %s's view model differs from the synchronous controller's (%d boards, %d tokens; want %d, %d)",
					i, side, got.Boards, len(got.Tokens), want.Boards, len(want.Tokens))
			}
		}
	}
	return nil
}
