package kso

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// backendTexts reads testdata/backend-texts.txt: the site's words per code.
func backendTexts(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("testdata/backend-texts.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if code, text, ok := strings.Cut(sc.Text(), "\t"); ok && !strings.HasPrefix(code, "#") {
			out[code] = text
		}
	}
	if len(out) < 18 {
		t.Fatalf("read %d texts", len(out))
	}
	return out
}

// TestTextsMatchBackend: every text the site writes after a move is read,
// into the announcement its code means.
func TestTextsMatchBackend(t *testing.T) {
	checks := map[string]referee.CheckKind{"CHECK_RANK": referee.CheckRank, "CHECK_FILE": referee.CheckFile,
		"CHECK_LONG_DIAGONAL": referee.CheckLong, "CHECK_SHORT_DIAGONAL": referee.CheckShort, "CHECK_KNIGHT": referee.CheckKnight}
	for code, text := range backendTexts(t) {
		switch {
		case strings.HasPrefix(code, "CHECK_") && code != "CHECK_DOUBLE":
			said, err := parseMoveMessages(game.White, []string{"Move complete", text})
			if err != nil || len(said) != 2 || said[1].Kind != referee.KindCheck || said[1].Check != checks[code] {
				t.Errorf("%s %q: read %+v, %v", code, text, said, err)
			}
		case strings.HasPrefix(code, "CHECKMATE_"), strings.HasPrefix(code, "STALEMATE_"), strings.HasPrefix(code, "DRAW_"):
			said, err := parseMoveMessages(game.White, []string{"Move complete", text})
			if err != nil || len(said) != 2 || said[1].Kind != referee.KindGameOver {
				t.Errorf("%s %q: read %+v, %v", code, text, said, err)
			}
		case code == "CHECK_DOUBLE":
			if _, err := parseMoveMessages(game.White, []string{"Move complete", text, "Check on rank", "Check by knight"}); err != nil {
				t.Errorf("%s %q: %v", code, text, err)
			}
		case code == "REGULAR_MOVE":
			if said, err := parseMoveMessages(game.White, []string{text}); err != nil || len(said) != 1 {
				t.Errorf("%s %q: %+v %v", code, text, said, err)
			}
		case code == "CAPTURE_DONE":
			if sq, _, err := parseCapture(text + " at E4"); err != nil || sq != game.E4 {
				t.Errorf("%s %q: %v %v", code, text, sq, err)
			}
		case code == "HAS_ANY" || code == "NO_ANY" || code == "ILLEGAL_MOVE":
			// read by the line's kind (ask_any, illegal_move); the texts are checked by the fake's test
		default:
			t.Errorf("%s %q: a code krieg does not know", code, text)
		}
	}
}

// TestBareStringLines: the backend's model allows a scoresheet line to be
// a bare string; such lines are passed over, the rest read.
func TestBareStringLines(t *testing.T) {
	var sheet ViewerScoresheet
	data := `{"viewer_color":"white","last_move_number":1,"turns":[{"turn":1,"white":["a note",{"kind":"move","actor":"self","prompt":"Move attempt","message":"Move attempt — Move complete","messages":["Move complete"],"move_uci":"e2e4","question_type":"COMMON"}],"black":[]}]}`
	if err := json.Unmarshal([]byte(data), &sheet); err != nil {
		t.Fatal(err)
	}
	heard, plies, err := HeardFrom(referee.Berkeley, game.White, sheet, nil)
	if err != nil || plies != 1 || len(heard) != 1 || heard[0].Attempt.String() != "e2e4" {
		t.Fatalf("heard %+v, %d plies, %v", heard, plies, err)
	}
}
