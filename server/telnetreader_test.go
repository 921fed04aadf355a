package server

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestTelnetReaderSplitReads: negotiation is taken out however the reads
// cut it, a doubled 0xff is one data byte, and CR NUL is a lone CR.
func TestTelnetReaderSplitReads(t *testing.T) {
	in := "\xff\xfb\x1f\xff\xfa\x1f\x00\x50\x00\x18\xff\xf0ab\xff\xf1c\xff\xffd\r\x00e\r\nf\xff\xfd\x01"
	want := "abc\xffd\re\r\nf"
	for name, r := range map[string]io.Reader{
		"whole":    strings.NewReader(in),
		"one byte": iotest.OneByteReader(strings.NewReader(in)),
	} {
		got, err := io.ReadAll(newTelnetReader(r))
		if err != nil || string(got) != want {
			t.Errorf("%s: read %q, %v; want %q", name, got, err, want)
		}
	}
}

// TestTelnetReaderEndlessSubnegotiation: a subnegotiation that never ends
// is an error once longer than a line may be, not read for ever.
func TestTelnetReaderEndlessSubnegotiation(t *testing.T) {
	in := append([]byte("ab\xff\xfa\x18"), bytes.Repeat([]byte("x"), 2*maxSubnegotiation)...)
	got, err := io.ReadAll(newTelnetReader(bytes.NewReader(in)))
	if !errors.Is(err, errTelnetTooLong) || string(got) != "ab" {
		t.Fatalf("read %q, %v; want ab, then %v", got, err, errTelnetTooLong)
	}
}
