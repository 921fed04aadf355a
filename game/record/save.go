package record

import (
	"fmt"
	"os"
	"path/filepath"
)

// SaveNew writes rec into dir as name.pgn, or name-1.pgn, name-2.pgn, ...
// when that exists (the folder is made if missing), and returns the path.
func SaveNew(dir, name string, rec *Record) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("record: saving the game: %w", err)
	}
	base := filepath.Join(dir, name)
	for i := 0; ; i++ {
		path := base + ".pgn"
		if i > 0 {
			path = fmt.Sprintf("%s-%d.pgn", base, i)
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if os.IsExist(err) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("record: saving the game: %w", err)
		}
		werr := Write(f, rec)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return "", fmt.Errorf("record: saving the game to %s: %w", path, werr)
		}
		return path, nil
	}
}

// ReadFile reads the game record in the file at path; an error names the file.
func ReadFile(path string) (*Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("record: %s is a folder, not a record file", path)
	}
	rec, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}
