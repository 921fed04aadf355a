package referee

// Glossary says what the referee's shortest words mean under rules, for
// a newcomer reading them in a log, or "" where the words say it in full
// (Wild 16, Open tries). Berkeley's "Short" or Cincinnati's "Black" are
// the rulesets' own words (docs/rules.md), kept as their referees say
// them.
func Glossary(rules Ruleset) string {
	checks := `"Rank check", "File check", "Long check", "Short check", "Knight check": ` + checkLines
	switch rules.Name {
	case Berkeley.Name:
		return `"Yes. Black to move": the move was played; "No": refused, and both sides hear it; "Rank", "File", "Long", "Short", "Knight": ` + checkLines
	case BerkeleyAny.Name:
		return `"Yes. Black to move": the move was played; "No": refused, and both sides hear it; Any? is answered "Has pawn captures" (then a pawn capture must be tried) or "No pawn captures"; "Rank", "File", "Long", "Short", "Knight": ` + checkLines
	case Cincinnati.Name:
		return `"Black" after White's move: it was played, Black to move; "No": refused, and both sides hear it; "Pawn capture": the side to move has one (nothing is said when it has none); ` + checks
	case English.Name:
		return `"Black" after White's move: it was played, Black to move; "Illegal": refused; Any? is answered "Yes" (then one pawn capture must be tried) or "No"; ` + checks
	case RAND.Name:
		return `"No": refused; "Hell, no": an attempt impossible in itself (through or onto the mover's own man, a pawn capture from a pawn not named); both sides hear both; "Pawn tries from e4": the pawns that can capture; ` + checks
	}
	return ""
}

// checkLines is what a check's words name where a ruleset names its line.
const checkLines = `check along the rank, the file, the long or the short diagonal through the king, or by a knight`
