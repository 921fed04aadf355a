package boards

import "math"

// addRepeated returns acc after n additions of w (w > 0, acc >= 0), exactly
// as the loop `for range n { acc += w }` leaves it, in a few steps. While
// acc stays within one binade (between two powers of two) its spacing u is
// fixed and acc is a multiple of u, so each addition rounds to adding the
// same multiple of u, w rounded to u, unless w lies exactly halfway between
// two multiples (then rounding to even depends on acc): the n additions add
// n times that multiple, as long as the sum stays below the binade's top.
// Resampling adds a family's equal weights this way (TestAddRepeated holds
// it to the loop).
func addRepeated(acc, w float64, n int32) float64 {
	for n > 0 {
		exp := math.Float64bits(acc) >> 52 // acc >= 0: the sign bit is clear
		if exp <= 52 || exp >= 0x7fe-53 {
			// Zero, tiny or huge: the spacing or its inverse is out of range.
			acc += w
			n--
			continue
		}
		u := math.Float64frombits((exp - 52) << 52)           // the spacing of acc's binade
		inv := math.Float64frombits((0x7fe + 52 - exp) << 52) // 1/u, exactly
		top := u * 0x1p53                                     // the binade's top
		steps := w * inv                                      // w in units of u, exactly
		if steps < 0x1p52 {
			r := math.Round(steps)
			if math.Abs(steps-r) != 0.5 {
				end := acc*inv + float64(n)*r
				if end < 0x1p53 {
					return end * u
				}
			}
		}
		// The sum leaves the binade (or w is halfway): add one by one
		// until it does, then go on in the next.
		for n > 0 && acc < top {
			acc += w
			n--
		}
	}
	return acc
}
