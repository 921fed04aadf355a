package scene

import (
	"sort"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// FadeTicks is how long a token takes to fade in, out or to a new opacity:
// 15 ticks, 250 ms at 60 ticks per second.
const FadeTicks = 15

// tokenKey names a token: one per kind and square.
type tokenKey struct {
	kind   controller.TokenKind
	square game.Square
}

// fading is one token's animation: its opacity goes from From to To between
// ticks Start and Start+FadeTicks.
type fading struct {
	token    controller.Token
	from, to float64
	start    int64
}

// Animator remembers the tokens on show and animates their opacity. It is
// driven by tick counts, never wall time, so a frame is a pure function of
// the ticks it is drawn at.
type Animator struct {
	tokens map[tokenKey]*fading
}

// NewAnimator returns an animator showing no tokens.
func NewAnimator() *Animator { return &Animator{tokens: map[tokenKey]*fading{}} }

// alphaAt is f's opacity at tick now, eased.
func (f *fading) alphaAt(now int64) float64 {
	t := float64(now-f.start) / FadeTicks
	switch {
	case t <= 0:
		return f.from
	case t >= 1:
		return f.to
	}
	t = t * t * (3 - 2*t)
	return f.from + (f.to-f.from)*t
}

// Apply starts the animations of a view model's changes at tick now: a
// token that appeared fades in, one that changed fades from the opacity
// shown now to its new one, one that vanished fades out.
func (a *Animator) Apply(changes []controller.TokenChange, now int64) {
	for _, c := range changes {
		k := tokenKey{c.Token.Kind, c.Token.Square}
		shown := 0.0
		if f, ok := a.tokens[k]; ok {
			shown = f.alphaAt(now)
		}
		to := c.Token.Opacity
		if c.Change == controller.Vanished {
			to = 0
		}
		a.tokens[k] = &fading{token: c.Token, from: shown, to: to, start: now}
	}
}

// Sync makes the animator show exactly tokens, fading from whatever it
// shows now: for jumps (a replay's slider) where the view model's own
// changes are relative to another position.
func (a *Animator) Sync(tokens []controller.Token, now int64) {
	seen := map[tokenKey]bool{}
	var changes []controller.TokenChange
	for _, t := range tokens {
		k := tokenKey{t.Kind, t.Square}
		seen[k] = true
		if f, ok := a.tokens[k]; !ok || f.to != t.Opacity || f.token.Reason != t.Reason {
			changes = append(changes, controller.TokenChange{Token: t, Change: controller.Changed})
		}
	}
	for k, f := range a.tokens {
		if !seen[k] && f.to > 0 {
			changes = append(changes, controller.TokenChange{Token: f.token, Change: controller.Vanished})
		}
	}
	a.Apply(changes, now)
}

// Shown is a token as drawn at some tick, with its animated opacity.
type Shown struct {
	controller.Token
	Alpha float64
}

// Shown returns the tokens visible at tick now, in a stable order. It only
// reads, so Draw may call it.
func (a *Animator) Shown(now int64) []Shown {
	var out []Shown
	for _, f := range a.tokens {
		if al := f.alphaAt(now); al > 0 {
			out = append(out, Shown{f.token, al})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Square != out[j].Square {
			return out[i].Square < out[j].Square
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}

// Prune forgets the tokens whose fade-out ended by tick now (call it from
// Update).
func (a *Animator) Prune(now int64) {
	for k, f := range a.tokens {
		if f.to == 0 && now-f.start >= FadeTicks {
			delete(a.tokens, k)
		}
	}
}

// Busy reports whether some fade is still running at tick now.
func (a *Animator) Busy(now int64) bool {
	for _, f := range a.tokens {
		if now-f.start < FadeTicks {
			return true
		}
	}
	return false
}

// Settling reports whether the tokens on show are not yet the view
// model's: the deduction has not followed the newest referee message
// (View.Updating), or they still fade to its tokens.
func (f *Frame) Settling() bool {
	return f.View.Updating || f.Anim != nil && f.Anim.Busy(f.Tick)
}
