package scene

import (
	"strings"
	"testing"
)

// TestLegendExplainsEveryDot: the legend draws and explains the attempt
// preview's dots, the grey one too (an outside tester found grey discs on
// the board the legend did not name), and says of the blue disc what the
// deduction puts it there for (at least even odds, or a referee's word),
// as the README does.
func TestLegendExplainsEveryDot(t *testing.T) {
	f := playFrame(1280, 800)
	f.Legend = true
	s := Build(f)
	drawn := map[string]bool{}
	for _, sp := range s.Sprites {
		switch {
		case sp.Kind == Disc && sp.Color == nonsenseDot:
			drawn["grey dot"] = true
		case sp.Kind == Disc && sp.Color == previewDot:
			drawn["green dot"] = true
		case sp.Kind == Ring && sp.Color == dangerRed:
			drawn["red ring"] = true
		}
	}
	text := strings.Join(texts(&s), " ")
	for _, want := range []string{"grey dot", "green dot", "red ring"} {
		if !drawn[want] {
			t.Errorf("the legend draws no %s", want)
		}
	}
	for _, words := range []string{"Grey dot", "Green dot", "red ring", "at least as likely as not"} {
		if !strings.Contains(text, words) {
			t.Errorf("the legend does not say %q: %s", words, text)
		}
	}
	for _, c := range s.Clipped() {
		t.Error(c)
	}
}
