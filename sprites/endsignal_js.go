package sprites

// onEndSignal does nothing in a browser, where a page has no signals: it
// is closed with its tab.
func onEndSignal(func()) (done func()) { return func() {} }
