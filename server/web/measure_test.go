package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// The browser measurements (make bench-web; docs/measurements.md, Browser).

// BenchmarkPageLoad times kriegd's page from the navigation to a
// playable board: the page loaded, "Play as a guest" clicked as soon as
// it shows, and the board drawing, logged in; in a new tab with an empty
// cache each time, on loopback (compressed as the browser accepts).
// BenchmarkPageLoadBaseline is the same navigation to the same server's
// krieg.json: what the browser and the loopback cost alone. Besides the
// mean and worst times it reports the phases (see reportPhases).
func BenchmarkPageLoad(b *testing.B) {
	u := startUmpire(b, server.Config{}, pageSite(b), Options{})
	timeLoads(b, "load", "http://"+u.http+"/", func(p *tab) {
		p.waitShown("door", 120*time.Second)
		p.element("#guest")
		boardDrawn(p)
	})
}

// BenchmarkPageLoadBaseline: see BenchmarkPageLoad.
func BenchmarkPageLoadBaseline(b *testing.B) {
	u := startUmpire(b, server.Config{}, pageSite(b), Options{})
	br := newBrowser(b)
	var times []time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		p := openTab(b, br, fmt.Sprintf("baseline %d", i), "http://"+u.http+"/krieg.json")
		times = append(times, time.Since(start))
		p.close()
	}
	reportTimes(b, times)
}

// BenchmarkPageLoadFloor times the smallest Ebitengine page (package
// cmd/krieg-web/floor: one line of text), built, assembled and served as
// the board is, from the navigation to its first frame: what Go,
// Ebitengine and this browser cost any such page on the machine.
func BenchmarkPageLoadFloor(b *testing.B) {
	u := startUmpire(b, server.Config{}, floorSite.folder(b), Options{})
	timeLoads(b, "floor", "http://"+u.http+"/", func(p *tab) { p.waitMark("krieg:first-frame", 120*time.Second) })
}

// BenchmarkOfflineLoad times the static site, from a plain file server,
// from the navigation to the new-game screen drawn: the page that plays
// the computer with no server.
func BenchmarkOfflineLoad(b *testing.B) {
	static := httptest.NewServer(http.FileServer(http.Dir(pageSite(b))))
	defer static.Close()
	timeLoads(b, "offline", static.URL+"/", boardDrawn)
}

// timeLoads opens url b.N times, each in a new tab of one browser, times
// it until reach returns, and reports the times and the phases. Each tab
// is closed after its load: a first visit has no other board drawing
// beside it.
func timeLoads(b *testing.B, name, url string, reach func(*tab)) {
	br := newBrowser(b)
	var times []time.Duration
	var phases []loadPhases
	for i := 0; i < b.N; i++ {
		start := time.Now()
		p := openTab(b, br, fmt.Sprintf("%s %d", name, i), url)
		reach(p)
		times = append(times, time.Since(start))
		phases = append(phases, p.phases())
		p.close()
	}
	reportTimes(b, times)
	reportPhases(b, phases)
}

// boardDrawn waits for the board's first frame, and checks that the board
// says it runs.
func boardDrawn(p *tab) {
	p.t.Helper()
	p.waitMark("krieg:first-frame", 120*time.Second)
	if s := p.state(); !s.Running || s.Frames == 0 {
		p.t.Fatalf("%s: the first frame was marked, but the board reports running %v, %d frames", p.name, s.Running, s.Frames)
	}
}

// loadPhases are when a load reached each phase, in seconds from the
// navigation's start (0 when it did not).
type loadPhases struct {
	Wasm     float64 `json:"wasm"`     // the .wasm's last byte received
	Compiled float64 `json:"compiled"` // compiled and instantiated (krieg:instantiated)
	Ready    float64 `json:"ready"`    // Go's runtime and package init done, main said ready (krieg:ready)
	Drawn    float64 `json:"drawn"`    // the board's first frame (krieg:first-frame)
}

// phases reads the load's phases from the page's timeline.
func (p *tab) phases() loadPhases {
	p.t.Helper()
	var ph loadPhases
	s := p.eval(`(() => {
		const mark = (n) => ((performance.getEntriesByName(n, "mark")[0] || {}).startTime || 0) / 1000;
		const wasm = performance.getEntriesByType("resource").find((e) => e.name.endsWith(".wasm"));
		return JSON.stringify({ wasm: (wasm ? wasm.responseEnd : 0) / 1000, compiled: mark("krieg:instantiated"),
			ready: mark("krieg:ready"), drawn: mark("krieg:first-frame") });
	})()`)
	if err := json.Unmarshal([]byte(s), &ph); err != nil {
		p.t.Fatalf("%s: phases %q: %v", p.name, s, err)
	}
	return ph
}

// reportPhases reports the mean of each phase, in seconds from the
// navigation's start: wasm-s (the .wasm received), compiled-s, ready-s
// (Go started and initialised) and drawn-s (the first frame).
func reportPhases(b *testing.B, phases []loadPhases) {
	var sum loadPhases
	for _, ph := range phases {
		sum.Wasm += ph.Wasm
		sum.Compiled += ph.Compiled
		sum.Ready += ph.Ready
		sum.Drawn += ph.Drawn
	}
	n := float64(len(phases))
	b.ReportMetric(sum.Wasm/n, "wasm-s")
	b.ReportMetric(sum.Compiled/n, "compiled-s")
	b.ReportMetric(sum.Ready/n, "ready-s")
	b.ReportMetric(sum.Drawn/n, "drawn-s")
}

// BenchmarkPageFrame times the board's frames in the page (Update and
// Draw, as sprites' BenchmarkFrame times them natively) with everything
// on: a game against the computer a few moves in, every token kind, the
// zone, the heat map and a hover tooltip. It reports the mean, median and
// 99th percentile over b.N frames.
func BenchmarkPageFrame(b *testing.B) {
	static := httptest.NewServer(http.FileServer(http.Dir(pageSite(b))))
	defer static.Close()
	p := openTab(b, newBrowser(b), "frames", static.URL+"/?movetime=30ms")
	p.wait("the new-game screen", 120*time.Second, func(s board) bool { return s.Running && s.Frames > 0 })
	if p.state().Legend {
		p.call(`kriegTest.press("Legend")`)
	}
	p.call(`kriegTest.press("Start")`)
	p.wait("a game", 30*time.Second, func(s board) bool { return s.InGame && s.ToMove == s.Side })
	for _, m := range []string{"e2e4", "d2d4", "g1f3", "f1c4"} {
		n := len(p.state().Heard)
		p.call(fmt.Sprintf("kriegTest.attempt(%q)", m))
		p.wait("the answer", 60*time.Second, func(s board) bool { return len(s.Heard) > n })
		p.wait("our move again", 60*time.Second, func(s board) bool { return s.ToMove == s.Side || s.Result != "" })
	}
	for _, btn := range []string{"Zone", "Heat"} {
		p.call(fmt.Sprintf("kriegTest.press(%q)", btn))
	}
	p.call(`kriegTest.hover("d5")`)
	p.frames(3)
	p.call(`kriegTest.resetFrames()`)
	b.ResetTimer()
	p.wait("the frames", time.Duration(b.N)*time.Second+time.Minute, func(s board) bool { return s.Frames >= b.N })
	b.StopTimer()
	var st struct{ Count, Mean, P50, P99 float64 }
	if err := json.Unmarshal([]byte(p.eval("kriegTest.frames()")), &st); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(st.Mean, "mean-ms")
	b.ReportMetric(st.P50, "p50-ms")
	b.ReportMetric(st.P99, "p99-ms")
}

// reportTimes reports the mean and the worst of the times, in seconds.
func reportTimes(b *testing.B, times []time.Duration) {
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	var sum time.Duration
	for _, d := range times {
		sum += d
	}
	b.ReportMetric((sum / time.Duration(len(times))).Seconds(), "mean-s")
	b.ReportMetric(times[len(times)-1].Seconds(), "max-s")
}
