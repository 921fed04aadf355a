package sprites

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/sprites/scene"
)

// recordSource is an endpoint that can give the record of the game it
// umpired, truth included (the local endpoint can; a server's game has no
// record until the server sends one).
type recordSource interface {
	Record() (*record.Record, error)
}

// recordReady is a recordSource that may have no record to give (a server
// sends one after the game, and ICC none): Review is offered once it has.
type recordReady interface {
	HasRecord() bool
}

// gameRecord returns the record of the game on show: the replay's, or the
// one just played once it is over.
func (a *App) gameRecord() (*record.Record, error) {
	if a.replay != nil {
		return a.replay.tl.Record, nil
	}
	if a.play == nil || a.play.snap.Result == nil {
		return nil, fmt.Errorf("the game is not over")
	}
	src, ok := a.play.comm.(recordSource)
	if !ok {
		return nil, fmt.Errorf("this server gives no record of the game")
	}
	rec, err := src.Record()
	if err != nil {
		return nil, fmt.Errorf("the game's record: %w", err)
	}
	return rec, nil
}

// review opens the game just played in the replay view, from the player's
// side, at its end, with the truth revealed.
func (a *App) review() {
	f := &a.frame
	rec, err := a.gameRecord()
	if err != nil {
		notice(f, scene.BadTone, err.Error())
		return
	}
	tl, err := timeline.Build(rec, a.play.rules, timeline.Options{Controller: a.opt.Controller})
	if err != nil {
		notice(f, scene.BadTone, "review: "+err.Error())
		return
	}
	r := newReplay(tl)
	r.side, r.reveal, r.ply = a.play.snap.Side, true, tl.Plies
	a.replay = r
	f.Flipped = r.side == game.Black
	f.Replay.Review = true
	f.Selected, f.Dests, f.Drag, f.Promote, f.Queue = game.NoSquare, 0, nil, nil, nil
	noticeDisagreement(f, tl)
	r.show(f, a.tick, true)
}

// pgnText writes the game's record as PGN.
func (a *App) pgnText() ([]byte, error) {
	rec, err := a.gameRecord()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := record.Write(&b, rec); err != nil {
		return nil, fmt.Errorf("writing the PGN: %w", err)
	}
	return b.Bytes(), nil
}

// copyPGN puts the game's PGN on the clipboard.
func (a *App) copyPGN() {
	f := &a.frame
	pgn, err := a.pgnText()
	if err != nil {
		notice(f, scene.BadTone, err.Error())
		return
	}
	if err := copyText(pgn); err != nil {
		notice(f, scene.BadTone, "no clipboard here ("+err.Error()+"); use Save as…")
		return
	}
	notice(f, scene.GoodTone, fmt.Sprintf("PGN copied (%d bytes)", len(pgn)))
}

// promptSave asks where to save the game, offering a file in the folder
// finished games are saved to (the home folder when there is none).
func (a *App) promptSave() {
	if _, err := a.gameRecord(); err != nil {
		notice(&a.frame, scene.BadTone, err.Error())
		return
	}
	a.offered = "krieg-" + time.Now().Format("2006-01-02-150405") + ".pgn"
	hint := saveHint
	if saved := a.savedAt(); saved != "" && filepath.Dir(saved) == filepath.Clean(a.saveDir()) {
		// Saved already: offered as it is, so that Enter makes no second copy.
		a.offered = filepath.Base(saved)
		hint = "Saved already as " + a.offered + ": Enter leaves it there, or type another name for a copy; Escape cancels"
	}
	a.saving = filepath.Join(a.saveDir(), a.offered)
	a.replacing, a.selected = "", false
	a.prompting = true
	notice(&a.frame, scene.HintTone, hint)
}

// savedAt is where the endpoint saved the game shown, or "".
func (a *App) savedAt() string {
	if a.play == nil || a.play.saved == "" {
		return ""
	}
	return filepath.Clean(a.play.saved)
}

// saveDir is the folder Save as… offers: the one finished games are saved
// to, or the home folder when there is none.
func (a *App) saveDir() string {
	if a.opt.SaveDir != "" {
		return a.opt.SaveDir
	}
	if home, err := os.UserHomeDir(); err == nil {
		return home
	}
	return "."
}

// saveHint tells what the Save as… line wants while it is typed.
const saveHint = "Type or edit the file name below, then Enter saves the PGN; Escape cancels"

// prompt handles an intent while the Save as… line is being typed and
// reports whether it used it: typing or pasting edits the path (after
// Ctrl+A, which selects it all, they replace it and Backspace empties it), Enter saves (the line
// stays, as typed, when the file cannot be written or would be replaced
// unasked), Escape gives up; buttons and the board work as usual.
func (a *App) prompt(in Intent) bool {
	if a.edit(&a.saving, &a.selected, in, maxPath) {
		if in.Kind != SelectAll {
			a.replacing = "" // the path changed: a second Enter asks again
		}
		return true
	}
	switch in.Kind {
	case Cancel:
		a.prompting = false
		notice(&a.frame, scene.HintTone, "")
	case Submit:
		a.prompting = !a.save(a.saving)
	default:
		return false
	}
	return true
}

// offeredName is the file name Save as… offered.
func (a *App) offeredName() string {
	if a.offered == "" {
		return "krieg-" + time.Now().Format("2006-01-02-150405") + ".pgn"
	}
	return a.offered
}

// save writes the game's PGN to path (a leading ~/ is the home folder; a
// bare name is in the folder Save as… offered; a folder gets the file
// name offered; a name not ending in .pgn gets it), says how it went and reports whether it is done. A file
// already there is replaced only on a second Enter for the same path, as a
// save dialog asks first.
func (a *App) save(path string) bool {
	path = strings.TrimSpace(path)
	if path == "" {
		notice(&a.frame, scene.BadTone, "Not saved: type a file name first")
		return false
	}
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			path = filepath.Join(home, rest)
		}
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(a.saveDir(), path)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() || strings.HasSuffix(path, string(filepath.Separator)) {
		// A folder named: the file goes into it under the name offered.
		path = filepath.Join(path, a.offeredName())
	}
	if !strings.EqualFold(filepath.Ext(path), ".pgn") {
		path += ".pgn" // a record is a .pgn, whatever a slip of the keys left
	}
	path = filepath.Clean(path)
	if path == a.savedAt() {
		notice(&a.frame, scene.GoodTone, "Saved to "+path+" already, when the game ended")
		return true
	}
	if st, err := os.Stat(path); err == nil && a.replacing != path {
		if st.IsDir() {
			notice(&a.frame, scene.BadTone, "save: "+path+" is a folder: add a file name")
			return false
		}
		a.replacing = path
		notice(&a.frame, scene.BadTone, path+" exists: Enter again replaces it, or edit the name")
		return false
	}
	pgn, err := a.pgnText()
	if err == nil {
		err = saveFile(path, pgn) // a download in the browser
	}
	if err != nil {
		notice(&a.frame, scene.BadTone, saveProblem(path, err))
		return false
	}
	notice(&a.frame, scene.GoodTone, "Saved to "+path)
	return true
}

// saveProblem says in words why the game could not be saved to path,
// rather than quoting the system's call ("open /x/g.pgn: ...").
func saveProblem(path string, err error) string {
	dir := filepath.Dir(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if st, serr := os.Stat(dir); serr == nil && st.IsDir() {
			return "Not saved: " + dir + " takes no new files" // /proc, /sys
		}
		return "Not saved: the folder " + dir + " does not exist"
	case errors.Is(err, fs.ErrPermission):
		return "Not saved: you may not write in " + dir
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return "Not saved to " + path + ": " + err.Error()
}
