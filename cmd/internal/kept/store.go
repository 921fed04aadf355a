// Package kept keeps a game against the computer as it goes, so that it
// outlives the window or the page that plays it: its terms, the record of
// every attempt so far and the time left on each clock are kept after each
// thing heard, and the next start offers to resume it where it was left.
// The browser keeps it in the page's storage, the desktop window in a file
// beside its settings. The clocks stand still while nothing plays: while
// one runs, the time left is kept again every ClockEvery, so that a game
// closed during a long think keeps the think spent.
package kept

// Store is where the game is kept: the page's localStorage, a folder on
// the desktop (File), or a map in tests.
type Store interface {
	Get(key string) (string, bool)
	Set(key, value string) error
	Remove(key string)
}

// Key is the store's item of the game against the computer in progress.
const Key = "krieg/computer-game"
