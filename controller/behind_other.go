//go:build !linux

package controller

// behind leaves the deduction's priority as it is where threads' priorities
// cannot be set alone (behind_linux.go).
func behind() {}
