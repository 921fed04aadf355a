package server

import (
	"os"
	"strings"
	"testing"

	"github.com/krieg/krieg/game/record"
)

// TestTakenRecordIDGetsAFreshOne: a record whose ID is taken (game numbers
// given again, by a store restored from an older backup) never replaces
// the earlier file: it takes the first free ID of ID-2, ID-3, ...
func TestTakenRecordIDGetsAFreshOne(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i, want := range []string{"20261127T120552-1", "20261127T120552-1-2", "20261127T120552-1-3"} {
		rec := &record.Record{Result: "*"}
		rec.SetTag("Round", string(rune('1'+i)))
		path, kept, err := writeRecord(dir, "20261127T120552-1", rec)
		if err != nil || kept != want {
			t.Fatalf("record %d: kept as %q, %v; want %q", i+1, kept, err, want)
		}
		paths = append(paths, path)
	}
	for i, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if want := `[Round "` + string(rune('1'+i)) + `"]`; !strings.Contains(string(b), want) {
			t.Errorf("%s holds %q; want record %d's own", p, b, i+1)
		}
	}
}
