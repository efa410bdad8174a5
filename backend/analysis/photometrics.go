package analysis

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // decoders for the formats listing sites serve
	"image/jpeg"
	_ "image/png"
	"math"
	"math/bits"
)

// Photo measurement thresholds.
const (
	// MinPhotoWidth × MinPhotoHeight is Airbnb's recommended minimum
	// resolution (landscape; portrait photos are checked turned).
	MinPhotoWidth  = 1024
	MinPhotoHeight = 683
	// MinBrightness and MaxBrightness bound a well-exposed photo's mean
	// luma (Rec. 601, 0–255).
	MinBrightness = 60
	MaxBrightness = 200
	// SharpnessThreshold is the variance of the Laplacian (on the photo
	// scaled to at most 512 pixels a side, luma 0–255) below which a photo
	// reads as soft or blurred. Sharp photos of rooms measure in the
	// hundreds or thousands; out-of-focus ones in the tens.
	SharpnessThreshold = 100
	// DuplicateDistance is the largest Hamming distance between two 64-bit
	// difference hashes for the photos to count as near-duplicates.
	DuplicateDistance = 10
	// analysisSide is the longest side photos are scaled to for measuring.
	analysisSide = 512
	// MaxPixels guards decoding: images with more pixels are refused
	// before they are decoded (decompression bombs).
	MaxPixels = 16_000_000
)

// PhotoMetrics are the measurements of one photo.
type PhotoMetrics struct {
	URL          string  `json:"url,omitempty"`
	Width        int     `json:"width"`
	Height       int     `json:"height"`
	ResolutionOK bool    `json:"resolution_ok"`
	Brightness   float64 `json:"brightness"` // mean luma 0–255
	Sharpness    float64 `json:"sharpness"`  // variance of the Laplacian
	Sharp        bool    `json:"sharp"`
	Hash         string  `json:"hash"` // 64-bit difference hash, hex
	Error        string  `json:"error,omitempty"`
	// Thumbnail is a small JPEG of the photo for the Premium PDF, made
	// while the photo is decoded anyway; it is never stored or sent.
	Thumbnail []byte `json:"-"`
	hash      uint64
}

// ErrTooLarge is returned for images over MaxPixels.
var ErrTooLarge = errors.New("image too large to measure")

// InspectImage decodes JPEG, PNG or GIF bytes and measures them. It checks
// the declared size before decoding.
func InspectImage(data []byte) (PhotoMetrics, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return PhotoMetrics{}, fmt.Errorf("unsupported or corrupt image: %w", err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > MaxPixels {
		return PhotoMetrics{}, ErrTooLarge
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return PhotoMetrics{}, fmt.Errorf("unsupported or corrupt image: %w", err)
	}
	m := MeasureImage(img)
	m.Thumbnail = Thumbnail(img, ThumbnailSide)
	return m, nil
}

// ThumbnailSide is the longest side of a photo's thumbnail, in pixels:
// sharp at the PDF's 45 mm width.
const ThumbnailSide = 320

// Thumbnail scales img down so its longest side is at most side pixels
// (each pixel the mean of the block it covers) and encodes it as a JPEG;
// nil when that fails.
func Thumbnail(img image.Image, side int) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 {
		return nil
	}
	scale := math.Max(float64(w), float64(h)) / float64(side)
	if scale < 1 {
		scale = 1
	}
	tw, th := max(1, int(float64(w)/scale)), max(1, int(float64(h)/scale))
	out := image.NewRGBA(image.Rect(0, 0, tw, th))
	for ty := 0; ty < th; ty++ {
		y0, y1 := b.Min.Y+ty*h/th, b.Min.Y+(ty+1)*h/th
		for tx := 0; tx < tw; tx++ {
			x0, x1 := b.Min.X+tx*w/tw, b.Min.X+(tx+1)*w/tw
			var r, g, bl, n uint64
			// Sample at most a 4×4 grid of the block: enough for a
			// thumbnail, and fast on a 16-megapixel photo.
			sx, sy := max(1, (x1-x0)/4), max(1, (y1-y0)/4)
			for y := y0; y < max(y1, y0+1); y += sy {
				for x := x0; x < max(x1, x0+1); x += sx {
					cr, cg, cb, _ := img.At(x, y).RGBA()
					r, g, bl, n = r+uint64(cr), g+uint64(cg), bl+uint64(cb), n+1
				}
			}
			out.SetRGBA(tx, ty, color.RGBA{uint8(r / n >> 8), uint8(g / n >> 8), uint8(bl / n >> 8), 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: 75}); err != nil {
		return nil
	}
	return buf.Bytes()
}

// ImageInspector measures image bytes with InspectImage, within the
// process's decode bound (decodes.go).
type ImageInspector struct{}

// Inspect measures one photo's bytes, waiting for a decode slot.
func (ImageInspector) Inspect(data []byte) (PhotoMetrics, error) {
	return InspectImageContext(context.Background(), data)
}

// InspectContext measures one photo's bytes, waiting for a decode slot
// until ctx ends.
func (ImageInspector) InspectContext(ctx context.Context, data []byte) (PhotoMetrics, error) {
	return InspectImageContext(ctx, data)
}

// MeasureImage measures resolution, brightness (mean luma), sharpness
// (variance of the 4-neighbour Laplacian) and a difference hash. It is a
// pure function of the pixels.
func MeasureImage(img image.Image) PhotoMetrics {
	b := img.Bounds()
	m := PhotoMetrics{Width: b.Dx(), Height: b.Dy()}
	long, short := max(m.Width, m.Height), min(m.Width, m.Height)
	m.ResolutionOK = long >= MinPhotoWidth && short >= MinPhotoHeight
	g, w, h := grayScaled(img, analysisSide)
	if w == 0 || h == 0 {
		return m
	}
	sum := 0.0
	for _, v := range g {
		sum += v
	}
	m.Brightness = round1(sum / float64(len(g)))
	m.Sharpness = round1(laplacianVariance(g, w, h))
	m.Sharp = m.Sharpness >= SharpnessThreshold
	m.hash = dHash(g, w, h)
	m.Hash = fmt.Sprintf("%016x", m.hash)
	return m
}

// NearDuplicates returns the pairs of positions whose hashes differ by at
// most DuplicateDistance bits. Photos with an error are skipped.
func NearDuplicates(ms []PhotoMetrics) []PhotoPair {
	out := []PhotoPair{}
	for i := range ms {
		if ms[i].Error != "" || ms[i].Hash == "" {
			continue
		}
		for j := i + 1; j < len(ms); j++ {
			if ms[j].Error != "" || ms[j].Hash == "" {
				continue
			}
			if HammingDistance(ms[i].hashValue(), ms[j].hashValue()) <= DuplicateDistance {
				out = append(out, PhotoPair{A: i, B: j})
			}
		}
	}
	return out
}

func (m PhotoMetrics) hashValue() uint64 {
	if m.hash != 0 || m.Hash == "" {
		return m.hash
	}
	var v uint64
	fmt.Sscanf(m.Hash, "%x", &v)
	return v
}

// HammingDistance counts the differing bits of two hashes.
func HammingDistance(a, b uint64) int { return bits.OnesCount64(a ^ b) }

// grayScaled returns the image's luma scaled down by an integer factor so
// that its longest side is at most maxSide, each output pixel the mean of
// its block. JPEG's YCbCr images are read from the Y plane directly.
func grayScaled(img image.Image, maxSide int) ([]float64, int, int) {
	b := img.Bounds()
	W, H := b.Dx(), b.Dy()
	if W == 0 || H == 0 {
		return nil, 0, 0
	}
	f := max(1, int(math.Ceil(float64(max(W, H))/float64(maxSide))))
	w, h := W/f, H/f
	if w == 0 || h == 0 {
		w, h, f = W, H, 1
	}
	luma := lumaFunc(img)
	out := make([]float64, w*h)
	area := float64(f * f)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s := 0.0
			for dy := 0; dy < f; dy++ {
				for dx := 0; dx < f; dx++ {
					s += luma(b.Min.X+x*f+dx, b.Min.Y+y*f+dy)
				}
			}
			out[y*w+x] = s / area
		}
	}
	return out, w, h
}

// lumaFunc returns a fast luma reader for the common image types.
func lumaFunc(img image.Image) func(x, y int) float64 {
	switch im := img.(type) {
	case *image.YCbCr:
		return func(x, y int) float64 { return float64(im.Y[im.YOffset(x, y)]) }
	case *image.Gray:
		return func(x, y int) float64 { return float64(im.Pix[im.PixOffset(x, y)]) }
	case *image.RGBA:
		return func(x, y int) float64 {
			i := im.PixOffset(x, y)
			return 0.299*float64(im.Pix[i]) + 0.587*float64(im.Pix[i+1]) + 0.114*float64(im.Pix[i+2])
		}
	case *image.NRGBA:
		return func(x, y int) float64 {
			i := im.PixOffset(x, y)
			a := float64(im.Pix[i+3]) / 255
			return a * (0.299*float64(im.Pix[i]) + 0.587*float64(im.Pix[i+1]) + 0.114*float64(im.Pix[i+2]))
		}
	}
	return func(x, y int) float64 {
		r, g, b, _ := img.At(x, y).RGBA()
		return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)) / 257
	}
}

// laplacianVariance is the variance of the 4-neighbour Laplacian over the
// interior pixels.
func laplacianVariance(g []float64, w, h int) float64 {
	if w < 3 || h < 3 {
		return 0
	}
	n := 0
	sum, sq := 0.0, 0.0
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			i := y*w + x
			l := g[i-1] + g[i+1] + g[i-w] + g[i+w] - 4*g[i]
			sum += l
			sq += l * l
			n++
		}
	}
	mean := sum / float64(n)
	return sq/float64(n) - mean*mean
}

// dHash is the 64-bit difference hash: the image scaled to 9×8 by block
// means, one bit per horizontally adjacent pair (left brighter than right).
func dHash(g []float64, w, h int) uint64 {
	const hw, hh = 9, 8
	var small [hh][hw]float64
	for y := 0; y < hh; y++ {
		y0, y1 := y*h/hh, max((y+1)*h/hh, y*h/hh+1)
		for x := 0; x < hw; x++ {
			x0, x1 := x*w/hw, max((x+1)*w/hw, x*w/hw+1)
			s, n := 0.0, 0
			for yy := y0; yy < y1 && yy < h; yy++ {
				for xx := x0; xx < x1 && xx < w; xx++ {
					s += g[yy*w+xx]
					n++
				}
			}
			if n > 0 {
				small[y][x] = s / float64(n)
			}
		}
	}
	var v uint64
	for y := 0; y < hh; y++ {
		for x := 0; x < hw-1; x++ {
			v <<= 1
			if small[y][x] > small[y][x+1] {
				v |= 1
			}
		}
	}
	return v
}
