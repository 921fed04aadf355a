// Package referee is the Kriegspiel umpire: it holds the true position,
// answers each attempt by the rules of a Ruleset, and says who hears what.
//
// One engine serves every ruleset; a Ruleset value is data that picks the
// announcement and refusal policies (docs/rules.md describes each ruleset).
package referee

import (
	"fmt"
	"sort"
	"strings"
)

// TryStyle says what the referee tells the side to move about its pawn captures.
type TryStyle uint8

// The pawn-try styles.
const (
	TriesNone    TryStyle = iota // nothing (Berkeley, English: ask with Any?)
	TriesCount                   // "<n> pawn tries" (Wild 16)
	TriesYesNo                   // "pawn capture" or nothing (Cincinnati)
	TriesSquares                 // the squares of pawns that can capture (RAND)
	TriesMoves                   // every capturing pawn move, from and to (open tries)
)

// AnyStyle says whether and how a player may ask "Any?".
type AnyStyle uint8

// The Any? styles.
const (
	AnyNone    AnyStyle = iota // the question does not exist
	AnyForce                   // public answer; after yes only pawn captures, after no none (Berkeley+Any)
	AnyTryOnce                 // public answer; after yes one pawn capture must be tried (English)
)

// NonsenseStyle says how attempts the player must know are impossible are answered.
type NonsenseStyle uint8

// The nonsense styles.
const (
	NonsenseAsIllegal NonsenseStyle = iota // answered like any illegal attempt (Wild 16, open tries)
	NonsensePrivate                        // "Nonsense" to the mover only, not recorded (Berkeley, English)
	NonsensePublic                         // "Nonsense" heard by both (Cincinnati, RAND)
)

// RepeatStyle says how a repeat of an attempt already refused this turn is answered.
type RepeatStyle uint8

// The repeat styles.
const (
	RepeatIllegal  RepeatStyle = iota // answered as illegal again (Wild 16)
	RepeatNonsense                    // answered as nonsense (Berkeley and most others)
	RepeatRefused                     // refused without counting as an attempt, mover only (open tries)
)

// Ruleset is one Kriegspiel rule set as data: what is announced, to whom, and
// what is refused. The zero PlyCap means no cap.
type Ruleset struct {
	Name  string // identifier used on the command line and in records: "wild16"
	Title string // human name: "Wild 16 (ICC)"

	Tries          TryStyle
	CaptureKind    bool // captures say pawn or piece (not only the square)
	CheckDirection bool // checks say their direction; otherwise plain "Check"
	Any            AnyStyle
	IllegalPublic  bool // the opponent hears the mover's illegal attempts
	Nonsense       NonsenseStyle
	Repeat         RepeatStyle
	// PawnCaptureNeedsTry makes a pawn capture nonsense unless the try
	// announcement allows it (Cincinnati: no capture announced; RAND: the pawn
	// was not named; open tries: the capture was not declared).
	PawnCaptureNeedsTry bool
	PromotionAnnounced  bool // "Pawn promoted" heard by both (RAND)
	QueenOnly           bool // promotion is always to a queen; the letter may be left out
	StalemateLoses      bool // the stalemated side loses (RAND ladder games)
	PlyCap              int  // a game reaching this many plies is drawn ("ply-cap"); 0 = none
}

// DefaultPlyCap is the ply cap of the built-in rulesets: long enough for any
// real game, short enough to end self-play between random players.
const DefaultPlyCap = 2000

// The built-in rulesets (docs/rules.md).
var (
	Wild16 = Ruleset{Name: "wild16", Title: "Wild 16 (ICC)", Tries: TriesCount, CaptureKind: true, PawnCaptureNeedsTry: true,
		CheckDirection: true, Nonsense: NonsenseAsIllegal, Repeat: RepeatIllegal, PlyCap: DefaultPlyCap}
	Berkeley = Ruleset{Name: "berkeley", Title: "Berkeley", CheckDirection: true, IllegalPublic: true,
		Nonsense: NonsensePrivate, Repeat: RepeatNonsense, PlyCap: DefaultPlyCap}
	BerkeleyAny = Ruleset{Name: "berkeley-any", Title: "Berkeley + Any", CheckDirection: true, Any: AnyForce,
		IllegalPublic: true, Nonsense: NonsensePrivate, Repeat: RepeatNonsense, PlyCap: DefaultPlyCap}
	Cincinnati = Ruleset{Name: "cincinnati", Title: "Cincinnati", Tries: TriesYesNo, CaptureKind: true,
		CheckDirection: true, IllegalPublic: true, Nonsense: NonsensePublic, Repeat: RepeatNonsense,
		PawnCaptureNeedsTry: true, PlyCap: DefaultPlyCap}
	English = Ruleset{Name: "english", Title: "English (Gambit Club)", CheckDirection: true, Any: AnyTryOnce,
		IllegalPublic: true, Nonsense: NonsensePrivate, Repeat: RepeatNonsense, PlyCap: DefaultPlyCap}
	RAND = Ruleset{Name: "rand", Title: "RAND", Tries: TriesSquares, CaptureKind: true, CheckDirection: true,
		IllegalPublic: true, Nonsense: NonsensePublic, Repeat: RepeatNonsense, PawnCaptureNeedsTry: true,
		PromotionAnnounced: true, StalemateLoses: true, PlyCap: DefaultPlyCap}
	OpenTries = Ruleset{Name: "open", Title: "Open tries", Tries: TriesMoves, IllegalPublic: true,
		Nonsense: NonsenseAsIllegal, Repeat: RepeatRefused, QueenOnly: true, PlyCap: DefaultPlyCap}
)

// Rulesets lists the built-in rulesets, the default (Wild 16) first.
var Rulesets = []Ruleset{Wild16, Berkeley, BerkeleyAny, Cincinnati, English, RAND, OpenTries}

// RulesetByName finds a built-in ruleset by its Name, in any case.
func RulesetByName(name string) (Ruleset, error) {
	for _, r := range Rulesets {
		if strings.EqualFold(r.Name, strings.TrimSpace(name)) {
			return r, nil
		}
	}
	names := make([]string, len(Rulesets))
	for i, r := range Rulesets {
		names[i] = r.Name
	}
	sort.Strings(names)
	return Ruleset{}, fmt.Errorf("unknown ruleset %q (known: %s)", name, strings.Join(names, ", "))
}
