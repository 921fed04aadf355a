package server

import (
	"golang.org/x/text/unicode/norm"

	"github.com/krieg/krieg/server/store"
)

// passwordForm is the form a password is hashed and checked in: Unicode
// NFC, so that "é" typed as one character on one keyboard and as "e" with a
// combining accent on another is the same password.
func passwordForm(password string) string {
	return norm.NFC.String(password)
}

// hashPassword hashes password with p in its NFC form; every place that
// sets a password (register, password, kriegd user add and passwd) goes
// through it, so that no account is stored from another form.
func hashPassword(p Passwords, password string) (string, error) {
	return p.Hash(passwordForm(password))
}

// matchPassword checks password against hash with p in its NFC form and,
// when that fails and the typed form differs, in the typed form itself:
// accounts made before passwords were normalised were hashed from what was
// typed. raw reports that only the typed form matched, so the caller may
// store the account's hash anew from the NFC form.
func matchPassword(p Passwords, hash, password string) (ok, raw bool) {
	nfc := passwordForm(password)
	if p.Check(hash, nfc) {
		return true, false
	}
	if nfc != password && p.Check(hash, password) {
		return true, true
	}
	return false, false
}

// rehashPassword stores acct's hash anew from the NFC form of a password
// that matched only as typed, so that the account logs in from either
// form from now on. A failure is logged and changes nothing: the old
// hash still takes the password as typed.
func (c *conn) rehashPassword(acct store.Account, password string) {
	c.s.hashing.acquire(c.addr)
	hash, err := hashPassword(c.s.cfg.Passwords, password)
	c.s.hashing.release(c.addr, true)
	if err != nil {
		c.s.log.Warn("kriegd: the password as typed matched but its NFC form cannot be hashed", "name", acct.Name, "err", err)
		return
	}
	ctx, cancel := c.s.ctx()
	defer cancel()
	if err := c.s.cfg.Store.SetPassword(ctx, acct.Name, hash); err != nil {
		c.s.log.Error("kriegd: storing a password's NFC hash", "name", acct.Name, "err", err)
		return
	}
	c.s.log.Info("kriegd: an account's password is now stored from its NFC form", "name", acct.Name)
}
