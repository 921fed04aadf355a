package sprites

import (
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/sprites/scene"
)

// replay steps through a recorded game from either player's view.
type replay struct {
	tl     *timeline.Timeline
	ply    int
	side   game.Color
	reveal bool
}

func newReplay(tl *timeline.Timeline) *replay { return &replay{tl: tl, side: game.White} }

// noticeDisagreement puts in the panel where the record disagrees with the
// referee, if it does (and clears the notice if not): the replay shows the
// referee's game, and the reader should know the file says otherwise.
func noticeDisagreement(f *scene.Frame, tl *timeline.Timeline) {
	if tl.Disagreement == nil {
		notice(f, scene.BadTone, "")
		return
	}
	notice(f, scene.HintTone, record.ShownAsReplayed(tl.Disagreement))
}

// show puts the current ply on the board; the tokens fade from what was
// shown to what this ply's view model holds (jump: no animation).
func (r *replay) show(f *scene.Frame, tick int64, jump bool) {
	scene.ReplayFrame(f, r.tl, r.ply, r.side, r.reveal)
	if f.Anim == nil || jump {
		f.Anim = scene.NewAnimator()
		f.Anim.Sync(f.View.Tokens, tick-scene.FadeTicks)
		return
	}
	f.Anim.Sync(f.View.Tokens, tick)
}

// apply carries out an intent in the replay.
func (r *replay) apply(a *App, in Intent) {
	f := &a.frame
	ply, side := r.ply, r.side
	switch in.Kind {
	case SliderTo:
		ply = a.scene.Layout.SliderPly(in.X, len(r.tl.Record.Plies), r.tl.Plies)
	case CursorMove: // ← → step
		ply += int(in.X)
	case Press:
		switch in.Button {
		case scene.PrevPly:
			ply--
		case scene.NextPly:
			ply++
		case scene.FirstPly:
			ply = 0
		case scene.LastPly:
			ply = r.tl.Plies
		case scene.JumpPly:
			ply = in.Ply
		case scene.SwapSide:
			side = side.Other()
		case scene.Reveal:
			r.reveal = !r.reveal
		case scene.NewGame:
			if f.Replay.Review && a.opt.Local != nil {
				a.closeReview()
				return
			}
		case scene.ToLobby:
			if f.Replay.Review && a.lobby != nil {
				// The window's own lobby, as from the result card: the
				// page's hook below is for a lobby the window has not.
				a.lobby.back(a)
				return
			}
			if a.opt.Lobby != nil {
				a.opt.Lobby()
			}
		}
	}
	ply = max(0, min(r.tl.Plies, ply))
	switchedSide := side != r.side
	if switchedSide {
		f.Flipped = !f.Flipped
	}
	r.ply, r.side = ply, side
	r.show(f, a.animStart(), switchedSide)
}

// closeReview leaves the review of a game for the new-game screen.
func (a *App) closeReview() {
	if a.play != nil {
		a.play.close()
		a.play = nil
	}
	a.endReview()
	a.toNewGame()
}

// endReview leaves the review (or replay) on show: nothing of it stays on
// the board a game or the lobby takes next.
func (a *App) endReview() {
	a.replay = nil
	a.frame.Replay, a.frame.Truth = scene.ReplayInfo{}, nil
}
