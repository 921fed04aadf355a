package sprites

import (
	"fmt"
	"iter"
	"strings"
	"unicode"

	"github.com/krieg/krieg/sprites/scene"
)

// Every line the window reads from the keyboard is one line: the move
// line sends it to the server, Save as… makes a path of it. Text pasted
// into one is cleaned and bounded here, as typed keys are.

// maxTyped bounds the move line, in characters: kriegd closes a
// connection that sends a line over 4,096 bytes, and 1,000 characters of
// up to four bytes each stay under it.
const maxTyped = 1000

// maxPath bounds the Save as… line, in characters: longer than any path
// a system takes.
const maxPath = 1024

// pasteable makes text fit for a one-line field: a line break or tab
// becomes a space (a line copied with its end, "e2e4\n", is the move), and
// every other control or format character (NUL, ESC, a text-direction
// mark) goes, as the server would take it out anyway. Spaces at either end
// go too.
func pasteable(text string) string {
	text = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			return ' '
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029':
			return -1
		}
		return r
	}, text)
	return strings.Join(strings.Fields(text), " ")
}

// extend adds text to line (replacing it when all of it is selected),
// keeping it within limit characters; it reports whether text was cut.
func extend(line, text string, all bool, limit int) (string, bool) {
	if all {
		line = ""
	}
	room := limit - len([]rune(line))
	r := []rune(text)
	if len(r) <= room {
		return line + text, false
	}
	return line + string(r[:max(room, 0)]), true
}

// typeInto adds what in typed or pasted to line (replacing it when all is
// selected), within limit characters, and says so in the panel when a
// paste did not fit or brought no text.
func (a *App) typeInto(line string, in Intent, all bool, limit int) string {
	text := in.Text
	if in.Kind == Paste {
		if text = pasteable(text); text == "" {
			notice(&a.frame, scene.HintTone, "Nothing pasted: the clipboard holds no text")
			return line
		}
	}
	line, cut := extend(line, text, all, limit)
	if cut {
		notice(&a.frame, scene.HintTone, fmt.Sprintf("The line holds %d characters at most: the rest was left out", limit))
	}
	return line
}

// edit applies in to a line being typed, as every line takes it, and
// reports whether in was for the line: typing or pasting adds to it
// (replacing it after Ctrl+A, which sets *selected), Backspace takes its
// last character (all of it when selected); anything but the pointer's
// moves ends the selection.
func (a *App) edit(line *string, selected *bool, in Intent, limit int) bool {
	all := *selected
	*selected = all && keepsSelection(in)
	switch in.Kind {
	case SelectAll:
		*selected = *line != ""
	case TypeText, Paste:
		*line = a.typeInto(*line, in, all, limit)
	case Backspace:
		if r := []rune(*line); all {
			*line = ""
		} else if len(r) > 0 {
			*line = string(r[:len(r)-1])
		}
	default:
		return false
	}
	return true
}

// pasteQueue carries the clipboard's text from where it is read (a
// goroutine on the desktop, the browser's paste event in the page) to the
// game loop, which takes it as a Paste intent.
var pasteQueue = make(chan string, 4)

// deliverPaste hands text read from the clipboard to the game loop; a
// paste beyond the few waiting is dropped rather than blocking the reader.
func deliverPaste(text string) {
	select {
	case pasteQueue <- text:
	default:
	}
}

// pastedText yields the pastes waiting, without blocking.
func pastedText() iter.Seq[string] {
	return func(yield func(string) bool) {
		for {
			select {
			case text := <-pasteQueue:
				if !yield(text) {
					return
				}
			default:
				return
			}
		}
	}
}

// keepsSelection reports whether a line selected with Ctrl+A stays
// selected through in: the pointer moving over the window does not undo it,
// anything else does.
func keepsSelection(in Intent) bool {
	return in.Kind == Hover || in.Kind == DragTo
}
