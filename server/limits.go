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
)

// guessLimits counts wrong passwords by account and by address. It has its
// own lock: it is consulted outside the server's.
type guessLimits struct {
	mu   sync.Mutex
	keys map[string]*guesses
}

// guesses is one key's wrong passwords.
type guesses struct {
	wrong int
	until time.Time // no guess is checked before this
	last  time.Time
}

func newGuessLimits() *guessLimits { return &guessLimits{keys: map[string]*guesses{}} }

// wait returns how long the keys must wait before a guess is checked (0: now).
func (g *guessLimits) wait(now time.Time, keys ...string) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	var d time.Duration
	for _, k := range keys {
		if e := g.keys[k]; e != nil && e.until.After(now) {
			d = max(d, e.until.Sub(now))
		}
	}
	return d
}

// failed counts a wrong password against each key with its free allowance.
func (g *guessLimits) failed(now time.Time, keys map[string]int) {
	g.mu.Lock()
	defer g.mu.Unlock()
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
			e = &guesses{}
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

// succeeded forgets an account's wrong passwords once its password is given.
func (g *guessLimits) succeeded(key string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.keys, key)
}

// hashers is how many password checks may run at once: half the cores, so
// that a crowd guessing passwords leaves the rest to the games.
func hashers() int { return max(1, runtime.NumCPU()/2) }
