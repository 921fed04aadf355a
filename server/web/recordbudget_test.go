package web

import (
	stdnet "net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// getFrom is get from the loopback address ip (127.0.0.2, ...), as
// another client's address.
func getFrom(t *testing.T, u *umpire, ip, path string) (*http.Response, []byte) {
	t.Helper()
	d := &stdnet.Dialer{LocalAddr: &stdnet.TCPAddr{IP: stdnet.ParseIP(ip)}}
	rt := &http.Transport{DialContext: d.DialContext}
	defer rt.CloseIdleConnections()
	return getVia(t, rt, u, path, "")
}

// TestRecordHasABudget: /record reads the store for each request, and
// once served a client on loopback as fast as it asked. An address now
// has a budget of them like the listings': a burst beyond it is answered
// 429 with Retry-After and the reason in plain text, another address is
// served meanwhile, and the budget refills.
func TestRecordHasABudget(t *testing.T) {
	u := startUmpire(t, server.Config{Listings: 0.25}, "", Options{}) // per address: 1 a second, bursts of 5
	const path = "/record?white=alice&black=bob"                      // no such game: 404 when served
	start, served := time.Now(), 0
	var refused *http.Response
	var reason []byte
	for range 20 {
		resp, body := getFrom(t, u, "127.0.0.1", path)
		if resp.StatusCode != http.StatusNotFound {
			refused, reason = resp, body
			break
		}
		served++
	}
	if refused == nil || refused.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("20 requests for a record from one address at once: %d served, then %v; want 429 after 5", served, refused)
	}
	if most := 5 + int(time.Since(start).Seconds()) + 1; served < 5 || served > most {
		t.Errorf("%d requests served before the first 429; want 5 (the burst), at most %d with the refill", served, most)
	}
	wait, err := strconv.Atoi(refused.Header.Get("Retry-After"))
	if err != nil || wait < 1 || wait > 2 {
		t.Errorf("Retry-After %q; want a second or so", refused.Header.Get("Retry-After"))
	}
	if ct := refused.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") || !strings.Contains(string(reason), "too many requests for records from your address: try again in") {
		t.Errorf("the refusal: %s %q; want a plain-text reason", ct, reason)
	}
	if resp, body := getFrom(t, u, "127.0.0.2", path); resp.StatusCode != http.StatusNotFound {
		t.Errorf("another address while the first is over its budget: %d %q; want it served (404, no such game)", resp.StatusCode, body)
	}
	time.Sleep(time.Duration(wait) * time.Second)
	if resp, body := getFrom(t, u, "127.0.0.1", path); resp.StatusCode != http.StatusNotFound {
		t.Errorf("after Retry-After: %d %q; want the budget refilled", resp.StatusCode, body)
	}
}
