package scene

import (
	"fmt"
	"math"
	"slices"

	"github.com/krieg/krieg/assets"
)

// The lobby's list of games to choose may hold more entries than its panel
// has room for. Those it shows are picked fairly among the list's groups
// (a kriegd's seeks, its players to challenge), so that a crowd of seeks
// never hides every player, and the last entry, the player's own new game,
// is always among them; the rest are counted under the list. Every entry
// is drawn at one text size, never below lobbyTextFloor: entries are left
// out rather than drawn too small to read.

// lobbyTextFloor is the smallest text size of the lobby's entries, in
// pixels; lobbyUnitFloor the smallest text size the lobby's panel shrinks
// to so that more entries fit.
const (
	lobbyTextFloor = 9
	lobbyUnitFloor = 9
)

// LobbyOrder is the order in which n entries, in consecutive groups of the
// sizes given (nil, or sizes not adding up to n: one group), are given
// room: the last entry first, then one of each group in turn, each group's
// in its own order.
func LobbyOrder(groups []int, n int) []int {
	if n == 0 {
		return nil
	}
	// The last entry leaves its group (the last not empty): it has come
	// first already.
	groups = slices.Clone(lobbyGroupsOf(groups, n))
	for i := len(groups) - 1; i >= 0; i-- {
		if groups[i] > 0 {
			groups[i]--
			break
		}
	}
	out := []int{n - 1}
	start := make([]int, len(groups))
	for i := 1; i < len(groups); i++ {
		start[i] = start[i-1] + groups[i-1]
	}
	for round := 0; len(out) < n; round++ {
		for i, g := range groups {
			if round < g {
				out = append(out, start[i]+round)
			}
		}
	}
	return out
}

// LobbyGroups are the sizes of the groups that the entries picked (indices
// in ascending order) fall in, empty groups left out.
func LobbyGroups(groups []int, n int, picked []int) []int {
	groups = lobbyGroupsOf(groups, n)
	var out []int
	end, k := 0, 0
	for _, g := range groups {
		end += g
		c := 0
		for k < len(picked) && picked[k] < end {
			c, k = c+1, k+1
		}
		if c > 0 {
			out = append(out, c)
		}
	}
	return out
}

// lobbyGroupsOf are the groups of n entries: groups, or one group of all
// when groups do not add up to n (nil, or a listing's mistake).
func lobbyGroupsOf(groups []int, n int) []int {
	sum := 0
	for _, g := range groups {
		sum += g
	}
	if sum != n {
		return []int{n}
	}
	return groups
}

// lobbyMore is the line under the list saying how many entries it leaves
// out: omitted by the listing's cap, unshown for want of room.
func lobbyMore(omitted, unshown int) string {
	switch {
	case unshown == 0:
		return fmt.Sprintf("(%d more: the lobby shows %d at most)", omitted, LobbyMax)
	case omitted == 0:
		return fmt.Sprintf("(%d more: a taller window shows them)", unshown)
	}
	return fmt.Sprintf("(%d more: a taller window shows some)", omitted+unshown)
}

// lobbyEntrySize is the one text size of the lobby's entries in buttons w
// wide: the largest at which each fits on a line, at most want, but never
// under lobbyTextFloor, nor under most of want for the sake of a few long
// entries (those then take two lines or more).
func lobbyEntrySize(entries []string, want, w float64) float64 {
	size := want
	for _, e := range entries {
		size = min(size, Fit(e, assets.Regular, want, w))
	}
	return math.Floor(max(size, want*0.8, lobbyTextFloor))
}

// lobbyEntries lays out the entries in the column at text size size,
// leaving room for tail under them: the most the room holds, picked in
// LobbyOrder, shown in the list's order, with the line counting the rest.
func (s *Scene) lobbyEntries(c *column, v LobbyView, entries []string, size, tail float64) (shown int) {
	pad := 8.0
	lines := make([][]string, len(entries))
	height := func(i int) float64 {
		return c.unit*1.9 + float64(len(lines[i])-1)*size*1.3
	}
	room := c.r.H - tail
	var picked []int
	for _, i := range LobbyOrder(v.Groups, len(entries)) {
		lines[i] = Wrap(entries[i], assets.Regular, size, c.r.W-pad, "")
		if height(i) > room {
			break
		}
		room -= height(i)
		picked = append(picked, i)
	}
	slices.Sort(picked)
	for _, i := range picked {
		r := c.row(height(i))
		b := Rectangle{r.X, r.Y + 1, r.W, r.H - 3}
		s.button(b, Choice(LobbyGroup, i), "", false, size)
		lh := b.H / float64(len(lines[i]))
		for k, l := range lines[i] {
			s.text(Rectangle{b.X + pad/2, b.Y + float64(k)*lh, b.W - pad, lh}, l, assets.Regular, size, textMain, Center)
		}
	}
	if unshown := len(entries) - len(picked); unshown > 0 || v.Omitted > 0 {
		c.line(lobbyMore(v.Omitted, unshown), assets.Regular, textDim)
	}
	return len(picked)
}
