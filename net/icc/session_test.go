package icc

import (
	"errors"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc/dg"
	"github.com/krieg/krieg/net/icc/icctest"
)

func TestPatterns(t *testing.T) {
	p, err := DefaultPatterns()
	if err != nil {
		t.Fatal(err)
	}
	sq := func(s string) game.Square { q, _ := game.ParseSquare(s); return q }
	tests := []struct {
		line string
		want []Heard
		ok   bool
	}{
		{"Pawn at e5 captured.", []Heard{{Kind: "capture-pawn", Square: sq("e5")}}, true},
		{"Piece at h8 captured. Long-diagonal check. 2 pawn tries.", []Heard{{Kind: "capture-piece", Square: sq("h8")},
			{Kind: "check-long", Square: game.NoSquare}, {Kind: "tries", Square: game.NoSquare, Count: 2}}, true},
		{"Rank check, Knight check", []Heard{{Kind: "check-rank", Square: game.NoSquare}, {Kind: "check-knight", Square: game.NoSquare}}, true},
		{"Short diagonal check", []Heard{{Kind: "check-short", Square: game.NoSquare}}, true},
		{"File check.", []Heard{{Kind: "check-file", Square: game.NoSquare}}, true},
		{"1 pawn try", []Heard{{Kind: "tries", Square: game.NoSquare, Count: 1}}, true},
		{"Illegal move.", []Heard{{Kind: "illegal", Square: game.NoSquare}}, true},
		{"{Game 55 (a vs. b)} White's move", []Heard{{Kind: "turn", Square: game.NoSquare}}, true},
		{"bob tells you: file check!", nil, false},
		{"that move was illegal, says bob", nil, false},
		{"Pawn at e9 captured.", nil, false},
		{"99 pawn tries", nil, false},
		{"", nil, false},
	}
	for _, tc := range tests {
		got, ok := p.Read(tc.line)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Read(%q) = %+v, %v; want %+v, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}

func TestPatternsExtend(t *testing.T) {
	p, _ := DefaultPatterns()
	if _, ok := p.Read("Schach auf der Linie"); ok {
		t.Fatal("an unknown wording was read before the table was extended")
	}
	if err := p.Load(strings.NewReader("# German\ncheck-file (?i)schach auf der linie\n"), "user.txt"); err != nil {
		t.Fatal(err)
	}
	if got, ok := p.Read("Schach auf der Linie"); !ok || got[0].Kind != "check-file" {
		t.Fatalf("extended table read %+v, %v; want check-file", got, ok)
	}
	for _, bad := range []string{"nonsense-kind foo", "check-file (unclosed", "tries"} {
		if err := p.Load(strings.NewReader(bad), "bad.txt"); err == nil || !strings.Contains(err.Error(), "bad.txt:1") {
			t.Errorf("Load(%q) = %v; want an error naming bad.txt:1", bad, err)
		}
	}
}

func TestParseSmith(t *testing.T) {
	sq := func(s string) game.Square { q, _ := game.ParseSquare(s); return q }
	tests := []struct {
		in   string
		want smithMove
		bad  bool
	}{
		{in: "e2e4", want: smithMove{Move: game.NewMove(game.E2, game.E4, 0), At: game.NoSquare}},
		{in: "e4d5p", want: smithMove{Move: game.NewMove(game.E4, sq("d5"), 0), Capture: true, Captured: game.Pawn, At: game.NoSquare}},
		{in: "e5d6E", want: smithMove{Move: game.NewMove(sq("e5"), sq("d6"), 0), Capture: true, Captured: game.Pawn, EnPassant: true, At: game.NoSquare}},
		{in: "e1g1c", want: smithMove{Move: game.NewMove(game.E1, game.G1, 0), At: game.NoSquare}},
		{in: "d7c8nQ", want: smithMove{Move: game.NewMove(sq("d7"), sq("c8"), game.Queen), Capture: true, Captured: game.Knight, At: game.NoSquare}},
		{in: "?", want: smithMove{Hidden: true, At: game.NoSquare}},
		{in: "?xe4", want: smithMove{Hidden: true, Capture: true, At: game.E4}},
		{in: "?e4", bad: true}, {in: "?xz9", bad: true}, {in: "e2", bad: true}, {in: "e2e2", bad: true}, {in: "e2e4z", bad: true},
	}
	for _, tc := range tests {
		got, err := parseSmith(tc.in)
		if (err != nil) != tc.bad || !tc.bad && got != tc.want {
			t.Errorf("parseSmith(%q) = %+v, %v; want %+v (error %v)", tc.in, got, err, tc.want, tc.bad)
		}
	}
}

func TestBackoff(t *testing.T) {
	b := Backoff{Min: 100 * time.Millisecond, Max: time.Second}
	rng := rand.New(rand.NewPCG(1, 2))
	if d := b.Delay(0, rng); d != 0 {
		t.Fatalf("first try waits %v; want 0", d)
	}
	for n, cap := range map[int]time.Duration{1: 100 * time.Millisecond, 2: 200 * time.Millisecond, 3: 400 * time.Millisecond, 5: time.Second, 30: time.Second} {
		seen := map[time.Duration]bool{}
		for range 50 {
			d := b.Delay(n, rng)
			if d < cap/2 || d > cap {
				t.Fatalf("try %d waits %v; want within [%v, %v]", n, d, cap/2, cap)
			}
			seen[d] = true
		}
		if len(seen) < 10 {
			t.Fatalf("try %d: only %d distinct waits in 50; want jitter", n, len(seen))
		}
	}
}

func TestLevel2Settings(t *testing.T) {
	s := level2settings()
	bits := strings.TrimPrefix(s, "level2settings=")
	for _, d := range []int{0, 15, 16, 24, 34, 42, 56, 69, 81, 101} {
		if bits[d] != '1' {
			t.Errorf("datagram %d is off in %s", d, s)
		}
	}
	if bits[33] != '0' || bits[35] != '0' || bits[36] != '0' {
		t.Errorf("datagram 24's optional fields must stay off (33, 35, 36): %s", s)
	}
}

// feeder drives a session directly with server bytes.
type feeder struct {
	s   *session
	p   Parser
	now time.Time
}

func newFeeder(t *testing.T) *feeder {
	t.Helper()
	pats, err := DefaultPatterns()
	if err != nil {
		t.Fatal(err)
	}
	f := &feeder{now: time.Unix(1000, 0)}
	f.s = &session{patterns: pats, now: func() time.Time { return f.now }, me: "guest2741"}
	f.p.Immediate = true
	return f
}

func (f *feeder) feed(text string) []net.Event {
	for _, l := range strings.Split(text, "\n") {
		for _, it := range f.p.Feed(icctest.Unescape(l)) {
			f.s.item(it)
		}
	}
	f.s.flush()
	ev, _ := f.s.take()
	return ev
}

const started101 = `^Y(15 101 guest2741 bob 16 Wild 0 5 3 5 3 1 {} 0 1802 1638901213 {} {} 0 0 0 {} 0^Y)`

// TestClockStopsAtTheResult: a result heard while a clock runs stops it at
// what it shows then, the think before it charged (a resignation after 20
// s showed the clock of the last move), when the server sends no clocks
// of its own with the result (kriegd does, datagram 56, ICC need not).
func TestClockStopsAtTheResult(t *testing.T) {
	f := newFeeder(t)
	f.feed(started101)
	f.feed(`^Y(56 101 W 299000 1^Y)` + "\n" + `^Y(56 101 B 287500 0^Y)`)
	f.now = f.now.Add(20 * time.Second)
	ev := f.feed(`^Y(16 101 0 Res 0-1 {White resigns} A00^Y)`)
	k := ev[len(ev)-1].Snap.Clocks
	if k.Ticking || k.White != 279*time.Second || k.Black != 287500*time.Millisecond {
		t.Fatalf("clocks after the result %+v; want stopped, W 279 s (its 20 s charged), B 287.5 s", k)
	}
	f.now = f.now.Add(time.Minute)
	if left := k.Remaining(game.White, f.now); left != 279*time.Second {
		t.Fatalf("a minute after the result White shows %v; want 279 s", left)
	}
}

// TestFractionalTimeControl: a kriegd game of 0.1 minutes (6 s) comes in
// datagram 15 as 0 0, whole minutes; the clocks before the first move give
// its time, so that the game is not taken for one without a clock.
func TestFractionalTimeControl(t *testing.T) {
	f := newFeeder(t)
	f.feed(strings.Replace(started101, " 16 Wild 0 5 3 5 3 1 ", " 16 Wild 0 0 0 0 0 1 ", 1))
	ev := f.feed(`^Y(56 101 W 6000 0^Y)` + "\n" + `^Y(56 101 B 6000 0^Y)`)
	spec := ev[len(ev)-1].Snap.Spec
	if spec.Untimed() || spec.Base != 6*time.Second {
		t.Fatalf("the game's time %v+%v (untimed %v); want 6 s", spec.Base, spec.Increment, spec.Untimed())
	}
}

func TestClocks(t *testing.T) {
	f := newFeeder(t)
	f.feed(started101)
	ev := f.feed(`^Y(56 101 W 299000 1^Y)` + "\n" + `^Y(56 101 B 287500 0^Y)`)
	k := ev[len(ev)-1].Snap.Clocks
	if k.White != 299*time.Second || k.Black != 287500*time.Millisecond || !k.Ticking || k.Running != game.White {
		t.Fatalf("clocks %+v; want W 299 s running, B 287.5 s", k)
	}
	f.now = f.now.Add(4 * time.Second)
	if left := k.Remaining(game.White, f.now); left != 295*time.Second {
		t.Fatalf("white has %v after 4 s; want 295 s", left)
	}
	ev = f.feed(`^Y(61 101 B 60^Y)`)
	k = ev[len(ev)-1].Snap.Clocks
	if k.Black != 347500*time.Millisecond || k.White != 295*time.Second {
		t.Fatalf("after moretime: %+v; want B 347.5 s, W 295 s", k)
	}
	ev = f.feed(`^Y(38 101 120 130^Y)`)
	k = ev[len(ev)-1].Snap.Clocks
	if k.White != 120*time.Second || k.Black != 130*time.Second {
		t.Fatalf("after set-clock: %+v; want 120 s and 130 s", k)
	}
	if ev := f.feed(`^Y(56 999 W 1 1^Y)`); len(ev) != 0 {
		t.Fatalf("a clock of another game gave %d events", len(ev))
	}
}

func TestOffersAndChallenges(t *testing.T) {
	f := newFeeder(t)
	ev := f.feed(`^Y(29 bob 1802 {} guest2741 0 {} 16 Wild 0 5 3 1 -1 0 {} {} 0 0 0^Y)`)
	if len(ev) != 1 || ev[0].Kind != net.KindChallenge || ev[0].From != "bob" || ev[0].Text != "bob (1802) challenges you: unrated wild 16" {
		t.Fatalf("challenge: %+v", ev)
	}
	// kriegd's challenge, its withdrawal in words, and our own challenge's.
	for _, c := range []struct{ feed, want string }{
		{`^Y(29 alice 1500 guest2741 0 {unrated Wild 16 5 3}^Y)`, "challenge alice: alice (1500) challenges you: unrated Wild 16 5 3"},
		{`^Y(30 alice guest2741^Y)`, "challenge gone alice: The challenge from alice stands no more."},
		{`^Y(30 guest2741 carol^Y)`, "console : Your challenge to carol stands no more."},
	} {
		ev := f.feed(c.feed)
		if len(ev) != 1 || ev[0].Kind.String()+" "+ev[0].From+": "+ev[0].Text != c.want {
			t.Errorf("%s: %+v; want %s", c.feed, ev, c.want)
		}
	}
	f.feed(started101)
	ev = f.feed(`^Y(21 101 0 1 0 0 0 1 0 0^Y)`) // Black (bob) offers a draw and an abort
	var got []string
	for _, e := range ev {
		got = append(got, e.Kind.String()+" "+e.Text)
	}
	if want := []string{"offer draw", "offer abort"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("offers %q; want %q", got, want)
	}
}

func TestEnemyEnPassant(t *testing.T) {
	// We are White; our e-pawn double-steps and the enemy takes it en
	// passant: ICC names the square passed over (e3), our pawn on e4 goes.
	f := newFeeder(t)
	f.feed(started101)
	f.s.g.sent = []game.Move{game.NewMove(game.E2, game.E4, 0)}
	f.feed(`^Y(24 101 e2e4^Y)`)
	ev := f.feed(`^Y(24 101 ?xe3^Y)`)
	e := ev[len(ev)-1]
	if e.Kind != net.KindHeard || e.Entry.Said[1].Kind != referee.KindCapture || e.Entry.Said[1].Square != game.E4 ||
		e.Entry.Said[1].Captured != referee.CapturedPawn {
		t.Fatalf("en passant: %s; want a pawn captured on e4", describe(e))
	}
	if e.Snap.Own.At(game.E4) != game.NoPiece {
		t.Fatal("our pawn is still on e4")
	}
}

// TestTokenNeverShown: the reconnect token is kept from its datagram, and
// a server line that repeats it never reaches the console.
func TestTokenNeverShown(t *testing.T) {
	f := newFeeder(t)
	ev := f.feed(`^Y(200 0123456789abcdef^Y)` + "\n" + `Your reconnect token is 0123456789abcdef: keep it.` + "\n" + `**** Starting session as guest2741 ****`)
	if f.s.token != "0123456789abcdef" {
		t.Fatalf("the token kept: %q", f.s.token)
	}
	for _, e := range ev {
		if strings.Contains(e.Text, "0123456789abcdef") {
			t.Fatalf("an event shows the token: %v %q", e.Kind, e.Text)
		}
	}
}

// TestFarewellIsWhyLost: the server's own last words (a unit of command 0)
// become the lost connection's reason; its words followed by more go to
// the console in their place.
func TestFarewellIsWhyLost(t *testing.T) {
	f := newFeeder(t)
	ev := f.feed("^Y[0 $server$\nWelcome to kriegd.\n^Y]" + `^Y(0 guest2741 {}^Y)`)
	if len(ev) == 0 || ev[0].Kind != net.KindConsole || ev[0].Text != "Welcome to kriegd." {
		t.Fatalf("the greeting followed by more: %+v", ev)
	}
	f.feed("^Y[0 *\nkriegd closed the connection: no input for too long (10 minutes)\n^Y]")
	f.s.lost(io.EOF)
	ev, _ = f.s.take()
	if len(ev) != 1 || !ev[0].Lost() || ev[0].Why() != "kriegd closed the connection: no input for too long (10 minutes)." {
		t.Fatalf("lost after the server's last words: %+v", ev)
	}
}

// TestDismissedIsNotRejoined: a connection kriegd closed for a login of the
// same name elsewhere is not one to connect again after, which would close
// the other login in turn, nor one cut for want of input out of a game
// (a console left idle came back under a new guest name every ten
// minutes). One lost otherwise (a shutdown, an idle cut in a game, which
// may fall on a player waiting for a slow opponent) is.
func TestDismissedIsNotRejoined(t *testing.T) {
	for _, c := range []struct {
		words  string
		inGame bool
		again  bool
	}{
		{"You logged in from elsewhere: this connection is closed.", false, false},
		{"kriegd closed the connection: no input for too long (10 minutes)", false, false},
		{"kriegd closed the connection: no input for too long (1 hour)", true, true},
		{"kriegd is shutting down: this connection is closed. Try again later.", false, true},
		{"", false, true},
	} {
		f := newFeeder(t)
		f.feed("^Y[0 $server$\nWelcome to kriegd.\n^Y]" + `^Y(0 guest2741 {}^Y)`)
		if c.inGame {
			f.feed(started101)
			f.s.take()
		}
		if c.words != "" {
			f.feed("^Y[0 *\n" + c.words + "\n^Y]")
		}
		f.s.lost(io.EOF)
		ev, _ := f.s.take()
		if len(ev) != 1 || ev[0].Rejoinable() != c.again || !errors.Is(ev[0].Err, io.EOF) {
			t.Errorf("lost after %q: %+v; want rejoinable %v, the read's error kept", c.words, ev, c.again)
		}
	}
}

// TestClocksWaitForTheServer: a move does not start a clock the server
// has not started (kriegd starts them with both sides' first moves), the
// server's word starts them, and a move on a running clock adds the
// increment before the server's figures come.
func TestClocksWaitForTheServer(t *testing.T) {
	f := newFeeder(t)
	f.feed(started101)
	f.feed(`^Y(56 101 W 300000 0^Y)` + "\n" + `^Y(56 101 B 300000 0^Y)`)
	f.s.g.sent = []game.Move{game.NewMove(game.E2, game.E4, 0)}
	ev := f.feed(`^Y(24 101 e2e4^Y)`)
	if k := ev[len(ev)-1].Snap.Clocks; k.Ticking {
		t.Fatalf("after our first move, with the server's clocks stopped: %+v; want them stopped", k)
	}
	ev = f.feed(`^Y(24 101 ?^Y)` + "\n" + `^Y(56 101 W 300000 1^Y)` + "\n" + `^Y(56 101 B 300000 0^Y)`)
	if k := ev[len(ev)-1].Snap.Clocks; !k.Ticking || k.Running != game.White {
		t.Fatalf("after the server started White's clock: %+v", k)
	}
	f.s.g.sent = []game.Move{game.NewMove(game.D2, game.D4, 0)}
	ev = f.feed(`^Y(24 101 d2d4^Y)`)
	if k := ev[len(ev)-1].Snap.Clocks; !k.Ticking || k.Running != game.Black {
		t.Fatalf("after our second move: %+v; want Black's clock running", k)
	}
	// The increment (3 s) is ours at once, before the server's figures.
	if k := ev[len(ev)-1].Snap.Clocks; k.White != 303*time.Second {
		t.Fatalf("White's clock after a move on a running clock: %v; want 5:00 and the 3 s increment", k.White)
	}
}

// TestGuestForgottenByARestartedServer: a guest's reconnect token that the
// server refuses (it restarted) gives way to a fresh guest login; the
// game in progress, gone with the server, ends unfinished, saying so.
func TestGuestForgottenByARestartedServer(t *testing.T) {
	p, err := DefaultPatterns()
	if err != nil {
		t.Fatal(err)
	}
	s := &session{patterns: p, now: time.Now}
	login := func() string {
		t.Helper()
		s.connected()
		if !s.prompt("login: ") {
			t.Fatal("the login prompt was not answered")
		}
		_, w := s.take()
		return w[len(w)-1]
	}
	if l := login(); l != "guest" {
		t.Fatalf("logged in as %q", l)
	}
	s.datagram(Datagram{Number: 0, Fields: []string{"guest5"}})
	s.datagram(Datagram{Number: 200, Fields: []string{"0123456789abcdef0123456789abcdef"}})
	s.datagram(Datagram{Number: 15, Fields: []string{"1", "guest5", "bob", "16", "Wild", "0", "5", "3", "5", "3"}})
	s.lost(io.ErrUnexpectedEOF)
	s.take()
	if l := login(); l != "guest5 0123456789abcdef0123456789abcdef" {
		t.Fatalf("reconnected as %q; want the name and its token", l)
	}
	evs := freshGuestAfter(t, s, "Names are 2 to 16 letters (guest names are assigned).")
	said, ended := goneSaid(evs)
	if !ended || said != "* the server no longer knows guest5 (it restarted, or the seat's grace passed), so you are logged in again as the guest guest9; game 1 in progress is gone" {
		t.Errorf("ended %v, said %q", ended, said)
	}
}

// TestSeatFromDiskForgottenByARestartedServer: a guest's name and token
// taken from the seat kept on disk (Options.User and Token), which the
// server no longer knows (it restarted), give way to a fresh guest login
// as a guest's own do; a tester's console quit with "not a valid
// reconnect token" instead.
func TestSeatFromDiskForgottenByARestartedServer(t *testing.T) {
	p, err := DefaultPatterns()
	if err != nil {
		t.Fatal(err)
	}
	s := &session{patterns: p, now: time.Now, user: "guest5", token: "0123456789abcdef0123456789abcdef", guestIfRefused: true}
	s.connected()
	if !s.prompt("login: ") {
		t.Fatal("the login prompt was not answered")
	}
	if _, w := s.take(); w[len(w)-1] != "guest5 0123456789abcdef0123456789abcdef" {
		t.Fatalf("logged in as %q; want the seat's name and token", w[len(w)-1])
	}
	evs := freshGuestAfter(t, s, "That is not a valid reconnect token for guest5.")
	if said, _ := goneSaid(evs); said != "* the server no longer knows guest5 (it restarted, or the seat's grace passed), so you are logged in again as the guest guest9" {
		t.Errorf("said %q", said)
	}
}

// freshGuestAfter has the server refuse s's login with a token in words
// (datagram 69), checks that s logs in again as a fresh guest, gives it
// the name guest9 and returns what s then says.
func freshGuestAfter(t *testing.T, s *session, words string) []net.Event {
	t.Helper()
	s.datagram(Datagram{Number: 69, Fields: []string{"20", words}})
	if s.failed != nil || !s.prompt("login: ") {
		t.Fatalf("the refused token ended the login (%v)", s.failed)
	}
	if _, w := s.take(); w[len(w)-1] != "guest" {
		t.Fatalf("logged in again as %q; want a fresh guest", w[len(w)-1])
	}
	s.datagram(Datagram{Number: 0, Fields: []string{"guest9"}})
	evs, _ := s.take()
	return evs
}

// goneSaid is the console's text among evs, and whether they end the game
// unfinished (aborted).
func goneSaid(evs []net.Event) (said string, ended bool) {
	for _, ev := range evs {
		if ev.Kind == net.KindConsole {
			said += ev.Text
		}
		ended = ended || ev.Kind == net.KindEnded && ev.Snap.Result.Score == game.Unfinished && ev.Snap.Result.Reason == referee.ReasonAborted
	}
	return said, ended
}

// TestHeldGameGoneAfterReconnecting: a registered player's game in
// progress that the server does not send again as it logs us in again (it
// restarted) ends, saying so, instead of waiting on a board the server no
// longer holds; one it sends again goes on.
func TestHeldGameGoneAfterReconnecting(t *testing.T) {
	for _, resumed := range []bool{false, true} {
		f := newFeeder(t)
		f.feed(started101)
		f.s.lost(io.EOF)
		f.s.take()
		f.s.connected()
		f.feed("Welcome to kriegd, a Kriegspiel umpire.")
		f.s.phase = phaseBarrier
		if resumed {
			f.feed(started101)
		}
		f.s.datagram(Datagram{Number: dg.Dummy})
		evs, _ := f.s.take()
		said, ended := goneSaid(evs)
		if resumed && (ended || said != "") {
			t.Errorf("a game the server sent again ended (%v) or was said gone (%q)", ended, said)
		}
		if !resumed && (!ended || said != "* game 101 in progress is gone: the server no longer holds it") {
			t.Errorf("a game the server no longer holds: ended %v, said %q", ended, said)
		}
	}
}

// TestAttemptWhileDisconnected: an attempt made while the connection is
// lost is refused as not connected, not as "not your move" (an outside
// tester, waiting on the opponent when the server went, read the latter).
func TestAttemptWhileDisconnected(t *testing.T) {
	c, err := New(Options{Addr: "127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	f := newFeeder(t)
	f.feed(started101)
	c.sess.g = f.s.g
	c.sess.g.toMove = game.Black // the opponent's move
	if err := c.Attempt(game.NewMove(game.E2, game.E4, game.NoPieceType)); !errors.Is(err, net.ErrClosed) {
		t.Errorf("an attempt with no connection: %v; want it refused as not connected", err)
	}
}

// TestRecordOfAGameEndedAway: kriegd's record of a game of ours that
// ended while we were away (we hold no game of that number) is kept for
// saving; one of others' is not.
func TestRecordOfAGameEndedAway(t *testing.T) {
	for _, c := range []struct {
		white string
		kept  bool
	}{{"guest2741", true}, {"carol", false}} {
		f := newFeeder(t)
		pgn := "[White \"" + c.white + "\"]\n[Black \"dan\"]\n[Result \"0-1\"]\n\n1.   e4 {(:)}\n0-1\n"
		f.feed(`^Y(201 4 ^Y{` + pgn + `^Y}^Y)`)
		if got := f.s.unsaved != nil; got != c.kept {
			t.Errorf("the record of %s's game kept %v; want %v", c.white, got, c.kept)
		}
	}
}
