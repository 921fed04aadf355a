package scene

import (
	"strings"

	"github.com/krieg/krieg/assets"
)

// SignInScreen asks a server's password in the window, before its session
// begins: a window started with no terminal to ask it on (a desktop
// launcher, a menu) has only itself.
const SignInScreen Mode = 17

// PasswordDot is what the password line shows for each character typed.
const PasswordDot = "•"

// SignInView is what the sign-in screen shows. It never holds the
// password, only how many characters it has, so that no frame, scene or
// test hook can give it away.
type SignInView struct {
	Title string // "Sign in to HOST as NAME"
	User  string // the name, for the line saying what to do
	Dots  int    // the characters typed, each drawn as a PasswordDot
	// Selected: the whole line is selected (Ctrl+A), so that typing
	// replaces it.
	Selected bool
	Busy     bool // a login is under way: "Signing in…", and no button works
}

// signInPanel lays out the sign-in screen: the title, what to do, the
// password line, Sign in, Play unregistered and Quit, and how the last
// login went (the panel's notice, red for a refusal).
func (s *Scene) signInPanel(f *Frame) {
	v := f.SignIn
	s.Secret = true
	s.fitPanel(0, func(c *column) {
		c.line(v.Title, assets.Bold, textMain)
		c.row(c.unit * 0.4)
		c.line("Type "+v.User+"'s password and press Enter, or Play unregistered if "+v.User+" has no account, or play as a guest.", assets.Regular, textDim)
		c.row(c.unit * 0.4)
		c.line("Password", assets.Bold, textMain)
		in := c.row(c.unit * 1.9)
		s.rect(in, clockBG, 1)
		size := c.unit * 0.95
		box := Rectangle{in.X + 4, in.Y + 4, in.W - 8, in.H - 8}
		shown := tail(strings.Repeat(PasswordDot, v.Dots)+"_", assets.Mono, size, box.W)
		if v.Selected && v.Dots > 0 {
			s.selected(box, shown, size)
		}
		s.text(box, shown, assets.Mono, size, textOwn, Left)
		c.row(c.unit * 0.6)
		r := c.row(c.unit * 2.6)
		s.button(Rectangle{r.X, r.Y + 2, r.W, r.H - 5}, SignIn, SignIn.label(), true, c.unit*1.1)
		c.row(c.unit * 0.3)
		c.buttons([]Button{PlayUnregistered, PlayAsGuest, Quit}, nil)
		c.row(c.unit * 0.6)
		switch {
		case v.Busy:
			c.line("Signing in…", assets.Bold, textDim)
		case f.Panel.Notice != "":
			c.line(f.Panel.Notice, assets.Bold, toneColours[f.Panel.Tone])
		}
		if f.Panel.Silent != "" {
			c.line(f.Panel.Silent, assets.Regular, textDim)
		}
	})
}
