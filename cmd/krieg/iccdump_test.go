package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestICCDump: icc-dump on the real 2014 capture prints exactly the unit
// lines of the fixture's expected parse.
func TestICCDump(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "icc")
	raw, err := os.ReadFile(filepath.Join(dir, "real-2014.bin"))
	if err != nil {
		t.Fatal(err)
	}
	exp, err := os.ReadFile(filepath.Join(dir, "real-2014.expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var want []any
	for _, l := range strings.Split(string(exp), "\n") {
		if strings.HasPrefix(l, `{"unit":`) {
			var v any
			if err := json.Unmarshal([]byte(l), &v); err != nil {
				t.Fatal(err)
			}
			want = append(want, v)
		}
	}
	code, out, errOut := krieg(t, string(raw), "icc-dump")
	if code != 0 {
		t.Fatalf("icc-dump: %d %s", code, errOut)
	}
	var got []any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var v any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		got = append(got, v)
	}
	if len(want) != 28 || !reflect.DeepEqual(got, want) {
		t.Errorf("icc-dump printed %d objects, the fixture expects %d; first difference matters", len(got), len(want))
	}
}
