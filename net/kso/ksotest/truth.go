package ksotest

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Told returns what player side heard of a game by the referee's log, as
// far as the site can tell it: the opponent's nonsense attempts left out
// (the site never shows them), pawn tries in the ruleset's form only (a
// yes/no as a count of 0 or 1, the squares with their number), and the
// referee's ply-cap draw as the site's "too many reversible moves" draw.
// A krieg client on the site must hear exactly this.
func Told(ref *referee.Referee, side game.Color) []referee.Entry {
	rules := ref.Rules()
	var out []referee.Entry
	for _, e := range ref.View(side).Heard {
		if e.Mover != side && e.Verdict == referee.Nonsense {
			continue
		}
		said := make([]referee.Announcement, len(e.Said))
		copy(said, e.Said)
		for i := range said {
			said[i] = Told1(rules, said[i])
		}
		e.Said = said
		out = append(out, e)
	}
	return out
}

// Normal returns entries with every announcement in the site's form
// (Told1), so what a client heard compares with Told.
func Normal(rules referee.Ruleset, es []referee.Entry) []referee.Entry {
	out := make([]referee.Entry, len(es))
	for i, e := range es {
		said := make([]referee.Announcement, len(e.Said))
		for j, a := range e.Said {
			said[j] = Told1(rules, a)
		}
		e.Said = said
		out[i] = e
	}
	return out
}

// Told1 normalises one announcement (see Told); heard entries go through it too.
func Told1(rules referee.Ruleset, a referee.Announcement) referee.Announcement {
	switch a.Kind {
	case referee.KindTries:
		style := rules.Tries
		if style == referee.TriesMoves {
			style = referee.TriesCount // the site tells open tries' number alone
		}
		a.Tries = a.Tries.Told(style)
	case referee.KindGameOver:
		if a.Result.Reason == referee.ReasonPlyCap {
			a.Result.Reason = referee.ReasonFiftyMoves
		}
	}
	return a
}
