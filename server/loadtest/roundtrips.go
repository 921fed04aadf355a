package loadtest

import (
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// roundTrips counts attempt round trips by door in histograms of fixed
// size (microseconds, 3 significant digits, up to a minute), so that a
// soak of millions of attempts measures the server's memory, not its own.
type roundTrips [2]*hdrhistogram.Histogram

// newRoundTrips returns empty histograms for both doors.
func newRoundTrips() *roundTrips {
	return &roundTrips{hdrhistogram.New(1, time.Minute.Microseconds(), 3), hdrhistogram.New(1, time.Minute.Microseconds(), 3)}
}

// add counts one round trip through door (0 TCP, 1 WebSocket); a round
// trip over a minute counts as a minute.
func (r *roundTrips) add(door int, d time.Duration) {
	_ = r[door].RecordValue(min(max(d.Microseconds(), 1), time.Minute.Microseconds()))
}

// merge adds o's counts to r's.
func (r *roundTrips) merge(o *roundTrips) {
	for d := range r {
		r[d].Merge(o[d])
	}
}

// count is how many round trips through door were counted; door -1 is
// both.
func (r *roundTrips) count(door int) int {
	if door < 0 {
		return int(r[0].TotalCount() + r[1].TotalCount())
	}
	return int(r[door].TotalCount())
}

// percentiles returns the median and 99th percentile through door, or
// of both doors together for door -1.
func (r *roundTrips) percentiles(door int) (p50, p99 time.Duration) {
	h := r[max(door, 0)]
	if door < 0 {
		h = hdrhistogram.New(1, time.Minute.Microseconds(), 3)
		h.Merge(r[0])
		h.Merge(r[1])
	}
	if h.TotalCount() == 0 {
		return 0, 0
	}
	return time.Duration(h.ValueAtPercentile(50)) * time.Microsecond, time.Duration(h.ValueAtPercentile(99)) * time.Microsecond
}
