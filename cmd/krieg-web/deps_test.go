package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestPageLinksNoTLS: none of the project's packages in the page's
// WebAssembly imports the TLS or certificate code, and only
// kriegspiel.org's client (which the board reaches only through an
// interface the page never fills) imports net/http: the page dials its
// server's WebSocket and fetches with the browser, and a TCP, TLS or HTTP
// client would add megabytes the page never runs.
func TestPageLinksNoTLS(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Imports", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	const module = "github.com/krieg/krieg"
	allowed := map[string][]string{"net/http": {module + "/net/kso"}}
	seen := 0
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(p.ImportPath, module+"/") {
			continue
		}
		seen++
		for _, banned := range []string{"crypto/tls", "crypto/x509", "net/http"} {
			if slices.Contains(p.Imports, banned) && !slices.Contains(allowed[banned], p.ImportPath) {
				t.Errorf("%s imports %s in the page's build", p.ImportPath, banned)
			}
		}
	}
	if seen < 10 {
		t.Fatalf("go list named %d of the project's packages; want the page's whole tree", seen)
	}
}
