package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// page holds the page's own files: index.html (a template naming the
// versioned files), its script and its style.
//
//go:embed page
var page embed.FS

// SiteOptions say where Assemble finds the built parts.
type SiteOptions struct {
	// Wasm is the board built for the browser (GOOS=js GOARCH=wasm go
	// build ./cmd/krieg-web).
	Wasm string
	// WasmExec is the Go toolchain's wasm_exec.js, of the same Go that
	// built Wasm ($(go env GOROOT)/lib/wasm/wasm_exec.js).
	WasmExec string
	// Brotli is the brotli quality of the compressed copies (1 to 11;
	// 0 means 11, the smallest; below 0, no brotli copy).
	Brotli int
}

// Assemble writes the static site into dir: index.html, krieg.json (no
// server: the page plays the computer), and the page's script and style,
// wasm_exec.js and the board, each named by its content's hash so that it
// can be cached for good, with gzip and brotli copies beside them. Files
// of an earlier build that this one does not name are removed.
func Assemble(dir string, opt SiteOptions) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("web: site folder: %w", err)
	}
	names := map[string]string{}
	keep := map[string]bool{"index.html": true, "krieg.json": true}
	put := func(key, base, ext string, data []byte, compress bool) error {
		sum := sha256.Sum256(data)
		name := base + "-" + hex.EncodeToString(sum[:6]) + ext
		names[key] = name
		keep[name] = true
		if err := writeFile(filepath.Join(dir, name), data); err != nil {
			return err
		}
		if !compress {
			return nil
		}
		keep[name+".gz"] = true
		if err := writeCompressed(filepath.Join(dir, name+".gz"), data, gzipper); err != nil {
			return err
		}
		if opt.Brotli < 0 {
			return nil
		}
		keep[name+".br"] = true
		return writeCompressed(filepath.Join(dir, name+".br"), data, brotlier(opt.Brotli))
	}
	for _, part := range []struct{ key, path, base, ext string }{{"Wasm", opt.Wasm, "krieg", ".wasm"}, {"Exec", opt.WasmExec, "wasm_exec", ".js"}} {
		data, err := os.ReadFile(part.path)
		if err != nil {
			return fmt.Errorf("web: %w", err)
		}
		if err := put(part.key, part.base, part.ext, data, true); err != nil {
			return err
		}
	}
	for _, part := range []struct{ key, file, ext string }{{"Script", "krieg.js", ".js"}, {"Style", "krieg.css", ".css"}} {
		data, err := page.ReadFile("page/" + part.file)
		if err != nil {
			return fmt.Errorf("web: %w", err)
		}
		if err := put(part.key, strings.TrimSuffix(part.file, part.ext), part.ext, data, true); err != nil {
			return err
		}
	}
	index, err := template.ParseFS(page, "page/index.html")
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	var b bytes.Buffer
	if err := index.Execute(&b, names); err != nil {
		return fmt.Errorf("web: index.html: %w", err)
	}
	if err := writeFile(filepath.Join(dir, "index.html"), b.Bytes()); err != nil {
		return err
	}
	cfg, _ := json.Marshal(Config{})
	if err := writeFile(filepath.Join(dir, "krieg.json"), cfg); err != nil {
		return err
	}
	return prune(dir, keep)
}

// prune removes the versioned files of earlier builds.
func prune(dir string, keep map[string]bool) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	for _, e := range entries {
		base := strings.TrimSuffix(strings.TrimSuffix(e.Name(), ".gz"), ".br")
		if !keep[e.Name()] && hashed.MatchString(base) {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return fmt.Errorf("web: %w", err)
			}
		}
	}
	return nil
}

// writeFile writes data to path through a temporary file, so a server
// reading the folder never sees half a file.
func writeFile(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("web: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("web: %w", err)
	}
	return nil
}

// compressor makes a compressing writer.
type compressor func(w io.Writer) io.WriteCloser

func gzipper(w io.Writer) io.WriteCloser {
	z, _ := gzip.NewWriterLevel(w, gzip.BestCompression) // the level is valid
	return z
}

func brotlier(quality int) compressor {
	if quality == 0 || quality > 11 {
		quality = 11
	}
	return func(w io.Writer) io.WriteCloser {
		return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: quality, LGWin: 24})
	}
}

// writeCompressed writes data compressed to path.
func writeCompressed(path string, data []byte, c compressor) error {
	var b bytes.Buffer
	z := c(&b)
	if _, err := z.Write(data); err != nil {
		return fmt.Errorf("web: compressing %s: %w", filepath.Base(path), err)
	}
	if err := z.Close(); err != nil {
		return fmt.Errorf("web: compressing %s: %w", filepath.Base(path), err)
	}
	return writeFile(path, b.Bytes())
}
