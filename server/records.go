package server

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
)

// A finished game is kept in two steps, both outside the server's lock:
// the goroutine that ended it writes its record and a pending index entry
// (each synced to disk), then the recorder's one worker adds the entry to
// the store, in the order games ended, retrying while the store is down,
// and removes the pending file once the store has it. An entry is indexed
// exactly once: the store ignores a game it already has, and pending files
// left by a crash or a shutdown are indexed at the next start.

// writeRecord saves rec as DataDir/games/<id>.pgn atomically: it is written
// to a temporary file in the same folder, synced, linked into place, and
// the folder synced, so that a crash leaves either no file or the whole one.
// A record file is never replaced: when <id>.pgn exists (a game of an
// earlier run started in the same second with the same number), the record
// takes the first free ID of <id>-2, <id>-3, ..., which it returns.
func writeRecord(dataDir, id string, rec *record.Record) (path, kept string, err error) {
	return writeSynced(dataDir, id, ".pgn", true, func(f *os.File) error { return record.Write(f, rec) })
}

// maxRecordTries bounds the IDs writeRecord tries before it gives up.
const maxRecordTries = 1000

// pendingEntry is a game waiting for the index, as its pending file holds it.
type pendingEntry struct {
	Game    store.Game
	Ratings map[string]rating.Rating
}

// writePending saves the index entry of a game as DataDir/games/<id>.pending.
func writePending(dataDir string, e pendingEntry) (string, error) {
	path, _, err := writeSynced(dataDir, e.Game.ID, ".pending", false, func(f *os.File) error { return json.NewEncoder(f).Encode(e) })
	return path, err
}

// writeSynced writes DataDir/games/<id><ext> with fill, readable by the
// owner only, through a synced temporary file moved into place; with
// fresh, an existing file is kept and the first free ID after id taken.
func writeSynced(dataDir, id, ext string, fresh bool, fill func(*os.File) error) (string, string, error) {
	dir := filepath.Join(dataDir, "games")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", "", fmt.Errorf("kriegd: saving game %s: %w", id, err)
	}
	tmp, err := os.CreateTemp(dir, ".tmp-"+id+"-*") // created 0600
	if err != nil {
		return "", "", fmt.Errorf("kriegd: saving game %s: %w", id, err)
	}
	defer os.Remove(tmp.Name()) // the temporary name goes once linked or on failure
	werr := fill(tmp)
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return "", "", fmt.Errorf("kriegd: saving game %s: %w", id, werr)
	}
	kept, path := id, filepath.Join(dir, id+ext)
	if fresh {
		// A link, unlike a rename, fails when the name is taken.
		for n := 2; ; n++ {
			err = os.Link(tmp.Name(), path)
			if !os.IsExist(err) || n > maxRecordTries {
				break
			}
			kept = fmt.Sprintf("%s-%d", id, n)
			path = filepath.Join(dir, kept+ext)
		}
	} else {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return "", "", fmt.Errorf("kriegd: saving game %s: %w", id, err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return path, kept, nil
}

// readPending reads every pending index entry in dataDir, in the order the
// games ended.
func readPending(dataDir string) ([]pendingEntry, []string, error) {
	paths, err := filepath.Glob(filepath.Join(dataDir, "games", "*.pending"))
	if err != nil {
		return nil, nil, fmt.Errorf("kriegd: pending index entries: %w", err)
	}
	type found struct {
		e    pendingEntry
		path string
	}
	var all []found
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, nil, fmt.Errorf("kriegd: pending index entry: %w", err)
		}
		var e pendingEntry
		if err := json.Unmarshal(b, &e); err != nil || e.Game.ID == "" {
			return nil, nil, fmt.Errorf("kriegd: pending index entry %s does not read: %v", p, err)
		}
		all = append(all, found{e, p})
	}
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i].e.Game, all[j].e.Game
		if !a.Ended.Equal(b.Ended) {
			return a.Ended.Before(b.Ended)
		}
		return strings.Compare(a.ID, b.ID) < 0
	})
	entries, files := make([]pendingEntry, len(all)), make([]string, len(all))
	for i, f := range all {
		entries[i], files[i] = f.e, f.path
	}
	return entries, files, nil
}

// StrayTemporaries lists temporary record files left by a crash in dataDir
// (they never hold a finished game: the rename did not happen).
func StrayTemporaries(dataDir string) ([]string, error) {
	return filepath.Glob(filepath.Join(dataDir, "games", ".tmp-*"))
}
