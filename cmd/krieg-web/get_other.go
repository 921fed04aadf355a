//go:build !(js && wasm)

package main

import (
	"io"
	"net/http"
)

// client fetches the records where there is no browser (the tests).
var client = &http.Client{Timeout: fetchWait}

// get reads u: its status and at most limit bytes of its body.
func get(u string, limit int64) (int, []byte, error) {
	resp, err := client.Get(u)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, limit))
	return resp.StatusCode, b, err
}
