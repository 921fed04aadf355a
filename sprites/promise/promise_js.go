package promise

import (
	"errors"
	"fmt"
	"syscall/js"
	"time"
)

// Await waits at most wait for the promise p to settle and returns its
// value, or why it was rejected. It must not run on the page's event loop
// (a js.FuncOf callback), which settles the promise.
func Await(p js.Value, wait time.Duration) (js.Value, error) {
	type settled struct {
		v   js.Value
		err error
	}
	done := make(chan settled, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		v := js.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		done <- settled{v: v}
		return nil
	})
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "refused"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		done <- settled{err: errors.New(msg)}
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	p.Call("then", ok, fail)
	select {
	case s := <-done:
		return s.v, s.err
	case <-time.After(wait):
		return js.Undefined(), fmt.Errorf("the browser did not answer within %v", wait)
	}
}
