package player

import (
	"math"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// The boards can all miss the true position, and a stalemate throws a won
// game away, so while the bot is winning each candidate's score is scaled
// by one minus the chance that it leaves the enemy king no move, judged on
// the squares B1 allows the king as well as on the boards (see
// docs/player.md).
//
// piecesDoubt is the least share of the boards counted as leaving the enemy
// no man to move while B1 admits it may have no piece left, because the
// boards can keep a piece alive that a capture the referee did not name
// (Berkeley) has already taken.
const piecesDoubt = 0.5

// stalemateAversion is the power the chance of no stalemate is raised to
// in a candidate's score: about twice the chance is charged while it is
// small. Charged once, the score would be the expected one; but while the
// bot is winning its candidates' scores differ mostly by how soon they win,
// a few hundredths, and a stalemate throws the whole win away on a chance
// that rests on B1's floor and on guesses of the enemy's last men. In a
// Berkeley game against bot-random, a 4 % risk so charged (the king on a6
// one square in 13, its last man on the boards a piece already taken) lost
// to a gain of as much in speed, and Qd7 stalemated.
const stalemateAversion = 2.0

// riskOf is the chance of a stalemate given the king's frozen mass. B1's
// doubt about the enemy's pieces counts only where its pawns cannot move
// either: free pawns spare the king a stalemate, phantom pieces or not.
// The doubt about few men counts the men the move leaves: one fewer on the
// boards where it takes one.
func riskOf(frozen float64, v *controller.ViewModel, mob mobility) float64 {
	bare := 1 - mob.men
	if v.PawnsOnly {
		bare = max(bare, piecesDoubt*(1-mob.pawns))
	}
	n := v.EnemyMen
	bare = max(bare, (1-mob.taken)*fewMenDoubt(n)+mob.taken*fewMenDoubt(n-1))
	return min(1, frozen*bare)
}

// fewMenDoubt is the least share of the boards on which the enemy is taken
// to have no man to move but its king, while it has at most fewMen men
// besides its king: a half for each, so 1/2 with one man and 1/16 with four,
// because the boards tend to leave the enemy's last men free where they are
// in fact blocked or pinned.
func fewMenDoubt(n int) float64 {
	n = max(n, 0)
	if n > fewMen {
		return 0
	}
	return math.Pow(0.5, float64(n))
}

// fewMen is the most men besides its king with which the enemy's mobility is
// doubted (fewMenDoubt).
const fewMen = 4

// frozenMass is the king's probability over the squares B1 allows it where,
// with our men as on after, it would be out of check and have no free square
// to step to; those squares (where the probability is not 0); and the share
// of all the squares B1 allows it (ours aside) that are so, as if the king
// stood on each alike. A king is out of check where an enemy man may stand
// between it and each of our men that attack it (B1 allows one there): the
// man may be pinned, as the bishop on h2 was by the bot's queen on h4 in a
// recorded stalemate that our own view took for a check down an empty file.
func frozenMass(after *game.Position, us game.Color, v *controller.ViewModel) (mass float64, squares game.Bitboard, share float64) {
	ours := after.ByColor(us)
	occ := after.Occupied()
	pawns := v.Possible[game.Pawn]
	// Every square where B1 allows an enemy man counts as holding one at
	// once, so one man may shield several lines: the charge errs high.
	var blockers game.Bitboard
	for t := game.Pawn; t < game.King; t++ {
		blockers |= v.Possible[t]
	}
	blockers &^= ours
	all, frozenN := 0, 0
	for x := v.Possible[game.King] &^ ours; x != 0; {
		k := x.PopFirst()
		all++
		if after.AttackersTo(k, us, occ|blockers&^k.Bit()) != 0 || !frozen(after, us, k, pawns, occ) {
			continue // it would be in check, or it has a square
		}
		frozenN++
		if p := v.Probability[game.King][k]; p > 0 {
			mass += p
			squares |= k.Bit()
		}
	}
	if all > 0 {
		share = float64(frozenN) / float64(all)
	}
	return mass, squares, share
}

// frozen reports whether an enemy king on k could step nowhere: every
// neighbour is attacked by our men (a man of ours there is then defended)
// or may hold one of its own pawns.
func frozen(after *game.Position, us game.Color, k game.Square, pawns, occ game.Bitboard) bool {
	for n := game.KingAttacks(k); n != 0; {
		s := n.PopFirst()
		if pawns.Has(s) && !after.ByColor(us).Has(s) {
			continue
		}
		if after.AttackersTo(s, us, occ&^s.Bit()) == 0 {
			return false
		}
	}
	return true
}

// mobility holds, among the boards on which our move is legal, the share of
// the weight where the enemy can then move a man besides its king (men) and
// where it can move a pawn (pawns), and where the move takes one of its men
// (taken). A board where the move gives check stalemates nowhere and counts
// as mobile.
type mobility struct{ men, pawns, taken float64 }

// tally sums the weight of boards, and of those where the enemy can move a
// man besides its king, where it can move a pawn, and where the move takes
// a man.
type tally struct{ weight, men, pawns, taken float64 }

// add counts a board of weight w.
func (t *tally) add(w float64, men, pawns, took bool) {
	t.weight += w
	if men {
		t.men += w
	}
	if pawns {
		t.pawns += w
	}
	if took {
		t.taken += w
	}
}

// share is the mobility the tally shows; none when it counted no weight.
func (t tally) share() mobility {
	if t.weight == 0 {
		return mobility{}
	}
	return mobility{men: t.men / t.weight, pawns: t.pawns / t.weight, taken: t.taken / t.weight}
}

// mobileShare is the enemy's mobility after our move m, on the boards whose
// king then stands on one of the squares at (those the move freezes), or on
// all the boards when none has it there: a man pinned to its king stands
// next to it, so boards that put the king elsewhere say little about it.
// With no board on which m is legal it reports no mobility, and the charge
// rests on B1's squares alone.
func mobileShare(boards []controller.Board, m game.Move, at game.Bitboard) mobility {
	var buf [game.MaxMoves]game.Move
	var all, there tally
	for i := range boards {
		b := &boards[i]
		after, ok := b.Pos.Play(m)
		if !ok {
			continue
		}
		king := after.KingSquare(after.Turn())
		men, pawns := true, true
		if !after.InCheck() {
			men, pawns = movers(&after, king, buf[:0])
		}
		took := b.Pos.IsCapture(m) // en passant included
		all.add(b.Weight, men, pawns, took)
		if at.Has(king) {
			there.add(b.Weight, men, pawns, took)
		}
	}
	if there.weight > 0 {
		return there.share()
	}
	return all.share()
}

// movers reports whether the side to move in p can move a man besides its
// king (on king), and whether it can move a pawn; buf is scratch.
func movers(p *game.Position, king game.Square, buf []game.Move) (men, pawns bool) {
	for _, x := range p.LegalMoves(buf) {
		if x.From() != king {
			men = true
			pawns = pawns || p.At(x.From()).Type() == game.Pawn
		}
		if pawns {
			break
		}
	}
	return men, pawns
}

// penalizeStalemates scales the score of each of cands (moves of our men in
// own) by the chance it does not stalemate, and sorts them again, best first.
func penalizeStalemates(own *game.Position, cands []choice, v *controller.ViewModel, boards []controller.Board) {
	us := own.Turn()
	for i := range cands {
		if cands[i].score <= utilityDraw {
			continue
		}
		after := *own
		after.Apply(cands[i].move)
		mass, at, share := frozenMass(&after, us, v)
		if mass == 0 {
			continue // no board is played for a move that freezes no square
		}
		mob := mobileShare(boards, cands[i].move, at)
		if n := v.EnemyMen; (n > 0 && n <= fewMen) || (mob.men == 0 && captures(boards, cands[i].move)) {
			mass = max(mass, share) // few men left, or the last man taken (below)
		}
		cands[i].score *= math.Pow(1-riskOf(mass, v, mob), stalemateAversion)
	}
	sortChoices(cands)
}

// A capture that leaves the enemy no man to move but its king stalemates it
// wherever that king has no square left, and there the boards' own guess of
// the king is least to be trusted. So for such a capture the king's frozen
// mass is at least the share of the squares B1 allows it that the capture
// freezes, as if it stood on each of them alike. The same floor holds for
// every move while the enemy has one to fewMen men besides its king; a lone
// king is left to the boards' own guess, since with no other man every
// board already counts it bare. TestRecordedStalemates replays the games
// that call for it.

// captures reports whether m takes an enemy man on some board where it is legal.
func captures(boards []controller.Board, m game.Move) bool {
	for i := range boards {
		b := &boards[i]
		if b.Pos.IsLegal(m) && b.Pos.IsCapture(m) {
			return true
		}
	}
	return false
}
