package launch

import (
	"bytes"
	"fmt"
	"testing"
)

// TestTermSafeDropsControls: ESC sequences (screen clear, window title,
// clipboard), BEL, CR, DEL, C1 controls and bytes that are not UTF-8 are
// left out; text, newlines, tabs and characters beyond ASCII pass, a
// character split between two writes included.
func TestTermSafeDropsControls(t *testing.T) {
	var out bytes.Buffer
	w := TermSafe(&out)
	fmt.Fprint(w, "! \x1b[2J\x1b[31mRED\x1b]0;PWNED\x07\x1b]52;c;cm0gLXJmIH4=\x07 \x9b31mC1\u009b is refused.\r\n\tnext\x7f line\n")
	w.Write([]byte("caf\xc3"))
	w.Write([]byte("\xa9 \u00e9t\u00e9 \u265e\n"))
	want := "! [2J[31mRED]0;PWNED]52;c;cm0gLXJmIH4= 31mC1 is refused.\n\tnext line\ncafé été ♞\n"
	if out.String() != want {
		t.Errorf("filtered:\n%q\nwant\n%q", out.String(), want)
	}
	if Unfiltered(w) != &out {
		t.Error("Unfiltered does not give back the writer under the filter")
	}
}
