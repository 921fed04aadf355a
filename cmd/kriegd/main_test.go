package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/krieg/krieg/server/store"
)

// TestUserAdd registers an account with "kriegd user add" (the password on
// stdin, as from a pipe) and finds it in the store with a bcrypt hash that
// matches; the password is never printed, and a second add is refused.
func TestUserAdd(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if err := run([]string{"user", "add", "--data", dir, "Erin"}, strings.NewReader("erinpass\n"), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String()+errOut.String(), "erinpass") {
		t.Fatalf("the password was printed: %q %q", out.String(), errOut.String())
	}
	st, err := store.Open(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	a, err := st.Account(context.Background(), "erin")
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "Erin" || bcrypt.CompareHashAndPassword([]byte(a.Hash), []byte("erinpass")) != nil {
		t.Fatalf("account %+v does not hold Erin with her password", a)
	}
	err = run([]string{"user", "add", "--data", dir, "erin"}, strings.NewReader("other\n"), &out, &errOut)
	if !errors.Is(err, store.ErrExists) {
		t.Fatalf("adding erin twice: %v; want ErrExists", err)
	}
	for _, bad := range [][]string{{"user", "add", "--data", dir, "guest12"}, {"user", "add", "--data", dir, "x"}, {"user", "rm", "Erin"}} {
		if err := run(bad, strings.NewReader("password\n"), &out, &errOut); err == nil {
			t.Fatalf("kriegd %v: no error", bad)
		}
	}
	if err := run([]string{"user", "add", "--data", dir, "Fay"}, strings.NewReader("abc\n"), &out, &errOut); err == nil {
		t.Fatal("a 3-character password was accepted")
	}
}

// TestLoadCommand runs a tiny `kriegd load` and refuses unbounded ones.
func TestLoadCommand(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"load", "--games", "4", "--clients", "4", "--duration", "30s"}, strings.NewReader(""), &out, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "4 saved and replaying, 4 indexed, 0 corrupt") {
		t.Fatalf("output:\n%s", out.String())
	}
	if err := run([]string{"load", "--clients", "100000"}, strings.NewReader(""), &out, &out); err == nil {
		t.Fatal("an unbounded load run should be refused")
	}
}
