package server

import (
	"runtime"
	"strings"
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

// fill adds the tokens earned since the last fill, up to burst.
func (b *bucket) fill(now time.Time, rate, burst float64) {
	if d := now.Sub(b.filled); d > 0 {
		b.tokens += d.Seconds() * rate
	}
	b.filled = now
	if b.tokens > burst {
		b.tokens = burst
	}
}

// maxAddrBuckets is how many addresses a map of address buckets holds
// before it forgets those whose buckets have had time to fill again.
const maxAddrBuckets = 10000

// addrBucket returns addr's bucket in byAddr, a full one when it has none.
// A bucket outlives its address's connections: one that closes and
// connects again must not find its address's budget refilled (a tester
// sent 29,000 lobby commands a second that way, against 8 allowed). Once
// byAddr holds maxAddrBuckets addresses, those idle long enough to be full
// again are forgotten, which costs nothing.
func addrBucket(byAddr map[string]*bucket, addr string, now time.Time, rate, burst float64) *bucket {
	if b := byAddr[addr]; b != nil {
		return b
	}
	if len(byAddr) >= maxAddrBuckets {
		refill := time.Duration(burst / rate * float64(time.Second))
		for a, b := range byAddr {
			if now.Sub(b.filled) > refill {
				delete(byAddr, a)
			}
		}
	}
	b := newBucket(now, burst)
	byAddr[addr] = b
	return b
}

// takeConnect takes one of addr's new connections (under s.mu): an
// address may open MaxConnsPerAddr at once and ConnectsPerAddr a second
// after that, so that a club behind one address reconnecting after a
// restart gets in at once, while one process logging in and out in a
// loop (a tester made 8,000 guest logins a second, each a log line and a
// change to everyone's list of players) is slowed to a few a second.
func (s *Server) takeConnect(addr string) bool {
	now, rate, burst := s.clock.Now(), s.cfg.ConnectsPerAddr, float64(s.cfg.MaxConnsPerAddr)
	return addrBucket(s.connectAddr, addr, now, rate, burst).take(now, rate, burst)
}

// take takes one token; false when none is left.
func (b *bucket) take(now time.Time, rate, burst float64) bool {
	b.fill(now, rate, burst)
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// wait is how long until a bucket that take refused has a token again.
func (b *bucket) wait(rate float64) time.Duration {
	return time.Duration((1 - b.tokens) / rate * float64(time.Second))
}

// Password guesses: a few wrong ones are free; the last free one starts a
// wait of 1 s before the next guess is checked at all (bcrypt does not
// run), and each further wrong one doubles it. Guesses count against the
// account from that address, against the address, and against the
// account from everywhere (which spares the addresses the account's
// owner has logged in from, so that strangers guessing cannot lock the
// owner out).
const (
	freeGuessesPerAccount = 3  // one account from one address
	freeGuessesPerAddr    = 10 // a club behind one NAT shares an address
	freeGuessesAnywhere   = 20 // one account from every other address together
	trustMemory           = 30 * 24 * time.Hour
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
	// trusted is when each account last logged in from each address
	// (keyed account, a space, the address).
	trusted map[string]time.Time
	// checks is each address's budget of password checks by bcrypt, right
	// or wrong (checksPerSecond, checksBurst); logins its budget of logins
	// with a password, remembered ones too (loginsPerSecond, loginsBurst).
	checks, logins map[string]*bucket
}

// Each address may have checksBurst passwords checked by bcrypt at once
// and checksPerSecond after that, right ones too: logging in with the
// right password over and over from many addresses otherwise keeps bcrypt
// busy for everyone. A login that proved right lately is not checked
// again (verified), so a club's players reconnecting cost nothing.
// Logins with a password, even remembered ones, are limited per address
// too (loginsBurst, loginsPerSecond): each costs a store call, and a crowd
// of addresses looping on logins otherwise takes the cores from everyone.
const (
	checksBurst     = 10
	checksPerSecond = 0.2
	loginsBurst     = 10
	loginsPerSecond = 1.0
)

// takeCheck takes one of addr's password checks by bcrypt: 0 when it may
// run, else how long until the address has one.
func (g *guessLimits) takeCheck(now time.Time, addr string) time.Duration {
	return g.take(now, g.checks, addr, checksPerSecond, checksBurst)
}

// takeLogin takes one of addr's logins with a password, as takeCheck.
func (g *guessLimits) takeLogin(now time.Time, addr string) time.Duration {
	return g.take(now, g.logins, addr, loginsPerSecond, loginsBurst)
}

// take takes a token from addr's bucket in byAddr: 0 when there was one,
// else how long until there is.
func (g *guessLimits) take(now time.Time, byAddr map[string]*bucket, addr string, rate, burst float64) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	b := addrBucket(byAddr, addr, now, rate, burst)
	if b.take(now, rate, burst) {
		return 0
	}
	return b.wait(rate)
}

// guesses is one key's wrong passwords.
type guesses struct {
	free  int // wrong guesses allowed before the first wait
	wrong int
	until time.Time // no guess is checked before this
	last  time.Time
}

func newGuessLimits() *guessLimits {
	return &guessLimits{keys: map[string]*guesses{}, trusted: map[string]time.Time{}, checks: map[string]*bucket{}, logins: map[string]*bucket{}}
}

// guessKeys are the counters a guess at account's password from address
// counts against, with their free guesses.
func (g *guessLimits) guessKeys(now time.Time, account, address string) map[string]int {
	keys := map[string]int{"account:" + account + " " + address: freeGuessesPerAccount, "address:" + address: freeGuessesPerAddr}
	g.mu.Lock()
	defer g.mu.Unlock()
	if at, ok := g.trusted[account+" "+address]; !ok || now.Sub(at) > trustMemory {
		keys["account:"+account] = freeGuessesAnywhere
	}
	return keys
}

// begin returns how long the keys must wait before a guess is checked, or
// 0 when it may be checked now: then the guess counts as wrong already
// (succeeded takes it back), so that guesses checked at once cannot all
// pass for free. elsewhere is true when only the account's count from
// every address holds the guess: the guesses were made elsewhere.
func (g *guessLimits) begin(now time.Time, keys map[string]int) (wait time.Duration, elsewhere bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	elsewhere = true
	for k := range keys {
		if e := g.keys[k]; e != nil && e.until.After(now) {
			wait = max(wait, e.until.Sub(now))
			elsewhere = elsewhere && strings.Count(k, " ") == 0 && strings.HasPrefix(k, "account:")
		}
	}
	if wait == 0 {
		g.count(now, keys)
	}
	return wait, elsewhere
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

// succeeded takes back the guess begin counted against keys: the password
// was right. The account's wrong passwords from this address are
// forgotten, the others' stay, and the address is trusted for the account.
func (g *guessLimits) succeeded(now time.Time, account, address string, keys map[string]int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.trusted) > 100000 {
		for k, at := range g.trusted {
			if now.Sub(at) > trustMemory {
				delete(g.trusted, k)
			}
		}
	}
	g.trusted[account+" "+address] = now
	delete(g.keys, "account:"+account+" "+address)
	g.uncountLocked(keys)
}

// uncount takes back the guess begin counted against keys: it was not
// checked after all.
func (g *guessLimits) uncount(keys map[string]int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.uncountLocked(keys)
}

// uncountLocked is uncount under g.mu.
func (g *guessLimits) uncountLocked(keys map[string]int) {
	for k := range keys {
		if e := g.keys[k]; e != nil && e.wrong > 0 {
			if e.wrong--; e.wrong < e.free {
				e.until = time.Time{}
			}
		}
	}
}

// hashers is how many password checks may run at once: half the cores, so
// that a crowd guessing passwords leaves the rest to the games.
func hashers() int { return max(1, runtime.NumCPU()/2) }
