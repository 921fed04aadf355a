package launch

import (
	"io"
	"sync"
	"unicode/utf8"
)

// TermSafe returns a writer that passes text on to w without terminal
// controls (termSafe).
func TermSafe(w io.Writer) io.Writer { return &termSafe{w: w} }

// termSafe passes text on to w without the control characters a terminal
// obeys: C0 controls but newline and tab (ESC opens the sequences that
// clear the screen, set the window's title or fill the clipboard), DEL,
// the C1 controls and bytes that are not UTF-8 (a lone 0x9b is a CSI to
// some terminals). Servers, records and names reach krieg's output, and an
// outside tester's hostile server cleared the screen and set the title
// through a login refusal. krieg writes no control character of its own.
type termSafe struct {
	w    io.Writer
	mu   sync.Mutex
	tail []byte // the start of a character split between two writes
}

// Write writes p to w, controls left out; it reports p written whole.
func (t *termSafe) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	buf := append(append([]byte(nil), t.tail...), p...)
	out := make([]byte, 0, len(buf))
	i := 0
	for i < len(buf) {
		c := buf[i]
		if c < utf8.RuneSelf {
			if c >= ' ' && c != 0x7f || c == '\n' || c == '\t' {
				out = append(out, c)
			}
			i++
			continue
		}
		if !utf8.FullRune(buf[i:]) {
			break // the rest comes with the next write
		}
		r, n := utf8.DecodeRune(buf[i:])
		if r != utf8.RuneError && (r < 0x80 || r > 0x9f) {
			out = append(out, buf[i:i+n]...)
		}
		i += n
	}
	t.tail = append(t.tail[:0], buf[i:]...)
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Unfiltered is the writer under TermSafe's filter of w, or w.
func Unfiltered(w io.Writer) io.Writer {
	if t, ok := w.(*termSafe); ok {
		return t.w
	}
	return w
}
