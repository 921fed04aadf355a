//go:build js

package scene

// The token layers' keys as the help and the legend name them: in the
// browser F5 reloads the page, and the piece tokens take F10.
const (
	tokenKeys = "F6-F8, F10"
	layerKeys = "F6-F10"
)
