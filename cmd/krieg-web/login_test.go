//go:build !(js && wasm)

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/net/icc"
)

// TestPasswordForNoAccountRefused: the page's login with a password for
// a name kriegd has no account for is refused in the server's words.
func TestPasswordForNoAccountRefused(t *testing.T) {
	addr := startKriegd(t)
	opt := icc.Options{Addr: addr, User: "nobody", Password: "s3cret", PasswordInLogin: true}
	c, err := connect(t.Context(), opt, mapKeeper{}, "", false)
	if err == nil {
		c.Close()
		t.Fatal("a password for a name with no account logged in")
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "There is no account named nobody.") {
		t.Errorf("the refusal reads %q", msg)
	}
}

// TestRegisterAnswerToldToThePage: a name logged in without a password
// registers from the lobby; kriegd's answer reaches the page (which shows
// it by its form), and nothing told to the page holds the password.
func TestRegisterAnswerToldToThePage(t *testing.T) {
	addr := startKriegd(t)
	c, err := connect(t.Context(), icc.Options{Addr: addr, User: "carol", PasswordInLogin: true}, mapKeeper{}, "", false)
	if err != nil {
		t.Fatal(err)
	}
	told := make(chan string, 64)
	f := newFollower(c, nil, func(kind, text string) { told <- kind + ": " + text })
	defer f.Close()
	go func() {
		for range f.Events() {
		}
	}()
	if err := c.Console("register hunter2pw"); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(10 * time.Second)
	for {
		select {
		case s := <-told:
			if strings.Contains(s, "hunter2pw") {
				t.Fatalf("the page was told the password: %q", s)
			}
			if s == "said: carol is now registered. Log in with your name and password next time." {
				return
			}
		case <-deadline:
			t.Fatal("no answer to register within 10 s")
		}
	}
}
