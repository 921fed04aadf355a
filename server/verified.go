package server

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"strings"
	"sync"
	"time"
)

// verifiedMemory is how long a password that proved right is remembered,
// so that the same login again is not checked by bcrypt again.
const verifiedMemory = 10 * time.Minute

// maxVerified bounds how many verifications are remembered.
const maxVerified = 100000

// verified remembers the logins (name, stored hash, password) that proved
// right lately, in memory only, each by a keyed hash (HMAC-SHA-256 under a
// key drawn at start and never kept): a client logging in over and over
// with the right password costs one bcrypt check, not one each time, and
// the memory holds nothing a password can be read back or guessed from
// without the key. The stored hash is part of the key, so a new password
// is checked again.
type verified struct {
	key  [32]byte
	mu   sync.Mutex
	seen map[[sha256.Size]byte]time.Time
}

func newVerified() *verified {
	v := &verified{seen: map[[sha256.Size]byte]time.Time{}}
	rand.Read(v.key[:]) // crypto/rand.Read never fails (it panics on a broken system)
	return v
}

// sum is the keyed hash of a login.
func (v *verified) sum(name, hash, password string) [sha256.Size]byte {
	m := hmac.New(sha256.New, v.key[:])
	for _, part := range []string{strings.ToLower(name), hash, password} {
		m.Write([]byte(part))
		m.Write([]byte{0})
	}
	var out [sha256.Size]byte
	copy(out[:], m.Sum(nil))
	return out
}

// known reports whether this login proved right less than verifiedMemory ago.
func (v *verified) known(now time.Time, name, hash, password string) bool {
	k := v.sum(name, hash, password)
	v.mu.Lock()
	defer v.mu.Unlock()
	at, ok := v.seen[k]
	return ok && now.Sub(at) < verifiedMemory
}

// remember notes that this login proved right.
func (v *verified) remember(now time.Time, name, hash, password string) {
	k := v.sum(name, hash, password)
	v.mu.Lock()
	defer v.mu.Unlock()
	makeRoom(v.seen, now, verifiedMemory, maxVerified)
	v.seen[k] = now
}

// makeRoom keeps a memory of times bounded: when m holds most entries, the
// ones older than memory go, and all of them if none was.
func makeRoom[K comparable](m map[K]time.Time, now time.Time, memory time.Duration, most int) {
	if len(m) < most {
		return
	}
	for k, at := range m {
		if now.Sub(at) >= memory {
			delete(m, k)
		}
	}
	if len(m) >= most {
		clear(m)
	}
}
