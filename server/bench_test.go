package server_test

import (
	"bufio"
	"fmt"
	"io"
	stdnet "net"
	"slices"
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
	u := startUmpire(&testing.T{}, server.Config{Log: quietLog, Listings: 1e6}) // one guest after another from one address, each asking "games"
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
	var guesses atomic.Int64
	stop := loops(40, func(g int) {
		nc, err := guesser.Dial("tcp", u.addr)
		if err != nil {
			return
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
	})
	// The attack is under way: its free guesses (ten from an address,
	// three per account, each a bcrypt) are spent in its first seconds,
	// and the guessers now meet the growing waits.
	time.Sleep(3 * time.Second)
	beside := measure()
	b.StopTimer()
	stop()
	b.ReportMetric(float64(alone.Microseconds())/1000, "ms-alone")
	b.ReportMetric(float64(beside.Microseconds())/1000, "ms-beside")
	b.ReportMetric(float64(beside)/float64(alone), "ratio")
	b.ReportMetric(float64(guesses.Load()), "guesses")
}

// benchClient is a plain TCP client for the benchmarks, reading what the
// server sends as it arrives (no polling, so that it times round trips
// closely).
type benchClient struct {
	nc stdnet.Conn
	rd *bufio.Reader
}

// dialBench dials u from local address ip ("" for the default) and logs
// in as name at level 1 with every datagram.
func dialBench(b *testing.B, u *umpire, ip, name string) *benchClient {
	var d stdnet.Dialer
	if ip != "" {
		d.LocalAddr = &stdnet.TCPAddr{IP: stdnet.ParseIP(ip)}
	}
	nc, err := d.Dial("tcp", u.addr)
	if err != nil {
		b.Fatal(err)
	}
	c := &benchClient{nc: nc, rd: bufio.NewReader(nc)}
	c.send(b, "level1=5", "level2settings="+strings.Repeat("1", 256), name)
	c.until(b, "**** Starting session as ")
	return c
}

// send writes lines.
func (c *benchClient) send(b *testing.B, lines ...string) {
	if _, err := c.nc.Write([]byte(strings.Join(lines, "\r\n") + "\r\n")); err != nil {
		b.Fatal(err)
	}
}

// until reads until text arrives (30 s at most).
func (c *benchClient) until(b *testing.B, text string) {
	c.nc.SetReadDeadline(time.Now().Add(30 * time.Second))
	var seen strings.Builder
	for {
		line, err := c.rd.ReadString('\n')
		seen.WriteString(line)
		if strings.Contains(seen.String(), text) {
			return
		}
		if err != nil {
			b.Fatalf("waiting for %q: %v", text, err)
		}
		if seen.Len() > 1<<16 {
			keep := seen.String()[seen.Len()-len(text):]
			seen.Reset()
			seen.WriteString(keep)
		}
	}
}

// BenchmarkMovesBesideSeekFlood measures the round trip of a move (sent,
// to its own answer read) of two players in a game, with and without 250
// other addresses flooding seeks, in the same run: the flood is switched
// on and off every 50 moves, so that both sides share the machine's other
// load. It reports the median, the mean and the 99th percentile round
// trip of each and their ratios (the target is at most 2). Each flooding
// address has 4 logged-in connections each sending a seek every 500 ms:
// 8 a second per address and 2 per connection, the most the lobby limits
// let through for ever, 2,000 seeks a second in all, from 1,000
// connections that all hear the lobby's announcements. One b.N is a move
// by each player with the flood and one without; the benchmark's knights
// go back and forth, and a game is drawn at 2,000 plies, so b.N is at
// most 450.
func BenchmarkMovesBesideSeekFlood(b *testing.B) {
	movesBesideFlood(b, "seek 5 0", 2000)
}

// BenchmarkMovesBesideWhoFlood is BenchmarkMovesBesideSeekFlood with the
// 1,000 connections of 250 addresses sending "who" instead, 2,000 a
// second in all (8 a second per address, four times what the listing
// limits answer), each answer listing the 1,002 users logged in.
func BenchmarkMovesBesideWhoFlood(b *testing.B) {
	movesBesideFlood(b, "who", 2000)
}

// movesBesideFlood times a pair's moves with and without 1,000
// connections from 250 addresses sending line, rate a second in all
// (BenchmarkMovesBesideSeekFlood).
func movesBesideFlood(b *testing.B, line string, rate float64) {
	if b.N > 450 {
		b.Fatalf("b.N is %d; at most 450 (-benchtime 300x)", b.N)
	}
	u, moves := benchGame(b)
	const addrs, perAddr = 250, 4
	var flood []stdnet.Conn
	for a := 0; a < addrs; a++ {
		for k := 0; k < perAddr; k++ {
			c := dialBench(b, u, fmt.Sprintf("127.0.%d.%d", 3+a/200, 1+a%200), "guest")
			go io.Copy(io.Discard, c.rd) // hears the lobby, as a reader
			flood = append(flood, c.nc)
		}
	}
	defer func() {
		for _, nc := range flood {
			nc.Close()
		}
	}()
	var on atomic.Bool
	var sent atomic.Int64
	var flooding time.Duration
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		// Round the connections, as many lines each tick as keep the
		// rate.
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		text := []byte(line + "\r\n")
		next, due, last := 0, 0.0, time.Now()
		for {
			select {
			case <-stop:
				return
			case now := <-tick.C:
				due += now.Sub(last).Seconds() * rate
				last = now
			}
			if !on.Load() {
				due = 0
				continue
			}
			for ; due >= 1; due-- {
				flood[next].Write(text)
				next = (next + 1) % len(flood)
				sent.Add(1)
			}
		}
	}()
	moves(10) // warm up
	b.ResetTimer()
	var alone, beside []time.Duration
	for done := 0; done < 2*b.N; done += 50 {
		n := min(50, 2*b.N-done)
		alone = append(alone, moves(n)...)
		on.Store(true)
		began := time.Now()
		time.Sleep(300 * time.Millisecond) // the flood is under way
		beside = append(beside, moves(n)...)
		flooding += time.Since(began)
		on.Store(false)
	}
	b.StopTimer()
	close(stop)
	wg.Wait()
	reportBeside(b, alone, beside)
	b.ReportMetric(float64(sent.Load())/flooding.Seconds(), "lines/s")
}

// BenchmarkMovesBesideRefusedFlood is the pair of
// BenchmarkMovesBesideSeekFlood beside connections that each send "seek 5
// 0" and "unseek" as fast as their socket takes them, far beyond the
// lobby's limits, so nearly every line is refused: 64 connections from one
// address (the most one address may hold), or 8 from each of 40
// addresses. Every flooding connection reads what it is sent. A flood's
// lines stay in its sockets once sent, so the moves alone are timed first
// and then beside the flood, not in turn; one b.N is a move by each
// player alone and one beside.
func BenchmarkMovesBesideRefusedFlood(b *testing.B) {
	for _, shape := range []struct{ addrs, perAddr int }{{1, 64}, {40, 8}} {
		b.Run(fmt.Sprintf("addrs=%d/conns=%d", shape.addrs, shape.perAddr), func(b *testing.B) {
			if b.N > 450 {
				b.Fatalf("b.N is %d; at most 450 (-benchtime 300x)", b.N)
			}
			u, moves := benchGame(b)
			var flood []*benchClient
			for a := 0; a < shape.addrs; a++ {
				for range shape.perAddr {
					c := dialBench(b, u, fmt.Sprintf("127.0.%d.%d", 5+a/200, 1+a%200), "guest")
					// The flooder's own send buffer stays small, as on a
					// machine of its own: on loopback both ends' buffers
					// are this kernel's, and 4 MB each would put the
					// machine's TCP memory under pressure.
					c.nc.(*stdnet.TCPConn).SetWriteBuffer(32 << 10)
					go io.Copy(io.Discard, c.rd)
					flood = append(flood, c)
				}
			}
			moves(10) // warm up
			b.ResetTimer()
			alone := moves(2 * b.N)
			b.StopTimer()
			var wg sync.WaitGroup
			batch := []byte(strings.Repeat("seek 5 0\r\nunseek\r\n", 50))
			for _, c := range flood {
				wg.Go(func() {
					for {
						if _, err := c.nc.Write(batch); err != nil {
							return // closed at the end
						}
					}
				})
			}
			time.Sleep(time.Second) // every flooding socket full
			b.StartTimer()
			beside := moves(2 * b.N)
			b.StopTimer()
			for _, c := range flood {
				c.nc.Close()
			}
			wg.Wait()
			reportBeside(b, alone, beside)
		})
	}
}

// benchGame starts an umpire with a game between two players, and
// returns a function that plays n plies of knights going back and forth
// and returns each one's round trip (sent, to its own answer read).
func benchGame(b *testing.B) (*umpire, func(n int) []time.Duration) {
	u := startUmpire(&testing.T{}, server.Config{Log: quietLog, Attempts: 1e6})
	white, black := dialBench(b, u, "", "alice"), dialBench(b, u, "", "bob")
	white.send(b, "match bob 60 0 u white")
	black.until(b, "You can \"accept\"")
	black.send(b, "accept")
	white.until(b, "\x19(15 ")
	black.until(b, "\x19(15 ")
	cycle := [4]string{"g1f3", "g8f6", "f3g1", "f6g8"}
	ply := 0
	return u, func(n int) []time.Duration {
		var out []time.Duration
		for range n {
			p := white
			if ply%2 == 1 {
				p = black
			}
			mv := cycle[ply%4]
			ply++
			start := time.Now()
			p.send(b, mv)
			p.until(b, "\x19(24 1 "+mv)
			out = append(out, time.Since(start))
		}
		return out
	}
}

// reportBeside reports the median, mean and 99th percentile of the moves'
// round trips alone and beside a flood, and their ratios.
func reportBeside(b *testing.B, alone, beside []time.Duration) {
	mAlone, mBeside := median(alone), median(beside)
	b.ReportMetric(ms(mAlone), "ms-median-alone")
	b.ReportMetric(ms(mBeside), "ms-median-beside")
	b.ReportMetric(float64(mBeside)/float64(mAlone), "ratio-median")
	b.ReportMetric(float64(mean(beside))/float64(mean(alone)), "ratio-mean")
	b.ReportMetric(ms(percentile(alone, 99)), "ms-p99-alone")
	b.ReportMetric(ms(percentile(beside, 99)), "ms-p99-beside")
	b.ReportMetric(float64(percentile(beside, 99))/float64(percentile(alone, 99)), "ratio-p99")
}

// percentile is the p-th percentile of ds.
func percentile(ds []time.Duration, p int) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)]
}

// median is the middle of ds.
func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// mean is the average of ds.
func mean(ds []time.Duration) time.Duration {
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	return sum / time.Duration(len(ds))
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// BenchmarkLoginBesideRightLogins measures a registered player's login
// (dial to "Starting session", bcrypt cost 10, an account never logged in
// before) alone and with 30 clients from 30 other addresses looping on
// logins with the right passwords of their own accounts beside it, in turn
// in the same run; it reports both means, their ratio (the target is at
// most 2) and the logins the loopers made meanwhile. Each measured login
// comes from an address of its own, as players do.
func BenchmarkLoginBesideRightLogins(b *testing.B) {
	u := loginUmpire(b, "loop", 30)
	login := func(ip, name string) error { return rightLogin(u, ip, name) }
	fresh := 0
	// one times a login of a new account, from an address of its own.
	one := func() time.Duration {
		fresh++
		start := time.Now()
		if err := login(fmt.Sprintf("127.0.%d.%d", 10+fresh/200, 1+fresh%200), fmt.Sprintf("fresh%d", fresh)); err != nil {
			b.Fatal(err)
		}
		return time.Since(start)
	}
	if err := login("127.0.9.1", "fresh0"); err != nil { // warm up
		b.Fatal(err)
	}
	var on atomic.Bool
	var logins atomic.Int64
	stop := loops(30, func(i int) {
		if !on.Load() {
			time.Sleep(10 * time.Millisecond)
			return
		}
		if login(fmt.Sprintf("127.0.8.%d", i+1), fmt.Sprintf("loop%d", i)) == nil {
			logins.Add(1)
		}
	})
	// The loops log in once each (each one's first login is checked by
	// bcrypt like any other), then loop on: the measure is of their
	// flood, not of the first checks of 30 accounts.
	on.Store(true)
	for logins.Load() < 60 {
		time.Sleep(10 * time.Millisecond)
	}
	on.Store(false)
	// The loops are switched on and off around each pair of logins, so
	// that alone and beside share the machine's other load.
	b.ResetTimer()
	var alone, beside time.Duration
	for i := 0; i < b.N; i++ {
		alone += one()
		on.Store(true)
		time.Sleep(500 * time.Millisecond) // the loops are under way
		beside += one()
		on.Store(false)
	}
	b.StopTimer()
	stop()
	alone /= time.Duration(b.N)
	beside /= time.Duration(b.N)
	b.ReportMetric(ms(alone), "ms-alone")
	b.ReportMetric(ms(beside), "ms-beside")
	b.ReportMetric(float64(beside)/float64(alone), "ratio")
	b.ReportMetric(float64(logins.Load()), "loop-logins")
}

// BenchmarkLoginBesideManyGuessers measures a registered player's login
// (dial to "Starting session", bcrypt cost 10, an account never logged in
// before, from an address of its own) alone, then beside 40 addresses of
// 10 connections each looping on wrong passwords for 20 other accounts;
// it reports both means, their ratio (the target is at most 2), the
// password checks waiting when each login began, and the guesses the
// server answered. The guessers' checks queue in the server and cannot be
// switched off between logins, so the logins alone come first. Beside
// ones begin once every guessing address has had a wrong password
// checked: by then their guesses that queued before (most of their first
// 400 free ones) have been turned away.
func BenchmarkLoginBesideManyGuessers(b *testing.B) {
	u := loginUmpire(b, "guessed", 20)
	fresh := 0
	var waiting int
	// one times a login of a new account, from an address of its own.
	one := func() time.Duration {
		ip := fmt.Sprintf("127.0.%d.%d", 10+fresh/200, 1+fresh%200)
		name := fmt.Sprintf("fresh%d", fresh)
		fresh++
		waiting += u.srv.WaitingChecks()
		start := time.Now()
		if err := rightLogin(u, ip, name); err != nil {
			b.Fatal(err)
		}
		return time.Since(start)
	}
	one() // warm up
	b.ResetTimer()
	var alone, beside time.Duration
	for i := 0; i < b.N; i++ {
		alone += one()
	}
	b.StopTimer()
	var guesses, wrong atomic.Int64
	var seen sync.Map // the guessing addresses told "Invalid password"
	var addrsWrong atomic.Int64
	// open holds the guessers' connections, so that the end closes them
	// all at once.
	var openMu sync.Mutex
	open, ending := map[stdnet.Conn]bool{}, false
	stop := loops(400, func(g int) {
		ip := fmt.Sprintf("127.0.40.%d", 1+g/10)
		d := stdnet.Dialer{LocalAddr: &stdnet.TCPAddr{IP: stdnet.ParseIP(ip)}}
		nc, err := d.Dial("tcp", u.addr)
		if err != nil {
			time.Sleep(10 * time.Millisecond)
			return
		}
		openMu.Lock()
		if ending {
			nc.Close()
		}
		open[nc] = true
		openMu.Unlock()
		defer func() {
			openMu.Lock()
			delete(open, nc)
			openMu.Unlock()
			nc.Close()
		}()
		nc.SetDeadline(time.Now().Add(60 * time.Second))
		fmt.Fprintf(nc, "guessed%d wrong%d\r\n", (g+int(guesses.Load()))%20, guesses.Load())
		all, _ := io.ReadAll(nc)
		guesses.Add(1)
		if strings.Contains(string(all), "Invalid password.") {
			wrong.Add(1)
			if _, had := seen.LoadOrStore(ip, true); !had {
				addrsWrong.Add(1)
			}
		}
	})
	for addrsWrong.Load() < 40 {
		time.Sleep(10 * time.Millisecond)
	}
	waiting = 0
	b.StartTimer()
	for i := 0; i < b.N; i++ {
		beside += one()
	}
	b.StopTimer()
	openMu.Lock()
	ending = true
	for nc := range open {
		nc.Close()
	}
	openMu.Unlock()
	stop()
	u.srv.Close()
	alone /= time.Duration(b.N)
	beside /= time.Duration(b.N)
	b.ReportMetric(ms(alone), "ms-alone")
	b.ReportMetric(ms(beside), "ms-beside")
	b.ReportMetric(float64(beside)/float64(alone), "ratio")
	b.ReportMetric(float64(waiting)/float64(b.N), "checks-waiting")
	b.ReportMetric(float64(guesses.Load()), "guesses")
	b.ReportMetric(float64(wrong.Load()), "checked-wrong")
}

// rightLogin logs in to u as name with the password "rightpw" from ip,
// and returns once the session starts.
func rightLogin(u *umpire, ip, name string) error {
	d := stdnet.Dialer{LocalAddr: &stdnet.TCPAddr{IP: stdnet.ParseIP(ip)}}
	nc, err := d.Dial("tcp", u.addr)
	if err != nil {
		return err
	}
	defer nc.Close()
	nc.SetDeadline(time.Now().Add(60 * time.Second))
	fmt.Fprintf(nc, "%s rightpw\r\n", name)
	rd := bufio.NewReader(nc)
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if strings.Contains(line, "Starting session as") {
			fmt.Fprintf(nc, "quit\r\n")
			return nil
		}
	}
}

// loginUmpire starts an umpire for the login benchmarks, with n accounts
// prefix0, prefix1... and fresh0 to fresh(2 b.N), all with the password
// "rightpw" at bcrypt's default cost.
func loginUmpire(b *testing.B, prefix string, n int) *umpire {
	if b.N > 1000 {
		b.Fatalf("b.N is %d; at most 1000 (one account and address each)", b.N)
	}
	u := startUmpire(&testing.T{}, server.Config{Log: quietLog})
	h, err := server.HashPassword("rightpw")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if err := u.store.AddAccount(b.Context(), fmt.Sprintf("%s%d", prefix, i), h); err != nil {
			b.Fatal(err)
		}
	}
	for i := 0; i <= 2*b.N; i++ {
		if err := u.store.AddAccount(b.Context(), fmt.Sprintf("fresh%d", i), h); err != nil {
			b.Fatal(err)
		}
	}
	return u
}
