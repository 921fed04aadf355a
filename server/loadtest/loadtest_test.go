package loadtest

import (
	"testing"
	"time"
)

// TestSmallLoad: 12 games between 8 clients; every finished game is saved,
// indexed and replays, and the attempt round trip is measured.
func TestSmallLoad(t *testing.T) {
	res, err := Run(Options{Games: 12, Clients: 8, Duration: 60 * time.Second, DataDir: t.TempDir(), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", res)
	if len(res.Corrupt) > 0 {
		t.Fatalf("corrupt records: %v", res.Corrupt)
	}
	if res.Games != 12 || res.Saved != 12 || res.Indexed != 12 {
		t.Fatalf("%d games played, %d records replay, %d indexed; want 12 each", res.Games, res.Saved, res.Indexed)
	}
	if res.Attempts < 12 || res.P99 <= 0 {
		t.Fatalf("%d attempts, p99 %v", res.Attempts, res.P99)
	}
}
