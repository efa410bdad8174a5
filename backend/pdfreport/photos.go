package pdfreport

import (
	"bytes"
	"fmt"
	"image/jpeg"
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
		d.begin(h + 11)
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
			// Two lines at most: "Photo 12 · cover · low resolution · blurry".
			ls := d.wrap(photoLabel(t.i, m, d.isCover(t.i, m.URL)), small, w)
			for k, l := range ls[:min(2, len(ls))] {
				d.drawText(l.text, x, y+h+1.2+float64(k)*4, w, 4, small, 'L')
			}
		}
		d.setY(y + h + 11)
	}
	return true
}

// photoLabel is a thumbnail's caption: its place in the photo tour,
// "cover", and what the measurements found.
func photoLabel(i int, m analysis.PhotoMetrics, cover bool) string {
	s := photoPosition(i)
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

// photoPosition names photo i (from 0) by its place in the listing's photo
// tour, as a host finds it on the page: "Photo 3". A photo is never named
// by its file name or address, which mean nothing to a host. "" for an
// unknown place (i < 0).
func photoPosition(i int) string {
	if i < 0 {
		return ""
	}
	return fmt.Sprintf("Photo %d", i+1)
}

// coverIndex is the place in the photo tour of the cover the photo audit
// judged, -1 when it is not among the photos read.
func (d *doc) coverIndex() int {
	for i, u := range d.r.ImageURLs {
		if d.isCover(i, u) {
			return i
		}
	}
	return -1
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
