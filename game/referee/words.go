package referee

import (
	"fmt"

	"github.com/krieg/krieg/game"
)

// Words says how the game ended in plain words, its score after:
// "White wins: Black resigned · 1-0", "Draw: stalemate · ½-½", "No result:
// the game was aborted". Every screen and log that tells a result to a
// person uses it, so that none shows the record's tag words.
func (r Result) Words() string {
	winner, won := r.Winner()
	how := ReasonWords(r.Reason, winner)
	switch {
	case won && how == "":
		return fmt.Sprintf("%s wins · %s", winner.Title(), r.Score)
	case won:
		return fmt.Sprintf("%s wins: %s · %s", winner.Title(), how, r.Score)
	case r.Score == "1/2-1/2" && how == "":
		return "Draw · ½-½"
	case r.Score == "1/2-1/2":
		return "Draw: " + how + " · ½-½"
	case how == "":
		return "No result"
	}
	return "No result: " + how
}

// ReasonWords says in plain words how a game ended; winner is the side that
// won, if one did. An empty reason says nothing.
func ReasonWords(r Reason, winner game.Color) string {
	loser := winner.Other().Title()
	switch r {
	case ReasonCheckmate:
		return "checkmate"
	case ReasonResignation:
		return loser + " resigned"
	case ReasonTime:
		return loser + "'s time ran out"
	case ReasonDisconnect:
		return loser + " left the game"
	case ReasonStalemate:
		return "stalemate"
	case ReasonInsufficient:
		return "neither side can mate"
	case ReasonPlyCap:
		return "the game reached its move limit"
	case ReasonAgreement:
		return "agreed"
	case ReasonAborted:
		return "the game was aborted"
	case ReasonAbandoned:
		return "the game was abandoned"
	case ReasonRepetition:
		return "repetition"
	case ReasonFiftyMoves:
		return "fifty moves without a capture or a pawn move"
	case ReasonAdjudicated:
		return "adjudicated"
	}
	return string(r)
}
