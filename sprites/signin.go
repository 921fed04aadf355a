package sprites

import (
	"fmt"

	"github.com/krieg/krieg/sprites/scene"
)

// SignIn asks a server's password on the window's sign-in screen, for a
// window started with a user name and no terminal to ask it on (a desktop
// launcher, a menu entry).
type SignIn struct {
	// Server and User name where and as whom the login is, for the title.
	Server, User string
	// Login logs User in with password ("" plays the name unregistered,
	// when it has no account). It runs off the game loop, and returns the
	// options the window then goes on with, as New would have been given
	// them (Remote, Spec, Site, Local), or why the login failed, in words
	// for a person.
	Login func(password string) (Options, error)
	// Guest logs in as a guest instead, as the server names one: the way
	// on for a name that is registered to someone else.
	Guest func() (Options, error)
}

// maxPassword bounds the password line, in characters: far past what a
// server takes (kriegd: 72 bytes).
const maxPassword = 256

// signIn is the sign-in screen's state. The password is held only while
// it is typed: a login takes it and clears the line.
type signIn struct {
	cfg      *SignIn
	typed    string
	selected bool // the whole line is selected (Ctrl+A)
	// done brings the login's outcome to the loop; nil when none is
	// under way.
	done chan signedIn
}

// signedIn is a login's outcome.
type signedIn struct {
	opt Options
	err error
}

// show puts what the screen shows in v: the length of the password, never
// its characters.
func (s *signIn) show(v *scene.SignInView) {
	*v = scene.SignInView{
		Title:    fmt.Sprintf("Sign in to %s as %s", s.cfg.Server, s.cfg.User),
		User:     s.cfg.User,
		Dots:     len([]rune(s.typed)),
		Selected: s.selected && s.typed != "",
		Busy:     s.done != nil,
	}
}

// apply handles the sign-in screen's intents: the password line's typing
// and paste, Enter or Sign in, Play unregistered, Escape or Quit; Full
// screen works as everywhere.
func (s *signIn) apply(a *App, in Intent) {
	f := &a.frame
	if in.Kind == Hover {
		f.Hover, f.HoverX, f.HoverY = true, in.X, in.Y
		return
	}
	if in.Kind == Cancel || in.Kind == Press && in.Button == scene.Quit {
		a.quit = true
		return
	}
	if in.Kind == Press && in.Button == scene.Fullscreen {
		a.common(in.Button)
		return
	}
	if s.done != nil {
		return // signing in: the line and the buttons wait for the answer
	}
	if a.edit(&s.typed, &s.selected, in, maxPassword) {
		return
	}
	switch {
	case in.Kind == Submit || in.Kind == Press && in.Button == scene.SignIn:
		s.login(a, s.typed)
	case in.Kind == Press && in.Button == scene.PlayUnregistered:
		s.login(a, "")
	case in.Kind == Press && in.Button == scene.PlayAsGuest && s.cfg.Guest != nil:
		s.start(a, s.cfg.Guest)
	}
}

// login starts logging in with password off the loop; the line is
// cleared at once, so that the window keeps no copy of it.
func (s *signIn) login(a *App, password string) {
	s.start(a, func() (Options, error) { return s.cfg.Login(password) })
}

// start runs a login (with the password, or as a guest) off the loop,
// the line cleared at once.
func (s *signIn) start(a *App, login func() (Options, error)) {
	s.typed, s.selected = "", false
	notice(&a.frame, scene.BadTone, "")
	done := make(chan signedIn, 1)
	s.done = done
	go func() {
		opt, err := login()
		done <- signedIn{opt, err}
	}()
}

// poll takes a finished login without blocking: a success opens the
// server's screen as New would have, a failure says why in red and leaves
// the line empty for another try.
func (s *signIn) poll(a *App) {
	if s.done == nil {
		return
	}
	select {
	case r := <-s.done:
		s.done = nil
		if r.err != nil {
			notice(&a.frame, scene.BadTone, r.err.Error())
			return
		}
		r.opt.SignIn = nil
		a.signIn, a.opt, a.frame.SignIn = nil, r.opt, scene.SignInView{}
		a.open()
	default:
	}
}

// abandon ends a login still under way when the window closes: a session
// it makes after all is closed, not left to play unseen.
func (s *signIn) abandon() {
	done := s.done
	if done == nil {
		return
	}
	s.done = nil
	go func() {
		r := <-done
		if r.err != nil {
			return
		}
		if r.opt.Remote != nil {
			_ = r.opt.Remote.Close()
		}
		if r.opt.Site != nil && r.opt.Site.Endpoint != r.opt.Remote {
			_ = r.opt.Site.Endpoint.Close()
		}
	}()
}
