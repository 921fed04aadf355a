package main

import (
	"bytes"
	"io"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
	"github.com/krieg/krieg/sprites"
)

// TestNoTerminalSignsInInTheWindow: --connect with --user and no terminal
// (a desktop launcher) does not fail for want of a password: the window is
// to open on its sign-in screen, whose login refuses a wrong password in
// the server's words, without the driver's prefixes, and with the right
// one goes on as the terminal's login does, to the kriegd's lobby as that
// member. With a terminal, or with no --user, nothing is asked in the
// window.
func TestNoTerminalSignsInInTheWindow(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	kriegdtest.Register(t, addr, "alice", "alicepw")
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no seat of the developer's is taken or kept

	flags := func(args ...string) *launch.Flags {
		b, err := launch.ParseBoard(append(args, "--connect", addr, "--save", ""), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		return &b.Flags
	}
	fl := flags("--user", "alice")
	spec, err := fl.Spec()
	if err != nil {
		t.Fatal(err)
	}
	var opt sprites.Options
	var signed atomic.Pointer[icc.Client]
	var errs bytes.Buffer
	if err := remote(&opt, fl, spec, &signed, strings.NewReader(""), &errs, false); err != nil {
		t.Fatalf("no terminal: %v; want the window's sign-in", err)
	}
	if opt.SignIn == nil || opt.Remote != nil || opt.Site != nil {
		t.Fatalf("no terminal: sign-in %v, remote %v; want the sign-in screen and no session yet", opt.SignIn, opt.Remote)
	}
	if errs.Len() > 0 {
		t.Errorf("no terminal: %q written; want nothing asked on the terminal", errs.String())
	}
	if got, want := opt.SignIn.Server+" "+opt.SignIn.User, addr+" alice"; got != want {
		t.Errorf("sign-in for %q; want %q", got, want)
	}

	_, err = opt.SignIn.Login("wrong-pw")
	if err == nil || err.Error() != "Invalid password." {
		t.Fatalf("a wrong password: %v; want the server's words, \"Invalid password.\"", err)
	}
	if signed.Load() != nil {
		t.Error("a refused login left a session")
	}
	in, err := opt.SignIn.Login("alicepw")
	if err != nil {
		t.Fatalf("the right password: %v", err)
	}
	t.Cleanup(func() { in.Remote.Close() })
	if in.Remote == nil || in.Site == nil || in.Site.User != "alice" || in.Local == nil || in.Spec == nil || !in.Spec.AnySide || in.SignIn != nil {
		t.Fatalf("signed in: %+v; want the kriegd's lobby as alice, with Play the computer", in)
	}
	if c := signed.Load(); c == nil || c != in.Remote {
		t.Error("the session signed in is not kept for the seat left")
	}
	// Play as a guest: the way on for a name registered to someone else.
	g, err := opt.SignIn.Guest()
	if err != nil {
		t.Fatalf("as a guest: %v", err)
	}
	t.Cleanup(func() { g.Remote.Close() })
	if g.Site == nil || !strings.HasPrefix(g.Site.User, "guest") {
		t.Fatalf("as a guest: %+v; want the lobby as a guest", g.Site)
	}

	// No --user: a guest, logged in at once, as before.
	guest := flags()
	var gopt sprites.Options
	if err := remote(&gopt, guest, spec, new(atomic.Pointer[icc.Client]), strings.NewReader(""), &errs, false); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gopt.Remote.Close() })
	if gopt.SignIn != nil || gopt.Site == nil || !strings.HasPrefix(gopt.Site.User, "guest") {
		t.Errorf("a guest with no terminal: sign-in %v, site %+v; want the lobby at once", gopt.SignIn, gopt.Site)
	}
}
