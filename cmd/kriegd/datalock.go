package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/gofrs/flock"
)

// lockData takes the data folder for this server until unlock is called. A
// second kriegd serving from the same folder would remove the first one's
// records while they are written (they look like a crash's leftovers) and
// index its finished games a second time, so it is refused at start.
func lockData(dir string) (unlock func() error, err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("kriegd: the data folder: %w", err)
	}
	l := flock.New(filepath.Join(dir, "kriegd.lock"))
	ok, err := l.TryLock()
	if err != nil {
		return nil, fmt.Errorf("kriegd: locking the data folder %s: %w", dir, err)
	}
	if !ok {
		return nil, fmt.Errorf("kriegd: another kriegd is serving from %s: stop it first, or give this one a --data folder of its own", dir)
	}
	return l.Unlock, nil
}
