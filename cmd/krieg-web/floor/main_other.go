//go:build !(js && wasm)

// Command floor is the smallest Ebitengine page, for the browser
// benchmarks' floor; it runs only in a browser.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "floor runs in a browser: the browser benchmarks of server/web build and load it")
	os.Exit(2)
}
