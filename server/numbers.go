package server

import (
	"regexp"
	"strconv"
)

// The numbers a client's line gives (times and increments, game, seek and
// datagram numbers) are read in plain decimal alone: strconv also takes Go's
// syntax (0x1p-2, 1_0, 1e3, +5), which made "seek 0x1p-2 0" a quarter-minute
// game and "seek 1_0 0" a ten-minute one.
var (
	plainDigits  = regexp.MustCompile(`^[0-9]+$`)
	plainDecimal = regexp.MustCompile(`^([0-9]+(\.[0-9]*)?|\.[0-9]+)$`)
)

// numberLike reports whether word was meant as a number: it starts with a
// digit, a sign or a decimal point (names and keywords start with a letter).
func numberLike(word string) bool {
	if word == "" {
		return false
	}
	switch r := word[0]; {
	case '0' <= r && r <= '9', r == '+', r == '-', r == '.':
		return true
	}
	return false
}

// plainInt reads a whole number written in digits alone; ok is false for
// anything else (a sign, a point, underscores, a base prefix).
func plainInt(word string) (n int, ok bool) {
	if !plainDigits.MatchString(word) {
		return 0, false
	}
	n, err := strconv.Atoi(word)
	return n, err == nil
}

// plainFloat reads a decimal number: digits, with a decimal point and
// more digits for a fraction (5, 1.5, .5); ok is false for anything else.
func plainFloat(word string) (f float64, ok bool) {
	if !plainDecimal.MatchString(word) {
		return 0, false
	}
	f, err := strconv.ParseFloat(word, 64)
	return f, err == nil
}
