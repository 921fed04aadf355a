//go:build !(js && wasm)

// Command krieg-web is the board in a web page: the window (package
// sprites) compiled to WebAssembly, with the deduction and the computer
// player running in the page. It runs only in a browser: make web builds
// it into a site folder that kriegd --http, or any static host, serves.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "krieg-web runs in a browser: `make web` builds the site, `kriegd --http :8080` serves it")
	os.Exit(2)
}
