package web

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/krieg/krieg/cmd/krieg-web/probe"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// The browser tests run the page in Debian's chromium, headless, driven
// through the DevTools protocol. The board is built once per test binary
// with the kriegtest tag, which adds window.kriegTest (cmd/krieg-web's
// hook_js.go): the tests read the board's state through it and find where
// to click, and make most attempts through it to keep the games quick.

// chromiumPath finds chromium, or skips the test.
func chromiumPath(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("browser test skipped: Debian's chromium is not installed (make test installs it)")
	return ""
}

// builtSite is a site built once per test binary around a program
// compiled for the browser.
type builtSite struct {
	pkg  string // the program
	tags string // its build tags
	once sync.Once
	dir  string
	err  error
}

var (
	// testSite is the page with the test hook.
	testSite = &builtSite{pkg: "github.com/krieg/krieg/cmd/krieg-web", tags: "kriegtest"}
	// floorSite is the smallest Ebitengine page, for the load benchmarks' floor.
	floorSite = &builtSite{pkg: "github.com/krieg/krieg/cmd/krieg-web/floor"}
)

// pageSite builds the site with the hook (once) and returns its folder.
func pageSite(t testing.TB) string { return testSite.folder(t) }

// folder builds the site (once) and returns its folder.
func (s *builtSite) folder(t testing.TB) string {
	t.Helper()
	s.once.Do(func() { s.dir, s.err = s.build() })
	if s.err != nil {
		t.Fatal(s.err)
	}
	return filepath.Join(s.dir, "site")
}

// build compiles the program for the browser as make web does and
// assembles the site around it in a temporary folder.
func (s *builtSite) build() (string, error) {
	dir, err := os.MkdirTemp("", "krieg-web-test-")
	if err != nil {
		return "", err
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return dir, fmt.Errorf("go env GOROOT: %w", err)
	}
	wasm := filepath.Join(dir, "program.wasm")
	build := exec.Command("go", "build", "-tags", s.tags, "-trimpath", "-ldflags=-s -w", "-o", wasm, s.pkg)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		return dir, fmt.Errorf("building %s for the browser: %v\n%s", s.pkg, err, out)
	}
	exec := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
	return dir, Assemble(filepath.Join(dir, "site"), SiteOptions{Wasm: wasm, WasmExec: exec, Brotli: -1})
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, s := range []*builtSite{testSite, floorSite} {
		if s.dir != "" {
			os.RemoveAll(s.dir)
		}
	}
	os.Exit(code)
}

// newBrowser starts a headless chromium with a fresh profile; it ends
// with the test.
func newBrowser(t testing.TB, more ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromiumPath(t)),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Flag("disable-component-update", true),
		chromedp.Flag("mute-audio", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 800))
	opts = append(opts, more...)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int]("1")); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// tab is one page in the browser, with what its console said.
type tab struct {
	t     testing.TB
	name  string
	ctx   context.Context
	close context.CancelFunc // closes the tab

	mu      sync.Mutex
	console []string
}

// openTab opens url in a new tab of b (in a browser context of its own,
// so two tabs are two players with their own storage), once it has loaded.
func openTab(t testing.TB, b context.Context, name, url string) *tab {
	t.Helper()
	p := newTab(t, b, name)
	if err := chromedp.Do(p.ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// startTab opens url in a new tab of b, as soon as the page arrives (its
// preloads may still be loading).
func startTab(t testing.TB, b context.Context, name, url string) *tab {
	t.Helper()
	p := newTab(t, b, name)
	if _, err := chromedp.Run(p.ctx, chromedp.NavigateResponse(url)); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// newTab opens an empty tab in b, in a browser context of its own.
func newTab(t testing.TB, b context.Context, name string) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	p := &tab{t: t, name: name, ctx: ctx, close: cancel}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int]("1")); err != nil {
		t.Fatal(err)
	}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.console = append(p.console, m.String())
			p.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		if t.Failed() {
			p.mu.Lock()
			t.Logf("%s's console:\n%s", name, strings.Join(p.console, "\n"))
			p.mu.Unlock()
		}
	})
	return p
}

// eval runs a script in the page and returns its string result.
func (p *tab) eval(script string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](script))
	if err != nil {
		p.t.Fatalf("%s: %s: %v", p.name, script, err)
	}
	return v
}

// call calls a kriegTest function that returns "" or a problem.
func (p *tab) call(script string) {
	p.t.Helper()
	if msg := p.eval(script); msg != "" {
		p.t.Fatalf("%s: %s: %s", p.name, script, msg)
	}
}

// board is what window.kriegTest.state() reports.
type board = probe.Board

// state reads the board ({} before the board runs).
func (p *tab) state() board {
	p.t.Helper()
	var b board
	s := p.eval(`window.kriegTest ? kriegTest.state() : "{}"`)
	if err := json.Unmarshal([]byte(s), &b); err != nil {
		p.t.Fatalf("%s: state %q: %v", p.name, s, err)
	}
	return b
}

// wait polls the board until cond holds, for up to d.
func (p *tab) wait(what string, d time.Duration, cond func(board) bool) board {
	p.t.Helper()
	b, ok := p.poll(d, cond)
	if !ok {
		p.t.Fatalf("%s: no %s within %v; the board: mode %d, status %q, notice %q, %d entries heard, result %q",
			p.name, what, d, b.Mode, b.Status, b.Notice, len(b.Heard), b.Result)
	}
	return b
}

// poll polls the board until cond holds, for up to d; false, with the
// last board, when it never did.
func (p *tab) poll(d time.Duration, cond func(board) bool) (board, bool) {
	p.t.Helper()
	deadline := time.Now().Add(d)
	for {
		b := p.state()
		if cond(b) {
			return b, true
		}
		if time.Now().After(deadline) {
			return b, false
		}
		time.Sleep(15 * time.Millisecond)
	}
}

// await runs a script whose value is a promise and waits up to d for it.
func (p *tab) await(what, script string, d time.Duration) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, d)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](script, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: no %s within %v: %v", p.name, what, d, err)
	}
	return v
}

// waitMark waits up to d for the page's performance mark name (the
// board marks its phases: krieg:ready, krieg:first-frame).
func (p *tab) waitMark(name string, d time.Duration) {
	p.t.Helper()
	p.await(name, fmt.Sprintf(`new Promise((resolve) => {
		const seen = () => performance.getEntriesByName(%q, "mark").length > 0;
		if (seen()) return resolve("");
		new PerformanceObserver((list, o) => { if (seen()) { o.disconnect(); resolve(""); } }).observe({ type: "mark" });
	})`, name), d)
}

// waitShown waits up to d for the page element with id to show.
func (p *tab) waitShown(id string, d time.Duration) {
	p.t.Helper()
	p.await(id+" shown", fmt.Sprintf(`new Promise((resolve) => {
		const e = document.getElementById(%q);
		if (!e.hidden) return resolve("");
		new MutationObserver((_, o) => { if (!e.hidden) { o.disconnect(); resolve(""); } }).observe(e, { attributes: true });
	})`, id), d)
}

// click presses and releases the mouse at (x, y) with frames drawn in
// between, as a person does: the board reads the button once a frame,
// and a loaded machine may draw only a few frames a second.
func (p *tab) click(x, y float64) {
	p.t.Helper()
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(chromedp.MouseMoved, x, y),
		chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
	}
	for i, step := range steps {
		if err := chromedp.Do(p.ctx, step); err != nil {
			p.t.Fatalf("%s: click: %v", p.name, err)
		}
		if i > 0 {
			p.frames(2)
		}
	}
}

// frames waits until the board has drawn n more frames.
func (p *tab) frames(n int) {
	p.t.Helper()
	from := p.state().Frames
	p.wait("frames drawn", 30*time.Second, func(b board) bool { return b.Frames >= from+n })
}

// closeLegend closes the legend a first visit opens, with a click.
func (p *tab) closeLegend() {
	p.t.Helper()
	if p.state().Legend {
		p.clickAt("buttonAt", "Legend")
		p.wait("the legend closed", 30*time.Second, func(b board) bool { return !b.Legend })
	}
}

// clickAt clicks where a kriegTest locator (buttonAt, squareAt) says.
func (p *tab) clickAt(locator, what string) {
	p.t.Helper()
	var pt struct{ X, Y float64 }
	s := p.eval(fmt.Sprintf("kriegTest.%s(%q)", locator, what))
	if err := json.Unmarshal([]byte(s), &pt); err != nil {
		p.t.Fatalf("%s: %s(%q) is not on the board (%q)", p.name, locator, what, s)
	}
	p.click(pt.X, pt.Y)
}

// move makes an attempt with the mouse: a click on the man, one on its square.
func (p *tab) move(m string) {
	p.t.Helper()
	p.clickAt("squareAt", m[:2])
	p.clickAt("squareAt", m[2:4])
}

// element clicks a page element (the door, the lobby).
func (p *tab) element(sel string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		p.t.Fatalf("%s: clicking %s: %v", p.name, sel, err)
	}
}

// grantClipboard lets the page write and read the clipboard, as a person
// who allowed it would.
func (p *tab) grantClipboard(origin string) {
	p.t.Helper()
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		_, err := chromedp.CallBrowser(p.ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted,
			Origin: origin, BrowserContextID: chromedp.FromContext(p.ctx).BrowserContextID})
		if err != nil {
			p.t.Fatalf("%s: granting %s: %v", p.name, name, err)
		}
	}
}

// clipboard reads the clipboard's text.
func (p *tab) clipboard() string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string]("navigator.clipboard.readText()", chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: reading the clipboard: %v", p.name, err)
	}
	return v
}

// heardAs describes a page's heard entries for side, as truthFor does
// (the game's end, which the driver reports as an entry, left out).
func heardAs(entries []referee.Entry, side game.Color) []string {
	var out []string
	for _, e := range entries {
		if e.Verdict != referee.Finished {
			out = append(out, describe(e, e.Mover == side))
		}
	}
	return out
}

// sideOf reads a board's side.
func sideOf(b board) game.Color {
	if b.Side == game.Black.String() {
		return game.Black
	}
	return game.White
}
