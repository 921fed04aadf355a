package sprites

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/hajimehoshi/ebiten/v2/audio"
	"github.com/hajimehoshi/ebiten/v2/audio/wav"

	"github.com/krieg/krieg/assets"
)

// sampleRate is the audio context's rate (the sounds' own).
const sampleRate = 44100

// Sounds plays the board's cues. Without an audio device it stays silent
// and says so in Problem, rather than failing the window.
type Sounds struct {
	ctx     *audio.Context
	pcm     [len(assets.Sounds)][]byte
	Muted   bool
	Problem string // why there is no sound, when there is none
}

// NewSounds decodes the cues and opens the audio device if there is one.
func NewSounds() (*Sounds, error) {
	s, err := NewClosedSounds()
	if err != nil {
		return nil, err
	}
	s.Open()
	return s, nil
}

// NewClosedSounds decodes the cues like NewSounds, and opens the audio
// device only when the first cue plays: starting a browser's audio output
// can take a second, which a page need not spend before it shows.
func NewClosedSounds() (*Sounds, error) {
	s := &Sounds{}
	for _, cue := range assets.Sounds {
		b, err := cue.WAV()
		if err != nil {
			return nil, fmt.Errorf("sprites: %w", err)
		}
		st, err := wav.DecodeWithSampleRate(sampleRate, bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("sprites: sound %s: %w", cue, err)
		}
		if s.pcm[cue], err = io.ReadAll(st); err != nil {
			return nil, fmt.Errorf("sprites: sound %s: %w", cue, err)
		}
	}
	return s, nil
}

// Open opens the audio device, if there is one and s has not opened it.
func (s *Sounds) Open() {
	if s.ctx != nil || s.Problem != "" {
		return
	}
	if !audioDevice() {
		s.Problem = "No sound device: the window is silent"
		return
	}
	s.ctx = audio.NewContext(sampleRate)
}

// audioDevice reports whether the machine seems to have a sound device: on
// Linux, ALSA's device files. Opening ALSA without one fails the whole game
// loop, so the window does not try.
func audioDevice() bool {
	if os.Getenv("KRIEG_NO_AUDIO") != "" {
		return false
	}
	if runtime.GOOS != "linux" {
		return true
	}
	entries, err := os.ReadDir("/dev/snd")
	if err != nil {
		return false
	}
	for _, e := range entries {
		if len(e.Name()) > 3 && e.Name()[:3] == "pcm" {
			return true
		}
	}
	return false
}

// Play starts a cue unless muted or silent, opening the audio device first
// if it is not open yet.
func (s *Sounds) Play(cue assets.Sound) {
	if s == nil || s.Muted {
		return
	}
	s.Open()
	if s.ctx == nil {
		return
	}
	s.ctx.NewPlayerFromBytes(s.pcm[cue]).Play()
}
