package net

// Poll returns the events waiting on ch without blocking, at most max of
// them (max ≤ 0: all waiting), in order; ok is false once ch is closed and
// empty. The board's Update calls it every tick: it never waits for the
// network.
func Poll(ch <-chan Event, max int) (events []Event, ok bool) {
	for max <= 0 || len(events) < max {
		select {
		case ev, open := <-ch:
			if !open {
				return events, false
			}
			events = append(events, ev)
		default:
			return events, true
		}
	}
	return events, true
}
