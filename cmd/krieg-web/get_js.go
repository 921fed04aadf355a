//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/krieg/krieg/sprites/promise"
)

// get reads u with the browser's fetch: its status and at most limit
// bytes of its body. net/http's client would do the same through fetch,
// but it links its whole TCP and TLS transport into the page.
func get(u string, limit int64) (int, []byte, error) {
	status := 0
	read := js.FuncOf(func(_ js.Value, args []js.Value) any {
		status = args[0].Get("status").Int()
		return args[0].Call("arrayBuffer")
	})
	defer read.Release()
	buf, err := promise.Await(js.Global().Call("fetch", u).Call("then", read), fetchWait)
	if err != nil {
		return 0, nil, err
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	n := min(int64(arr.Length()), limit)
	b := make([]byte, n)
	js.CopyBytesToGo(b, arr.Call("subarray", 0, n))
	return status, b, nil
}
