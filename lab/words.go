package lab

import "fmt"

// Count writes n with the noun in the number it takes: "1 game", "2 games".
func Count(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
