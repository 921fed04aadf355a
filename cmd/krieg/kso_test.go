package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/net/kso"
	"github.com/krieg/krieg/net/kso/ksotest"
)

func ksoSite(t *testing.T) *ksotest.Server {
	t.Helper()
	return ksotest.Started(t, map[string]string{"alice": "hunter22"}, func() ksotest.Opponent {
		return player.New(player.Options{MoveTime: 15 * time.Millisecond, Seed: 5})
	})
}

// TestConsoleKSO plays on the fake kriegspiel.org from the console: log
// in, list the bots, play one, move, resign; the game is saved and replays.
// A second run resumes a game left open by the first.
func TestConsoleKSO(t *testing.T) {
	s := ksoSite(t)
	saves := t.TempDir()
	in := "hunter22\nbots\nplay housebot wild16 white\ne2e4\nresign\ngames\n"
	code, out, errs := krieg(t, in, "console", "--kso", "--kso-url", s.URL, "--user", "alice", "--save", saves)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	for _, want := range []string{"kriegspiel.org commands:", "1 bot(s)", "housebot", "created wild16 game", "you play white",
		"white e2e4: ", "* game over: Black wins: White resigned · 0-1", "game saved: " + saves, "0 active game(s)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out+errs, "hunter22") {
		t.Fatal("the password was echoed or logged")
	}
	files, _ := filepath.Glob(filepath.Join(saves, "*.pgn"))
	if len(files) != 1 {
		t.Fatalf("saved %d records; want 1", len(files))
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Read(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := kso.RulesFor("wild16")
	if err := record.Check(rec, rules); err != nil || rec.Result != "0-1" || len(rec.Plies) < 1 {
		t.Fatalf("saved record: %v, result %s, %d plies", err, rec.Result, len(rec.Plies))
	}

	// Leave a game open, then resume it from a new run.
	code, out, errs = krieg(t, "hunter22\nplay housebot berkeley black\n", "console", "--kso", "--kso-url", s.URL, "--user", "alice", "--save", "")
	m := regexp.MustCompile(`created berkeley game ([2-9A-Z]{6})`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("exit %d, no game code: %s\n%s", code, errs, out)
	}
	deadline := time.Now().Add(10 * time.Second)
	for st, _ := s.Result(m[1]); ; st, _ = s.Result(m[1]) {
		if ref := s.Truth(m[1]); st == "active" && ref != nil && ref.Plies() >= 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the house bot did not move")
		}
		time.Sleep(20 * time.Millisecond)
	}
	code, out, errs = krieg(t, "hunter22\ngames\nresume "+m[1]+"\nresign\n", "console", "--kso", "--kso-url", s.URL, "--user", "alice", "--save", "")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	for _, want := range []string{"1 active game(s)", m[1], "resuming berkeley game " + m[1], "you play black", "white: Black's move", "* game over: White wins: Black resigned · 1-0"} {
		if !strings.Contains(out, want) {
			t.Errorf("resumed run lacks %q:\n%s", want, out)
		}
	}
	if code, _, errs := krieg(t, "wrong\n", "console", "--kso", "--kso-url", s.URL, "--user", "alice"); code != 1 || !strings.Contains(errs, "Invalid username or password") {
		t.Errorf("a refused password: exit %d, %q", code, errs)
	}
}

// TestBotCommand registers a bot (token file 0600), then runs the bot loop
// until it has finished one game against the house bot; the token is
// never printed.
func TestBotCommand(t *testing.T) {
	s := ksoSite(t)
	s.SetPlyCap(60)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	tokFile := defaultTokenFile() // registering needs no --token-file
	code, out, errs := krieg(t, "", "bot", "--kso", "--kso-url", s.URL, "--register", "kriegbot", "--email", "me@example.org")
	if code != 0 || !strings.Contains(out, "registered bot kriegbot") {
		t.Fatalf("register: exit %d: %s %s", code, out, errs)
	}
	st, err := os.Stat(tokFile)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("token file %v mode %v; want 0600", err, st.Mode().Perm())
	}
	data, _ := os.ReadFile(tokFile)
	tok := strings.TrimSpace(string(data))
	if _, _, err := s.NewGame("cincinnati", "housebot", "kriegbot"); err != nil {
		t.Fatal(err)
	}
	code, out, errs = krieg(t, "", "bot", "--kso", "--kso-url", s.URL, "--token-file", tokFile, "--rules", "cincinnati,berkeley-any",
		"--movetime", "15ms", "--poll", "20ms", "--games", "1", "--save", "")
	if code != 0 {
		t.Fatalf("bot: exit %d: %s\n%s", code, errs, out)
	}
	for _, want := range []string{"cincinnati berkeley_any", "playing black in cincinnati", ": over, "} {
		if !strings.Contains(out, want) {
			t.Errorf("bot output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out+errs, tok) || strings.Contains(out+errs, tok[len("ksbot_"):]) {
		t.Fatal("the token was printed")
	}
	if code, _, errs := krieg(t, "", "bot", "--kso", "--kso-url", s.URL, "--register", "kriegbot", "--email", "me@example.org", "--token-file", tokFile); code != 1 || !strings.Contains(errs, "exists") {
		t.Errorf("registering over an existing token file: exit %d %q", code, errs)
	}
	os.Chmod(tokFile, 0o644)
	if code, _, errs := krieg(t, "", "bot", "--kso", "--kso-url", s.URL, "--token-file", tokFile); code != 1 || !strings.Contains(errs, "read by others") {
		t.Errorf("a token file others may read: exit %d %q", code, errs)
	}
}
