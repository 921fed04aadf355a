package sprites

import (
	"errors"
	stdnet "net"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
	"github.com/krieg/krieg/sprites/scene"
)

// signInWindow opens the window on the sign-in screen for name on the
// kriegd at addr; its login goes on to the kriegd's lobby, as the window
// program's does.
func signInWindow(t *testing.T, addr, name string) *App {
	t.Helper()
	login := func(name, password string) (Options, error) {
		c, err := icc.New(icc.Options{Addr: addr, User: name, Password: password, Quiet: 5 * time.Millisecond})
		if err != nil {
			return Options{}, err
		}
		if err := c.Connect(t.Context()); err != nil {
			c.Close()
			return Options{}, errors.New(icc.Reason(err))
		}
		terms := net.GameSpec{Base: 3 * time.Minute, Increment: 2 * time.Second, AnySide: true}
		return Options{Remote: c, Spec: &terms, Site: &Site{Endpoint: c, Lobby: KriegdLister{Client: c, Terms: terms}, User: c.Handle()}}, nil
	}
	app, err := New(Options{SignIn: &SignIn{Server: addr, User: name,
		Login: func(password string) (Options, error) { return login(name, password) },
		Guest: func() (Options, error) { return login("", "") }}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)
	return app
}

// sceneTexts is every text the scene draws, one a line.
func sceneTexts(s *scene.Scene) string {
	var b strings.Builder
	for _, sp := range s.Sprites {
		if sp.Kind == scene.Text {
			b.WriteString(sp.Text + "\n")
		}
	}
	return b.String()
}

// signInRefused waits for the login under way to be refused, and returns
// the reason the screen shows.
func signInRefused(t *testing.T, app *App) string {
	t.Helper()
	h.waitFor(t, "the login's refusal", servedWait, func() bool {
		return app.frame.Mode == scene.SignInScreen && !app.frame.SignIn.Busy && app.frame.Panel.Notice != ""
	})
	var reason string
	h.do(func() {
		reason = app.frame.Panel.Notice
		// A long reason is wrapped over several lines.
		if drawn := strings.Join(strings.Fields(sceneTexts(&app.scene)), " "); app.frame.Panel.Tone != scene.BadTone || !strings.Contains(drawn, reason) {
			t.Errorf("the refusal %q is not drawn in red", reason)
		}
	})
	return reason
}

// TestWindowSignInAsMember: a window started with a name and no terminal
// asks the password on its sign-in screen, which shows dots, never the
// characters; a wrong password is refused in the server's words, the line
// cleared for another try; the right one, typed and pasted, reaches the
// kriegd's lobby as the registered member (offered rated games).
func TestWindowSignInAsMember(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	kriegdtest.Register(t, addr, "alice", "s3cr?tpw")
	app := signInWindow(t, addr, "alice")
	h.do(func() {
		if app.frame.Mode != scene.SignInScreen {
			t.Fatalf("the window opens on mode %d; want the sign-in screen", app.frame.Mode)
		}
		if want := "Sign in to " + addr + " as alice"; !sceneHasText(&app.scene, want) {
			t.Errorf("no %q drawn:\n%s", want, sceneTexts(&app.scene))
		}
		for _, b := range []scene.Button{scene.SignIn, scene.PlayUnregistered, scene.Quit} {
			if !hasButton(&app.scene, b) {
				t.Errorf("no %v button", b)
			}
		}
		if !app.scene.Secret {
			t.Error("the password line does not take every character typed (? opens the legend)")
		}
		app.Inject(Intent{Kind: TypeText, Text: "wrong"}, Intent{Kind: TypeText, Text: "?pw"})
	})
	h.do(func() {
		if got := app.frame.SignIn.Dots; got != 8 {
			t.Errorf("%d dots; want 8, one a character typed", got)
		}
		texts := sceneTexts(&app.scene)
		if !strings.Contains(texts, strings.Repeat(scene.PasswordDot, 8)+"_") || strings.Contains(texts, "wrong") || strings.Contains(texts, "?pw") {
			t.Errorf("the password line draws:\n%s\nwant eight dots and none of its characters", texts)
		}
		app.Inject(Intent{Kind: Submit})
	})
	h.do(func() {
		if !sceneHasText(&app.scene, "Signing in…") || app.frame.SignIn.Dots != 0 {
			t.Errorf("while signing in (%d dots):\n%s\nwant \"Signing in…\" and the line cleared", app.frame.SignIn.Dots, sceneTexts(&app.scene))
		}
	})
	if got := signInRefused(t, app); got != "Invalid password." {
		t.Errorf("a wrong password: %q; want the server's \"Invalid password.\"", got)
	}

	h.do(func() {
		app.Inject(Intent{Kind: TypeText, Text: "s3cr"}, Intent{Kind: Paste, Text: "?tpw\n"})
	})
	h.do(func() {
		if texts := sceneTexts(&app.scene); strings.Contains(texts, "s3cr") || strings.Contains(texts, "tpw") || !strings.Contains(texts, strings.Repeat(scene.PasswordDot, 8)+"_") {
			t.Errorf("the password typed and pasted draws:\n%s\nwant eight dots", texts)
		}
		app.Inject(Intent{Kind: Press, Button: scene.SignIn})
	})
	h.waitFor(t, "alice's lobby, with rated games", servedWait, func() bool {
		return app.frame.Mode == scene.LobbyScreen && app.frame.Lobby.Title == "kriegd · alice" && len(app.frame.Lobby.Rated) > 0
	})
	h.do(func() {
		if app.signIn != nil || app.frame.Panel.Notice != "" {
			t.Errorf("the sign-in left behind: %v, notice %q", app.signIn, app.frame.Panel.Notice)
		}
		if strings.Contains(sceneTexts(&app.scene), "s3cr") {
			t.Error("the lobby draws the password")
		}
	})
}

// TestWindowSignInUnregistered: Play unregistered logs a name with no
// account in without a password, to the lobby as that name, unrated.
func TestWindowSignInUnregistered(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	app := signInWindow(t, addr, "bob")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.PlayUnregistered}) })
	h.waitFor(t, "bob's lobby, unrated", servedWait, func() bool {
		return app.frame.Mode == scene.LobbyScreen && app.frame.Lobby.Title == "kriegd · bob" && app.frame.Lobby.RatedNote != ""
	})
}

// TestWindowSignInAsGuest: a name registered to someone else cannot be
// played unregistered; Play as a guest goes on under a guest's name.
func TestWindowSignInAsGuest(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	kriegdtest.Register(t, addr, "alice", "alicepw")
	app := signInWindow(t, addr, "alice")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.PlayUnregistered}) })
	if got := signInRefused(t, app); !strings.Contains(got, "registered") {
		t.Errorf("alice unregistered: %q; want the name said to be registered", got)
	}
	h.do(func() {
		if !hasButton(&app.scene, scene.PlayAsGuest) {
			t.Error("no Play as a guest on the sign-in screen")
		}
		app.Inject(Intent{Kind: Press, Button: scene.PlayAsGuest})
	})
	h.waitFor(t, "a guest's lobby", servedWait, func() bool {
		return app.frame.Mode == scene.LobbyScreen && strings.HasPrefix(app.frame.Lobby.Title, "kriegd · guest")
	})
}

// TestWindowSignInUnreachable: a server that cannot be reached is said to
// be so, in the driver's words without its prefixes, and the screen stays
// for another try; Escape quits.
func TestWindowSignInUnreachable(t *testing.T) {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	app := signInWindow(t, addr, "alice")
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "pw"}, Intent{Kind: Submit}) })
	if got, want := signInRefused(t, app), "Nothing is listening at "+addr; !strings.HasPrefix(got, want) || strings.Contains(got, "icc:") {
		t.Errorf("an unreachable server: %q; want it to begin %q", got, want)
	}
	h.do(func() { app.Inject(Intent{Kind: Cancel}) })
	h.do(func() {
		if !app.quit {
			t.Error("Escape on the sign-in screen does not quit")
		}
	})
}
