package server_test

import (
	"fmt"
	stdnet "net"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/server"
)

// stream is a connection whose received bytes are gathered; waiters are
// woken on every read.
type stream struct {
	nc   stdnet.Conn
	mu   sync.Mutex
	cond *sync.Cond
	got  strings.Builder
	eof  bool
}

func openStream(addr, name string) (*stream, error) {
	nc, err := stdnet.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	s := &stream{nc: nc}
	s.cond = sync.NewCond(&s.mu)
	go func() {
		buf := make([]byte, 8192)
		for {
			n, err := nc.Read(buf)
			s.mu.Lock()
			s.got.Write(buf[:n])
			s.eof = s.eof || err != nil
			s.cond.Broadcast()
			s.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	fmt.Fprintf(nc, "level1=5\r\nlevel2settings=%s\r\n%s\r\n", strings.Repeat("1", 130), name)
	return s, s.await(func(text string) bool { return strings.Contains(text, "**** Starting session") })
}

// await waits (10 s at most) until ok holds for what was received.
func (s *stream) await(ok func(string) bool) error {
	timer := time.AfterFunc(10*time.Second, func() {
		s.mu.Lock()
		s.eof = true
		s.cond.Broadcast()
		s.mu.Unlock()
	})
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for !ok(s.got.String()) {
		if s.eof {
			return fmt.Errorf("the stream ended or stalled; received:\n%q", s.got.String())
		}
		s.cond.Wait()
	}
	return nil
}

func (s *stream) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.got.String()
}

// heardItems reads a player's received bytes between datagram 15 and
// datagram 16 back into what a program could learn from them: the move
// tokens of datagram 24 ("tok:...") and the text lines ("line:...") in
// order. Unit brackets, the other datagrams and the game's opening lines
// are left out; anything else the server sent is kept, so it is compared.
func heardItems(text string) []string {
	start := strings.Index(text, "\x19(15 ")
	end := strings.Index(text, "\x19(16 ")
	if start < 0 || end < start {
		return []string{fmt.Sprintf("bad stream: %q", text)}
	}
	text = text[start:end]
	var items []string
	var line strings.Builder
	flush := func() {
		l := line.String()
		line.Reset()
		if l != "" && !strings.HasPrefix(l, "Creating: ") && !strings.HasPrefix(l, "{Game ") && !strings.HasPrefix(l, "Each side has ") {
			items = append(items, "line:"+l)
		}
	}
	for i := 0; i < len(text); {
		switch {
		case strings.HasPrefix(text[i:], "\x19("):
			j := strings.Index(text[i:], "\x19)")
			if j < 0 {
				return append(items, "unclosed datagram")
			}
			f := strings.Fields(text[i+2 : i+j])
			if f[0] == "24" && len(f) == 3 {
				items = append(items, "tok:"+f[2])
			}
			i += j + 2
		case strings.HasPrefix(text[i:], "\x19["):
			j := strings.Index(text[i:], "\r\n")
			i += j + 2
		case strings.HasPrefix(text[i:], "\x19]"):
			i += 2
		case strings.HasPrefix(text[i:], "\r\n"):
			flush()
			i += 2
		default:
			line.WriteByte(text[i])
			i++
		}
	}
	flush()
	return items
}

// ownToken matches our own move's datagram 24 field: from, to, and only
// the letters the ruleset lets the mover know.
var ownToken = regexp.MustCompile(`^([a-h][1-8][a-h][1-8])([pnbrqk]?)(E?)([cC]?)([QRBN]?)$`)

// allowedItems is what the referee lets player c hear of log[:n], in the
// server's wording: the opponent's accepted moves as ? or ?x<square>, our
// own as "own:<from><to>", each announcement a line.
func allowedItems(rules referee.Ruleset, log []referee.Entry, c game.Color) []string {
	var items []string
	for _, e := range log {
		h, heard := e.HeardBy(c)
		if !heard || e.Verdict == referee.Finished {
			continue
		}
		if e.Verdict == referee.Accepted {
			if e.Mover == c {
				items = append(items, "own:"+e.Attempt.String()[:4])
			} else {
				tok := "?"
				for _, a := range h.Said {
					if a.Kind == referee.KindCapture {
						tok = "?x" + a.Square.String()
					}
				}
				items = append(items, "tok:"+tok)
			}
		}
		// The game's last move names nobody to move.
		over := slices.ContainsFunc(h.Said, func(a referee.Announcement) bool { return a.Kind == referee.KindGameOver })
		for _, a := range h.Said {
			if t := a.Text(rules); t != "" && a.Kind != referee.KindGameOver && !(over && a.Kind == referee.KindMoved) {
				items = append(items, "line:"+strings.TrimRight(t, ".")+".")
			}
		}
	}
	return items
}

// sameView compares what was received with what is allowed.
func sameView(rules referee.Ruleset, got, want []string) error {
	for i := 0; i < max(len(got), len(want)); i++ {
		if i >= len(got) || i >= len(want) {
			return fmt.Errorf("item %d: received %d items, allowed %d", i, len(got), len(want))
		}
		if own, ok := strings.CutPrefix(want[i], "own:"); ok {
			m := ownToken.FindStringSubmatch(strings.TrimPrefix(got[i], "tok:"))
			if m == nil || m[1] != own || !strings.HasPrefix(got[i], "tok:") || (m[2] != "" && !rules.CaptureKind) {
				return fmt.Errorf("item %d: received %q for our own move %s", i, got[i], own)
			}
			continue
		}
		if got[i] != want[i] {
			return fmt.Errorf("item %d: received %q; the referee allows %q", i, got[i], want[i])
		}
	}
	return nil
}

// TestNoStreamRevealsMoreThanTheReferee plays 1050 random games (150 under
// each ruleset) through kriegd over loopback and checks mechanically that
// every byte stream a player receives carries exactly what the referee's
// view for that player allows: the opponent's moves only as ? or ?x<sq>,
// announcements only those the player hears, no other line. Games longer
// than 30 plies end by resignation there.
func TestNoStreamRevealsMoreThanTheReferee(t *testing.T) {
	if testing.Short() {
		t.Skip("1050 games: not in -short")
	}
	// 32 players at once from one address, 2,100 logins in all: the limits
	// on moves, lobby commands and connections per address are not what
	// this test is about.
	u := startUmpire(t, server.Config{Attempts: 1e6, Lobby: 1e6, MaxConnsPerAddr: 2000, ConnectsPerAddr: 1e6, Log: quietLog})
	const perRules, workers, cap = 150, 32, 30 // per ruleset
	type job struct {
		n     int
		rules referee.Ruleset
		seed  uint64
	}
	jobs := make(chan job)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if err := playChecked(u.addr, j.n, j.rules, j.seed, cap); err != nil {
					errs <- err
					for range jobs {
					}
					return
				}
			}
		}()
	}
	n := 0
	for _, rules := range referee.Rulesets {
		for i := 0; i < perRules; i++ {
			n++
			select {
			case jobs <- job{n: n, rules: rules, seed: uint64(n)}:
			case err := <-errs:
				close(jobs)
				wg.Wait()
				t.Fatal(err)
			}
		}
	}
	close(jobs)
	wg.Wait()
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
	t.Logf("%d games under %d rulesets checked in %v", n, len(referee.Rulesets), time.Since(start).Round(time.Millisecond))
}

// playChecked plays one self-play game of rules through the server and
// compares both players' streams with the referee's views.
func playChecked(addr string, n int, rules referee.Ruleset, seed uint64, cap int) error {
	truth := referee.New(rules, game.Start())
	attempter.Play(truth, attempter.NewRandom(seed), attempter.NewRandom(seed*7919+1))
	log := truth.Log()
	// The entries played: up to the cap, then the side to move resigns.
	played, resigns, resigner := len(log), false, game.White
	for i, e := range log {
		if e.Ply >= cap {
			played, resigns, resigner = i, true, e.Mover
			break
		}
	}
	if log[played-1].Verdict == referee.Finished {
		played-- // the referee's own end (mate, stalemate, ...) comes with the last move
	}
	// Not b1...b8: a lone square reads as a move, and is no name.
	names := [2]string{fmt.Sprintf("white%d", n), fmt.Sprintf("black%d", n)}
	var p [2]*stream
	for i, name := range names {
		s, err := openStream(addr, name)
		if err != nil {
			return err
		}
		defer s.nc.Close()
		p[i] = s
	}
	fmt.Fprintf(p[0].nc, "match %s 5 0 u %s white\r\n", names[1], rules.Name)
	if err := p[1].await(func(s string) bool { return strings.Contains(s, `"accept" or "decline"`) }); err != nil {
		return err
	}
	fmt.Fprintf(p[1].nc, "accept\r\n")
	for _, s := range p {
		if err := s.await(func(s string) bool { return strings.Contains(s, "\x19(15 ") }); err != nil {
			return err
		}
	}
	plies := 0
	for i := 0; i < played; {
		mover := log[i].Mover
		var batch strings.Builder
		for ; i < played && log[i].Mover == mover; i++ {
			e := log[i]
			if e.AskedAny {
				batch.WriteString("any\r\n")
			} else {
				batch.WriteString(e.Attempt.String() + "\r\n")
			}
			if e.Verdict == referee.Accepted {
				plies++
				i++
				break
			}
		}
		p[mover].nc.Write([]byte(batch.String()))
		want := plies
		for _, s := range p {
			if err := s.await(func(text string) bool {
				return strings.Count(text, "\x19(24 ") >= want || strings.Contains(text, "\x19(16 ")
			}); err != nil {
				return fmt.Errorf("game %d (%s, seed %d): %w", n, rules.Name, seed, err)
			}
		}
	}
	if resigns {
		fmt.Fprintf(p[resigner].nc, "resign\r\n")
	}
	for _, s := range p {
		if err := s.await(func(text string) bool { return strings.Contains(text, "\x19(16 ") }); err != nil {
			return fmt.Errorf("game %d (%s, seed %d): %w", n, rules.Name, seed, err)
		}
	}
	for c, s := range p {
		got := heardItems(s.text())
		want := allowedItems(rules, log[:played], game.Color(c))
		if err := sameView(rules, got, want); err != nil {
			return fmt.Errorf("game %d (%s, seed %d), %s's stream: %v", n, rules.Name, seed, game.Color(c), err)
		}
	}
	return nil
}
