package icc

import (
	"errors"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/krieg/krieg/net/icc/dg"
)

// Reason returns why a login failed as a sentence for a person: for a
// login the server refused, the server's own words, without the driver's
// prefixes and the datagram's code; any other error without the driver's
// "icc:" and "login as" prefixes, begun with a capital.
func Reason(err error) string {
	var le *LoginError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &le):
		text := strings.TrimSpace(le.Text)
		if text == "" {
			return "The server refused the login."
		}
		if !strings.HasSuffix(text, ".") && !strings.HasSuffix(text, "!") && !strings.HasSuffix(text, "?") {
			text += "."
		}
		return text
	case errors.Is(err, ErrNoPassword):
		return "This name is registered: type its password, or play as a guest."
	}
	text := loginPrefix.ReplaceAllString(strings.ReplaceAll(err.Error(), "icc: ", ""), "")
	if r, size := utf8.DecodeRuneInString(text); size > 0 {
		text = string(unicode.ToUpper(r)) + text[size:]
	}
	return text
}

// loginPrefix is Connect's wrapping of a failed login ("login as
// "alice": "), which names what the person asked for, not why it failed.
var loginPrefix = regexp.MustCompile(`^login as "[^"]*": `)

// NameRefused reports whether err is a login the server refused for the
// name or its password (kriegd's "not a name one may log in with", a name
// held for its player away from a game or in use, a wrong password), which
// another name or the password again may get past, as at a chess server's
// login prompt; not a limit's wait, nor a connection that failed.
func NameRefused(err error) bool {
	var le *LoginError
	if !errors.As(err, &le) {
		return false
	}
	switch le.Code {
	case dg.LoginName, dg.LoginHeld, dg.LoginTwice, dg.LoginBad:
		return true
	}
	return false
}
