package kso

import (
	"fmt"

	"github.com/krieg/krieg/game/referee"
)

// variants pairs the site's rule_variant names with the referee's rulesets:
// every ruleset the site offers that the referee knows (not crazykrieg).
var variants = []struct {
	name  string
	rules referee.Ruleset
}{
	{"wild16", referee.Wild16},
	{"berkeley", referee.Berkeley},
	{"berkeley_any", referee.BerkeleyAny},
	{"cincinnati", referee.Cincinnati},
	{"english", referee.English},
	{"rand", referee.RAND},
}

// Variants lists the site's rule_variant names krieg can play.
func Variants() []string {
	out := make([]string, len(variants))
	for i, v := range variants {
		out[i] = v.name
	}
	return out
}

// RulesFor returns the ruleset of a site rule_variant.
func RulesFor(variant string) (referee.Ruleset, error) {
	for _, v := range variants {
		if v.name == variant {
			return v.rules, nil
		}
	}
	return referee.Ruleset{}, fmt.Errorf("kso: the site's ruleset %q is not one krieg plays (%v)", variant, Variants())
}

// VariantOf returns the site's name for a ruleset (by its Name).
func VariantOf(r referee.Ruleset) (string, error) {
	for _, v := range variants {
		if v.rules.Name == r.Name {
			return v.name, nil
		}
	}
	return "", fmt.Errorf("kso: kriegspiel.org has no %q games (it has %v)", r.Name, Variants())
}
