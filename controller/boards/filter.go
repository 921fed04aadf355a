package boards

import "github.com/krieg/krieg/game"

// Keep drops the boards on which admits is false (the sound belief B1 rules
// them out) and returns how many were dropped. Call Normalise after it.
func (s *Sampler) Keep(admits func(*game.Position) bool) int {
	kept := s.boards[:0]
	for i := range s.boards {
		if admits(&s.boards[i].pos) {
			kept = append(kept, s.boards[i])
		}
	}
	dropped := len(s.boards) - len(kept)
	s.boards = kept
	return dropped
}
