package server_test

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
)

// TestTimerPanicEndsNothingElse: a bug in a timer's work (here the grace
// period's end, made to panic) is recovered and logged; the server goes on.
func TestTimerPanicEndsNothingElse(t *testing.T) {
	var panics atomic.Int64
	log := testLog(t, func(line string) {
		if strings.Contains(line, "game ended") && strings.Contains(line, "reason=disconnect") {
			panics.Add(1)
			panic("injected: a bug when a grace period ends")
		}
	})
	u := startUmpire(t, server.Config{Grace: 200 * time.Millisecond, Log: log})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	firstMoves(a, b) // else the grace period's end aborts the game
	b.nc.Close()
	a.waitFor("bob has disconnected")
	deadline := time.Now().Add(5 * time.Second)
	for panics.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the grace period never ended")
		}
		time.Sleep(10 * time.Millisecond)
	}
	c := u.login(t, "carol", "")
	stillServes(t, c)
	stillServes(t, a)
}

// TestDataFilesOwnerOnly: the data folder and everything kriegd writes in
// it (the SQLite database with its -wal and -shm, the records) are for
// the owner alone, even in a folder that was made open.
func TestDataFilesOwnerOnly(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// A record an earlier kriegd left readable by all.
	if err := os.MkdirAll(filepath.Join(dir, "games"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "games", "old.pgn"), []byte("[Event \"old\"]\n\n*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	u := startUmpire(t, server.Config{DataDir: dir, Store: st})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	moveThenResign(a, b, 1)
	a.send("history")
	a.waitFor("alice vs. bob")
	seen := map[string]bool{}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		want := fs.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s is %v; want %v", path, fi.Mode().Perm(), want)
		}
		seen[filepath.Ext(path)] = true
		seen[filepath.Base(path)] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"kriegd.db", "kriegd.db-wal", "kriegd.db-shm", ".pgn"} {
		if !seen[f] {
			t.Errorf("no %s in the data folder to check", f)
		}
	}
}

// TestLoginNamesFollowTheRegisterRule: command words and moves are not
// names; each is refused and asked again, and a good name then logs in.
func TestLoginNamesFollowTheRegisterRule(t *testing.T) {
	u := startUmpire(t, server.Config{})
	for _, bad := range []string{"e2e4", "who", "Resign", "a7a8q", "e2-e4", "tell", "px", "guest12"} {
		if server.ValidName(bad) == nil {
			t.Errorf("ValidName(%q) = nil", bad)
		}
		r := u.dial(t)
		r.send("level1=5", "level2settings="+strings.Repeat("1", 100), bad)
		r.waitFor("\x19(69 20 ")
		r.waitFor("login: ")
		r.send("goodname")
		r.waitFor("Starting session as goodname")
		r.nc.Close()
		time.Sleep(20 * time.Millisecond) // goodname leaves before the next one logs in
	}
}

// TestSeatNeedsItsToken: while an unregistered player is away from a game,
// nobody takes the name without the token the player was given (the seat
// stays theirs), and the token alone takes it back; once the game is over
// the name is anyone's again.
func TestSeatNeedsItsToken(t *testing.T) {
	u := startUmpire(t, server.Config{Grace: 2 * time.Second})
	a, b := u.login(t, "alpha", ""), u.login(t, "bravo", "")
	begin(t, a, b, "bravo", "5 0 u")
	token := tokenOf(t, a)
	a.nc.Close()
	b.waitFor("alpha has disconnected")
	for _, try := range []string{"alpha", "alpha " + strings.Repeat("0", len(token)), "ALPHA", "alpha " + token[:len(token)-1]} {
		m := u.dial(t)
		m.send("level1=5", "level2settings="+strings.Repeat("1", 256), try)
		m.waitFor("\x19(69 22 ")
		m.waitFor("login: ")
		m.send("resign")
		m.waitFor("login: ") // still not logged in: "resign" is not a name
		m.nc.Close()
	}
	if strings.Contains(b.all(), "alpha has returned") || strings.Contains(b.all(), "\x19(16 ") {
		t.Fatalf("someone without the token took alpha's seat: %q", b.all())
	}
	back := u.login(t, "alpha", token)
	back.waitFor("\x19(15 1 alpha bravo ")
	b.waitFor("alpha has returned")
	back.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	b.send("e7e5")
	back.waitFor("\x19(24 1 ?\x19)")
	back.send("resign")
	b.waitFor("\x19(16 1 0 Res 0-1 ")
	back.nc.Close()
	time.Sleep(50 * time.Millisecond)
	other := u.login(t, "alpha", "")
	stillServes(t, other)
}

// TestConnectionsPerAddress: one address holds at most MaxConnsPerAddr
// connections; another address still gets in.
func TestConnectionsPerAddress(t *testing.T) {
	u := startUmpire(t, server.Config{MaxConnsPerAddr: 3})
	for i := 0; i < 3; i++ {
		u.dialFrom(t, "127.0.0.2").waitFor("login: ")
	}
	over := u.dialFrom(t, "127.0.0.2")
	if tail := over.closed(); !strings.Contains(tail, "too many connections from your address") {
		t.Fatalf("the fourth connection from one address got %q", tail)
	}
	r := u.login(t, "elsewhere", "")
	stillServes(t, r)
}

// TestIdleObserverStays: a guest watching a game is in it for the idle
// limit: not let go after the guests' short one while the game goes on
// (a tester's observer was cut midway), and let go after it once the game
// has ended.
func TestIdleObserverStays(t *testing.T) {
	u := startUmpire(t, server.Config{IdleTimeout: 5 * time.Second, GuestIdleTimeout: 400 * time.Millisecond})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	o := u.login(t, "watcher", "")
	o.send("observe 1")
	o.waitFor("Game 1")
	for range 8 { // 1.6 s: the players keep the game going; the watcher says nothing
		time.Sleep(200 * time.Millisecond)
		a.send("finger")
		b.send("finger")
	}
	if o.isClosed() {
		t.Fatalf("the watcher was let go as idle during the game: %q", o.all())
	}
	b.send("resign")
	if tail := o.closed(); !strings.Contains(tail, "no input for too long") {
		t.Fatalf("the watcher after the game got %q", tail)
	}
}

// TestIdleGuestsGoSooner: an unregistered user outside a game is let go
// after GuestIdleTimeout; a registered one, and an unregistered one in a
// game, stay until IdleTimeout.
func TestIdleGuestsGoSooner(t *testing.T) {
	u := startUmpire(t, server.Config{IdleTimeout: 3 * time.Second, GuestIdleTimeout: 300 * time.Millisecond})
	addAccount(t, u, "regis", "regispw")
	start := time.Now()
	guest := u.login(t, "guest", "")
	reg := u.login(t, "regis", "regispw")
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	if tail := guest.closed(); !strings.Contains(tail, "no input for too long") {
		t.Fatalf("the idle guest got %q", tail)
	}
	if waited := time.Since(start); waited > 2*time.Second {
		t.Fatalf("the idle guest went after %v", waited)
	}
	time.Sleep(500 * time.Millisecond)
	for _, r := range []*raw{reg, a, b} {
		if r.isClosed() {
			t.Fatalf("a registered or playing user was let go with the guests: %q", r.all())
		}
	}
}

// TestPasswordGuessesWait: after a few wrong passwords for an account from
// one address, that address's next guesses are refused unchecked for a
// wait that doubles, while the owner elsewhere logs in; many addresses
// guessing together hold the account for new addresses but never for an
// address the owner has logged in from; an address that guesses wrong
// across many accounts waits too; other addresses and accounts are not
// held up.
func TestPasswordGuessesWait(t *testing.T) {
	u := startUmpire(t, server.Config{})
	addAccount(t, u, "target", "rightpw")
	// guess sends name and pw from ip: the login, or the refusal.
	guess := func(ip, name, pw string) string {
		r := u.dialFrom(t, ip)
		defer r.nc.Close()
		r.send("level1=5", "level2settings="+strings.Repeat("1", 100), name+" "+pw)
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if got := r.all(); strings.Contains(got, "Starting session as") || strings.Contains(got, "\x19(69 ") {
				return got
			}
		}
		t.Fatalf("no answer to %s's password from %s: %q", name, ip, r.all())
		return ""
	}
	right := func(ip string) string { return guess(ip, "target", "rightpw") }
	// The owner logs in once from home.
	if got := right("127.0.0.9"); !strings.Contains(got, "Starting session as target") {
		t.Fatalf("the owner's first login got %q", got)
	}
	for i := 0; i < 3; i++ {
		if got := guess("127.0.0.3", "target", "wrong"); !strings.Contains(got, "Invalid password") {
			t.Fatalf("wrong guess %d got %q", i+1, got)
		}
	}
	if got := right("127.0.0.3"); !strings.Contains(got, "\x19(69 21 ") || !strings.Contains(got, "try again in 1 s") {
		t.Fatalf("the fourth guess from the guessing address got %q; want a wait of 1 s", got)
	}
	if got := right("127.0.0.4"); !strings.Contains(got, "Starting session as target") {
		t.Fatalf("the right password from another address got %q; want a login", got)
	}
	time.Sleep(1100 * time.Millisecond)
	guess("127.0.0.3", "target", "wrong")
	if got := right("127.0.0.3"); !strings.Contains(got, "try again in 2 s") {
		t.Fatalf("after another wrong guess: %q; want a wait of 2 s", got)
	}
	// Twenty addresses guess wrong twice each: a new address waits, the
	// owner's home does not.
	for i := 0; i < 20; i++ {
		ip := fmt.Sprintf("127.0.1.%d", i+1)
		guess(ip, "target", "wrong")
		guess(ip, "target", "wrong")
	}
	if got := right("127.0.0.7"); !strings.Contains(got, "\x19(69 21 ") || !strings.Contains(got, "Too many wrong passwords for target from other addresses") {
		t.Fatalf("a new address during a spread guessing attack got %q; want a wait, for guesses made elsewhere", got)
	}
	if got := right("127.0.0.9"); !strings.Contains(got, "Starting session as target") {
		t.Fatalf("the owner's home during a spread guessing attack got %q; want a login", got)
	}

	// Ten wrong guesses from one address over five accounts (two each):
	// the address waits, even for an account it never got wrong.
	for i, name := range []string{"acct1", "acct2", "acct3", "acct4", "acct5", "acct6"} {
		addAccount(t, u, name, "pw-"+name)
		if i < 5 {
			guess("127.0.0.5", name, "wrong")
			guess("127.0.0.5", name, "wrong")
		}
	}
	if got := guess("127.0.0.5", "acct6", "pw-acct6"); !strings.Contains(got, "\x19(69 21 ") {
		t.Fatalf("the guessing address was not held: %q", got)
	}
	r := u.login(t, "acct6", "pw-acct6")
	stillServes(t, r)
}

// TestSlowStoreStallsNobodyElse: while the store is locked (a game's index
// row waits for it), the game's players hear their result once it is
// saved, and everyone else is served meanwhile: no store call runs under
// the server's lock.
func TestSlowStoreStallsNobodyElse(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	other := u.login(t, "carol", "")
	begin(t, a, b, "bob", "5 0 u")
	firstMoves(a, b)

	// Another connection to the database holds its write lock for 3 s.
	db, err := sql.Open("sqlite", filepath.Join(u.data, "kriegd.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(`INSERT INTO migrations (version) VALUES (0)`); err != nil {
		t.Fatal(err)
	}
	released := make(chan struct{})
	go func() {
		time.Sleep(3 * time.Second)
		tx.Rollback()
		close(released)
	}()
	b.send("resign")
	time.Sleep(100 * time.Millisecond) // the index row now waits for the lock
	for i := 0; i < 3; i++ {
		began := time.Now()
		stillServes(t, other)
		if d := time.Since(began); d > time.Second {
			t.Fatalf("carol waited %v for \"games\" while the store was locked", d)
		}
	}
	a.waitFor("\x19(16 1 0 Res 1-0 ")
	<-released
	// The index row goes in once the lock is free (the worker retries).
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		a.send("history")
		a.waitFor("History of alice")
		if strings.Contains(a.waitFor("\x19]"), "alice vs. bob  1-0 resignation") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the game never reached the index once the store was free")
		}
	}
}

// TestStoreDownIndexesEachGameOnce: games that end while the store is
// down are kept (record and pending entry on disk) and indexed exactly
// once, in order, when a server on the same data folder finds the store
// again.
func TestStoreDownIndexesEachGameOnce(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	u := startUmpire(t, server.Config{DataDir: dir, Store: st})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	st.Close() // the store is down from here on
	for n := 1; n <= 3; n++ {
		begin(t, a, b, "bob", "5 0 u")
		moveThenResign(a, b, n)
	}
	pending, _ := filepath.Glob(filepath.Join(dir, "games", "*.pending"))
	records, _ := filepath.Glob(filepath.Join(dir, "games", "*.pgn"))
	if len(pending) != 3 || len(records) != 3 {
		t.Fatalf("with the store down: %d pending entries and %d records; want 3 and 3", len(pending), len(records))
	}
	u.srv.Close()

	st2, err := store.Open(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	u2 := startUmpire(t, server.Config{DataDir: dir, Store: st2})
	deadline := time.Now().Add(5 * time.Second)
	for {
		pending, _ = filepath.Glob(filepath.Join(dir, "games", "*.pending"))
		if len(pending) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d entries still pending", len(pending))
		}
		time.Sleep(20 * time.Millisecond)
	}
	games, err := u2.store.Games(context.Background(), "", 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 {
		t.Fatalf("%d games indexed; want each of the 3 once", len(games))
	}
	for i, g := range games { // newest first
		if want := "-" + strconv.Itoa(3-i); !strings.HasSuffix(g.ID, want) {
			t.Fatalf("index order: %v", games)
		}
	}
}

// TestRegistrationsPerAddress: one address registers at most
// Registrations accounts an hour; the next is refused with the reason, and
// another address still registers.
func TestRegistrationsPerAddress(t *testing.T) {
	u := startUmpire(t, server.Config{Registrations: 2})
	for i, name := range []string{"reg1", "reg2", "reg3"} {
		r := u.login(t, name, "")
		r.send("register password1")
		if i < 2 {
			r.waitFor(name + " is now registered")
			continue
		}
		r.waitFor("Too many registrations from your address: 2 an hour on average. The next is allowed in ")
		r.send("finger")
		r.waitFor("reg3 is an unregistered guest")
	}
	r := u.dialFrom(t, "127.0.0.5")
	r.send("reg4")
	r.waitFor("Starting session as reg4")
	r.send("register password1")
	r.waitFor("reg4 is now registered")
}

// TestConnectionsLoggingInHaveTheirOwnBudget: connections that have not
// logged in are capped per address and overall below the connection
// limits, so that a crowd holding the login dialogue open leaves room for
// players logged in and for logins from other addresses.
func TestConnectionsLoggingInHaveTheirOwnBudget(t *testing.T) {
	u := startUmpire(t, server.Config{MaxConns: 20, MaxPreLogin: 3, MaxPreLoginAddr: 2})
	var held []*raw
	for i := 0; i < 2; i++ {
		r := u.dialFrom(t, "127.0.0.6")
		r.waitFor("login: ")
		held = append(held, r)
	}
	over := u.dialFrom(t, "127.0.0.6")
	if tail := over.closed(); !strings.Contains(tail, "too many connections logging in from your address (at most 2 at once)") {
		t.Fatalf("a third connection logging in from one address got %q", tail)
	}
	other := u.dialFrom(t, "127.0.0.7")
	other.waitFor("login: ")
	full := u.dialFrom(t, "127.0.0.8")
	if tail := full.closed(); !strings.Contains(tail, "kriegd is busy: too many connections logging in") {
		t.Fatalf("a fourth connection logging in got %q", tail)
	}
	// Logging in frees the place: logged-in players are not counted.
	other.send("other")
	other.waitFor("Starting session as other")
	held[0].send("held")
	held[0].waitFor("Starting session as held")
	for _, ip := range []string{"127.0.0.6", "127.0.0.8"} {
		r := u.dialFrom(t, ip)
		r.send("p" + strings.ReplaceAll(ip, ".", ""))
		r.waitFor("Starting session as ")
	}
	// A connection that leaves before logging in frees its place too.
	held[1].nc.Close()
	time.Sleep(50 * time.Millisecond)
	u.dialFrom(t, "127.0.0.6").waitFor("login: ")
}

// TestRightPasswordBesideGuessesElsewhere: while one address races wrong
// passwords for an account on ten connections at once, the right password
// from other addresses logs in every time: only the account's count from
// every address together (twenty wrong ones) holds another address.
func TestRightPasswordBesideGuessesElsewhere(t *testing.T) {
	u := startUmpire(t, server.Config{MaxConnsPerAddr: 200})
	addAccount(t, u, "target", "rightpw")
	stop := loops(10, func(int) {
		r := u.dialFrom(t, "127.0.0.3")
		r.send("target wrong")
		for i := 0; i < 100 && !r.isClosed(); i++ {
			time.Sleep(5 * time.Millisecond)
		}
		r.nc.Close()
	})
	defer stop()
	time.Sleep(300 * time.Millisecond) // the guesses are under way
	for i := 0; i < 3; i++ {
		r := u.dialFrom(t, fmt.Sprintf("127.0.0.%d", 40+i))
		r.send("level1=5", "level2settings="+strings.Repeat("1", 100), "target rightpw")
		r.waitFor("Starting session as target")
	}
}

// countedPasswords is bcrypt counting its checks.
type countedPasswords struct {
	server.BcryptPasswords
	checks *atomic.Int64
}

func (p countedPasswords) Check(hash, password string) bool {
	p.checks.Add(1)
	return p.BcryptPasswords.Check(hash, password)
}

// TestRightLoginAgainSkipsBcrypt: the same right login three times costs
// one bcrypt check (a loop of right logins from many addresses kept bcrypt
// busy for everyone); a wrong password is still checked, and still wrong.
func TestRightLoginAgainSkipsBcrypt(t *testing.T) {
	var checks atomic.Int64
	u := startUmpire(t, server.Config{Passwords: countedPasswords{server.BcryptPasswords{Cost: 4}, &checks}})
	addAccount(t, u, "Carol", "carolpw")
	for range 3 {
		r := u.login(t, "Carol", "carolpw")
		r.send("quit")
		r.closed()
	}
	if n := checks.Load(); n != 1 {
		t.Fatalf("three right logins ran %d bcrypt checks; want 1", n)
	}
	r := u.dial(t)
	r.send("Carol wrongpw")
	r.waitFor("Invalid password.")
	if n := checks.Load(); n != 2 {
		t.Fatalf("a wrong password after right ones ran %d checks in all; want 2", n)
	}
}

// TestPasswordChecksHaveABudgetPerAddress: one address's eleventh password
// check in a row, right or not, is refused with the wait, and bcrypt does
// not run for it; an address's eleventh login in a row with a password is
// refused even when the password needs no check.
func TestPasswordChecksHaveABudgetPerAddress(t *testing.T) {
	var checks atomic.Int64
	u := startUmpire(t, server.Config{Passwords: countedPasswords{server.BcryptPasswords{Cost: 4}, &checks}})
	for i := range 11 {
		addAccount(t, u, fmt.Sprintf("member%d", i), "rightpw")
	}
	for i := range 10 {
		r := u.login(t, fmt.Sprintf("member%d", i), "rightpw")
		r.send("quit")
		r.closed()
	}
	time.Sleep(1100 * time.Millisecond) // a login's worth of the budget of logins
	r := u.dial(t)
	r.send("member10 rightpw")
	r.waitFor("Too many password checks from your address: try again in ")
	if n := checks.Load(); n != 10 {
		t.Fatalf("%d bcrypt checks ran; want 10", n)
	}
	// Another address is not held by it; its logins that need no check
	// (remembered) have a budget too.
	for i := range 10 {
		o := u.dialFrom(t, "127.0.0.2")
		o.send(fmt.Sprintf("member%d rightpw", i))
		o.waitFor("**** Starting session as member")
		o.send("quit")
		o.closed()
	}
	o := u.dialFrom(t, "127.0.0.2")
	o.send("member0 rightpw")
	o.waitFor("Too many logins with a password from your address: try again in 1 s.")
	if n := checks.Load(); n != 10 {
		t.Fatalf("%d bcrypt checks ran; want 10", n)
	}
}

// TestFullServerLetsPlayersIn: with every connection taken by guests, a
// player logging in with a password gets in, and the guest silent longest
// is told why and closed; a guest, or a name without an account, is told
// the server is full.
func TestFullServerLetsPlayersIn(t *testing.T) {
	u := startUmpire(t, server.Config{MaxConns: 3})
	addAccount(t, u, "Carol", "carolpw")
	idlest := u.login(t, "guest", "")
	time.Sleep(20 * time.Millisecond)
	g2, g3 := u.login(t, "guest", ""), u.login(t, "guest", "")
	g2.send("help")
	g3.send("help")
	g2.waitFor("Commands:")
	g3.waitFor("Commands:")
	c := u.login(t, "Carol", "carolpw")
	if got := idlest.closed(); !strings.Contains(got, "kriegd is full and a player with an account logged in: this guest connection, the one silent longest, is closed.") {
		t.Fatalf("the idlest guest was told %q", got)
	}
	stillServes(t, c)
	for _, name := range []string{"guest", "dora"} {
		r := u.dial(t)
		r.send(name)
		if got := r.closed(); !strings.Contains(got, "kriegd is full: only a login with an account's password, or with a reconnect token, gets in now.") {
			t.Fatalf("%s, logging in to a full server, was told %q", name, got)
		}
	}
	stillServes(t, g2)
	stillServes(t, g3)
}

// TestConnectionRatePerAddress: one address logging in and out in a loop
// is held to a few connections a second after a burst (a tester made
// 8,000 guest logins a second), and another address is not.
func TestConnectionRatePerAddress(t *testing.T) {
	u := startUmpire(t, server.Config{})
	refused := 0
	for i := 0; i < 100 && refused == 0; i++ {
		r := u.dialFrom(t, "127.0.0.3")
		if strings.Contains(r.waitForEither("login: ", "in a short time"), "in a short time") {
			refused = i
		}
		r.nc.Close()
	}
	if refused == 0 {
		t.Fatal("100 connections from one address in a row, none refused for its rate")
	}
	if refused < 64 || refused > 80 {
		t.Fatalf("the connection refused for its rate was the %dth; want the burst of 64 (and a few refilled at 5 a second) first", refused+1)
	}
	u.dialFrom(t, "127.0.0.4").waitFor("login: ")
}

// TestAddressBudgetsOutliveConnections: the lobby's budget of an address
// is not refilled by closing its connections and connecting again (a
// tester sent 29,000 lobby commands a second that way).
func TestAddressBudgetsOutliveConnections(t *testing.T) {
	u := startUmpire(t, server.Config{Lobby: 1})
	u.login(t, "asker", "")
	refusedOn := 0
	for i := 1; i <= 8 && refusedOn == 0; i++ {
		r := u.dialFrom(t, "127.0.0.5")
		r.send("level1=5", fmt.Sprintf("churn%d", i))
		r.waitFor("**** Starting session as ")
		for k := 0; k < 4; k++ {
			r.send("tell asker hi")
		}
		r.send("help")
		if strings.Contains(r.waitForEither("Too many seeks", "Commands: match"), "Too many seeks") {
			refusedOn = i
		}
		r.nc.Close()
	}
	if refusedOn == 0 {
		t.Fatal("32 tells from one address over eight connections in a row, none refused; the address's burst is 20")
	}
}
