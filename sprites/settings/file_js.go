//go:build js

package settings

import (
	"errors"
	"io/fs"
	"path"
	"syscall/js"
)

// In the browser the settings live in the page's local storage, one item
// per file, keyed by the path the desktop would use.

// Dir returns the prefix of the window's items in local storage.
func Dir() (string, error) {
	if !storage().Truthy() {
		return "", errors.New("settings: this browser keeps no local storage for the page")
	}
	return "krieg", nil
}

// storage is the page's localStorage, or undefined where the browser
// withholds it.
func storage() js.Value { return js.Global().Get("localStorage") }

// readFile reads an item; a missing one is fs.ErrNotExist, as a missing file.
func readFile(key string) ([]byte, error) {
	s := storage()
	if !s.Truthy() {
		return nil, fs.ErrNotExist
	}
	v := s.Call("getItem", key)
	if v.IsNull() || v.IsUndefined() {
		return nil, fs.ErrNotExist
	}
	return []byte(v.String()), nil
}

// setAside keeps an unusable item under another key.
func setAside(key, bad string) error {
	data, err := readFile(key)
	if err != nil {
		return err
	}
	if err := writeItem(bad, data); err != nil {
		return err
	}
	storage().Call("removeItem", key)
	return nil
}

// writeFile stores data as the item dir/name (one write, whole).
func writeFile(dir, name string, data []byte) error { return writeItem(path.Join(dir, name), data) }

// writeItem stores one item; the browser refuses when its quota is full.
func writeItem(key string, data []byte) (err error) {
	s := storage()
	if !s.Truthy() {
		return errors.New("no local storage")
	}
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("the browser refused to keep the settings (storage full or blocked)")
		}
	}()
	s.Call("setItem", key, string(data))
	return nil
}
