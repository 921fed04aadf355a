//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"
)

// pageStorage is the page's localStorage: a seat must outlive the tab,
// which sessionStorage does not.
type pageStorage struct{}

// store is localStorage, or undefined where the browser withholds it.
func (pageStorage) store() js.Value { return js.Global().Get("localStorage") }

// Get returns the item key, if the browser keeps it.
func (p pageStorage) Get(key string) (string, bool) {
	s := p.store()
	if !s.Truthy() {
		return "", false
	}
	v := s.Call("getItem", key)
	if v.IsNull() || v.IsUndefined() {
		return "", false
	}
	return v.String(), true
}

// Set stores the item; the browser may refuse (quota full or blocked).
func (p pageStorage) Set(key, value string) (err error) {
	s := p.store()
	if !s.Truthy() {
		return errors.New("krieg-web: this browser keeps no local storage for the page")
	}
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("krieg-web: the browser refused to keep the seat")
		}
	}()
	s.Call("setItem", key, value)
	return nil
}

// Remove deletes the item.
func (p pageStorage) Remove(key string) {
	if s := p.store(); s.Truthy() {
		s.Call("removeItem", key)
	}
}
