//go:build !unix

package main

// openFilesLimit is how many files this process may have open: systems
// without RLIMIT_NOFILE (Windows) allow millions of handles.
func openFilesLimit() (uint64, error) { return 1 << 24, nil }
