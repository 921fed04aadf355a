package server

import (
	"bytes"
	"testing"
)

// BenchmarkFuzzBodies times one input of each in-memory fuzzer outside the
// fuzzing engine: a guest's login dialogue and three commands
// (FuzzLogin), and four users with a game started, two moves and a
// resignation (FuzzCommands).
func BenchmarkFuzzBodies(b *testing.B) {
	t := &testing.T{}
	b.Run("login", func(b *testing.B) {
		p := newInproc(b)
		input := []byte("level1=5\r\nlevel2settings=1111111111111111111111111\r\nguest\r\nseek 5 0\r\nunseek\r\ngames\r\n")
		for i := 0; i < b.N; i++ {
			p.s.serveConn(newMemConn(input, "10.0.0.1:4000"), true)
			p.settle(t)
		}
	})
	b.Run("commands", func(b *testing.B) {
		p := newInproc(b)
		input := []byte("\x00match %1 5 0 u\n\x01accept\n\x00e2e4\n\x01e7e5\n\x00resign\n")
		for i := 0; i < b.N; i++ {
			tb := newFuzzTable(t, p, i)
			for _, op := range bytes.Split(input, []byte("\n")) {
				tb.do(op)
				p.checkState(t)
			}
			tb.leave()
			p.settle(t)
		}
	})
}
