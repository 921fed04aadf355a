package server

import (
	"fmt"
	"strings"
	"time"

	"github.com/krieg/krieg/server/store"
)

// Game numbers go on from one run of kriegd to the next: they once started
// again at 1, and players saw "Game 1" for a new game while the history
// held the game 1 of before. At start the server numbers on from the
// highest number of the store's index, or of an entry still pending (a
// game recorded but not yet indexed, which the start indexes).

// idTime is the layout of the second a game started, in its record ID.
const idTime = "20060102T150405"

// gameID is the record ID of game number, started at start (store.Game's
// ID): the second, then the number.
func gameID(start time.Time, number int) string {
	return fmt.Sprintf("%s-%d", start.UTC().Format(idTime), number)
}

// numberOf reads the game number in a record ID that gameID wrote (with
// "-2", "-3", ... after it when the ID was taken); ok is false for an ID
// of another shape, as store.HighestGameNumber passes those over.
func numberOf(id string) (n int, ok bool) {
	stamp, rest, _ := strings.Cut(id, "-")
	if _, err := time.Parse(idTime, stamp); err != nil {
		return 0, false
	}
	digits, _, _ := strings.Cut(rest, "-")
	if n, ok = plainInt(digits); !ok || n < 1 || n > store.MaxGameNumber {
		return 0, false
	}
	return n, true
}

// continueNumbers makes the next game's number follow the highest that
// the store's index or an entry of pending holds (at start, before any
// game): a store that cannot say fails the start rather than let numbers
// be given twice.
func (s *Server) continueNumbers(pending []pendingEntry) error {
	ctx, cancel := s.ctx()
	defer cancel()
	highest, err := s.cfg.Store.HighestGameNumber(ctx)
	if err != nil {
		return fmt.Errorf("kriegd: reading the store's highest game number, which the next game's follows: %w", err)
	}
	for _, e := range pending {
		if n, ok := numberOf(e.Game.ID); ok {
			highest = max(highest, n)
		}
	}
	s.mu.Lock()
	s.nextGame = max(s.nextGame, highest+1)
	next := s.nextGame
	s.mu.Unlock()
	if highest > 0 {
		s.log.Info("kriegd: game numbers go on from the games recorded", "next", next)
	}
	return nil
}
