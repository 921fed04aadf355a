package assets

// Sound is one of the board's sound cues.
type Sound uint8

// The sound cues.
const (
	SoundMove Sound = iota
	SoundCapture
	SoundCheck
	SoundIllegal
	SoundEnd
)

// Sounds lists every cue.
var Sounds = [...]Sound{SoundMove, SoundCapture, SoundCheck, SoundIllegal, SoundEnd}

// String names the cue as its file is named: "move", "capture", ...
func (s Sound) String() string {
	return [...]string{"move", "capture", "check", "illegal", "end"}[s%5]
}

// WAV returns the cue's sound: 16-bit mono PCM in a RIFF WAVE file.
func (s Sound) WAV() ([]byte, error) { return read("sounds/" + s.String() + ".wav") }
