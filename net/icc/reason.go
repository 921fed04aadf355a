package icc

import (
	"errors"
	"strings"
)

// Reason returns why a login failed as a sentence for a person: for a
// login the server refused, the server's own words, without the driver's
// prefixes and the datagram's code; any other error as it is.
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
	return err.Error()
}
