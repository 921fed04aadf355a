package main

import (
	"errors"
	"io"
)

// loadCmd is filled in by load.go's test harness; see server/loadtest.
func loadCmd(args []string, stdout io.Writer) error {
	return errors.New("kriegd load: not built yet")
}
