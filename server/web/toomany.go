package web

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"
)

// tooMany answers a request over its address's budget: 429, with the
// whole seconds until the budget has room again in Retry-After (at least
// one, the header's unit), and the same in plain words.
func tooMany(w http.ResponseWriter, wait time.Duration, what string) {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, fmt.Sprintf("kriegd: too many %s from your address: try again in %d s", what, secs), http.StatusTooManyRequests)
}
