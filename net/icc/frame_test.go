package icc

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// expectedUnit is one unit of real-2014.expected.json.
type expectedUnit struct {
	Command   int    `json:"command"`
	Player    string `json:"player"`
	Text      string `json:"text"`
	Datagrams []struct {
		DG     int      `json:"dg"`
		Fields []string `json:"fields"`
		Orphan bool     `json:"orphan"`
	} `json:"datagrams"`
}

func fixture(t *testing.T) ([]byte, []expectedUnit) {
	t.Helper()
	dir := filepath.Join("..", "..", "testdata", "icc")
	raw, err := os.ReadFile(filepath.Join(dir, "real-2014.bin"))
	if err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join(dir, "real-2014.expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want []expectedUnit
	if err := json.Unmarshal(js, &want); err != nil {
		t.Fatal(err)
	}
	return raw, want
}

// TestRealCaptureEveryChunking parses the 2014 ICC capture in chunks of
// every size from 1 byte to the whole stream and requires the expected
// parse (28 units, 167 datagrams, 25 orphans re-attached) every time.
func TestRealCaptureEveryChunking(t *testing.T) {
	raw, want := fixture(t)
	for size := 1; size <= len(raw); size++ {
		var p Parser
		var got []Item
		for i := 0; i < len(raw); i += size {
			got = append(got, p.Feed(raw[i:min(i+size, len(raw))])...)
		}
		got = append(got, p.Flush()...)
		if err := compare(got, want); err != "" {
			t.Fatalf("chunks of %d bytes: %s", size, err)
		}
	}
}

func compare(got []Item, want []expectedUnit) string {
	var units []*Unit
	for _, it := range got {
		switch {
		case it.Unit != nil:
			units = append(units, it.Unit)
		case it.Problem != "":
			return "problem: " + it.Problem
		case it.Text != "":
			return "unexpected text outside units: " + it.Text
		}
	}
	if len(units) != len(want) {
		return "unit count differs"
	}
	dgs := 0
	for i, u := range units {
		w := want[i]
		if u.Command != w.Command || u.Player != w.Player || u.Text != w.Text || len(u.Datagrams) != len(w.Datagrams) {
			return "unit " + u.Player + " differs"
		}
		for j, d := range u.Datagrams {
			wd := w.Datagrams[j]
			if d.Number != wd.DG || d.Orphan != wd.Orphan || !reflect.DeepEqual(nonNil(d.Fields), nonNil(wd.Fields)) {
				return "a datagram differs"
			}
			dgs++
		}
	}
	if dgs != 167 {
		return "datagram count is not 167"
	}
	return ""
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// TestFraming covers what the capture does not: text outside units,
// telnet negotiation, bells, overflow marks, nested units, malformed datagrams.
func TestFraming(t *testing.T) {
	in := "\xff\xfb\x01login: \x07guest\r\n\x19[5 $server$\r\nhi\x19[7 x\r\ninner\x19]\x19(15 {a b} \x19{\x19} c\x19)\x19]\x19(x y\x19)\x1a" + "aics% \n"
	var p Parser
	items := append(p.Feed([]byte(in)), p.Flush()...)
	var texts, problems []string
	var units []*Unit
	for _, it := range items {
		switch {
		case it.Unit != nil:
			units = append(units, it.Unit)
		case it.Problem != "":
			problems = append(problems, it.Problem)
		default:
			texts = append(texts, it.Text)
		}
	}
	if !reflect.DeepEqual(texts, []string{"login: guest", "aics% "}) {
		t.Errorf("texts %q", texts)
	}
	if len(units) != 2 || units[0].Command != 7 || units[0].Text != "inner" || units[1].Command != 5 || units[1].Text != "hi" {
		t.Fatalf("units %+v", units)
	}
	if d := units[1].Datagrams; len(d) != 1 || d[0].Number != 15 || !reflect.DeepEqual(d[0].Fields, []string{"a b", "", "c"}) {
		t.Errorf("datagrams %+v", d)
	}
	if len(problems) != 2 {
		t.Errorf("problems %q: want the malformed datagram and the overflow", problems)
	}
}

// FuzzParser: any bytes parse without a panic, and splitting the stream in
// two never changes the result.
func FuzzParser(f *testing.F) {
	f.Add([]byte("\x19[5 $server$\r\nhi\x19(15 {a b} \x19{\x19} c\x19)\x19]"), 3)
	f.Add([]byte("\xff\xfa\x18\xff\xf0\x19(1 {\x19)"), 1)
	f.Fuzz(func(t *testing.T, data []byte, cut int) {
		var whole, split Parser
		a := append(whole.Feed(data), whole.Flush()...)
		if cut < 0 {
			cut = -cut
		}
		cut %= len(data) + 1
		b := append(split.Feed(data[:cut]), split.Feed(data[cut:])...)
		b = append(b, split.Flush()...)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("split at %d changes the parse:\n%+v\n%+v", cut, a, b)
		}
	})
}

// TestParserBoundsWhatItHolds: a datagram, a line or a unit's text longer
// than MaxFrame, or units nested deeper than ICC nests them, are dropped
// or cut and reported, the parser holding no more than MaxFrame of each,
// and what follows them is read as usual.
func TestParserBoundsWhatItHolds(t *testing.T) {
	big := bytes.Repeat([]byte("x"), MaxFrame+10)
	var p Parser
	p.Immediate = true
	var items []Item
	feed := func(parts ...[]byte) {
		for _, b := range parts {
			items = append(items, p.Feed(b)...)
		}
	}
	problems := func() (out []string) {
		for _, it := range items {
			if it.Problem != "" {
				out = append(out, it.Problem)
			}
		}
		items = nil
		return out
	}

	feed([]byte("\x19(201 1 \x19{"), big, []byte("\x19}\x19)"), []byte("\x19(0 alice {}\x19)"))
	if got := problems(); len(got) != 1 || !strings.Contains(got[0], "datagram of more than 8 MiB") {
		t.Fatalf("a datagram over the bound: problems %q", got)
	}
	feed([]byte("\x19(0 bob {}\x19)"))
	if len(items) != 1 || items[0].Datagram == nil || items[0].Datagram.Fields[0] != "bob" {
		t.Fatalf("the datagram after it: %+v", items)
	}
	items = nil

	feed(big)
	if p.Pending() != "" && len(p.Pending()) > MaxFrame {
		t.Fatalf("the parser holds a line of %d bytes", len(p.Pending()))
	}
	feed(big, []byte("\r\nnext line\r\n"))
	got, texts := problems(), []string{}
	for _, it := range p.Feed([]byte("after\n")) {
		texts = append(texts, it.Text)
	}
	if len(got) != 1 || !strings.Contains(got[0], "line of more than 8 MiB") || len(texts) != 1 || texts[0] != "after" {
		t.Fatalf("a line over the bound: problems %q, then %q", got, texts)
	}

	feed([]byte("\x19[50 *\r\n"), big, []byte("\x19]"))
	var unit *Unit
	for _, it := range items {
		if it.Unit != nil {
			unit = it.Unit
		}
	}
	if got := problems(); len(got) != 1 || unit == nil || len(unit.Text) != MaxFrame || unit.Command != 50 {
		t.Fatalf("a unit over the bound: problems %q, unit text %d bytes", got, len(unit.Text))
	}

	feed(bytes.Repeat([]byte("\x19[1 *\r\n"), 20), []byte("deep"), bytes.Repeat([]byte("\x19]"), 20), []byte("\x19(0 carol {}\x19)"))
	got = nil
	for _, it := range items {
		if it.Problem != "" {
			got = append(got, it.Problem)
		}
	}
	units := 0
	for _, it := range items {
		if it.Unit != nil {
			units++
		}
	}
	if len(p.units) != 0 || len(got) != 1 || !strings.Contains(got[0], "nested more than 8 deep") || units != 8 {
		t.Fatalf("units nested 20 deep: %d left open, %d read, problems %q; want 8 read and one problem", len(p.units), units, got)
	}
}
