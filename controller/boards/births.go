package boards

import (
	"sync"
	"sync/atomic"

	"github.com/krieg/krieg/game"
)

// sharesPerWorker is how many shares of the work of a refresh each worker
// gets on average: dealt to the workers as they come free, so that a worker
// the machine holds back (another process on its core) does not keep the
// rest waiting.
const sharesPerWorker = 8

// deal runs work(w, c) for every share c in 0…k-1, on n goroutines (w tells
// which), each taking the next share when it is done with one, and waits
// for them all. One worker works on the caller's goroutine (and thread:
// a caller running behind a window's threads keeps the work there).
func deal(n, k int, work func(w, c int)) {
	if n == 1 {
		for c := range k {
			work(0, c)
		}
		return
	}
	var next atomic.Int64
	worker := func(w int) {
		for c := int(next.Add(1) - 1); c < k; c = int(next.Add(1) - 1) {
			work(w, c)
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker(w)
		}()
	}
	worker(0)
	wg.Wait()
}

// births returns the boards of the picked children, each its parent board
// after its move with the child's weight, in the order of picks, in s.spare;
// s.born gets their hashes. The workers play shares of picks as they come free.
func (s *Sampler) births(picks []child) []particle {
	next := s.room(len(picks))
	n := sharesPerWorker * len(s.workers)
	deal(len(s.workers), n, func(_, share int) {
		from, to := len(picks)*share/n, len(picks)*(share+1)/n
		s.bear(picks[from:to], next[from:to], s.born[from:to])
	})
	return next
}

// room returns n places for new boards, in s.spare's memory, and sizes
// s.born for their hashes.
func (s *Sampler) room(n int) []particle {
	next := s.spare[:0]
	if cap(next) < n {
		next = make([]particle, 0, n)
	}
	if cap(s.born) < n {
		s.born = make([]uint64, n)
	}
	s.born = s.born[:n]
	return next[:n]
}

// bear sets next[k] to the board of picks[k], its parent board after its
// move with the child's weight, and born[k] to its hash.
func (s *Sampler) bear(picks []child, next []particle, born []uint64) {
	for k := range picks {
		c, b := &picks[k], &next[k]
		b.pos, b.w = s.boards[c.parent].pos, c.w
		b.pos.Apply(c.move)
		born[k] = key(&b.pos)
	}
}

// span is a stretch of a slice of boards: from, and how many.
type span struct{ from, n int }

// rebirths resamples the shares from the point first (resample.go), each
// share on the next worker free, which plays the children it picks at
// once, and returns the boards and, in spans, where each share's boards lie:
// each share writes from the place of the first point it may take, since
// it keeps at most as many children as points fall in it. s.born gets the
// boards' hashes at the same places.
func (s *Sampler) rebirths(total, first float64) ([]particle, []span) {
	k := len(s.shares)
	s.points = points(first, total/float64(s.capacity), total, s.capacity, s.points)
	if len(s.starts) != k {
		s.starts, s.firsts, s.spans, s.sharePicks = make([]float64, k), make([]int, k), make([]span, k), make([][]child, k)
	}
	plan(s.shares, s.points, s.starts, s.firsts)
	next := s.room(len(s.points))
	deal(len(s.workers), k, func(_, c int) {
		picks := resampleShare(&s.shares[c], s.starts[c], s.points, s.firsts[c], s.capacity, s.sharePicks[c][:0])
		s.sharePicks[c] = picks
		at := s.firsts[c]
		s.bear(picks, next[at:at+len(picks)], s.born[at:at+len(picks)])
		s.spans[c] = span{at, len(picks)}
	})
	return next, s.spans
}

// keySeeds set apart the words key mixes, so that two boards differing by
// men swapped between two bitboards still key apart.
var keySeeds = [8]uint64{
	0x9e3779b97f4a7c15, 0xd1b54a32d192ed03, 0xabc98388fb8fac03, 0x8cb92ba72f3d8dd7,
	0xf1357aea2e62a9c5, 0xc2b2ae3d27d4eb4f, 0x94d049bb133111eb, 0xbf58476d1ce4e5b9,
}

// key returns a 64-bit digest of what Position.Hash digests (the men, side
// to move, castling rights and en passant square), for merge: equal boards
// key equally. Each word is mixed on its own, so that the mixes run side by
// side instead of one after the other: a refresh keys every child it makes.
func key(p *game.Position) uint64 {
	h := game.Mix(uint64(p.Turn())<<8 | uint64(p.Castling())<<16 | uint64(p.EnPassant()+1)<<24)
	h ^= game.Mix(uint64(p.ByColor(game.White))^keySeeds[0]) ^ game.Mix(uint64(p.ByColor(game.Black))^keySeeds[1])
	for t := game.Pawn; t <= game.King; t++ {
		h ^= game.Mix(uint64(p.ByType(t)) ^ keySeeds[t+1])
	}
	return h
}

// slot is one entry of merge's open-addressing index: a board hash and one
// more than the index of the board kept for it (0: the slot is free).
type slot struct {
	hash uint64
	at   int32
}

// table returns the open-addressing index, cleared, sized for n boards: a
// power of two at least twice n.
func (s *Sampler) table(n int) []slot {
	size := 16
	for size < 2*n {
		size <<= 1
	}
	if len(s.slots) < size {
		s.slots = make([]slot, size)
	}
	slots := s.slots[:size]
	clear(slots)
	return slots
}

// merge folds equal boards into one particle carrying their summed weight:
// the same distribution, held once. Without it a board reached along many
// paths fills the capacity with copies, and resampling may then lose a rare
// board that is the truth. hashes[i] is the hash of boards[i]; boards with
// equal hashes are equal. The first of equal boards keeps its place. Only
// the boards in spans count, in order; the kept ones are moved to the front.
func (s *Sampler) merge(boards []particle, hashes []uint64, spans []span) []particle {
	n := 0
	for _, sp := range spans {
		n += sp.n
	}
	slots := s.table(n)
	mask := uint64(len(slots) - 1)
	kept := boards[:0]
	for _, sp := range spans {
		kept = mergeSpan(boards, hashes, sp, slots, mask, kept)
	}
	return kept
}

// mergeSpan is merge's work on the boards of sp, kept so far in kept.
func mergeSpan(boards []particle, hashes []uint64, sp span, slots []slot, mask uint64, kept []particle) []particle {
	for i := sp.from; i < sp.from+sp.n; i++ {
		h := hashes[i]
		for j := h & mask; ; j = (j + 1) & mask {
			sl := &slots[j]
			if sl.at == 0 {
				sl.hash, sl.at = h, int32(len(kept))+1
				if len(kept) != i {
					boards[len(kept)] = boards[i]
				}
				kept = kept[:len(kept)+1]
				break
			}
			if sl.hash == h {
				kept[sl.at-1].w += boards[i].w
				break
			}
		}
	}
	return kept
}
