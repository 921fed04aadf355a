package show

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/sprites/scene"
	"github.com/krieg/krieg/sprites/show/showtest"
)

// darkboard is the recorded ICC game between a person and Darkboard.
const darkboard = "../../testdata/games/darkboard-liam-2023.pgn"

// load reads the recorded game.
func load(t *testing.T) *record.Record {
	t.Helper()
	rec, err := record.ReadFile(darkboard)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestShowFollowsARecord steps through the whole recorded game: one step a
// message of the referee's, each with a caption, both sides' men as the
// truth has them, and every refused attempt of both sides worded with the
// squares it names marked.
func TestShowFollowsARecord(t *testing.T) {
	rec := load(t)
	s := New(Options{Record: rec, Title: "liam vs Darkboard", Controller: controller.Options{Capacity: 256, Seed: 1, Workers: 1}})
	defer s.Close()
	for tick := int64(0); !s.Over(); tick++ {
		s.Forward(tick, true)
	}
	steps, _ := s.Steps()
	refused, marked := 0, 0
	plies := 0
	for i, st := range steps {
		if st.Caption.Said == "" {
			t.Fatalf("message %d has no caption", i)
		}
		for _, side := range []game.Color{game.White, game.Black} {
			if got, want := st.Views[side].Own.ByColor(side), st.Truth.ByColor(side); got != want {
				t.Fatalf("message %d: %s's board has its men on %v; the truth on %v", i, side, got.Squares(), want.Squares())
			}
		}
		switch st.Entry.Verdict {
		case referee.Accepted:
			plies++
		case referee.Illegal:
			refused++
			if len(st.Caption.Inferred) == 0 || !strings.Contains(st.Caption.Inferred[0], "assistant") {
				t.Errorf("message %d (%s): inferred %q; want the mover's assistant's word", i, st.Caption.Said, st.Caption.Inferred)
			}
			if st.Caption.Marks[boardOf(st.Entry.Mover)] != 0 {
				marked++
			}
		}
	}
	if plies != len(rec.Plies) || refused == 0 || marked == 0 {
		t.Errorf("%d plies shown of %d, %d refused attempts, %d of them with marked squares", plies, len(rec.Plies), refused, marked)
	}
}

// TestShowDrawsEveryToken: at the start and after every message, each
// board shows, once its fades are over, exactly the tokens of its side's
// view model; the start's were left out before, so that the men that had
// not moved went without tokens all game.
func TestShowDrawsEveryToken(t *testing.T) {
	s := New(Options{Record: load(t), Controller: controller.Options{Capacity: 256, Seed: 1, Workers: 1}})
	defer s.Close()
	tick := int64(0)
	check := func(at string) {
		t.Helper()
		v := s.View(1600, 900, tick+scene.FadeTicks)
		for _, side := range []game.Color{game.White, game.Black} {
			b := v.Boards[boardOf(side)]
			want := map[controller.Token]bool{}
			for _, tk := range b.View.Tokens {
				want[tk] = true
			}
			shown := b.Anim.Shown(tick + scene.FadeTicks)
			for _, sh := range shown {
				if !want[sh.Token] {
					t.Fatalf("%s: %s's board shows %v, not in its view model", at, side, sh.Token)
				}
			}
			if len(shown) != len(want) {
				t.Fatalf("%s: %s's board shows %d tokens; its view model holds %d", at, side, len(shown), len(want))
			}
		}
	}
	if len(s.views[game.White].Tokens) < 16 {
		t.Fatalf("the start holds %d tokens for White; want the 16 enemy men", len(s.views[game.White].Tokens))
	}
	check("the start")
	for i := 0; i < 12 && !s.Over(); i++ {
		tick += 2 * scene.FadeTicks
		s.Forward(tick, true)
		check(fmt.Sprintf("message %d", i+1))
	}
}

// TestCaptionRefusedBishop: a bishop's refused move from e2 to b5 tells
// White's assistant that a man stands on d3 or c4, and marks both.
func TestCaptionRefusedBishop(t *testing.T) {
	pos, err := game.ParseFEN("4k3/8/8/8/8/8/4B3/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := game.ParseMove("e2b5")
	e := referee.Entry{Mover: game.White, Attempt: m, Verdict: referee.Illegal,
		Said: []referee.Announcement{{Kind: referee.KindIllegal, To: referee.Everyone, Side: game.White}}}
	c := captionOf(e, pos, referee.Wild16, [2]controller.ViewModel{})
	if !strings.Contains(c.Said, "White tries Bb5 (e2b5)") || len(c.Inferred) != 1 || !strings.Contains(c.Inferred[0], "an enemy man stands on d3 or c4") {
		t.Errorf("caption %q / %q; want the attempt and a man on d3 or c4", c.Said, c.Inferred)
	}
	if want := game.D3.Bit() | game.C4.Bit(); c.Marks[0] != want {
		t.Errorf("marks %v on White's board; want d3 and c4", c.Marks[0].Squares())
	}
}

// TestShowEqualsSync steps through the recorded game with both sides'
// engines off the caller's goroutine: every step, once complete, holds the
// view models the synchronous controllers give for the same messages and
// the caption worded from them, and a step shown before its engines finish
// is marked updating.
func TestShowEqualsSync(t *testing.T) {
	rec := load(t)
	opt := controller.Options{Capacity: 1024, Seed: 1, Workers: 1}
	s := New(Options{Record: rec, Title: "liam vs Darkboard", Controller: opt})
	defer s.Close()
	updating := 0
	for tick := int64(0); !s.Over(); tick++ {
		s.Forward(tick, false) // takes the next message without waiting
		if s.Updating() {
			updating++
			if v := s.View(1280, 800, tick); !strings.Contains(v.Boards[0].Title+v.Boards[2].Title, "updating") {
				t.Fatalf("step %d in flight, titles %q and %q; want one marked updating", tick, v.Boards[0].Title, v.Boards[2].Title)
			}
		}
		s.Forward(tick, true)
	}
	steps, _ := s.Steps()
	err := showtest.SyncMismatch(rec, opt, len(steps), func(i int) (referee.Entry, [2]controller.ViewModel) {
		return steps[i].Entry, steps[i].Views
	})
	if err != nil {
		t.Fatal(err)
	}
	before := s.game.start
	for i, st := range steps {
		if want := captionOf(st.Entry, before, s.game.rules, st.Views); !reflect.DeepEqual(st.Caption, want) {
			t.Fatalf("step %d: caption %q; want %q", i, st.Caption.Inferred, want.Inferred)
		}
		before = st.Truth
	}
	if updating == 0 {
		t.Errorf("no step was shown before its engines finished")
	}
	t.Logf("%d steps, %d shown in flight", len(steps), updating)
}

// heldPlayer is the random attempter, which starts its turns only once its
// gate opens, as a computer player still thinking.
type heldPlayer struct {
	gate <-chan struct{}
	*attempter.Random
}

func (p heldPlayer) Turn(u referee.Umpire) []referee.Answer {
	<-p.gate
	return p.Random.Turn(u)
}

// TestShowLooksAgainForALateMessage: when the first message has not come
// by the first frame, the show looks for it again on the next frames, not
// a whole step later (a step of an hour here).
func TestShowLooksAgainForALateMessage(t *testing.T) {
	gate := make(chan struct{})
	s := New(Options{Step: time.Hour, Games: 1, Controller: controller.Options{Capacity: 256, Seed: 1, Workers: 1},
		Players: func(int) [2]Player {
			return [2]Player{heldPlayer{gate, attempter.NewRandom(1)}, heldPlayer{gate, attempter.NewRandom(2)}}
		}})
	defer s.Close()
	start := time.Now()
	s.Update(start, 0)
	if _, at := s.Steps(); at != -1 {
		t.Fatalf("a step (%d) on show before any message came", at)
	}
	close(gate)
	for tick := int64(1); ; tick++ {
		now := start.Add(time.Duration(tick) * time.Millisecond)
		s.Update(now, tick)
		if _, at := s.Steps(); at == 0 {
			return
		}
		if time.Since(start) > 20*time.Second {
			t.Fatal("the first message, come after the first frame, was not shown within 20 s")
		}
		time.Sleep(time.Millisecond)
	}
}

// TestShowNotesDisagreement: a record the referee contradicts is shown as
// the referee replays it, with a warning under the captions (in amber)
// naming where it disagrees; a sound record shows none.
func TestShowNotesDisagreement(t *testing.T) {
	for _, c := range []struct {
		file, want string
	}{
		{"../../testdata/games/doctored-check.pgn", "ply 105 (53. Qxd5+, line 115)"},
		{darkboard, ""},
	} {
		rec, err := record.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		s := New(Options{Record: rec, Controller: controller.Options{BeliefOnly: true}})
		v := s.View(1280, 800, 0)
		s.Close()
		if c.want == "" && v.Warning != "" || c.want != "" && !strings.Contains(v.Warning, c.want) {
			t.Errorf("%s: the show's warning %q; want the disagreement at %q named only when there is one", c.file, v.Warning, c.want)
		}
	}
}
