package server

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/krieg/krieg/game/record"
)

// writeRecord saves rec as DataDir/games/<id>.pgn atomically: it is written
// to a temporary file in the same folder, synced, renamed into place, and
// the folder synced, so that a crash leaves either no file or the whole one.
func writeRecord(dataDir, id string, rec *record.Record) (string, error) {
	dir := filepath.Join(dataDir, "games")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("saving game %s: %w", id, err)
	}
	tmp, err := os.CreateTemp(dir, ".tmp-"+id+"-*")
	if err != nil {
		return "", fmt.Errorf("saving game %s: %w", id, err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	werr := record.Write(tmp, rec)
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return "", fmt.Errorf("saving game %s: %w", id, werr)
	}
	path := filepath.Join(dir, id+".pgn")
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", fmt.Errorf("saving game %s: %w", id, err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return path, nil
}

// StrayTemporaries lists temporary record files left by a crash in dataDir
// (they never hold a finished game: the rename did not happen).
func StrayTemporaries(dataDir string) ([]string, error) {
	return filepath.Glob(filepath.Join(dataDir, "games", ".tmp-*"))
}
