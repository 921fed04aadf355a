package player

import (
	"sync"
	"sync/atomic"

	"github.com/krieg/krieg/game"
)

// The KBNK table gives, for king, bishop and knight against a lone king,
// every position's distance to mate in plies with best play in ordinary
// chess. The ending has no pawns, so the eight symmetries of the board keep
// distances: the table stores the strong king in the a1-d1-d4 triangle only
// (10 squares, 2.6 million positions a side) and is built once by
// retrograde analysis from the mates back, the first time it is asked.
//
// It is what tells the bot which corner matters: a lone king is mated only in
// a corner of the bishop's colour, and the distances climb towards the other
// two, so a belief judged by its worst distance (loneking.go) drives the king
// towards the right corner without a rule saying which.
//
// The same analysis with a second bishop in the knight's place gives the
// table of two bishops (KBBK): a men pair names the second man's kind, and
// each pair's table is built the first time it is asked.

// kbnkTriangle is the number of strong-king squares the table stores.
const kbnkTriangle = 10

// kbnkTable is indexed [side to move: 0 strong, 1 weak][kbnkIndex].
type kbnkTable [2][kbnkTriangle * 64 * 64 * 64]uint8

// menPair is the strong side's king, a bishop and a second man (a knight,
// or a bishop of the other colour) against a lone king, with its table.
type menPair struct {
	second game.PieceType
	once   sync.Once
	table  *kbnkTable
	// built is set once the table may be read without waiting.
	built atomic.Bool
}

// The two pairs with tables.
var (
	pairBN = &menPair{second: game.Knight}
	pairBB = &menPair{second: game.Bishop}
)

var (
	// kbnkSym[t][s] is square s under symmetry t (bit 0 mirrors the files,
	// bit 1 the ranks, bit 2 swaps files and ranks, in that order).
	kbnkSym [8][64]game.Square
	// kbnkOf[s] is the symmetry that brings a strong king on s into the
	// triangle, and kbnkTri[s] the triangle's number for s (-1 outside it).
	kbnkOf  [64]uint8
	kbnkTri [64]int
	// kbnkTriSquare[i] is the square numbered i in the triangle.
	kbnkTriSquare [kbnkTriangle]game.Square
)

func init() {
	for t := range kbnkSym {
		for s := game.Square(0); s < 64; s++ {
			f, r := s.File(), s.Rank()
			if t&1 != 0 {
				f = 7 - f
			}
			if t&2 != 0 {
				r = 7 - r
			}
			if t&4 != 0 {
				f, r = r, f
			}
			kbnkSym[t][s] = game.NewSquare(f, r)
		}
	}
	n := 0
	for s := game.Square(0); s < 64; s++ {
		kbnkTri[s] = -1
		if s.File() <= 3 && s.Rank() <= s.File() {
			kbnkTri[s] = n
			kbnkTriSquare[n] = s
			n++
		}
	}
	for s := game.Square(0); s < 64; s++ {
		for t := range kbnkSym {
			if kbnkTri[kbnkSym[t][s]] >= 0 {
				kbnkOf[s] = uint8(t)
				break
			}
		}
	}
}

// kbnkIndex is the table's index of a position (the strong king on sk,
// bishop on b, knight on n, the lone king on wk) under the symmetry that
// brings sk into the triangle.
func kbnkIndex(sk, b, n, wk game.Square) int {
	t := kbnkOf[sk]
	s := &kbnkSym[t]
	return ((kbnkTri[s[sk]]*64+int(s[b]))*64+int(s[n]))*64 + int(s[wk])
}

// kbnkSquares decodes a table index (the strong king in the triangle).
func kbnkSquares(i int) (sk, b, n, wk game.Square) {
	wk, n, b = game.Square(i&63), game.Square(i>>6&63), game.Square(i>>12&63)
	return kbnkTriSquare[i>>18], b, n, wk
}

// KBNKDistance returns the plies to mate in p, king, bishop and knight
// against a lone king, with best play; ok is false for any other material,
// and mate is false when the strong side cannot force mate (a man falls, or
// stalemate).
func KBNKDistance(p *game.Position) (plies int, mate, ok bool) {
	return pairBN.distance(p)
}

// KBBKDistance is KBNKDistance for king and two bishops against a lone king
// (bishops of one colour never mate).
func KBBKDistance(p *game.Position) (plies int, mate, ok bool) {
	return pairBB.distance(p)
}

// minorDistance is the distance of whichever pair p holds.
func minorDistance(p *game.Position) (plies int, mate, ok bool) {
	if p.ByType(game.Knight) != 0 {
		return pairBN.distance(p)
	}
	return pairBB.distance(p)
}

// distance is the table's distance for p; ok is false unless p holds the
// two kings, a bishop and the pair's second man, all but a king one side's.
func (mp *menPair) distance(p *game.Position) (plies int, mate, ok bool) {
	bs, ns := p.ByType(game.Bishop), p.ByType(mp.second)
	if mp.second == game.Bishop {
		bs &= bs - 1 // the first bishop is the higher square's, the second the other
		ns ^= bs
	}
	if p.Occupied().Count() != 4 || bs.Count() != 1 || ns.Count() != 1 {
		return 0, false, false
	}
	strong := p.At(bs.First()).Color()
	if p.At(ns.First()).Color() != strong {
		return 0, false, false
	}
	stm := 0
	if p.Turn() != strong {
		stm = 1
	}
	mp.prepare()
	d := mp.table[stm][kbnkIndex(p.KingSquare(strong), bs.First(), ns.First(), p.KingSquare(strong.Other()))]
	return int(d), d != kxkNone, true
}

// PrepareKBNK builds the bishop and knight table (a few seconds, once per
// process), waiting for a build under way. New leaves it to the first game
// that comes near the ending; callers timing the bot may build it first.
func PrepareKBNK() { pairBN.prepare() }

// PrepareKBBK builds the two bishops' table as PrepareKBNK does its own.
func PrepareKBBK() { pairBB.prepare() }

// prepare builds the pair's table once, waiting for a build under way.
func (mp *menPair) prepare() {
	mp.once.Do(func() {
		mp.table = mp.build()
		mp.built.Store(true)
	})
}

// ready reports whether the table is built, and starts building it in the
// background if not: a turn never waits seconds for it, and plays the
// ending without it until it is there.
func (mp *menPair) ready() bool {
	if mp.built.Load() {
		return true
	}
	go mp.prepare()
	return false
}

// secondAttacks are the squares the second man on n attacks among occ.
func (mp *menPair) secondAttacks(n game.Square, occ game.Bitboard) game.Bitboard {
	return game.AttacksFrom(mp.second, game.White, n, occ)
}

// attacks are the squares the strong men attack, the lone king's square
// taken off the board so that it cannot hide behind itself.
func (mp *menPair) attacks(sk, b, n, wk game.Square) game.Bitboard {
	occ := (sk.Bit() | b.Bit() | n.Bit()) &^ wk.Bit()
	return game.KingAttacks(sk) | mp.secondAttacks(n, occ) | game.BishopAttacks(b, occ)
}

// checked reports whether the lone king stands in check.
func (mp *menPair) checked(sk, b, n, wk game.Square) bool {
	occ := sk.Bit() | b.Bit() | n.Bit()
	return mp.secondAttacks(n, occ).Has(wk) || game.BishopAttacks(b, occ).Has(wk)
}

// weakMoves returns the lone king's moves, the capture of an unguarded man
// included.
func (mp *menPair) weakMoves(sk, b, n, wk game.Square) game.Bitboard {
	return game.KingAttacks(wk) &^ mp.attacks(sk, b, n, wk) &^ sk.Bit()
}

// valid reports whether the men may stand so with stm to move.
func (mp *menPair) valid(stm int, sk, b, n, wk game.Square) bool {
	if sk == b || sk == n || sk == wk || b == n || b == wk || n == wk || sk.Distance(wk) < 2 {
		return false
	}
	return stm == 1 || !mp.checked(sk, b, n, wk)
}

// build runs the retrograde analysis. Level 0 holds the mates; a
// strong-to-move position is mate in n+1 when one of its moves reaches a
// weak-to-move position found at n (found by unmaking the strong men's moves
// from those); a weak-to-move position is mate in n+1 when its last open
// move reaches a strong-to-move position found at n, every other move
// already leading to one found earlier (checked when a successor is found).
func (mp *menPair) build() *kbnkTable {
	t := new(kbnkTable)
	for stm := range t {
		for i := range t[stm] {
			t[stm][i] = kxkNone
		}
	}
	var frontier []int32
	for i := range t[1] {
		sk, b, n, wk := kbnkSquares(i)
		if mp.valid(1, sk, b, n, wk) && mp.checked(sk, b, n, wk) && mp.weakMoves(sk, b, n, wk) == 0 {
			t[1][i] = 0
			frontier = append(frontier, int32(i))
		}
	}
	for level := uint8(1); len(frontier) > 0; level++ {
		var next []int32
		if level%2 == 1 {
			for _, i := range frontier {
				next = mp.strongPredecessors(t, int(i), level, next)
			}
		} else {
			for _, i := range frontier {
				next = mp.weakPredecessors(t, int(i), level, next)
			}
		}
		frontier = next
	}
	return t
}

// strongPredecessors marks at level the unsolved strong-to-move positions
// one strong move before weak-to-move position i, appending them to out.
func (mp *menPair) strongPredecessors(t *kbnkTable, i int, level uint8, out []int32) []int32 {
	sk, b, n, wk := kbnkSquares(i)
	occ := sk.Bit() | b.Bit() | n.Bit() | wk.Bit()
	mark := func(sk, b, n game.Square) {
		if !mp.valid(0, sk, b, n, wk) {
			return
		}
		if j := kbnkIndex(sk, b, n, wk); t[0][j] == kxkNone {
			out = t.solve(0, j, level, out)
		}
	}
	for x := game.KingAttacks(sk) &^ occ; x != 0; {
		mark(x.PopFirst(), b, n)
	}
	for x := game.BishopAttacks(b, occ) &^ occ; x != 0; {
		mark(sk, x.PopFirst(), n)
	}
	for x := mp.secondAttacks(n, occ) &^ occ; x != 0; {
		mark(sk, b, x.PopFirst())
	}
	return out
}

// weakPredecessors marks at level the unsolved weak-to-move positions one
// lone-king move before strong-to-move position i whose every move now
// reaches a solved position, appending them to out.
func (mp *menPair) weakPredecessors(t *kbnkTable, i int, level uint8, out []int32) []int32 {
	sk, b, n, wk := kbnkSquares(i)
	occ := sk.Bit() | b.Bit() | n.Bit()
	for x := game.KingAttacks(wk) &^ occ; x != 0; {
		from := x.PopFirst()
		if !mp.valid(1, sk, b, n, from) {
			continue
		}
		j := kbnkIndex(sk, b, n, from)
		if t[1][j] != kxkNone || !mp.forced(t, sk, b, n, from) {
			continue
		}
		out = t.solve(1, j, level, out)
	}
	return out
}

// solve sets entry i of side stm at level, and its twin: a strong king on the
// triangle's diagonal is stored both ways, the other men mirrored across it,
// and only one of the two is reached by unmaking moves from a stored entry.
func (t *kbnkTable) solve(stm, i int, level uint8, out []int32) []int32 {
	t[stm][i] = level
	out = append(out, int32(i))
	sk, b, n, wk := kbnkSquares(i)
	if sk.File() != sk.Rank() {
		return out
	}
	m := &kbnkSym[4]
	if j := ((i>>18*64+int(m[b]))*64+int(m[n]))*64 + int(m[wk]); t[stm][j] == kxkNone {
		t[stm][j] = level
		out = append(out, int32(j))
	}
	return out
}

// forced reports whether every move of the lone king (to move) reaches a
// solved strong-to-move position: none takes a man and none is drawn.
func (mp *menPair) forced(t *kbnkTable, sk, b, n, wk game.Square) bool {
	moves := mp.weakMoves(sk, b, n, wk)
	if moves == 0 || moves.Has(b) || moves.Has(n) {
		return false
	}
	for x := moves; x != 0; {
		if t[0][kbnkIndex(sk, b, n, x.PopFirst())] == kxkNone {
			return false
		}
	}
	return true
}

// pairsColours reports whether two bishops stand on squares of both colours.
func pairsColours(bishops game.Bitboard) bool {
	a, b := bishops.First(), (bishops & (bishops - 1)).First()
	return (a.File()+a.Rank())%2 != (b.File()+b.Rank())%2
}
