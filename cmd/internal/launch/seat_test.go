//go:build unix

package launch

import (
	"os"
	"os/exec"
	"testing"
)

// TestTakeSeatLeavesALiveHoldersSeat: a seat whose file names a process
// that still runs (another window of the user's, playing it) is not taken,
// and stays; one whose process has ended (killed, crashed) is taken.
func TestTakeSeatLeavesALiveHoldersSeat(t *testing.T) {
	dir := t.TempDir()
	live := exec.Command("sleep", "30")
	if err := live.Start(); err != nil {
		t.Skipf("no sleep to stand for another process: %v", err)
	}
	defer func() { live.Process.Kill(); live.Wait() }()
	if err := writeSeat(dir, "host:5000", keptSeat{Name: "guest12", Token: "tok", PID: live.Process.Pid}); err != nil {
		t.Fatal(err)
	}
	if name, _, ok := TakeSeat(dir, "host:5000"); ok {
		t.Fatalf("took %s's seat from a process still playing it", name)
	}
	if _, err := os.Stat(seatPath(dir, "host:5000", "guest12")); err != nil {
		t.Fatalf("the live process's seat went: %v", err)
	}
	live.Process.Kill()
	live.Wait()
	if name, token, ok := TakeSeat(dir, "host:5000"); !ok || name != "guest12" || token != "tok" {
		t.Fatalf("the seat of a process that died: %q %q %v; want guest12's taken", name, token, ok)
	}
}
