package referee

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

func TestServeTranscript(t *testing.T) {
	tests := []struct {
		name  string
		rules Ruleset
		fen   string
		lines [][2]string // input, want output
	}{
		{"wild16", Wild16, startFEN, [][2]string{
			{`{"attempt":"e2e4"}`, `{"legal":true,"capture":null,"checks":[],"tries":0,"toMove":"black","result":null}`},
			{`{"attempt":"d7d5"}`, `{"legal":true,"capture":null,"checks":[],"tries":1,"toMove":"white","result":null}`},
			{`{"attempt":"e4f5"}`, `{"legal":false}`},
			{`{"attempt":"e4d5"}`, `{"legal":true,"capture":{"square":"d5","kind":"pawn"},"checks":[],"tries":0,"toMove":"black","result":null}`},
			{`not json`, `{"error":"malformed request: not JSON (at byte 2): want {\"attempt\":\"e2e4\"} or {\"any\":true}"}`},
			{`{"attempt":5}`, `{"error":"malformed request: \"attempt\" must be a string, such as {\"attempt\":\"e2e4\"}"}`},
			{`{"attempt":"e9e5"}`, `{"error":"referee: cannot read attempt \"e9e5\": game: bad move text: \"e9e5\", want coordinates such as e2e4 or e7e8q"}`},
			{`{"move":"e7e5"}`, `{"error":"malformed request: unknown field \"move\": want {\"attempt\":\"e2e4\"} or {\"any\":true}"}`},
			{``, `{"error":"an empty line is no request: want {\"attempt\":\"e2e4\"} or {\"any\":true}"}`},
			{`{"any":true}`, `{"legal":false,"nonsense":true}`},
			{`{"attempt":"e8e7"}`, `{"legal":false}`},
			{`{"attempt":"d8d5"}`, `{"legal":true,"capture":{"square":"d5","kind":"pawn"},"checks":[],"tries":0,"toMove":"white","result":null}`},
		}},
		{"wild16 mate", Wild16, "7k/1Q6/8/8/8/8/2K5/R5R1 w - - 0 1", [][2]string{
			{`{"attempt":"a1a8"}`, `{"legal":true,"capture":null,"checks":["rank"],"toMove":"black","result":{"score":"1-0","reason":"checkmate"}}`},
			{`{"attempt":"h8g8"}`, `{"error":"referee: the game is over"}`},
		}},
		{"berkeley-any", BerkeleyAny, comparisonFEN, [][2]string{
			{`{"any":true}`, `{"any":true}`},
			{`{"attempt":"a1a5"}`, `{"legal":false,"nonsense":true}`},
			{`{"attempt":"e4d5"}`, `{"legal":true,"capture":{"square":"d5"},"checks":[],"toMove":"black","result":null}`},
		}},
		{"rand", RAND, promoteFEN, [][2]string{
			{`{"attempt":"a7a8q"}`, `{"legal":true,"capture":null,"checks":["long-diagonal"],"tries":[],"promoted":true,"toMove":"black","result":null}`},
		}},
		{"open", OpenTries, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", [][2]string{
			{`{"attempt":"d7d5"}`, `{"legal":true,"capture":null,"checks":[],"tries":["e4d5"],"toMove":"white","result":null}`},
			{`{"attempt":"e4f5"}`, `{"legal":false}`},
			{`{"attempt":"e4f5"}`, `{"legal":false,"repeated":true}`},
		}},
		{"cincinnati", Cincinnati, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", [][2]string{
			{`{"attempt":"d7d5"}`, `{"legal":true,"capture":null,"checks":[],"tries":true,"toMove":"white","result":null}`},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRef(t, tc.rules, tc.fen)
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			done := make(chan error, 1)
			go func() { done <- Serve(r, inR, outW); outW.Close() }()
			out := bufio.NewReader(outR)
			for i, l := range tc.lines {
				// One line in, one line out, before the next line is sent: replies are flushed at once.
				if _, err := io.WriteString(inW, l[0]+"\n"); err != nil {
					t.Fatal(err)
				}
				got, err := out.ReadString('\n')
				if err != nil {
					t.Fatalf("line %d: %v", i+1, err)
				}
				if got = strings.TrimSuffix(got, "\n"); got != l[1] {
					t.Errorf("line %d %s:\n got %s\nwant %s", i+1, l[0], got, l[1])
				}
			}
			inW.Close()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestServeLongLine(t *testing.T) {
	r := newRef(t, Wild16, startFEN)
	in := strings.Repeat("x", maxLine+10) + "\n" + `{"attempt":"e2e4"}` + "\n"
	var out strings.Builder
	if err := Serve(r, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "longer than") || !strings.Contains(lines[1], `"legal":true`) {
		t.Errorf("got %q", lines)
	}
}

func FuzzServe(f *testing.F) {
	f.Add(`{"attempt":"e2e4"}` + "\n" + `{"any":true}`)
	f.Add(`{"attempt":"px"}`)
	f.Fuzz(func(t *testing.T, in string) {
		r := newRef(t, Wild16, startFEN)
		var out strings.Builder
		if err := Serve(r, strings.NewReader(in), &out); err != nil {
			t.Fatal(err)
		}
		want := strings.Count(in, "\n")
		if !strings.HasSuffix(in, "\n") && in != "" {
			want++
		}
		if got := strings.Count(out.String(), "\n"); got != want {
			t.Fatalf("%d input lines gave %d output lines", want, got)
		}
	})
}
