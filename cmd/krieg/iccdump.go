package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/krieg/krieg/net/icc"
)

// dumpedUnit is icc-dump's JSON for a unit: datagrams as [number, field, ...].
type dumpedUnit struct {
	Unit      int     `json:"unit"`
	Command   int     `json:"command"`
	Player    string  `json:"player"`
	Text      string  `json:"text"`
	Orphans   int     `json:"orphans"`
	Datagrams [][]any `json:"datagrams"`
}

func runICCDump(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("icc-dump", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	var p icc.Parser
	enc := json.NewEncoder(stdout)
	units := 0
	emit := func(items []icc.Item) error {
		for _, it := range items {
			var v any
			switch {
			case it.Unit != nil:
				u := dumpedUnit{Unit: units, Command: it.Unit.Command, Player: it.Unit.Player, Text: it.Unit.Text, Datagrams: [][]any{}}
				for _, d := range it.Unit.Datagrams {
					u.Datagrams = append(u.Datagrams, datagramJSON(d))
					if d.Orphan {
						u.Orphans++
					}
				}
				units++
				v = u
			case it.Datagram != nil:
				v = map[string]any{"datagram": datagramJSON(*it.Datagram)}
			case it.Problem != "":
				v = map[string]string{"problem": it.Problem}
			default:
				v = map[string]string{"text": it.Text}
			}
			if err := enc.Encode(v); err != nil {
				return err
			}
		}
		return nil
	}
	r := bufio.NewReader(stdin)
	buf := make([]byte, 4096)
	for {
		n, err := r.Read(buf)
		if e := emit(p.Feed(buf[:n])); e != nil {
			return e
		}
		if err == io.EOF {
			return emit(p.Flush())
		}
		if err != nil {
			return fmt.Errorf("reading the capture: %w", err)
		}
	}
}

func datagramJSON(d icc.Datagram) []any {
	out := []any{d.Number}
	for _, f := range d.Fields {
		out = append(out, f)
	}
	return out
}
