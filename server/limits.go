package server

import (
	"runtime"
	"sync"
	"time"
)

// bucket is a token bucket: rate tokens a second, at most burst saved.
type bucket struct {
	tokens float64
	filled time.Time
}

// newBucket returns a full bucket.
func newBucket(now time.Time, burst float64) *bucket { return &bucket{tokens: burst, filled: now} }

// take takes one token; false when none is left.
func (b *bucket) take(now time.Time, rate, burst float64) bool {
	if d := now.Sub(b.filled); d > 0 {
		b.tokens += d.Seconds() * rate
	}
	b.filled = now
	if b.tokens > burst {
		b.tokens = burst
	}
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Password guesses: a few wrong ones are free; the last free one starts a
// wait of 1 s before the next guess is checked at all (bcrypt does not
// run), and each further wrong one doubles it.
const (
	freeGuessesPerAccount = 3
	freeGuessesPerAddr    = 10 // a club behind one NAT shares an address
	maxGuessWait          = 15 * time.Minute
	guessMemory           = time.Hour // a key quiet this long is forgotten
	// maxGuessPause is the longest a refused guess's connection is held
	// before it closes, so that a guessing loop runs no faster than the
	// wait (a connection held costs one of its address's slots).
	maxGuessPause = 5 * time.Second
)

// guessLimits counts wrong passwords by account and by address. It has its
// own lock: it is consulted outside the server's.
type guessLimits struct {
	mu   sync.Mutex
	keys map[string]*guesses
}

// guesses is one key's wrong passwords.
type guesses struct {
	free  int // wrong guesses allowed before the first wait
	wrong int
	until time.Time // no guess is checked before this
	last  time.Time
}

func newGuessLimits() *guessLimits { return &guessLimits{keys: map[string]*guesses{}} }

// begin returns how long the keys must wait before a guess is checked, or
// 0 when it may be checked now: then the guess counts as wrong already
// (succeeded takes it back), so that guesses checked at once cannot all
// pass for free.
func (g *guessLimits) begin(now time.Time, keys map[string]int) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	var d time.Duration
	for k := range keys {
		if e := g.keys[k]; e != nil && e.until.After(now) {
			d = max(d, e.until.Sub(now))
		}
	}
	if d == 0 {
		g.count(now, keys)
	}
	return d
}

// count counts a wrong password against each key with its free allowance
// (under g.mu).
func (g *guessLimits) count(now time.Time, keys map[string]int) {
	if len(g.keys) > 10000 {
		for k, e := range g.keys {
			if now.Sub(e.last) > guessMemory {
				delete(g.keys, k)
			}
		}
	}
	for k, free := range keys {
		e := g.keys[k]
		if e == nil || now.Sub(e.last) > guessMemory {
			e = &guesses{free: free}
			g.keys[k] = e
		}
		e.wrong++
		e.last = now
		if over := e.wrong - free; over >= 0 {
			wait := maxGuessWait
			if over < 20 {
				wait = min(maxGuessWait, time.Second<<over)
			}
			e.until = now.Add(wait)
		}
	}
}

// succeeded takes back the guess begin counted: the password was right.
// The account's wrong passwords are forgotten; the address's stay.
func (g *guessLimits) succeeded(account, address string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.keys, account)
	if e := g.keys[address]; e != nil && e.wrong > 0 {
		if e.wrong--; e.wrong < e.free {
			e.until = time.Time{}
		}
	}
}

// hashers is how many password checks may run at once: half the cores, so
// that a crowd guessing passwords leaves the rest to the games.
func hashers() int { return max(1, runtime.NumCPU()/2) }
