package launch

import "regexp"

// packagePrefix is a package's name before its error's words ("icc: ",
// "timeline: "), at the start or after another's colon: it tells a
// developer where the error came from and a player nothing, so what krieg
// prints leaves it out.
var packagePrefix = regexp.MustCompile(`(^|: )(?:icc|net|local|kso|timeline|record|launch|wsstream): `)

// PlainWords is an error's text as a player reads it, without the
// packages' names.
func PlainWords(text string) string {
	for {
		plain := packagePrefix.ReplaceAllString(text, "$1")
		if plain == text {
			return plain
		}
		text = plain
	}
}
