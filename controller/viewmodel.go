package controller

import (
	"github.com/krieg/krieg/controller/jkrieg"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// ViewModel is everything the board draws, as of the latest message.
type ViewModel struct {
	Side   game.Color
	ToMove game.Color
	Plies  int
	Own    game.Position // our men only
	// Tokens are the guess tokens; Changes says which appeared, changed or
	// vanished since the previous view model, for animation.
	Tokens  []Token
	Changes []TokenChange
	// Possible holds, per enemy class (indexed by piece type), the squares
	// where such a man may stand (B1, sound).
	Possible [game.King + 1]game.Bitboard
	// MaxCount bounds, per enemy class, how many such men there are (B1).
	MaxCount [game.King + 1]int
	// PawnsOnly is true while the enemy may have no man besides its king and
	// pawns (B1: some make-up of its men, given every capture heard).
	PawnsOnly bool
	// Probability holds, per enemy class and square, the chance that a man of
	// that class stands there (B2; uniform over Possible when FromB1).
	Probability [game.King + 1][64]float64
	FromB1      bool
	Boards      int // distinct consistent boards B2 holds
	// Pending counts our attempts whose B2 step waits (Controller.Defer):
	// Probability, FromB1 and Boards are as they were before them.
	Pending int
	// Zone holds the squares none of our men attacks (R9, drawn red).
	Zone     game.Bitboard
	Captured Counters
	// EnemyMen is how many men, at most, the enemy has besides its king:
	// the most any possible start gave it, less every capture heard (each
	// is announced), never below 0.
	EnemyMen   int
	EnemyTries string // the enemy's latest pawn-try announcement
	// OwnTries is the referee's latest word on our pawn tries, this turn
	// ("" when it said nothing); TryPawns are our pawns that may have one
	// (a diagonal target where an enemy man may stand, or the pawns the
	// ruleset names).
	OwnTries string
	TryPawns game.Bitboard
	Log      []LogLine
	Result   *referee.Result
	// Checked is true while our king is in check (rule R3's latest message).
	Checked bool
}

// Token opacity bounds: rule tokens stay visible however unlikely, belief
// tokens appear only when likely enough to matter.
const (
	ruleFloor   = 0.05
	likelyPiece = 0.5
	faintKing   = 0.02
)

// View returns the view model as of the latest message; its Changes are
// those that message made.
func (c *Controller) View() ViewModel { return c.current }

// refresh rebuilds the view model after a message.
func (c *Controller) refresh() {
	v := ViewModel{Side: c.side, ToMove: c.own.Turn(), Plies: c.plies, Own: c.own,
		Possible: c.belief.Possible, MaxCount: c.belief.Max, PawnsOnly: c.belief.PawnsOnly(), Captured: c.counters, EnemyTries: c.enemyTries,
		Log: append([]LogLine(nil), c.log...), Result: c.result}
	v.EnemyMen = max(c.enemyMen-c.counters.Pawns-c.counters.Pieces-c.counters.Unknown, 0)
	v.Zone = Zone(&c.own, c.side)
	v.Checked = len(c.checkSets) > 0
	switch {
	case len(c.deferred) > 0:
		v.Probability, v.FromB1, v.Boards = c.current.Probability, c.current.FromB1, c.current.Boards
		v.Pending = len(c.deferred)
	case c.sampler != nil && c.sampler.Boards() > 0:
		v.Probability = floored(c.sampler.Probabilities(), c.belief.Possible, c.belief.Max, c.floor)
		v.Boards = c.sampler.Distinct()
	default:
		v.Probability = UniformOver(c.belief.Possible, c.belief.Max)
		v.FromB1 = true
	}
	v.Tokens = c.tokens(&v)
	if c.ourTries != nil { // our move ends the turn the words were for
		v.OwnTries, v.TryPawns = c.triesMsg, c.tryPawns(&v)
	}
	v.Changes = diffTokens(c.current.Tokens, v.Tokens)
	c.current = v
}

// tryPawns returns our pawns that may capture this turn, as far as the
// referee's latest word on our tries shows (none when it said none): those
// the ruleset names, else those with a diagonal target whose pawn-try
// token (rule R1) is at least tryLikely opaque.
func (c *Controller) tryPawns(v *ViewModel) game.Bitboard {
	if c.ourTries == nil || c.triesKnown() <= 0 {
		return 0
	}
	var out game.Bitboard
	if len(c.ourTries.Squares) > 0 {
		for _, s := range c.ourTries.Squares {
			out |= s.Bit()
		}
		return out
	}
	var likely game.Bitboard
	for _, t := range v.Tokens {
		if t.Reason.Rule == "R1" && t.Opacity >= tryLikely {
			likely |= t.Square.Bit()
		}
	}
	for x := c.own.Pieces(c.side, game.Pawn); x != 0; {
		p := x.PopFirst()
		if game.PawnAttacks(c.side, p)&likely != 0 {
			out |= p.Bit()
		}
	}
	return out
}

// tryLikely is the chance of an enemy man on a pawn's diagonal target from
// which the pawn is marked as one that may have a try.
const tryLikely = 0.2

// UniformOver spreads each class's bound on its count evenly over its
// possible squares: the probabilities B1 alone supports.
func UniformOver(possible [game.King + 1]game.Bitboard, max [game.King + 1]int) (p [game.King + 1][64]float64) {
	for _, t := range Classes {
		n := possible[t].Count()
		if n == 0 {
			continue
		}
		q := min(1, float64(max[t])/float64(n))
		for x := possible[t]; x != 0; {
			p[t][x.PopFirst()] = q
		}
	}
	return p
}

// Zone returns rule R9's squares: those none of side's men attacks, with our
// men blocking our lines and unknown squares taken as empty.
func Zone(own *game.Position, side game.Color) game.Bitboard { return jkrieg.Zone(own, side) }

// tokens assembles the guess tokens: one per kind and square, the rule's
// reason first, opacity from B2 where it has boards.
func (c *Controller) tokens(v *ViewModel) []Token {
	var out []Token
	occupied := func(s game.Square) float64 {
		p := 0.0
		for _, t := range Classes {
			p += v.Probability[t][s]
		}
		return min(1, p)
	}
	pieces := map[game.Square]bool{}
	addPiece := func(s game.Square, op float64, r Reason) {
		if !pieces[s] {
			pieces[s] = true
			out = append(out, Token{Kind: PieceToken, Square: s, Opacity: op, Reason: r})
		}
	}
	for _, f := range c.fades {
		addPiece(f.Square, f.Opacity, Reason{"R2", f.Message})
	}
	if c.ourTries != nil && c.triesKnown() > 0 {
		targets, hits := jkrieg.TryTargets(&c.own, c.side, c.belief.Union())
		split := jkrieg.TryOpacity(targets, hits, c.triesKnown())
		for x := targets; x != 0; {
			s := x.PopFirst()
			op := split[s]
			if !v.FromB1 {
				op = occupied(s)
			}
			addPiece(s, max(op, ruleFloor), Reason{"R1", c.triesMsg})
		}
	}
	for s := game.Square(0); s < 64; s++ {
		if p := occupied(s); p >= likelyPiece && !c.own.ByColor(c.side).Has(s) {
			addPiece(s, p, Reason{"B2", "likely occupied"})
		}
	}
	// Check tokens: where the checker may stand.
	if len(c.checkSets) > 0 {
		var union game.Bitboard
		for _, s := range c.checkSets {
			union |= s
		}
		var checkers [64]float64
		if !v.FromB1 {
			checkers = c.sampler.Checkers()
		}
		for x := union; x != 0; {
			s := x.PopFirst()
			op := 1 / float64(union.Count())
			if !v.FromB1 {
				op = checkers[s]
			}
			out = append(out, Token{Kind: CheckToken, Square: s, Opacity: max(op, ruleFloor), Reason: Reason{"R3", c.checkMsg}})
		}
	}
	// King tokens: R7/R8 after our check, and faintly wherever B1/B2 allow.
	kings := map[game.Square]bool{}
	if c.kingRule != 0 {
		for x := c.kingRule & c.belief.Possible[game.King]; x != 0; {
			s := x.PopFirst()
			kings[s] = true
			out = append(out, Token{Kind: KingToken, Square: s, Opacity: max(v.Probability[game.King][s], ruleFloor), Reason: Reason{"R7", c.kingMsg}})
		}
	}
	for x := c.belief.Possible[game.King]; x != 0; {
		s := x.PopFirst()
		if p := v.Probability[game.King][s]; !kings[s] && p >= faintKing {
			rule := "B2"
			if v.FromB1 {
				rule = "B1"
			}
			out = append(out, Token{Kind: KingToken, Square: s, Opacity: p, Reason: Reason{rule, "enemy king estimate"}})
		}
	}
	return out
}
