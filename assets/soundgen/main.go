// Command soundgen writes the board's sounds (assets/sounds/*.wav): short
// synthesized clicks and tones, made for krieg and released under CC0.
// Run it from the repository root: go run ./assets/soundgen
package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// rate is the sample rate of every sound.
const rate = 44100

// tone is one partial: a frequency (Hz) starting at a time (s), lasting dur
// seconds with an exponential decay, at an amplitude.
type tone struct {
	freq, start, dur, decay, amp float64
}

// sound is a sum of tones plus an optional noise burst (a wooden knock).
type sound struct {
	tones []tone
	noise float64 // amplitude of a 25 ms filtered noise burst at the start
	knock float64 // body of the knock, Hz (0: none)
}

var sounds = map[string]sound{
	"move":    {noise: 0.5, knock: 180, tones: []tone{{freq: 420, dur: 0.09, decay: 40, amp: 0.25}}},
	"capture": {noise: 0.8, knock: 120, tones: []tone{{freq: 300, dur: 0.14, decay: 25, amp: 0.35}, {freq: 520, start: 0.03, dur: 0.1, decay: 35, amp: 0.2}}},
	"check":   {tones: []tone{{freq: 880, dur: 0.12, decay: 12, amp: 0.3}, {freq: 1175, start: 0.11, dur: 0.16, decay: 10, amp: 0.3}}},
	"illegal": {tones: []tone{{freq: 150, dur: 0.18, decay: 8, amp: 0.35}, {freq: 157, dur: 0.18, decay: 8, amp: 0.3}}},
	"end":     {tones: []tone{{freq: 523, dur: 0.3, decay: 6, amp: 0.25}, {freq: 659, start: 0.12, dur: 0.3, decay: 6, amp: 0.25}, {freq: 784, start: 0.24, dur: 0.45, decay: 5, amp: 0.25}}},
}

func main() {
	for name, s := range sounds {
		path := filepath.Join("assets", "sounds", name+".wav")
		if err := os.WriteFile(path, wav(s.render()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "soundgen:", err)
			os.Exit(1)
		}
		fmt.Println("wrote", path)
	}
}

// render returns the sound's 16-bit mono samples.
func (s sound) render() []int16 {
	length := 0.0
	for _, t := range s.tones {
		length = max(length, t.start+t.dur)
	}
	length = max(length, 0.05) + 0.01
	n := int(length * rate)
	out := make([]int16, n)
	rng := rand.New(rand.NewPCG(1, 2))
	lp := 0.0
	for i := range out {
		t := float64(i) / rate
		v := 0.0
		for _, p := range s.tones {
			if u := t - p.start; u >= 0 && u < p.dur {
				attack := min(1, u/0.004)
				release := min(1, (p.dur-u)/0.01)
				v += p.amp * attack * release * math.Exp(-p.decay*u) * math.Sin(2*math.Pi*p.freq*u)
			}
		}
		if s.noise > 0 && t < 0.025 {
			lp += 0.35 * (rng.Float64()*2 - 1 - lp)
			v += s.noise * lp * math.Exp(-t/0.006)
		}
		if s.knock > 0 {
			v += 0.4 * math.Exp(-t/0.012) * math.Sin(2*math.Pi*s.knock*t)
		}
		out[i] = int16(max(-1, min(1, v)) * 32000)
	}
	return out
}

// wav wraps samples in a RIFF WAVE header (PCM, 16-bit, mono).
func wav(samples []int16) []byte {
	data := len(samples) * 2
	b := make([]byte, 0, 44+data)
	le := binary.LittleEndian
	b = append(b, "RIFF"...)
	b = le.AppendUint32(b, uint32(36+data))
	b = append(b, "WAVEfmt "...)
	b = le.AppendUint32(b, 16)
	b = le.AppendUint16(b, 1) // PCM
	b = le.AppendUint16(b, 1) // mono
	b = le.AppendUint32(b, rate)
	b = le.AppendUint32(b, rate*2)
	b = le.AppendUint16(b, 2)
	b = le.AppendUint16(b, 16)
	b = append(b, "data"...)
	b = le.AppendUint32(b, uint32(data))
	for _, s := range samples {
		b = le.AppendUint16(b, uint16(s))
	}
	return b
}
