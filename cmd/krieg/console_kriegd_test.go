package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	stdnet "net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
	"github.com/krieg/krieg/server/store"
)

// screen is what a console printed, read as it grows.
type screen struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	seen int
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

// all is everything printed so far.
func (s *screen) all() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// waitLine waits (10 s at most) for line as a whole printed line after
// what earlier waits matched.
func (s *screen) waitLine(t *testing.T, who, line string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.mu.Lock()
		text := "\n" + s.buf.String() // the first line has no line before it
		from := max(s.seen-1, 0)
		i := strings.Index(text[from:], "\n"+line+"\n")
		if i >= 0 {
			s.seen = from + i + len(line) + 2
		}
		s.mu.Unlock()
		if i >= 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s's console never printed %q; after the last match it printed:\n%s", who, line, text[from:])
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// waitMatch waits (10 s at most) for the regular expression re in all
// that was printed, and returns its match and submatches.
func (s *screen) waitMatch(t *testing.T, who, re string) []string {
	t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.mu.Lock()
		text := s.buf.String()
		s.mu.Unlock()
		if m := rx.FindStringSubmatch(text); m != nil {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s's console never printed %s; it printed:\n%s", who, re, text)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// consoleLine is how the console prints an entry a player heard: the
// game's last move names nobody to move.
func consoleLine(e referee.Entry, side game.Color, rules referee.Ruleset) string {
	var said []string
	last := slices.ContainsFunc(e.Said, func(a referee.Announcement) bool { return a.Kind == referee.KindGameOver })
	for _, a := range e.Said {
		if a.Kind == referee.KindGameOver || last && a.Kind == referee.KindMoved {
			continue
		}
		if t := a.Text(rules); t != "" {
			said = append(said, t)
		}
	}
	who := e.Mover.String()
	if e.Attempt != game.NoMove && e.Mover == side {
		who += " " + e.Attempt.String()
	}
	return fmt.Sprintf("%s: %s", who, strings.Join(said, "; "))
}

// TestConsoleGameThroughKriegd plays a whole Wild 16 game between two
// `krieg console --connect` sessions through kriegd over TCP on loopback,
// typed as a person would: the challenge and acceptance as raw commands,
// every attempt in coordinates. Each console must print, line for line,
// what the referee lets its player hear, and the game's end.
func TestConsoleGameThroughKriegd(t *testing.T) {
	var truth *referee.Referee
	for seed := uint64(1); seed < 3000 && truth == nil; seed++ {
		ref := referee.New(referee.Wild16, game.Start())
		attempter.Play(ref, attempter.NewRandom(seed), attempter.NewRandom(seed^0x5bd1e995))
		captures, promoted := 0, false
		for _, e := range ref.Log() {
			for _, a := range e.Said {
				if a.Kind == referee.KindCapture {
					captures++
				}
			}
			promoted = promoted || (e.Verdict == referee.Accepted && e.Attempt.Promotion() != game.NoPieceType)
		}
		if r := ref.Result(); r != nil && r.Reason == referee.ReasonCheckmate && captures > 4 && promoted && ref.Plies() < 150 {
			truth = ref
		}
	}
	if truth == nil {
		t.Fatal("no self-play game to play")
	}

	addr := startKriegd(t, "alice", "bob")
	alice, bob := openConsole(t, addr, "alice"), openConsole(t, addr, "bob")
	fmt.Fprintln(alice.in, "match bob 5 3 u w16 white")
	bob.out.waitLine(t, "bob", `You can "accept" or "decline".`)
	fmt.Fprintln(bob.in, "accept")
	consoles := [2]*kriegdConsole{alice, bob}
	for _, c := range consoles {
		c.out.waitLine(t, c.name, "{Game 1 (alice vs. bob) Creating unrated Wild 16 (ICC) match.}")
	}
	if said := bob.out.all(); strings.Contains(said, "stands no more") {
		t.Errorf("bob accepted, and his console also said the challenge went:\n%s", said)
	}
	if said := bob.out.all(); strings.Count(said, "Challenge: alice") != 1 || strings.Contains(said, "challenges you") {
		t.Errorf("bob's console told the challenge other than once (a tester saw it twice, in two wordings):\n%s", said)
	}
	for _, e := range truth.Log() {
		fmt.Fprintln(consoles[e.Mover].in, e.Attempt.String())
		for side, c := range consoles {
			if h, heard := e.HeardBy(game.Color(side)); heard && e.Verdict != referee.Finished {
				c.out.waitLine(t, c.name, consoleLine(h, game.Color(side), referee.Wild16))
			}
		}
	}
	res := truth.Result()
	for _, c := range consoles {
		c.out.waitLine(t, c.name, "* game over: "+res.Words())
		// The mated side is not asked for a move after the mate.
		said := c.out.all()
		if before := said[:strings.Index(said, "* game over: ")]; strings.HasSuffix(strings.TrimRight(before, "\n"), ")") && strings.Contains(before[strings.LastIndex(before[:len(before)-1], "\n")+1:], "(your move") {
			t.Errorf("%s's console asked for a move after the mate:\n%s", c.name, before[max(0, len(before)-400):])
		}
		c.in.Close()
		if code := <-c.done; code != 0 {
			t.Fatalf("%s's console exited %d", c.name, code)
		}
	}
}

// startKriegd runs kriegd on loopback, with an account NAMEpw for each of
// names, until the test ends, and returns its address.
func startKriegd(t *testing.T, names ...string) string {
	t.Helper()
	st, data := kriegdtest.Store(t)
	for _, name := range names {
		h, err := server.HashPassword(name + "pw")
		if err != nil {
			t.Fatal(err)
		}
		if err := st.AddAccount(context.Background(), name, h); err != nil {
			t.Fatal(err)
		}
	}
	srv, addr := serveKriegd(t, data, st, "127.0.0.1:0")
	t.Cleanup(func() { srv.Close() })
	return addr
}

// serveKriegd runs kriegd on addr with its data in data and st, and
// returns it and the address it listens on.
func serveKriegd(t *testing.T, data string, st *store.Store, addr string) (*server.Server, string) {
	t.Helper()
	ln, err := stdnet.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Config{DataDir: data, Store: st, Attempts: 10000, Lobby: 10000, Log: slog.New(slog.NewTextHandler(t.Output(), nil))})
	go srv.Serve(ln)
	return srv, ln.Addr().String()
}

// kriegdConsole is a `krieg console --connect` session a test types into.
type kriegdConsole struct {
	name string
	in   *io.PipeWriter
	out  *screen
	done chan int
	errs *screen
	save string // its --save folder
}

// openConsole starts a console logged in to addr as name (with its
// password NAMEpw), or as a guest when name is "", and waits until it is
// connected.
func openConsole(t *testing.T, addr, name string) *kriegdConsole {
	t.Helper()
	return openConsoleIn(t, addr, name, t.TempDir())
}

// openConsoleIn is openConsole with config as the user's configuration
// folder, where a guest's seat left in a game is kept: each console has
// its own unless a test shares one.
func openConsoleIn(t *testing.T, addr, name, config string) *kriegdConsole {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", config) // read as the console starts
	r, w := io.Pipe()
	c := &kriegdConsole{name: name, in: w, out: &screen{}, done: make(chan int, 1), errs: &screen{}, save: t.TempDir()}
	args := []string{"console", "--connect", addr, "--save", c.save}
	if name != "" {
		args = append(args, "--user", name)
	}
	go func() { c.done <- run(args, r, c.out, c.errs) }()
	if name != "" {
		fmt.Fprintf(w, "%spw\n", name) // the password, read first
	}
	c.out.waitLine(t, name, "* connected")
	if name == "" {
		c.name = c.out.waitMatch(t, "a guest", `Starting session as (\w+) `)[1]
	}
	return c
}

// aliceAndBobPlay starts a kriegd and two consoles on it, alice and bob,
// and a Wild 16 game between them, alice White, as they would type it.
func aliceAndBobPlay(t *testing.T) (alice, bob *kriegdConsole) {
	t.Helper()
	addr := startKriegd(t, "alice", "bob")
	alice, bob = openConsole(t, addr, "alice"), openConsole(t, addr, "bob")
	fmt.Fprintln(alice.in, "match bob 5 3 u w16 white")
	bob.out.waitLine(t, "bob", `You can "accept" or "decline".`)
	fmt.Fprintln(bob.in, "accept")
	bob.out.waitLine(t, "bob", "{Game 1 (alice vs. bob) Creating unrated Wild 16 (ICC) match.}")
	return alice, bob
}

// TestConsoleOffersThroughKriegd: a draw offer shows no bare word, decline
// reaches kriegd (which answers the offer with it), and a game's end
// prints no bare score lines.
func TestConsoleOffersThroughKriegd(t *testing.T) {
	alice, bob := aliceAndBobPlay(t)
	fmt.Fprintln(alice.in, "e2e4")
	bob.out.waitLine(t, "bob", "white: Black's move")
	fmt.Fprintln(alice.in, "draw")
	bob.out.waitLine(t, "bob", `alice offers to draw. Type "draw" or "accept" to agree, "decline" to refuse; a move refuses it too.`)
	fmt.Fprintln(bob.in, "decline")
	bob.out.waitLine(t, "bob", "You decline alice's draw offer.")
	fmt.Fprintln(bob.in, "e7e5") // a game both have moved in is scored
	alice.out.waitLine(t, "alice", "black: White's move")
	fmt.Fprintln(bob.in, "resign")
	for _, c := range []*kriegdConsole{alice, bob} {
		c.out.waitLine(t, c.name, "* game over: White wins: Black resigned · 1-0")
		// The record kriegd sends after the game is saved where --save says.
		path := c.out.waitMatch(t, c.name, `game saved: (\S+\.pgn)`)[1]
		if rec, err := record.ReadFile(path); err != nil || filepath.Dir(path) != c.save || len(rec.Plies) != 2 || rec.Result != game.WhiteWins {
			t.Errorf("%s's saved game %s: %+v, %v; want 2 plies, 1-0, in %s", c.name, path, rec, err, c.save)
		}
	}
	// A second game, aborted before its first move.
	fmt.Fprintln(alice.in, "match bob 5 3 u w16 white")
	bob.out.waitLine(t, "bob", `You can "accept" or "decline".`)
	fmt.Fprintln(bob.in, "accept")
	bob.out.waitLine(t, "bob", "{Game 2 (alice vs. bob) Creating unrated Wild 16 (ICC) match.}")
	fmt.Fprintln(alice.in, "abort")
	for _, c := range []*kriegdConsole{alice, bob} {
		c.out.waitLine(t, c.name, "* game over: No result: the game was aborted")
	}
	time.Sleep(300 * time.Millisecond) // what the server says after the end
	for _, c := range []*kriegdConsole{alice, bob} {
		c.in.Close()
		if code := <-c.done; code != 0 {
			t.Fatalf("%s's console exited %d", c.name, code)
		}
		text := c.out.buf.String()
		for _, raw := range []string{"\nblack: 1-0\n", "\nblack: Resignation, White wins\n", "\nblack: *\n", "\nwhite: *\n", "\ndraw\n", "\nabort\n", "There is no challenge to answer."} {
			if strings.Contains(text, raw) {
				t.Errorf("%s's console printed %q:\n%s", c.name, strings.TrimSpace(raw), text)
			}
		}
	}
}

// TestConsolePasswordForNoAccount: a password given for a name with no
// account is not dropped while the name logs in unregistered: the login
// is given up, saying why.
func TestConsolePasswordForNoAccount(t *testing.T) {
	addr := startKriegd(t)
	var out, errs bytes.Buffer
	code := run([]string{"console", "--connect", addr, "--user", "evelyn"}, strings.NewReader("evelynpw\n"), &out, &errs)
	if code != 1 || !strings.Contains(errs.String(), `has no account of that name`) || strings.Contains(out.String(), "* connected") {
		t.Errorf("exit %d, printed %q, said %q; want the login given up as no account", code, out.String(), errs.String())
	}
}

// guestsServer serves a kriegd from a data folder and store of its own,
// which a test may serve again after closing it; the store closes with
// the test.
func guestsServer(t *testing.T) (string, *store.Store, *server.Server, string) {
	t.Helper()
	st, data := kriegdtest.Store(t)
	srv, addr := serveKriegd(t, data, st, "127.0.0.1:0")
	return data, st, srv, addr
}

// TestConsoleGuestAfterKriegdRestarts: when kriegd restarts, a guest's
// console logs in again as a fresh guest (the server no longer knows the
// old guest name or its token) and says that the game in progress is gone.
func TestConsoleGuestAfterKriegdRestarts(t *testing.T) {
	data, st, srv, addr := guestsServer(t)
	g1, g2 := guestsMidGame(t, addr)
	srv.Close()
	srv, _ = serveKriegd(t, data, st, addr)
	defer srv.Close()
	// Why the connection closed, in the server's words.
	g1.out.waitLine(t, g1.name, "* disconnected: kriegd is shutting down: this connection is closed. Try again later.")
	g1.out.waitLine(t, g1.name, "* connection lost; reconnecting (quit or Ctrl-C leaves)")
	for _, c := range []*kriegdConsole{g1, g2} {
		// The game ends as kriegd stops, or, when it stopped without a word, as the guest logs in again.
		c.out.waitMatch(t, c.name, `(?m)^\* game over: No result: the game was aborted$`)
		c.out.waitMatch(t, c.name, `(?m)^\* the server no longer knows `+c.name+` \(it restarted, or the seat's grace passed\), so you are logged in again as the guest guest\d+(; game 1 in progress is gone)?$`)
	}
	fmt.Fprintln(g1.in, "finger")
	g1.out.waitMatch(t, g1.name, `guest\d+ is an unregistered guest`)
	g1.in.Close()
	g2.in.Close()
	for _, c := range []*kriegdConsole{g1, g2} {
		if code := <-c.done; code != 0 {
			t.Fatalf("a guest's console exited %d: %s", code, c.errs.buf.String())
		}
	}
}

// TestConsoleSeatFromDiskAfterKriegdRestarts: a guest's seat kept on disk
// when its console left mid-game, which a restarted kriegd no longer
// knows, gives way to a fresh guest login, saying so; a tester's console
// quit with "not a valid reconnect token" instead.
func TestConsoleSeatFromDiskAfterKriegdRestarts(t *testing.T) {
	data, st, srv, addr := guestsServer(t)
	config, g1, g2 := guestGameOn(t, addr)
	fmt.Fprintln(g1.in, "e2e4")
	g2.out.waitLine(t, g2.name, "white: Black's move")
	g1.in.Close()
	if code := <-g1.done; code != 0 {
		t.Fatalf("exit %d", code)
	}
	srv.Close()
	srv, _ = serveKriegd(t, data, st, addr)
	defer srv.Close()
	again := openConsoleIn(t, addr, "", config)
	again.errs.waitMatch(t, "the returning guest", `taking back `+g1.name+`'s seat on `)
	again.out.waitMatch(t, g1.name, `(?m)^\* the server no longer knows `+g1.name+` \(it restarted, or the seat's grace passed\), so you are logged in again as the guest guest\d+`)
	again.in.Close()
	if code := <-again.done; code != 0 {
		t.Fatalf("the returning guest's console exited %d: %s", code, again.errs.all())
	}
}

// TestConsoleSeatOfARegisteredName: a seat kept on disk under a name
// registered since (its token no password) is refused by kriegd as a
// wrong password; the console logs in as a fresh guest, saying so, where
// a tester's quit with "Invalid password."
func TestConsoleSeatOfARegisteredName(t *testing.T) {
	addr := startKriegd(t, "dave")
	config := t.TempDir()
	dir := filepath.Join(config, "krieg")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	safe := strings.NewReplacer(":", "_").Replace(addr)
	if err := os.WriteFile(filepath.Join(dir, "seat-"+safe+".json"), []byte(`{"name":"dave","token":"0123456789abcdef0123456789abcdef"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	c := openConsoleIn(t, addr, "", config)
	c.errs.waitMatch(t, "the guest", `taking back dave's seat on `)
	c.out.waitMatch(t, c.name, `(?m)^\* the server would not give back dave's seat \(it restarted, the game ended, or the name is registered now\), so you are logged in as the guest guest\d+$`)
	c.in.Close()
	if code := <-c.done; code != 0 {
		t.Fatalf("the console exited %d: %s", code, c.errs.all())
	}
}

// TestConsoleLeavesWhileReconnecting: with the server gone for good, the
// input's end leaves at once, though the console is reconnecting.
func TestConsoleLeavesWhileReconnecting(t *testing.T) {
	_, _, srv, addr := guestsServer(t)
	g1, _ := guestsMidGame(t, addr)
	srv.Close()
	g1.out.waitLine(t, g1.name, "* connection lost; reconnecting (quit or Ctrl-C leaves)")
	// While the server is away, one line a try: not also each try's
	// connecting and its refused dial (an outside tester counted 240 lines
	// an hour).
	g1.out.waitMatch(t, g1.name, `(?s)\* reconnecting: trying again in .*\* reconnecting: trying again in `)
	if n := strings.Count(g1.out.all(), "* disconnected"); n != 1 || strings.Contains(g1.out.all(), "connection refused") {
		t.Errorf("%d lines of disconnection while reconnecting:\n%s", n, g1.out.all())
	}
	g1.in.Close()
	select {
	case code := <-g1.done:
		if code != 0 {
			t.Fatalf("exit %d: %s", code, g1.errs.buf.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the console did not leave within 5 s of its input's end while reconnecting")
	}
	g1.out.waitLine(t, g1.name, "* left while the connection was lost")
}

// TestConsoleLeavesAServerGame: the input's end (Ctrl-D) in a game on
// kriegd says that the game is left and the opponent told.
func TestConsoleLeavesAServerGame(t *testing.T) {
	addr := startKriegd(t)
	g1, g2 := guestsMidGame(t, addr)
	g1.in.Close()
	if code := <-g1.done; code != 0 {
		t.Fatalf("exit %d", code)
	}
	g1.out.waitLine(t, g1.name, "* you left game 1 in progress; the server tells your opponent you disconnected")
	g2.out.waitMatch(t, g2.name, g1.name+` has disconnected`)
	g2.in.Close()
	<-g2.done
}

// TestConsoleTakesBackAGuestsSeat: a guest whose console ends during a
// game on kriegd (Ctrl-D, a closed terminal) has the seat kept; the next
// console to that server with no --user takes it back within the grace
// period, under the same name, and the game goes on.
func TestConsoleTakesBackAGuestsSeat(t *testing.T) {
	addr, config, g1, g2 := guestGame(t)
	fmt.Fprintln(g1.in, "e2e4")
	g2.out.waitLine(t, g2.name, "white: Black's move")
	again := leaveAndReturn(t, addr, config, g1, g2)
	if again.name != g1.name {
		t.Fatalf("the console came back as %s; want %s's seat", again.name, g1.name)
	}
	again.errs.waitMatch(t, "the returning guest", `taking back `+g1.name+`'s seat on `)
	g2.out.waitMatch(t, g2.name, g1.name+` has returned`)
	fmt.Fprintln(g2.in, "e7e5")
	again.out.waitLine(t, g1.name, "black: White's move")
	// Left again after the game's end, nothing is kept: the next console is a new guest.
	fmt.Fprintln(again.in, "resign")
	again.out.waitMatch(t, g1.name, `(?m)^\* game over: `)
	again.in.Close()
	<-again.done
	if fresh := openConsoleIn(t, addr, "", config); fresh.name == g1.name {
		t.Fatalf("a seat was kept after the game ended")
	}
}

// TestConsoleReplaysAGameTakenBackWithOnePrompt: a game taken back midway
// comes again move by move; only the last of them asks for a move, with
// the clocks as they are, not each with the clocks of its time (a tester
// read the old prompts as clocks reset).
func TestConsoleReplaysAGameTakenBackWithOnePrompt(t *testing.T) {
	addr, config, g1, g2 := guestGame(t)
	for _, m := range [][2]string{{"e2e4", "e7e5"}, {"g1f3", "g8f6"}} {
		fmt.Fprintln(g1.in, m[0])
		g2.out.waitLine(t, g2.name, "white: Black's move")
		fmt.Fprintln(g2.in, m[1])
		g1.out.waitLine(t, g1.name, "black: White's move")
	}
	again := leaveAndReturn(t, addr, config, g1, g2)
	g2.out.waitMatch(t, g2.name, g1.name+` has returned`)
	again.out.waitMatch(t, g1.name, `\(your move; `)
	time.Sleep(300 * time.Millisecond)
	if said := again.out.all(); strings.Count(said, "(your move; ") != 1 {
		t.Errorf("the game taken back asked for a move %d times:\n%s", strings.Count(said, "(your move; "), said)
	}
}

// TestConsoleKeepsAGuestsSeatWhilePlaying: a guest's seat is on disk as
// soon as its game goes on, naming the process playing it, so that a
// console killed outright (no chance to keep it at its end) leaves the
// seat for the next one; once the game ends, the seat is forgotten.
func TestConsoleKeepsAGuestsSeatWhilePlaying(t *testing.T) {
	_, config, g1, g2 := guestGame(t)
	seat := func() string {
		files, _ := filepath.Glob(filepath.Join(config, "krieg", "seat-*.json"))
		if len(files) != 1 {
			return ""
		}
		b, _ := os.ReadFile(files[0])
		return string(b)
	}
	want := fmt.Sprintf(`"name":%q`, g1.name)
	pid := fmt.Sprintf(`"pid":%d`, os.Getpid())
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(seat(), want) || !strings.Contains(seat(), pid); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no seat on disk while %s plays: %q", g1.name, seat())
		}
	}
	fmt.Fprintln(g1.in, "resign")
	g1.out.waitMatch(t, g1.name, `(?m)^\* game over: `)
	for deadline := time.Now().Add(5 * time.Second); seat() != ""; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the seat stayed after the game ended: %q", seat())
		}
	}
	g1.in.Close()
	<-g1.done
	g2.in.Close()
	<-g2.done
}

// guestGame starts a kriegd and a game between two guests' consoles, g1
// White with its own configuration folder config, where its seat is kept.
func guestGame(t *testing.T) (addr, config string, g1, g2 *kriegdConsole) {
	t.Helper()
	addr = startKriegd(t)
	config, g1, g2 = guestGameOn(t, addr)
	return addr, config, g1, g2
}

// guestGameOn is guestGame on the kriegd at addr.
func guestGameOn(t *testing.T, addr string) (config string, g1, g2 *kriegdConsole) {
	t.Helper()
	config = t.TempDir()
	g1 = openConsoleIn(t, addr, "", config)
	g2 = openConsole(t, addr, "")
	fmt.Fprintf(g1.in, "match %s 5 3 u w16 white\n", g2.name)
	g2.out.waitLine(t, g2.name, `You can "accept" or "decline".`)
	fmt.Fprintln(g2.in, "accept")
	g1.out.waitMatch(t, g1.name, `Creating unrated Wild 16 \(ICC\) match`)
	return config, g1, g2
}

// guestsMidGame logs two guests in to addr and starts a game between
// them, in which White has moved.
func guestsMidGame(t *testing.T, addr string) (white, black *kriegdConsole) {
	t.Helper()
	g1, g2 := openConsole(t, addr, ""), openConsole(t, addr, "")
	fmt.Fprintf(g1.in, "match %s 5 3 u w16 white\n", g2.name)
	g2.out.waitLine(t, g2.name, `You can "accept" or "decline".`)
	fmt.Fprintln(g2.in, "accept")
	g1.out.waitLine(t, g1.name, fmt.Sprintf("{Game 1 (%s vs. %s) Creating unrated Wild 16 (ICC) match.}", g1.name, g2.name))
	fmt.Fprintln(g1.in, "e2e4")
	g2.out.waitLine(t, g2.name, "white: Black's move")
	return g1, g2
}

// leaveAndReturn ends g1's console in the middle of its game against g2,
// waits for g2 to be told, and opens a guest console of the same config
// on addr, which takes g1's seat back.
func leaveAndReturn(t *testing.T, addr, config string, g1, g2 *kriegdConsole) *kriegdConsole {
	t.Helper()
	g1.in.Close()
	if code := <-g1.done; code != 0 {
		t.Fatalf("exit %d", code)
	}
	g2.out.waitMatch(t, g2.name, g1.name+` has disconnected`)
	return openConsoleIn(t, addr, "", config)
}

// serveEach listens on loopback until the test ends and hands each
// connection to handle, in its own goroutine; it returns the address.
func serveEach(t *testing.T, handle func(c stdnet.Conn)) string {
	t.Helper()
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go handle(c)
		}
	}()
	return ln.Addr().String()
}

// startConsole runs a console connecting to addr, a guest's unless flags
// say otherwise (--user NAME), and returns its input, its screen (its
// standard output and error both) and its exit status's channel.
func startConsole(t *testing.T, addr string, flags ...string) (*io.PipeWriter, *screen, chan int) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	r, w := io.Pipe()
	out := &screen{}
	done := make(chan int, 1)
	go func() {
		done <- run(append([]string{"console", "--connect", addr, "--save", ""}, flags...), r, out, out)
	}()
	return w, out, done
}

// TestConsoleQuitWhileConnecting: quit typed while the server has not yet
// answered leaves at once, not when the login gives up (10 s).
func TestConsoleQuitWhileConnecting(t *testing.T) {
	addr := serveEach(t, func(c stdnet.Conn) {
		t.Cleanup(func() { c.Close() }) // held open, silent
	})
	w, out, done := startConsole(t, addr)
	time.Sleep(500 * time.Millisecond) // connected, waiting for the login prompt
	began := time.Now()
	fmt.Fprintln(w, "quit")
	select {
	case code := <-done:
		if code != 0 || !strings.Contains(out.all(), "* left before the connection was made") {
			t.Errorf("quit while connecting: exit %d, printed %q", code, out.all())
		}
		if el := time.Since(began); el > 3*time.Second {
			t.Errorf("quit while connecting took %v", el)
		}
	case <-time.After(8 * time.Second):
		t.Fatal("quit typed while connecting was not read: the console still waits for the server")
	}
	w.Close()
}

// TestConsoleKeepsLinesTypedWhileConnecting: a line typed before the
// server's first words (here a kriegd behind a link that waits a moment)
// is sent once the console is connected, not lost.
func TestConsoleKeepsLinesTypedWhileConnecting(t *testing.T) {
	kriegd := startKriegd(t)
	addr := serveEach(t, func(c stdnet.Conn) {
		defer c.Close()
		time.Sleep(700 * time.Millisecond)
		up, err := stdnet.Dial("tcp", kriegd)
		if err != nil {
			return
		}
		defer up.Close()
		go io.Copy(up, c)
		io.Copy(c, up)
	})
	w, out, done := startConsole(t, addr)
	fmt.Fprintln(w, "who")
	out.waitLine(t, "the guest", "* connected")
	out.waitMatch(t, "the guest", `1 player logged in:`)
	w.Close()
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
}

// TestConsoleLinesAfterAMoveTypedAhead: a move typed before our turn waits
// for it, but a question after it does not: who is answered at once;
// resign waits behind the move, saying so, and when the game ends
// meanwhile (the opponent resigns) the move still waiting is not sent into
// the game over, and said so.
func TestConsoleLinesAfterAMoveTypedAhead(t *testing.T) {
	alice, bob := aliceAndBobPlay(t)
	fmt.Fprintln(bob.in, "e7e5")
	bob.out.waitLine(t, "bob", "* e7e5 waits for your turn")
	fmt.Fprintln(bob.in, "who")
	bob.out.waitMatch(t, "bob", `2 players logged in:`)
	fmt.Fprintln(bob.in, "resign")
	bob.out.waitLine(t, "bob", "* resign waits for the moves typed before it (e7e5)")
	fmt.Fprintln(alice.in, "resign")
	bob.out.waitMatch(t, "bob", `\* game over: `)
	bob.out.waitMatch(t, "bob", `\* not sent, the game being over: e7e5 resign\n`)
	time.Sleep(200 * time.Millisecond) // what a line sent into the game over would bring
	if said := bob.out.all(); strings.Contains(said, "no game in progress") || strings.Contains(said, "not playing a game") || strings.Contains(said, "black e7e5") {
		t.Errorf("the move typed ahead went into the game over:\n%s", said)
	}
}

// TestConsoleTellShownOnce: a tell through kriegd is shown once, in the
// words "NAME tells you: TEXT"; the datagram kriegd sends with it was shown
// as a stray "NAME: 1" line (its last field, the tell's type).
func TestConsoleTellShownOnce(t *testing.T) {
	addr := startKriegd(t, "alice", "bob")
	alice, bob := openConsole(t, addr, "alice"), openConsole(t, addr, "bob")
	fmt.Fprintln(alice.in, "tell bob are you there")
	bob.out.waitLine(t, "bob", "alice tells you: are you there")
	fmt.Fprintln(alice.in, "tell bob second")
	bob.out.waitLine(t, "bob", "alice tells you: second")
	if said := bob.out.all(); strings.Count(said, "are you there") != 1 || strings.Contains(said, "alice: 1") {
		t.Errorf("bob's console showed the tell so:\n%s", said)
	}
}

// TestConsoleHelpOnAServer: the console's help on a server says what
// quit does there and leaves out new, which only the computer's games have.
func TestConsoleHelpOnAServer(t *testing.T) {
	c := openConsole(t, startKriegd(t), "")
	fmt.Fprintln(c.in, "help")
	c.out.waitLine(t, c.name, "* quit or exit (or Ctrl-D): leave; the server holds a game in progress for you a while,")
	if said := c.out.all(); strings.Contains(said, "* new: ") || strings.Contains(said, "is abandoned") {
		t.Errorf("the help on a server speaks of the computer's games:\n%s", said)
	}
}

// TestConsoleLoggedInElsewhere: a login of the same name elsewhere closes
// the console's connection, and the console does not connect again (which
// would close the other in turn): it says why in the server's words.
func TestConsoleLoggedInElsewhere(t *testing.T) {
	addr := startKriegd(t, "dave")
	first := openConsole(t, addr, "dave")
	second := openConsole(t, addr, "dave")
	first.out.waitLine(t, "dave", "* disconnected: You logged in from elsewhere: this connection is closed.")
	first.out.waitLine(t, "dave", "* not connecting again: the server let this connection go; quit (or Ctrl-D) leaves")
	time.Sleep(500 * time.Millisecond) // time for a reconnection, were one tried
	fmt.Fprintln(second.in, "finger")
	second.out.waitLine(t, "dave", "Finger of dave: registered "+time.Now().Format("2006-01-02")+", logged in.")
	if strings.Contains(first.out.all(), "reconnecting") || strings.Contains(second.out.all(), "* disconnected") {
		t.Errorf("the consoles closed each other:\nfirst %q\nsecond %q", first.out.all(), second.out.all())
	}
	first.in.Close()
	second.in.Close()
	for _, c := range []*kriegdConsole{first, second} {
		if code := <-c.done; code != 0 {
			t.Errorf("exit %d", code)
		}
	}
}
