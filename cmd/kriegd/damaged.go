package main

import (
	"errors"
	"fmt"

	"github.com/krieg/krieg/server/store"
)

// databaseWords says a database kriegd cannot serve from in the words
// docs/kriegd.md gives, whichever step found it (opening the file, the
// migrations or the check at start). A damaged one, whatever shape the
// damage took: which file, that it is damaged, and what to do, the
// database's own words in brackets. One a newer kriegd made is no damage,
// so it is told apart: which file, both schema versions, and what to do.
// Any other error is returned as it is.
func databaseWords(err error) error {
	var d *store.DamagedError
	var n *store.NewerError
	switch {
	case errors.As(err, &d):
		return fmt.Errorf("kriegd: the database failed its check at start: %v. Restore it from a backup, or with --db point kriegd at a sound one", d)
	case errors.As(err, &n):
		return fmt.Errorf("kriegd: the database failed its check at start: %v. Run the newer kriegd, or restore a backup this kriegd made", n)
	}
	return err
}
