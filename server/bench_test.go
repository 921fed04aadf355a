package server_test

import (
	"bufio"
	"fmt"
	stdnet "net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// BenchmarkLoginBesideGuessers measures a guest's login and "games" (dial
// to the answer read) alone, then with 40 clients looping on wrong
// passwords for registered names (cost 10) beside it, 3 s into their
// attack, in the same run; it reports both means, their ratio (the target
// is at most 2) and the guesses the server answered meanwhile.
func BenchmarkLoginBesideGuessers(b *testing.B) {
	u := startUmpire(&testing.T{}, server.Config{Log: quietLog})
	for i := 0; i < 4; i++ {
		h, err := server.HashPassword("rightpw")
		if err != nil {
			b.Fatal(err)
		}
		if err := u.store.AddAccount(b.Context(), fmt.Sprintf("target%d", i), h); err != nil {
			b.Fatal(err)
		}
	}
	guestRound := func() {
		nc, err := stdnet.Dial("tcp", u.addr)
		if err != nil {
			b.Fatal(err)
		}
		defer nc.Close()
		nc.SetDeadline(time.Now().Add(30 * time.Second))
		nc.Write([]byte("guest\r\ngames\r\n"))
		rd := bufio.NewReader(nc)
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				b.Fatalf("guest: %v", err)
			}
			if strings.Contains(line, "games in progress") {
				return
			}
		}
	}
	measure := func() time.Duration {
		start := time.Now()
		for i := 0; i < b.N; i++ {
			guestRound()
		}
		return time.Since(start) / time.Duration(b.N)
	}
	guestRound() // warm up
	b.ResetTimer()
	alone := measure()

	// The guessers come from another address than the guest's, as an
	// attacker does (one address's limits are shared by its users).
	guesser := stdnet.Dialer{LocalAddr: &stdnet.TCPAddr{IP: stdnet.ParseIP("127.0.0.2")}}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var guesses atomic.Int64
	for g := 0; g < 40; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				nc, err := guesser.Dial("tcp", u.addr)
				if err != nil {
					continue
				}
				nc.SetDeadline(time.Now().Add(30 * time.Second))
				fmt.Fprintf(nc, "target%d wrongpw\r\n", g%4)
				buf := make([]byte, 4096)
				for {
					if _, err := nc.Read(buf); err != nil {
						break
					}
				}
				nc.Close()
				guesses.Add(1)
			}
		}(g)
	}
	// The attack is under way: its free guesses (ten from an address,
	// three per account, each a bcrypt) are spent in its first seconds,
	// and the guessers now meet the growing waits.
	time.Sleep(3 * time.Second)
	beside := measure()
	b.StopTimer()
	close(stop)
	wg.Wait()
	b.ReportMetric(float64(alone.Microseconds())/1000, "ms-alone")
	b.ReportMetric(float64(beside.Microseconds())/1000, "ms-beside")
	b.ReportMetric(float64(beside)/float64(alone), "ratio")
	b.ReportMetric(float64(guesses.Load()), "guesses")
}
