package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestEndgameCommand(t *testing.T) {
	var out, errs bytes.Buffer
	code := run([]string{"endgame", "kqk", "--games", "2", "--defender", "random", "--movetime", "20ms", "--json"}, nil, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	var r struct {
		Material string `json:"material"`
		Games    int    `json:"games"`
		Mates    int    `json:"mates"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Material != "kqk" || r.Games != 2 || r.Mates != 2 {
		t.Errorf("report %+v", r)
	}
	// A blocked study plays through to its end (mate or not) and says so.
	out.Reset()
	if code := run([]string{"endgame", "krk-blocked", "--games", "1", "--defender", "random", "--movetime", "20ms", "--json"}, nil, &out, &errs); code != 0 {
		t.Fatalf("krk-blocked: exit %d: %s", code, errs.String())
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || r.Material != "krk-blocked" || r.Games != 1 {
		t.Errorf("krk-blocked: report %+v (%v)", r, err)
	}
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"endgame"}, 2, "want one material"},
		{[]string{"endgame"}, 2, "kbbk-blocked"},
		{[]string{"endgame", "kbk", "--games", "1"}, 2, "unknown endgame"},
		{[]string{"endgame", "KRK", "--games", "1", "--movetime", "5ms"}, 0, ""},
		{[]string{"endgame", "krk", "--defender", "bot"}, 2, "defender"},
		{[]string{"endgame", "krk", "--games", "0"}, 2, "at least 1"},
	} {
		out.Reset()
		errs.Reset()
		if code := run(tc.args, nil, &out, &errs); code != tc.code || !strings.Contains(errs.String(), tc.says) {
			t.Errorf("%v: exit %d, %q", tc.args, code, errs.String())
		}
	}
}
