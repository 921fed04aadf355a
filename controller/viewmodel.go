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
	Zone game.Bitboard
	// Captured counts the enemy men we captured; Lost ours the enemy
	// captured (we always know which).
	Captured Counters
	Lost     Counters
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
	// Updating is true while the belief's part (Possible, MaxCount,
	// PawnsOnly, Probability, FromB1, Boards and the tokens drawn from them)
	// is from an earlier message than the rest: Async's deduction has not
	// yet followed every message. The rules' tokens then come from the JKrieg
	// rules alone, and the sets and probabilities leave out our men.
	Updating bool
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
	v := c.base()
	v.Possible, v.MaxCount, v.PawnsOnly = c.belief.Possible, c.belief.Max, c.belief.PawnsOnly()
	v.Checked = len(c.checkSets) > 0
	switch {
	case len(c.deferred) > 0:
		v.Probability, v.FromB1, v.Boards = c.current.Probability, c.current.FromB1, c.current.Boards
		v.Pending = len(c.deferred)
	case c.sampler != nil && c.sampler.Boards() > 0:
		v.Boards = c.sampler.Distinct()
		v.Probability = Shown(c.sampler.Probabilities(), &c.belief, c.floor, c.Temper(), v.Boards)
	default:
		v.Probability = UniformOver(c.belief.Possible, c.belief.Max)
		v.FromB1 = true
		certain(&v.Probability, c.belief.Fixed)
	}
	king := c.belief.Possible[game.King]
	d := deduced{within: c.belief.Union(), checkSets: c.checkSets, king: king, kingRule: king, estimates: !v.FromB1}
	if d.estimates && len(c.checkSets) > 0 {
		checkers := c.sampler.Checkers()
		d.checkers = &checkers
	}
	v.Tokens = c.tokens(&v, &d)
	c.markTries(&v)
	v.Changes = diffTokens(c.current.Tokens, v.Tokens)
	c.current = v
}

// markTries sets the view model's word on our pawn tries and the pawns
// that may have one, from its tokens.
func (f *front) markTries(v *ViewModel) {
	if f.ourTries != nil { // our move ends the turn the words were for
		v.OwnTries, v.TryPawns = f.triesMsg, f.tryPawns(v)
	}
}

// tryPawns returns our pawns that may capture this turn, as far as the
// referee's latest word on our tries shows (none when it said none): those
// the ruleset names, else those with a diagonal target whose pawn-try
// token (rule R1) is at least tryLikely opaque.
func (f *front) tryPawns(v *ViewModel) game.Bitboard {
	if f.ourTries == nil || f.triesKnown() <= 0 {
		return 0
	}
	var out game.Bitboard
	if len(f.ourTries.Squares) > 0 {
		for _, s := range f.ourTries.Squares {
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
	for x := f.own.Pieces(f.side, game.Pawn); x != 0; {
		p := x.PopFirst()
		if game.PawnAttacks(f.side, p)&likely != 0 {
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

// deduced is what the tokens take from the belief: where enemy men may
// stand, the checkers' squares, the king's squares, and whether the view
// model's probabilities are B2's estimates (else the rules' own opacities
// are used).
type deduced struct {
	within    game.Bitboard   // where any enemy man may stand
	checkSets []game.Bitboard // where each checker of our king may stand
	checkers  *[64]float64    // B2's chance that a checker stands on each square, or nil
	king      game.Bitboard   // where the enemy king may stand (B1's set, for its faint tokens)
	kingRule  game.Bitboard   // where rule R7's king may stand
	estimates bool
}

// tokens assembles the guess tokens: one per kind and square, the rule's
// reason first, opacity from B2 where it has boards.
func (f *front) tokens(v *ViewModel, d *deduced) []Token {
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
	for _, fd := range f.fades {
		addPiece(fd.Square, fd.Opacity, Reason{"R2", fd.Message})
	}
	if f.ourTries != nil && f.triesKnown() > 0 {
		targets, hits := jkrieg.TryTargets(&f.own, f.side, d.within)
		split := jkrieg.TryOpacity(targets, hits, f.triesKnown())
		for x := targets; x != 0; {
			s := x.PopFirst()
			op := split[s]
			if d.estimates {
				op = occupied(s)
			}
			addPiece(s, max(op, ruleFloor), Reason{"R1", f.triesMsg})
		}
	}
	for s := game.Square(0); s < 64; s++ {
		if p := occupied(s); p >= likelyPiece && !f.own.ByColor(f.side).Has(s) {
			addPiece(s, p, Reason{"B2", "likely occupied"})
		}
	}
	// Check tokens: where the checker may stand.
	if len(d.checkSets) > 0 {
		var union game.Bitboard
		for _, s := range d.checkSets {
			union |= s
		}
		for x := union; x != 0; {
			s := x.PopFirst()
			op := 1 / float64(union.Count())
			if d.checkers != nil {
				op = d.checkers[s]
			}
			out = append(out, Token{Kind: CheckToken, Square: s, Opacity: max(op, ruleFloor), Reason: Reason{"R3", f.checkMsg}})
		}
	}
	// King tokens: R7/R8 after our check, and faintly wherever B1/B2 allow.
	kings := map[game.Square]bool{}
	if f.kingRule != 0 {
		for x := f.kingRule & d.kingRule; x != 0; {
			s := x.PopFirst()
			kings[s] = true
			out = append(out, Token{Kind: KingToken, Square: s, Opacity: max(v.Probability[game.King][s], ruleFloor), Reason: Reason{"R7", f.kingMsg}})
		}
	}
	for x := d.king; x != 0; {
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
