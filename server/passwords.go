package server

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
)

// Passwords hashes the passwords players register and checks the ones they
// log in with. kriegd uses bcrypt; the in-memory fuzzers put a cheap one in
// its place, since they test the login dialogue and not bcrypt's cost.
type Passwords interface {
	// Hash returns what the store keeps for password, or why it is refused.
	Hash(password string) (string, error)
	// Check reports whether password is the one hash was made from.
	Check(hash, password string) bool
}

// BcryptPasswords hashes with bcrypt at Cost.
type BcryptPasswords struct{ Cost int }

// maxPassword is the longest password bcrypt takes, in bytes.
const maxPassword = 72

// errShortPassword refuses passwords of fewer than 4 characters;
// errLongPassword those bcrypt cannot hash; errSpacedPassword those with a
// space, which the login line ("NAME PASSWORD") and register could not
// tell from the words around it; errControlPassword those with characters
// every line read takes out (clean), which would leave a password other
// than the one typed.
var (
	errShortPassword   = errors.New("kriegd: a password needs at least 4 characters")
	errSpacedPassword  = errors.New("kriegd: a password cannot hold spaces: the login line is the name and the password with one space between them")
	errControlPassword = errors.New("kriegd: a password cannot hold control or invisible characters (such as NUL, ESC, DEL or a text-direction mark), which every line read loses: choose one without them")
	errLongPassword    = fmt.Errorf("kriegd: a password is %d bytes at most (%d plain letters and digits, fewer accented or non-Latin letters); choose a shorter one", maxPassword, maxPassword)
)

// ValidPassword reports why password cannot be set, or nil: it is checked
// before any hashing, wherever a password is set (register, kriegd user
// add), so that the refusal is in plain words. It checks the NFC form,
// the one hashed, whose length in bytes may differ from the typed one's.
func ValidPassword(password string) error {
	password = passwordForm(password)
	switch {
	case utf8.RuneCountInString(password) < 4: // characters, as the refusal says; the cap below is bcrypt's bytes
		return errShortPassword
	case len(password) > maxPassword:
		return errLongPassword
	case clean(password) != password:
		return errControlPassword
	case strings.ContainsFunc(password, drawsNothing):
		return invisiblePassword(password)
	case strings.ContainsFunc(password, unicode.IsSpace):
		return errSpacedPassword
	}
	return nil
}

// invisiblePassword refuses a password holding a character that draws
// nothing (a zero-width space, a byte-order mark, a tag): it is kept, so
// the password would log in only with a character its owner cannot see to
// type again. The refusal names the first such character, since the
// player cannot see which it is.
func invisiblePassword(password string) error {
	i := strings.IndexFunc(password, drawsNothing)
	r, _ := utf8.DecodeRuneInString(password[i:])
	return fmt.Errorf("kriegd: a password cannot hold invisible characters, which could not be seen to type it again (this one holds U+%04X; a zero-width space, a joiner or a byte-order mark often comes with pasted text): choose one without them", r)
}

// Hash returns the bcrypt hash of password.
func (b BcryptPasswords) Hash(password string) (string, error) {
	if err := ValidPassword(password); err != nil {
		return "", err
	}
	h, err := bcrypt.GenerateFromPassword([]byte(password), b.Cost)
	if err != nil {
		return "", fmt.Errorf("kriegd: hashing the password: %w", err)
	}
	return string(h), nil
}

// Check compares password with a bcrypt hash.
func (BcryptPasswords) Check(hash, password string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
}
