package launch

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestSeatsKeptByName: two guests of one user leaving games on one server
// (two consoles playing each other) keep both seats, not the last one
// written; the next programs take the newest first, then the other, and a
// seat file of the old one-per-server kind is taken too.
func TestSeatsKeptByName(t *testing.T) {
	dir := t.TempDir()
	for i, s := range []keptSeat{{Name: "guest12", Token: "tok12"}, {Name: "guest13", Token: "tok13"}} {
		if err := writeSeat(dir, "host:5000", s); err != nil {
			t.Fatal(err)
		}
		// Older first: file times can be coarse.
		at := time.Now().Add(time.Duration(i-2) * time.Minute)
		os.Chtimes(seatPath(dir, "host:5000", s.Name), at, at)
	}
	if err := writeSeat(dir, "other:5000", keptSeat{Name: "guest14", Token: "tok14"}); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(dir, "seat-host_5000.json")
	if err := os.WriteFile(old, []byte(`{"name":"guest9","token":"tok9"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-time.Hour)
	os.Chtimes(old, past, past)
	for _, want := range []string{"guest13", "guest12", "guest9"} {
		if name, token, ok := TakeSeat(dir, "host:5000"); !ok || name != want || token != "tok"+want[5:] {
			t.Fatalf("took %q %q %v; want %s's seat", name, token, ok, want)
		}
	}
	if name, _, ok := TakeSeat(dir, "host:5000"); ok {
		t.Fatalf("took %s's seat once host:5000's were all taken (guest14's is other:5000's)", name)
	}
	if name, _, ok := TakeSeat(dir, "other:5000"); !ok || name != "guest14" {
		t.Fatalf("other:5000's seat: %q %v", name, ok)
	}
}
