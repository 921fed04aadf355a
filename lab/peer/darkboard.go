package peer

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// DarkboardName is Darkboard's name among the peers: "peer:darkboard".
const DarkboardName = "darkboard"

// ErrNoDarkboard is returned when Darkboard cannot run here.
var ErrNoDarkboard = errors.New("peer: Darkboard is not set up (see docs/player.md, Playing Darkboard)")

// DarkboardDir is where Darkboard lives in the peers' cache: classes/
// holds Darkboard's compiled classes and data files (put there by hand,
// see README), adapter/ krieg's adapter, which `make peers` compiles.
func (c Config) DarkboardDir() string { return filepath.Join(c.withDefaults().Cache, "darkboard") }

// DarkboardAvailable reports whether Darkboard can run here, and if not,
// what is missing.
func DarkboardAvailable(cfg Config) error {
	cfg = cfg.withDefaults()
	if _, err := exec.LookPath(cfg.Java); err != nil {
		return fmt.Errorf("%w: no Java (%v; Debian: default-jre-headless)", ErrNoDarkboard, err)
	}
	dir := cfg.DarkboardDir()
	for _, f := range []string{"classes/ai/player/DeepDarkboard101.class", "classes/main/darkboard_data/boyce.txt", "adapter/KriegDarkboard.class"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return fmt.Errorf("%w: no %s", ErrNoDarkboard, filepath.Join(dir, f))
		}
	}
	return nil
}

// Darkboard is Darkboard's Olympiad player (DeepDarkboard101 without its
// opening profile, which krieg does not have) playing one side of one game
// through its own Java process. Its attempts go through the umpire it is
// given, so a Game checks them against ks-game.
type Darkboard struct {
	p     *proc
	side  game.Color
	heard int // how much of the side's View.Heard Darkboard has been told
	err   error
	// Resigned is set when Darkboard gave up (it found no move to try).
	Resigned bool
	// Name is what Darkboard calls itself.
	Name string
}

// darkboardReady is the adapter's answer to "new".
type darkboardReady struct {
	Player string `json:"player"` // the name Darkboard's player gives itself
}

// MaxDarkboardAttempts bounds Darkboard's attempts in one turn.
const MaxDarkboardAttempts = 400

// NewDarkboard starts Darkboard's process for side.
func NewDarkboard(cfg Config, side game.Color) (*Darkboard, error) {
	cfg = cfg.withDefaults()
	if err := DarkboardAvailable(cfg); err != nil {
		return nil, err
	}
	dir := cfg.DarkboardDir()
	cp := filepath.Join(dir, "adapter") + string(os.PathListSeparator) + filepath.Join(dir, "classes")
	cmd := exec.Command(cfg.Java, "-Xss16m", "-cp", cp, "KriegDarkboard")
	cmd.Dir = dir
	p, err := startProc(cmd, "darkboard", max(cfg.Timeout, DarkboardTimeout), ErrNoDarkboard)
	if err != nil {
		return nil, err
	}
	var ready darkboardReady
	if err := p.call(map[string]any{"op": "new", "white": side == game.White}, &ready); err != nil {
		p.Close()
		return nil, fmt.Errorf("peer: Darkboard did not start: %w", err)
	}
	return &Darkboard{p: p, side: side, Name: ready.Player}, nil
}

// Err returns what went wrong with Darkboard, or nil.
func (d *Darkboard) Err() error { return d.err }

// Close ends Darkboard's process.
func (d *Darkboard) Close() error { return d.p.Close() }

// Turn tells Darkboard what it heard since its last move, then plays its
// attempts through u until one is accepted or the game ends. A failure
// ends the turn early and is kept in Err.
func (d *Darkboard) Turn(u referee.Umpire) []referee.Answer {
	var answers []referee.Answer
	if d.err != nil {
		return nil
	}
	v := u.View(d.side)
	for _, e := range v.Heard[min(d.heard, len(v.Heard)):] {
		if e.Mover != d.side && e.Verdict == referee.Accepted {
			if d.err = d.p.call(opponentMoved(e, d.side), &struct{}{}); d.err != nil {
				return nil
			}
		}
	}
	d.heard = len(v.Heard)
	for n := 0; n < MaxDarkboardAttempts; n++ {
		var r struct {
			Move   string `json:"move"`
			Resign bool   `json:"resign"`
		}
		if d.err = d.p.call(map[string]any{"op": "move"}, &r); d.err != nil {
			return answers
		}
		if r.Resign {
			d.Resigned = true
			return answers
		}
		m, err := game.ParseMove(r.Move)
		if err != nil {
			d.err = fmt.Errorf("peer: Darkboard sent %q: %w", r.Move, err)
			return answers
		}
		a := u.Attempt(m)
		answers = append(answers, a)
		if a.Verdict == referee.Finished || a.Result != nil {
			return answers
		}
		if a.Verdict == referee.Accepted {
			d.err = d.p.call(accepted(a), &struct{}{})
			d.heard = len(u.View(d.side).Heard)
			return answers
		}
		// Illegal, impossible or repeated: Darkboard bans it and tries again.
		if d.err = d.p.call(map[string]any{"op": "illegal"}, &struct{}{}); d.err != nil {
			return answers
		}
	}
	d.err = fmt.Errorf("peer: Darkboard found no accepted move in %d attempts", MaxDarkboardAttempts)
	return answers
}

// Darkboard's codes (core.Chessboard).
const (
	dbNoCapture, dbCapturePawn, dbCapturePiece = 0, 1, 2
)

// dbCheck is Darkboard's code for a check kind: file 1, rank 2, long
// diagonal 3, short diagonal 4, knight 5.
func dbCheck(k referee.CheckKind) int {
	switch k {
	case referee.CheckRank:
		return 2
	case referee.CheckLong:
		return 3
	case referee.CheckShort:
		return 4
	case referee.CheckKnight:
		return 5
	}
	return 1 // file, and a check announced without direction
}

func dbCaptured(k referee.CapturedKind) int {
	if k == referee.CapturedPawn {
		return dbCapturePawn
	}
	return dbCapturePiece
}

// checks fills check1 and check2 of req from ks (at most two checks).
func checks(req map[string]any, ks []referee.CheckKind) {
	req["check1"], req["check2"] = 0, 0
	if len(ks) > 0 {
		req["check1"] = dbCheck(ks[0])
	}
	if len(ks) > 1 {
		req["check2"] = dbCheck(ks[1])
	}
}

// accepted is Darkboard's "legal" message for its own accepted attempt:
// what it took, and the checks and pawn tries of the opponent now to move.
func accepted(a referee.Answer) map[string]any {
	req := map[string]any{"op": "legal", "capture": dbNoCapture, "tries": 0}
	if a.Capture != game.NoSquare {
		req["capture"] = dbCaptured(a.Captured)
	}
	if a.Tries != nil {
		req["tries"] = a.Tries.Count
	}
	checks(req, a.Checks)
	return req
}

// opponentMoved is Darkboard's "umpire" message for the opponent's
// accepted move e as side heard it.
func opponentMoved(e referee.Entry, side game.Color) map[string]any {
	req := map[string]any{"op": "umpire", "capx": -1, "capy": -1, "capture": dbNoCapture, "tries": 0}
	var ks []referee.CheckKind
	for _, a := range e.Said {
		switch a.Kind {
		case referee.KindCapture:
			req["capx"], req["capy"] = a.Square.File(), a.Square.Rank()
			req["capture"] = dbCaptured(a.Captured)
		case referee.KindCheck:
			ks = append(ks, a.Check)
		case referee.KindTries:
			if a.Side == side {
				req["tries"] = a.Tries.Count
			}
		}
	}
	checks(req, ks)
	return req
}
