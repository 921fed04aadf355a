package kso

import (
	"math/rand/v2"
	"time"
)

// Backoff gives capped exponential waits with full jitter: the n-th wait is
// drawn from [Base·2ⁿ/2, Base·2ⁿ], never above Max.
type Backoff struct {
	Base, Max time.Duration
	n         int
}

// Next returns the next wait and doubles the range.
func (b *Backoff) Next() time.Duration {
	d := b.Base << min(b.n, 20)
	if d > b.Max || d <= 0 {
		d = b.Max
	}
	b.n++
	half := d / 2
	return half + time.Duration(rand.Int64N(int64(half)+1))
}

// Reset starts again from Base.
func (b *Backoff) Reset() { b.n = 0 }
