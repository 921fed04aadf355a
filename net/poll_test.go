package net

import "testing"

func TestPoll(t *testing.T) {
	ch := make(chan Event, 8)
	if evs, ok := Poll(ch, 0); len(evs) != 0 || !ok {
		t.Fatalf("empty channel: %d events, open %v; want 0, true", len(evs), ok)
	}
	for i := range 5 {
		ch <- Event{Text: string(rune('a' + i))}
	}
	evs, ok := Poll(ch, 3)
	if len(evs) != 3 || !ok || evs[0].Text != "a" || evs[2].Text != "c" {
		t.Fatalf("Poll(3) = %d events %v; want a, b, c", len(evs), ok)
	}
	close(ch)
	evs, ok = Poll(ch, 0)
	if len(evs) != 2 || ok || evs[1].Text != "e" {
		t.Fatalf("after close: %d events, open %v; want d, e and closed", len(evs), ok)
	}
}
