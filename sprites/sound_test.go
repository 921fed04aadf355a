package sprites

import (
	"testing"

	"github.com/krieg/krieg/assets"
)

// TestClosedSoundsOpenOnFirstCue checks that NewClosedSounds leaves the
// audio device alone until a cue plays, and that a muted cue does not
// open it. (With KRIEG_NO_AUDIO the device is missing, so opening it
// shows as the Problem it reports, and no audio context is made.)
func TestClosedSoundsOpenOnFirstCue(t *testing.T) {
	t.Setenv("KRIEG_NO_AUDIO", "1")
	s, err := NewClosedSounds()
	if err != nil {
		t.Fatal(err)
	}
	if s.Problem != "" {
		t.Fatalf("the device was looked for before any cue: %q", s.Problem)
	}
	s.Muted = true
	s.Play(assets.SoundMove)
	if s.Problem != "" {
		t.Fatalf("a muted cue looked for the device: %q", s.Problem)
	}
	s.Muted = false
	s.Play(assets.SoundMove)
	if s.Problem == "" {
		t.Fatal("the first cue did not look for the device")
	}
}
