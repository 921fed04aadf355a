//go:build !js

package scene

// The token layers' keys as the help and the legend name them (the
// browser's differ, keys_js.go).
const (
	tokenKeys = "F5-F8"
	layerKeys = "F5-F9"
)
