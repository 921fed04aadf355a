package scene

import (
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"

	"github.com/krieg/krieg/assets"
)

// Text is laid out in the scene, not by the drawers: the scene measures
// every run with the same fonts the drawers use (the Go fonts), shrinks a
// one-line label that is too wide for its box and wraps longer text over
// several rows, so no run extends past its box at any window size.

// measurer measures text in the board's fonts, caching faces and widths.
type measurer struct {
	mu     sync.Mutex
	fonts  [3]*opentype.Font
	faces  map[faceHinted]font.Face
	widths map[textRun]float64
	wraps  map[wrapKey][]string
}

type faceSize struct {
	f    assets.Font
	size float64
}

type faceHinted struct {
	faceSize
	hinting font.Hinting
}

type textRun struct {
	s string
	faceSize
}

// maxWidths bounds the width cache; past it the cache starts afresh.
const maxWidths = 8192

var measure = &measurer{faces: map[faceHinted]font.Face{}, widths: map[textRun]float64{}, wraps: map[wrapKey][]string{}}

// Measure returns the width in pixels of str set in f at size pixels.
func Measure(str string, f assets.Font, size float64) float64 {
	return measure.width(str, f, size)
}

func (m *measurer) width(str string, f assets.Font, size float64) float64 {
	if str == "" || size <= 0 {
		return 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	k := textRun{str, faceSize{f, size}}
	if w, ok := m.widths[k]; ok {
		return w
	}
	// The raster drawer sets text hinted, the window's unhinted (and at
	// fractional sizes a little wider): the wider of the two bounds both.
	w := 0.0
	for _, h := range []font.Hinting{font.HintingNone, font.HintingFull} {
		if face := m.face(faceHinted{k.faceSize, h}); face != nil {
			w = max(w, float64(font.MeasureString(face, str))/64)
		}
	}
	if len(m.widths) >= maxWidths {
		m.widths = map[textRun]float64{}
	}
	m.widths[k] = w
	return w
}

// face returns the face of k, made once; nil if the font cannot be read
// (the Go fonts always can).
func (m *measurer) face(k faceHinted) font.Face {
	if fc, ok := m.faces[k]; ok {
		return fc
	}
	if m.fonts[k.f] == nil {
		ft, err := k.f.Parse()
		if err != nil {
			return nil
		}
		m.fonts[k.f] = ft
	}
	fc, err := opentype.NewFace(m.fonts[k.f], &opentype.FaceOptions{Size: k.size, DPI: 72, Hinting: k.hinting})
	if err != nil {
		return nil
	}
	m.faces[k] = fc
	return fc
}

// Fit returns size, or a smaller one at which str fits in width w.
func Fit(str string, f assets.Font, size, w float64) float64 {
	for i := 0; i < 40 && size > 4; i++ {
		tw := Measure(str, f, size)
		if tw <= w {
			return size
		}
		size = size * w / tw * 0.98
	}
	return size
}

// Wrap breaks str into lines no wider than w, at spaces where it can and
// inside a word only when the word alone is too wide. Continuation lines
// start with indent.
func Wrap(str string, f assets.Font, size, w float64, indent string) []string {
	if Measure(str, f, size) <= w {
		return []string{str}
	}
	k := wrapKey{textRun{str, faceSize{f, size}}, w, indent}
	measure.mu.Lock()
	lines, ok := measure.wraps[k]
	measure.mu.Unlock()
	if ok {
		return lines
	}
	lines = wrap(str, f, size, w, indent)
	measure.mu.Lock()
	if len(measure.wraps) >= maxWidths {
		measure.wraps = map[wrapKey][]string{}
	}
	measure.wraps[k] = lines
	measure.mu.Unlock()
	return lines
}

// wrapKey names a wrapped text: the run, the width and the indent.
type wrapKey struct {
	textRun
	w      float64
	indent string
}

// wrap is Wrap without the cache.
func wrap(str string, f assets.Font, size, w float64, indent string) []string {
	if Measure(indent+"W", f, size) > w {
		indent = ""
	}
	var lines []string
	line, fresh := "", true // fresh: nothing but the indent on line yet
	for _, word := range strings.Split(str, " ") {
		try := line + word
		if !fresh {
			try = line + " " + word
		}
		if Measure(try, f, size) <= w {
			line, fresh = try, false
			continue
		}
		if !fresh {
			lines = append(lines, line)
			line = indent
		}
		line, fresh = line+word, false
		for Measure(line, f, size) > w {
			cut := cutAt(line, len(indent), f, size, w)
			lines = append(lines, line[:cut])
			line = indent + line[cut:]
		}
	}
	if !fresh && line != indent {
		lines = append(lines, line)
	}
	return lines
}

// cutAt returns the byte index of the longest prefix of s that fits in w,
// keeping at least one rune past the first skip bytes. A path is cut after
// one of its slashes when one falls in the last two thirds of the line, so
// that a file's name is not broken mid-word.
func cutAt(s string, skip int, f assets.Font, size, w float64) int {
	best := -1
	for i := range s {
		if i <= skip {
			continue
		}
		if Measure(s[:i], f, size) > w {
			break
		}
		best = i
	}
	if best > 0 {
		if j := strings.LastIndexByte(s[:best], '/'); j > skip && Measure(s[:j+1], f, size) >= w/3 {
			return j + 1
		}
		return best
	}
	for i := range s {
		if i > skip {
			return i
		}
	}
	return len(s)
}
