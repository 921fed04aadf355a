package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/krieg/krieg/cmd/internal/kept"
	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites"
	"github.com/krieg/krieg/sprites/scene"
)

// keepComputer sets opt up to keep each game against the computer in
// store as it goes, and to offer the one kept from the last run on the
// new-game screen. A kept file that cannot be used is set aside and said
// so, in the window and on stderr: a new game is chosen as usual.
func keepComputer(opt *sprites.Options, fl launch.Flags, store kept.File, stderr io.Writer) {
	opt.Local = func(ch scene.NewGameChoice) (net.Communicator, error) {
		w, err := kept.Start(store, fl, ch)
		if err != nil {
			return nil, err // not a typed nil in the interface
		}
		return w, nil
	}
	g, err := kept.Read(store)
	switch {
	case err == nil:
		opt.Resumable = &sprites.Resumable{Offer: g.Describe(), Resume: func() (net.Communicator, error) {
			w, err := kept.Resume(store, fl)
			if err != nil {
				return nil, err
			}
			return w, nil
		}}
	case errors.Is(err, kept.ErrNone):
	case errors.Is(err, kept.ErrHeld):
		opt.Notice = "Your game against the computer is open in another krieg window: this window's games are not kept while it goes on."
	default:
		msg := fmt.Sprintf("%v (%s)", err, store.Path(kept.Key))
		if bad, serr := store.SetAside(kept.Key); serr == nil {
			msg += ", set aside as " + bad
		}
		opt.Notice = strings.ToUpper(msg[:1]) + msg[1:] + ": choose a new game."
		fmt.Fprintln(stderr, "krieg:", opt.Notice)
	}
}

// sayKept tells, once the window closed, that a game against the computer
// is kept and offered next time.
func sayKept(store kept.File, stderr io.Writer) {
	if g, ok := kept.Load(store); ok {
		fmt.Fprintf(stderr, "krieg: your game against the computer (%s) is kept: the next krieg offers to resume it\n", g.Describe())
	}
}
