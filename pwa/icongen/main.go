// Command icongen draws Tavolo's icons: a cream donut with a gold diamond in its hole, on
// the app's teal. It writes the SVG and the PNGs the manifest names; run it from the
// repository root after changing the drawing: go run ./pwa/icongen
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
)

var (
	teal    = color.NRGBA{0x0d, 0x4a, 0x45, 0xff}
	cream   = color.NRGBA{0xfd, 0xfa, 0xf3, 0xff}
	gold    = color.NRGBA{0xf2, 0xb7, 0x05, 0xff}
	outline = color.NRGBA{0x1d, 0x1b, 0x16, 0xff}
)

// The drawing, in units of the icon's side.
const (
	ringOuter   = 0.32
	ringInner   = 0.15
	diamondHalf = 0.095 // half width; half height is 1.3 times that
	cornerR     = 0.18  // rounded corners of the non-maskable icon
)

func main() {
	dir := filepath.Join("pwa", "static", "icons")
	must(os.MkdirAll(dir, 0o755))
	must(os.WriteFile(filepath.Join(dir, "icon.svg"), []byte(svg()), 0o644))
	for _, icon := range []struct {
		name     string
		size     int
		maskable bool
	}{{"icon-192.png", 192, false}, {"icon-512.png", 512, false}, {"maskable-512.png", 512, true}} {
		f, err := os.Create(filepath.Join(dir, icon.name))
		must(err)
		must(png.Encode(f, draw(icon.size, icon.maskable)))
		must(f.Close())
	}
}

func svg() string {
	d := diamondHalf
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="Tavolo">
<rect width="100" height="100" rx="%g" fill="#0d4a45"/>
<path fill="#fdfaf3" fill-rule="evenodd" d="M50 %g a%g %g 0 1 0 0.001 0z M50 %g a%g %g 0 1 1 -0.001 0z"/>
<path fill="#f2b705" stroke="#1d1b16" stroke-width="1.2" d="M50 %g L%g 50 L50 %g L%g 50z"/>
</svg>
`, cornerR*100,
		50-ringOuter*100, ringOuter*100, ringOuter*100,
		50-ringInner*100, ringInner*100, ringInner*100,
		50-d*130, 50+d*100, 50+d*130, 50-d*100)
}

// draw rasterizes the icon with 4×4 samples a pixel.
func draw(size int, maskable bool) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const n = 4
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b, a float64
			for sy := 0; sy < n; sy++ {
				for sx := 0; sx < n; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/n) / float64(size)
					y := (float64(py) + (float64(sy)+0.5)/n) / float64(size)
					c, ok := sample(x, y, maskable, 1.2/100)
					if !ok {
						continue
					}
					r += float64(c.R)
					g += float64(c.G)
					b += float64(c.B)
					a++
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{uint8(r / a), uint8(g / a), uint8(b / a), uint8(255 * a / (n * n))})
		}
	}
	return img
}

// sample is the colour at (x, y) in [0,1]², or false outside the icon's shape.
func sample(x, y float64, maskable bool, stroke float64) (color.NRGBA, bool) {
	if !maskable && !insideRoundedSquare(x, y) {
		return color.NRGBA{}, false
	}
	dx, dy := x-0.5, y-0.5
	// The diamond: |dx|/w + |dy|/h <= 1, with a dark outline so it reads on cream too.
	w, h := diamondHalf, diamondHalf*1.3
	if k := math.Abs(dx)/w + math.Abs(dy)/h; k <= 1+stroke/w {
		if k <= 1-stroke/w {
			return gold, true
		}
		return outline, true
	}
	if d := math.Hypot(dx, dy); d <= ringOuter && d >= ringInner {
		return cream, true
	}
	return teal, true
}

func insideRoundedSquare(x, y float64) bool {
	cx := math.Max(cornerR-x, math.Max(0, x-(1-cornerR)))
	cy := math.Max(cornerR-y, math.Max(0, y-(1-cornerR)))
	return cx*cx+cy*cy <= cornerR*cornerR
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "icongen:", err)
		os.Exit(1)
	}
}
