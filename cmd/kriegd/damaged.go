package main

import (
	"errors"
	"fmt"

	"github.com/krieg/krieg/server/store"
)

// damagedWords says a damaged database in the words docs/kriegd.md gives,
// whatever shape the damage took and whichever step found it (opening the
// file, the migrations or the check at start): which file, that it is
// damaged, and what to do, the database's own words in brackets. Any other
// error is returned as it is.
func damagedWords(err error) error {
	var d *store.DamagedError
	if !errors.As(err, &d) {
		return err
	}
	return fmt.Errorf("kriegd: the database failed its check at start: %v. Restore it from a backup, or with --db point kriegd at a sound one", d)
}
