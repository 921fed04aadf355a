package main

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/server"
)

// adminConns is how many connections the --admin port holds at once: it
// answers an operator and a metrics scraper, not the public.
const adminConns = 16

// fileReserve is the descriptors kept for all but the connections: the
// listeners, the store's files, records being written, the log.
const fileReserve = 128

// minConnsFitted is the fewest connections a door is lowered to when the
// descriptors are scarce; fewer is refused as a mistake.
const minConnsFitted = 16

// fitFiles makes sure that the connections every door may hold at once,
// with the admin port and fileReserve, stay under limit open files, so
// that a crowd of connections never leaves the server unable to open a
// record or accept a player: caps the operator left at their defaults
// (set names the flags given) are lowered, and given ones that do not fit
// are refused. f.lowered says what was lowered.
func fitFiles(f *serveFlags, set map[string]bool, limit uint64) error {
	type door struct {
		flag  string
		conns *int
	}
	doors := []door{{"max-conns", &f.maxConns}}
	if f.httpAddr != "" {
		doors = append(doors, door{"http-max-conns", &f.httpMaxConns})
	}
	room := int64(limit) - fileReserve
	if f.admin != "" {
		room -= adminConns
	}
	need := int64(0)
	var movable []door
	var terms []string
	for _, d := range doors {
		need += int64(*d.conns)
		terms = append(terms, fmt.Sprintf("--%s %d", d.flag, *d.conns))
		if !set[d.flag] {
			movable = append(movable, d)
		}
	}
	if need <= room {
		return nil
	}
	free := room
	for _, d := range doors {
		if set[d.flag] {
			free -= int64(*d.conns)
		}
	}
	if len(movable) == 0 || free/int64(len(movable)) < minConnsFitted {
		admin := ""
		if f.admin != "" {
			admin = fmt.Sprintf(" + %d for --admin", adminConns)
		}
		return fmt.Errorf("kriegd: %s%s + %d kept for files need %d open files, over this process's limit of %d (ulimit -n): lower them or raise the limit",
			strings.Join(terms, " + "), admin, fileReserve, int64(limit)-room+need, limit)
	}
	var lowered []string
	for i, d := range movable {
		share := int(free / int64(len(movable)))
		if i == len(movable)-1 {
			share = int(free) - share*(len(movable)-1)
		}
		if share < *d.conns {
			*d.conns = share
			lowered = append(lowered, fmt.Sprintf("--%s to %d", d.flag, share))
		}
	}
	if !set["max-conns-per-addr"] {
		f.maxPerAddr = min(f.maxPerAddr, f.maxConns)
	}
	if !set["http-max-conns-per-addr"] {
		f.httpMaxPerAddr = min(f.httpMaxPerAddr, f.httpMaxConns)
	}
	if f.maxPerAddr > f.maxConns || f.httpMaxPerAddr > f.httpMaxConns {
		return fmt.Errorf("kriegd: with %d open files at most (ulimit -n), --max-conns is %d and --http-max-conns %d: the per-address caps must not exceed them", limit, f.maxConns, f.httpMaxConns)
	}
	f.lowered = fmt.Sprintf("kriegd: this process may open %d files (ulimit -n): lowered %s, so that connections cannot take them all", limit, strings.Join(lowered, " and "))
	return nil
}

// httpRefused counts the HTTP door's connections closed over a cap in
// srv's metrics.
func httpRefused(srv *server.Server) func(string) {
	return func(limit string) { srv.Metrics().Limited("http_conns_" + limit) }
}

// adminRefused counts the admin port's connections closed over its cap.
func adminRefused(srv *server.Server) func(string) {
	return func(limit string) { srv.Metrics().Limited("admin_conns_" + limit) }
}
