package referee

// Material is the public material summary a player can keep from the capture
// announcements alone: men left of each side (counted from 16) and, where
// captures are typed, pawns lost.
type Material struct {
	Remaining  [2]int // by game.Color
	PawnsLost  [2]int // by game.Color; meaningful only when Typed
	Typed      bool   // the ruleset says pawn or piece
	PiecesLost [2]int // by game.Color; meaningful only when Typed
	CapturesBy [2]int // captures made by each side
	Promotions int    // announced promotions (RAND)
}

// Material sums the captures this view has heard.
func (v View) Material(rules Ruleset) Material {
	m := Material{Remaining: [2]int{16, 16}, Typed: rules.CaptureKind}
	for _, e := range v.Heard {
		for _, a := range e.Said {
			switch a.Kind {
			case KindCapture:
				victim := a.Side.Other()
				m.Remaining[victim]--
				m.CapturesBy[a.Side]++
				switch a.Captured {
				case CapturedPawn:
					m.PawnsLost[victim]++
				case CapturedPiece:
					m.PiecesLost[victim]++
				}
			case KindPromotion:
				m.Promotions++
			}
		}
	}
	return m
}
