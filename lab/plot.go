package lab

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Plot draws the reliability diagram as a PNG at path: for the king and for
// all classes, each non-empty bin's mean predicted probability against the
// observed frequency, with the diagonal of perfect calibration.
func (r Reliability) Plot(path string) error {
	p := plot.New()
	p.Title.Text = "B2 reliability"
	p.X.Label.Text = "predicted probability"
	p.Y.Label.Text = "observed frequency"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	p.Add(plotter.NewGrid())
	diagonal := plotter.NewFunction(func(x float64) float64 { return x })
	diagonal.Color = color.Gray{Y: 128}
	diagonal.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(diagonal)
	p.Legend.Add("perfect", diagonal)
	p.Legend.Top, p.Legend.Left = true, true
	for _, series := range []struct {
		name string
		bins []Bin
		c    color.RGBA
		mark draw.GlyphDrawer
	}{
		{"king", r.King, color.RGBA{R: 200, A: 255}, draw.CircleGlyph{}},
		{"all classes", r.All, color.RGBA{B: 200, A: 255}, draw.SquareGlyph{}},
	} {
		var xy plotter.XYs
		for _, b := range series.bins {
			if b.Cells > 0 {
				xy = append(xy, plotter.XY{X: b.Predicted, Y: b.Observed})
			}
		}
		if len(xy) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(xy)
		if err != nil {
			return fmt.Errorf("lab: plotting %s: %w", series.name, err)
		}
		line.Color, points.Color = series.c, series.c
		points.Shape = series.mark
		p.Add(line, points)
		p.Legend.Add(series.name, line, points)
	}
	w, err := p.WriterTo(5*vg.Inch, 5*vg.Inch, "png")
	if err != nil {
		return fmt.Errorf("lab: drawing the reliability plot: %w", err)
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("lab: %w", err)
	}
	if _, err := w.WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("lab: writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("lab: writing %s: %w", path, err)
	}
	return nil
}

// CheckPlotPath reports whether a plot could be written at path, so that a
// long run is not played only to fail at its end: path must not be a folder
// and its folder must take a new file.
func CheckPlotPath(path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("lab: the plot %s is a folder; give a file name such as %s", path, filepath.Join(path, "reliability.png"))
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".plot-check-*")
	if err != nil {
		return fmt.Errorf("lab: the plot %s cannot be written: %w", path, err)
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("lab: removing the plot check %s: %w", name, err)
	}
	return nil
}
