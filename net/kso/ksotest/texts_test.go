package ksotest

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/krieg/krieg/net/kso"
)

// answerWith is an answer with main announcement code and nothing else.
func answerWith(code string) kso.MoveResponse {
	return kso.MoveResponse{Announcement: code, Checks: []string{}}
}

// TestTextsMatchBackend: the fake writes the backend's words for every code.
func TestTextsMatchBackend(t *testing.T) {
	f, err := os.Open("../testdata/backend-texts.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		code, text, ok := strings.Cut(sc.Text(), "\t")
		if !ok || strings.HasPrefix(code, "#") {
			continue
		}
		n++
		var got string
		switch code {
		case "ILLEGAL_MOVE", "REGULAR_MOVE", "HAS_ANY", "NO_ANY":
			if m := messages(answerWith(code)); len(m) == 1 {
				got = m[0]
			}
		case "CAPTURE_DONE":
			r := answerWith(code)
			r.CaptureSquare = ptr("e4")
			got = strings.TrimSuffix(messages(r)[0], " at E4")
		default:
			got = codeTexts[code]
		}
		if got != text {
			t.Errorf("%s: the fake writes %q; the site %q", code, got, text)
		}
	}
	if n < 18 {
		t.Fatalf("checked %d codes", n)
	}
}
