package store

import "fmt"

// NewerError is a database whose schema version is newer than this
// kriegd's migrations: a newer kriegd made it, and this one would not know
// its tables, so it is left as it is.
type NewerError struct {
	Name    string // the file, or "the PostgreSQL database"
	Version int    // the schema version the database holds
	Known   int    // the newest version this kriegd knows
}

// Error names the database and both versions.
func (e *NewerError) Error() string {
	return fmt.Sprintf("%s was made by a newer kriegd (schema version %d; this one knows up to %d)", e.Name, e.Version, e.Known)
}
