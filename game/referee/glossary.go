package referee

// Glossary says what the referee's shortest words mean under rules, for
// a newcomer reading them in a log, or "" where the words say it in full
// (Wild 16, Open tries). Berkeley's "Short" or Cincinnati's "Black" are
// the rulesets' own words (docs/rules.md), kept as their referees say
// them.
func Glossary(rules Ruleset) string {
	switch rules.Name {
	case Berkeley.Name, BerkeleyAny.Name:
		return `"Yes. Black to move": the move was played; "No": refused, and both sides hear it; ` + checkWords
	case Cincinnati.Name:
		return `"Black" after White's move: it was played, Black to move; "No": refused; "Pawn capture": the side to move has one; ` + checkWords
	case English.Name:
		return `"Black" after White's move: it was played, Black to move; "Illegal": refused; Any? is answered "Yes" (then one pawn capture must be tried) or "No"; ` + checkWords
	case RAND.Name:
		return `"No": refused; "Hell, no": impossible on the mover's own board; "Pawn tries from e4": the pawns that can capture; ` + checkWords
	}
	return ""
}

// checkWords is what the checks' short words mean where a ruleset names
// the check's line.
const checkWords = `Rank, File, Long, Short, Knight (with "check" after them but in Berkeley): check along the rank, the file, the long or short diagonal through the king, or by a knight`
