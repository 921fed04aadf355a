package icc

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// resultReasons maps datagram 16's result codes (formats.txt) to the
// referee's reasons.
var resultReasons = map[string]referee.Reason{
	"Res": referee.ReasonResignation,
	"Mat": referee.ReasonCheckmate,
	"Fla": referee.ReasonTime,
	"Adj": referee.ReasonAdjudicated,
	"BQ":  referee.ReasonDisconnect, // Black quit (disconnected) and forfeits
	"WQ":  referee.ReasonDisconnect,
	"Agr": referee.ReasonAgreement,
	"Sta": referee.ReasonStalemate,
	"Rep": referee.ReasonRepetition,
	"50":  referee.ReasonFiftyMoves,
	"TM":  referee.ReasonTime, // a flag fell against a side that cannot mate: drawn
	"NM":  referee.ReasonInsufficient,
	"NT":  referee.ReasonTime, // both flags down
	"BA":  referee.ReasonAborted,
	"WA":  referee.ReasonAborted,
	"Sho": referee.ReasonAborted, // too short to count
	"SD":  referee.ReasonAborted, // shut down
}

// resultOf reads datagram 16's code and score into a result; a code it does
// not know keeps its score with reason "other".
func resultOf(code, score string) referee.Result {
	reason, ok := resultReasons[code]
	if !ok {
		reason = referee.ReasonOther
	}
	s, err := game.ParseScore(score)
	if err != nil {
		s = game.Unfinished
	}
	return referee.Result{Score: s, Reason: reason}
}
