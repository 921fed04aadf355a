package web

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

var update = flag.Bool("update", false, "rewrite the page's golden screenshot in testdata")

// goldenPage is the page's new-game screen at 1024×640, one pixel a
// device pixel.
const goldenPage = "testdata/page-newgame.png"

// TestPageScreenshot compares the offline page's new-game screen, drawn
// by the board in chromium (software WebGL), with the golden screenshot:
// at most 0.5 % of the pixels may differ by more than a little (the
// rasteriser's rounding), none of the page's frame or layout.
// go test ./server/web -run PageScreenshot -update rewrites the golden.
func TestPageScreenshot(t *testing.T) {
	b := newBrowser(t)
	static := httptest.NewServer(http.FileServer(http.Dir(pageSite(t))))
	defer static.Close()
	p := openTab(t, b, "screenshot", static.URL+"/")
	if _, err := chromedp.Call(p.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 1024, Height: 640, DeviceScaleFactor: 1}); err != nil {
		t.Fatal(err)
	}
	p.wait("the new-game screen", 90*time.Second, func(s board) bool { return s.Running && s.Frames > 2 && s.Mode == newGameScreen })
	p.closeLegend() // it starts closed; closed it stays
	p.frames(3)
	shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(goldenPage), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenPage, shot, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(goldenPage)
	if err != nil {
		t.Fatalf("%v (go test ./server/web -run PageScreenshot -update writes it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if differ, total := differing(got, want); got.Bounds() != want.Bounds() || differ*200 > total {
		out := filepath.Join(os.TempDir(), "krieg-page-newgame.png")
		os.WriteFile(out, shot, 0o644)
		t.Fatalf("the page differs from %s: %d of %d pixels (sizes %v, %v); this run's screenshot is %s",
			goldenPage, differ, total, got.Bounds(), want.Bounds(), out)
	}
}

// differing counts the pixels whose colour differs by more than 48 in a
// channel (of 255), of those the two images share.
func differing(a, b image.Image) (differ, total int) {
	r := a.Bounds().Intersect(b.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			if far(ar, br) || far(ag, bg) || far(ab, bb) {
				differ++
			}
			total++
		}
	}
	return differ, total
}

// far reports whether two 16-bit channel values differ by more than 48/255.
func far(x, y uint32) bool {
	d := int(x) - int(y)
	return d > 48*257 || d < -48*257
}
