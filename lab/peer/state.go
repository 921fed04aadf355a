package peer

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/kso"
)

// SiteState is the state kriegspiel.org serves a player while the game runs
// (kso.StateOf: own men, the attempts on offer, the public material, the
// scoresheet and the referee log; no enemy man), with the game's
// rule_variant. See docs/protocols.md, "kriegspiel.org".
type SiteState struct {
	kso.GameState
	RuleVariant string `json:"rule_variant"`
	// Clock is left out: the harness keeps no clock a bot could read.
	Clock *kso.ClockState `json:"clock,omitempty"`
}

// State builds what the site serves v.Side now, given the attempts the
// referee offers (offered, any) when it is that side's turn.
func State(v referee.View, rules referee.Ruleset, offered []game.Move, askAny bool) SiteState {
	s := SiteState{GameState: kso.StateOf(rules, v, offered, askAny)}
	s.GameID = "krieg-local"
	s.RuleVariant, _ = kso.VariantOf(rules)
	return s
}
