package kso

import (
	"fmt"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// Record rebuilds a finished game's extended-PGN record from its transcript
// (both sides' attempts, shown once the game is over) by replaying every
// attempt through krieg's referee, which must answer each as the site did.
// tags are added (White, Black, Date, ...); result is the site's.
func Record(tr Transcript, result GameResult, tags []record.Tag) (*record.Record, error) {
	rules, err := RulesFor(tr.RuleVariant)
	if err != nil {
		return nil, err
	}
	ref := referee.New(rules, game.Start())
	for _, m := range tr.Moves {
		mover, err := color(m.Color)
		if err != nil {
			return nil, fmt.Errorf("kso: transcript ply %d: %w", m.Ply, err)
		}
		if mover != ref.ToMove() {
			return nil, fmt.Errorf("kso: transcript ply %d: %s acts but %s is to move", m.Ply, mover, ref.ToMove())
		}
		var a referee.Answer
		switch {
		case m.QuestionType == "ASK_ANY":
			a = ref.AskAny()
		case m.UCI != nil:
			mv, err := game.ParseMove(*m.UCI)
			if err != nil {
				return nil, fmt.Errorf("kso: transcript ply %d: %w", m.Ply, err)
			}
			a = ref.Attempt(mv)
		default:
			return nil, fmt.Errorf("kso: transcript ply %d: no move shown (is the game over?)", m.Ply)
		}
		if (a.Verdict == referee.Accepted) != m.MoveDone {
			return nil, fmt.Errorf("kso: transcript ply %d: the site says move_done=%v, krieg's referee %s", m.Ply, m.MoveDone, a.Verdict)
		}
	}
	res, err := ResultOf(result)
	if err != nil {
		return nil, err
	}
	if res.Reason == referee.ReasonResignation && ref.Result() == nil {
		loser := game.White
		if w, ok := res.Winner(); ok && w == game.White {
			loser = game.Black
		}
		_ = ref.Resign(loser)
	}
	rec, err := record.FromReferee(ref, append([]record.Tag{{Key: "Event", Value: "kriegspiel.org " + tr.RuleVariant}, {Key: "Site", Value: "kriegspiel.org"}}, tags...))
	if err != nil {
		return nil, fmt.Errorf("kso: %w", err)
	}
	rec.Result = res.Score
	rec.SetTag("Result", string(res.Score))
	rec.SetTag("Termination", string(res.Reason))
	return rec, nil
}
