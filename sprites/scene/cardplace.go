package scene

import "github.com/krieg/krieg/game"

// cardPlace is where a hover card w×h explaining sq stands: left of the
// board when the window leaves room there, else in the board's corner
// farthest from sq, else another corner, the first that covers neither
// sq, nor a square next to it (its men, its dots), nor a square of keep
// (the man picked up and its targets); the far corner when none does.
func (l Layout) cardPlace(sq game.Square, keep game.Bitboard, w, h float64) (x, y float64) {
	b, r := l.Board, l.SquareRect(sq)
	near := Rectangle{r.X - r.W, r.Y - r.H, r.W * 3, r.H * 3}
	covers := func(c Rectangle) bool {
		if overlaps(c, near) {
			return true
		}
		for k := keep; k != 0; {
			if overlaps(c, l.SquareRect(k.PopFirst())) {
				return true
			}
		}
		return false
	}
	left, top := b.X+4, b.Y+4
	right, bottom := b.X+b.W-w-4, b.Y+b.H-h-4
	farX, nearX := right, left
	if r.X+r.W/2 > b.X+b.W/2 {
		farX, nearX = left, right
	}
	farY, nearY := bottom, top
	if r.Y+r.H/2 > b.Y+b.H/2 {
		farY, nearY = top, bottom
	}
	var spots [][2]float64
	if b.X-w-8 >= 0 {
		spots = append(spots, [2]float64{b.X - w - 4, max(4, min(r.Y, b.Y+b.H-h))})
	}
	spots = append(spots, [2]float64{farX, farY}, [2]float64{nearX, farY}, [2]float64{farX, nearY})
	for _, p := range spots {
		if !covers(Rectangle{p[0], p[1], w, h}) {
			return p[0], p[1]
		}
	}
	return farX, farY
}

// overlaps reports whether a and b share any area.
func overlaps(a, b Rectangle) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}
