package controller

import "github.com/krieg/krieg/game"

// TokenKind is the claim a guess token makes (thesis, Table 3.1).
type TokenKind uint8

// The token kinds.
const (
	PieceToken TokenKind = iota // an enemy man may stand here
	CheckToken                  // the man checking our king may stand here
	KingToken                   // the enemy king may stand here
)

// String returns "piece", "check" or "king".
func (k TokenKind) String() string { return [...]string{"piece", "check", "king"}[k%3] }

// Reason says why a token is on the board: the rule that produced it and
// the announcement behind it.
type Reason struct {
	Rule    string // "R1" ... "R8", "B1", "B2"
	Message string // the announcement, in the ruleset's words
}

// Token is one guess token: a claim about a square, its opacity (the chance
// that the claim is true, 0..1) and its reason.
type Token struct {
	Kind    TokenKind
	Square  game.Square
	Opacity float64
	Reason  Reason
}

// Change says how a token differs from the previous view model.
type Change uint8

// The changes.
const (
	Appeared Change = iota
	Changed
	Vanished
)

// String returns "appeared", "changed" or "vanished".
func (c Change) String() string { return [...]string{"appeared", "changed", "vanished"}[c%3] }

// TokenChange is one token that appeared, changed opacity or vanished since
// the previous view model; Was is its former opacity (0 when it appeared).
type TokenChange struct {
	Token  Token
	Change Change
	Was    float64
}

// diffTokens lists the changes from prev to next, tokens keyed by kind and square.
func diffTokens(prev, next []Token) []TokenChange {
	type key struct {
		k TokenKind
		s game.Square
	}
	old := make(map[key]Token, len(prev))
	for _, t := range prev {
		old[key{t.Kind, t.Square}] = t
	}
	var out []TokenChange
	for _, t := range next {
		k := key{t.Kind, t.Square}
		o, ok := old[k]
		switch {
		case !ok:
			out = append(out, TokenChange{Token: t, Change: Appeared})
		case o.Opacity != t.Opacity || o.Reason != t.Reason:
			out = append(out, TokenChange{Token: t, Change: Changed, Was: o.Opacity})
		}
		delete(old, k)
	}
	for _, t := range prev {
		if _, gone := old[key{t.Kind, t.Square}]; gone {
			out = append(out, TokenChange{Token: t, Change: Vanished, Was: t.Opacity})
		}
	}
	return out
}
