package boards

import (
	"math/rand/v2"
	"slices"

	"github.com/krieg/krieg/controller/belief"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// rebuildAttempts bounds a rebuild after a fallback at this many random
// placements per board of capacity. A count rather than a clock keeps replays
// reproducible: the same messages give the same boards on any machine and
// under any load.
const rebuildAttempts = 2

// Rebuild fills the sampler with boards drawn from the B1 sets after every
// board was ruled out: of the make-ups of the enemy's men B1 allows whose men
// fit on their classes' squares, the one nearest the material of the last
// consistent board (our capture in the message that ruled them out has taken
// a man from it) is placed at random on squares its class may occupy (a board
// B1 does not admit, two bishops on one colour where the make-up has one of
// each, is drawn again), and a board is kept when it agrees with the last
// message (checks and pawn tries of the side to move, the other side not in
// check). When no placement of that make-up is kept, the next nearest are
// tried in turn (rebuildMakeups of them, each with fewer attempts). These
// boards honour B1 but not the whole history, so the sampler counts a
// fallback.
func (s *Sampler) Rebuild(own *game.Position, b *belief.Belief, o *belief.Observation) {
	s.Fallbacks++
	s.folded = false
	s.boards = s.placeNearest(s.boards, s.capacity, own, b, o, rebuildAttempts*s.capacity, max(1, s.capacity/2))
	s.Normalise()
}

// placeNearest appends to dst, up to limit, boards placed (place) from the
// make-ups B1 allows whose men fit on their classes' squares, nearest the
// last consistent board's material first, going on to the next make-up
// (rebuildMakeups at most) only while none has been kept: first draws for
// the nearest, later for each of the others. o is the message the boards
// must agree with (nil for none).
func (s *Sampler) placeNearest(dst []particle, limit int, own *game.Position, b *belief.Belief, o *belief.Observation, first, later int) []particle {
	had, attempts := len(dst), first
	for i, material := range byNearness(placeable(b.Makeups(), &b.Possible), s.material) {
		if i == rebuildMakeups {
			break
		}
		dst = s.place(dst, limit, own, b, o, material, attempts)
		if len(dst) > had {
			break
		}
		attempts = later
	}
	return dst
}

// rebuildMakeups bounds the make-ups a rebuild tries. In a Berkeley blitz
// game against bot-random the nearest make-up was pawns alone, and no board
// of it kept the enemy king out of the check of our rook along the back rank
// (a knight stood between them): the sampler stayed empty for 70 moves, and
// the bot, blind, moved only its king while the enemy's pawn promoted and
// its men took the bot's (TestRebuildTriesTheNextMakeup).
const rebuildMakeups = 8

// place appends to dst, until it holds limit boards, boards with the
// enemy's men of material (the king added) at random on the squares B1
// allows each class, in at most attempts draws, keeping those B1 admits,
// with the side that just moved out of check, that agree with the message
// o (any message when o is nil). The draws are shared among the workers,
// each with a random source seeded from the sampler's in turn, and their
// boards appended in the workers' order: the same boards for the same
// seed and workers.
func (s *Sampler) place(dst []particle, limit int, own *game.Position, b *belief.Belief, o *belief.Observation, material [game.King + 1]int, attempts int) []particle {
	material[game.King] = 1
	// Each class's squares not ours, listed once: a man is drawn from them
	// again while his square is taken (uniform over the free ones).
	var allowed [game.King + 1]game.Bitboard
	var squares [game.King + 1][]game.Square
	for _, t := range belief.Classes {
		if material[t] == 0 {
			continue
		}
		allowed[t] = b.Possible[t] &^ own.Occupied()
		if t == game.King {
			allowed[t] &^= s.kingInCheck(own)
		}
		if allowed[t].Count() < material[t] {
			return dst
		}
		squares[t] = allowed[t].Squares()
	}
	n := len(s.workers)
	if cap(s.placed) < n {
		s.placed = make([][]particle, n)
	}
	s.placed = s.placed[:n]
	seeds := make([]uint64, n)
	for i := range seeds {
		seeds[i] = s.rng.Uint64()
	}
	want := limit - len(dst)
	deal(n, n, func(_, c int) {
		d := drawing{s: s, own: own, b: b, o: o, material: &material, allowed: &allowed, squares: &squares,
			rng: rand.New(rand.NewPCG(seeds[c], uint64(c)))}
		s.placed[c] = d.draw(s.placed[c][:0], want*(c+1)/n-want*c/n, attempts*(c+1)/n-attempts*c/n)
	})
	if cap(dst) < limit {
		dst = slices.Grow(dst, limit-len(dst))
	}
	for _, placed := range s.placed {
		dst = append(dst, placed...)
	}
	return dst
}

// drawing is one worker's share of a rebuild's draws.
type drawing struct {
	s        *Sampler
	own      *game.Position
	b        *belief.Belief
	o        *belief.Observation
	material *[game.King + 1]int
	allowed  *[game.King + 1]game.Bitboard
	squares  *[game.King + 1][]game.Square
	rng      *rand.Rand
}

// draw appends to dst up to limit boards kept out of attempts draws.
func (d *drawing) draw(dst []particle, limit, attempts int) []particle {
	them := d.s.us.Other()
	toMove := d.own.Turn()
	admits := d.b.Admitter()
	// Every board drawn holds material's men on squares B1 allows their
	// class, so B1's verdict turns only on how many bishops stand on light
	// squares: asked of the first board with each count, and a draw whose
	// bishops give a count B1 refused stops before its knights and pawns
	// (it would have been refused: the boards kept have the same chances).
	var verdicts [32 + 1]int8 // by light bishops: 0 not asked, 1 admitted, -1 not
	start := *d.own
	start.SetEnPassant(game.NoSquare)
	start.SetCastling(start.Castling() & ownRights(d.s.us))
	var p game.Position
	for attempt := 0; len(dst) < limit && attempt < attempts; attempt++ {
		p = start
		ok := true
		light := 0 // the count B1's verdict turns on, set once the bishops stand
		for _, t := range belief.Classes {
			n := d.material[t]
			if n == 0 {
				continue
			}
			if (d.allowed[t] &^ p.Occupied()).Count() < n {
				ok = false
				break
			}
			for list := d.squares[t]; n > 0; {
				if sq := list[d.rng.IntN(len(list))]; !p.Occupied().Has(sq) {
					p.Put(sq, game.NewPiece(them, t))
					n--
				}
			}
			if t == game.Bishop {
				if light = lightBishops(&p, them); verdicts[light] < 0 {
					ok = false
					break
				}
			}
		}
		if !ok {
			continue
		}
		if verdicts[light] == 0 {
			verdicts[light] = -1
			if admits(&p) {
				verdicts[light] = 1
			}
		}
		if verdicts[light] < 0 {
			continue
		}
		p.SetTurn(toMove.Other())
		if p.InCheck() {
			continue // the side that just moved cannot be in check
		}
		p.SetTurn(toMove)
		if d.o != nil && !agrees(&p, d.o, d.s.rules) {
			continue
		}
		dst = append(dst, particle{pos: p, w: 1})
	}
	return dst
}

// lightBishops returns how many of c's bishops stand on light squares in p.
func lightBishops(p *game.Position, c game.Color) int {
	return (p.Pieces(c, game.Bishop) & game.LightSquares).Count()
}

// kingInCheck returns the squares where the enemy king would leave the side
// that just moved (own's side not to move) in check whatever else stands on
// the board: beside our king, and when the enemy just moved, where our
// knights and pawns attack. The king is placed first (belief.Classes), so
// drawing it off these squares keeps exactly the boards a draw anywhere
// would have kept, with the same chances, sparing the draws of the other men.
func (s *Sampler) kingInCheck(own *game.Position) game.Bitboard {
	var out game.Bitboard
	if k := own.KingSquare(s.us); k != game.NoSquare {
		out = game.KingAttacks(k)
	}
	if own.Turn() != s.us {
		return out
	}
	for b := own.Pieces(s.us, game.Knight); b != 0; {
		out |= game.KnightAttacks(b.PopFirst())
	}
	return out | pawnReach(s.us, own.Pieces(s.us, game.Pawn))
}

// byNearness returns makeups ordered by how many men differ from last per
// class, nearest first (equals in their order), or last alone when there
// are none.
func byNearness(makeups [][game.King + 1]int, last [game.King + 1]int) [][game.King + 1]int {
	if len(makeups) == 0 {
		return [][game.King + 1]int{last}
	}
	dist := func(m [game.King + 1]int) int {
		d := 0
		for _, t := range belief.Classes {
			d += max(m[t]-last[t], last[t]-m[t])
		}
		return d
	}
	out := slices.Clone(makeups)
	slices.SortStableFunc(out, func(a, b [game.King + 1]int) int { return dist(a) - dist(b) })
	return out
}

// placeable returns the make-ups whose men of each class fit on the squares
// B1 allows that class. Without it a rebuild once drew, game after game, the
// make-up nearest the last board's material (a knight, where B1 had ruled
// out a knight on every square), cut it down to the king alone, which no
// make-up explains, and kept no board: B2 stayed empty for the last 71 plies
// of a game, and the bot, blind, walked its king into a mate by the random
// attempter (TestRebuildPlacesAMakeupB1Allows).
func placeable(makeups [][game.King + 1]int, possible *[game.King + 1]game.Bitboard) [][game.King + 1]int {
	var out [][game.King + 1]int
	for _, m := range makeups {
		fits := true
		for _, t := range belief.Classes {
			fits = fits && m[t] <= possible[t].Count()
		}
		if fits {
			out = append(out, m)
		}
	}
	return out
}

// ownRights returns the castling rights of c.
func ownRights(c game.Color) game.CastleRights {
	if c == game.White {
		return game.WhiteKingside | game.WhiteQueenside
	}
	return game.BlackKingside | game.BlackQueenside
}

// agrees reports whether p (side to move as after the message o) shows the
// checks and pawn tries o announced for the side to move.
func agrees(p *game.Position, o *belief.Observation, rules referee.Ruleset) bool {
	var kbuf [4]referee.CheckKind
	checks := referee.CheckKinds(p, kbuf[:0])
	if o.Moved {
		if len(checks) != len(o.Checks) {
			return false
		}
		for i, k := range checks {
			if rules.CheckDirection && k != o.Checks[i] {
				return false
			}
		}
	}
	if o.Tries != nil && o.TriesFor == p.Turn() && !sameTries(p, *o.Tries, rules.Tries) {
		return false
	}
	return o.Result != nil || p.HasLegalMove()
}
