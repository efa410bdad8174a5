package pdfreport

import (
	"bytes"
	"fmt"
	"image/jpeg"
	"net/url"
	"path"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/listinglift/listinglift/backend/analysis"
)

// photoGrid shows the measured photos as thumbnails, four to a row, each
// with its number and what the measurements found. It reports whether it
// drew any (a report whose photos were not fetched has no thumbnails).
func (d *doc) photoGrid(metrics []analysis.PhotoMetrics) bool {
	type thumb struct {
		i    int
		w, h int
	}
	var thumbs []thumb
	for i, m := range metrics {
		// Only JPEGs we can read go in: a picture fpdf refused would fail
		// the whole document.
		if cfg, err := jpeg.DecodeConfig(bytes.NewReader(m.Thumbnail)); err == nil && cfg.Width > 0 && cfg.Height > 0 {
			thumbs = append(thumbs, thumb{i, cfg.Width, cfg.Height})
		}
	}
	if len(thumbs) == 0 {
		return false
	}
	const cols = 4
	gap := 4.0
	w := (d.width() - gap*(cols-1)) / cols
	h := w * 2 / 3
	opts := fpdf.ImageOptions{ImageType: "JPG"}
	for row := 0; row*cols < len(thumbs); row++ {
		d.begin(h + 10)
		y := d.y()
		for c := 0; c < cols && row*cols+c < len(thumbs); c++ {
			t := thumbs[row*cols+c]
			m := metrics[t.i]
			x := d.left + float64(c)*(w+gap)
			d.fill(slate100)
			d.pdf.Rect(x, y, w, h, "F")
			// Fit inside the cell, keeping the photo's shape.
			dw, dh := w, w*float64(t.h)/float64(t.w)
			if dh > h {
				dw, dh = h*float64(t.w)/float64(t.h), h
			}
			name := fmt.Sprintf("photo-%d", t.i)
			d.pdf.RegisterImageOptionsReader(name, opts, bytes.NewReader(m.Thumbnail))
			d.pdf.ImageOptions(name, x+(w-dw)/2, y+(h-dh)/2, dw, dh, false, opts, 0, "")
			d.drawText(d.ellipsize(photoLabel(t.i, m, d.isCover(t.i, m.URL)), small, w), x, y+h+1.2, w, 4, small, 'L')
		}
		d.setY(y + h + 7.5)
	}
	return true
}

// photoLabel is a thumbnail's caption: its number, "cover", and what the
// measurements found.
func photoLabel(i int, m analysis.PhotoMetrics, cover bool) string {
	s := fmt.Sprint(i + 1)
	if cover {
		s += " · cover"
	}
	if m.Error == "" {
		if !m.ResolutionOK {
			s += " · low resolution"
		}
		if !m.Sharp {
			s += " · blurry"
		}
	}
	return s
}

// photoName is a photo's address shortened to its file name: people read
// "1a2b3c4d-0001.jpeg", not a 120-character URL.
func photoName(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Path == "" || u.Path == "/" {
		return raw
	}
	return path.Base(u.Path)
}

// isCover reports whether photo i (at u) is the cover the photo audit
// judged (the page's hero or og:image, which need not be the photo tour's
// first): the PDF labels that photo, never simply the first.
func (d *doc) isCover(i int, u string) bool {
	c := d.r.PhotoAudit.Cover
	if c == nil || c.URL == "" {
		return false
	}
	if u == "" && i < len(d.r.ImageURLs) {
		u = d.r.ImageURLs[i]
	}
	return u != "" && photoKey(u) == photoKey(c.URL)
}

// photoKey compares image addresses without their size and format
// parameters, as the photo audit does.
func photoKey(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return strings.ToLower(u)
}
