package analysis

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"testing"
)

func uniform(w, h int, v uint8) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = v
	}
	return img
}

func checker(w, h, cell int) *image.Gray {
	img := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if (x/cell+y/cell)%2 == 0 {
				img.Pix[y*img.Stride+x] = 255
			}
		}
	}
	return img
}

// scene is a room-like test picture: a diagonal gradient with a few
// shapes, RGBA.
func scene(w, h int, shift int, mirror bool) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sx := x
			if mirror {
				sx = w - 1 - x
			}
			v := (sx*200/w + y*40/h)
			if sx > w/3 && sx < w/2 && y > h/4 && y < 3*h/4 {
				v = 230 // a window
			}
			if (sx/40+y/40)%7 == 0 {
				v -= 60 // texture
			}
			v = max(0, min(255, v+shift))
			img.Set(x, y, color.RGBA{uint8(v), uint8(v), uint8(v), 255})
		}
	}
	return img
}

func TestMeasureImageResolutionAndBrightness(t *testing.T) {
	m := MeasureImage(uniform(1200, 800, 128))
	if !m.ResolutionOK || m.Brightness != 128 || m.Sharp || m.Sharpness != 0 {
		t.Errorf("uniform: %+v", m)
	}
	if m := MeasureImage(uniform(640, 480, 20)); m.ResolutionOK || m.Brightness != 20 {
		t.Errorf("small dark: %+v", m)
	}
	if m := MeasureImage(uniform(683, 1024, 200)); !m.ResolutionOK || m.Width != 683 || m.Height != 1024 {
		t.Errorf("portrait 683×1024: %+v", m)
	}
	if m := MeasureImage(uniform(1024, 682, 100)); m.ResolutionOK {
		t.Errorf("1024×682 passes the 1024×683 minimum")
	}
}

// A checkerboard is as sharp as a picture gets; the same board smoothed
// into a gradient has almost no Laplacian energy.
func TestMeasureImageSharpness(t *testing.T) {
	sharp := MeasureImage(checker(1024, 683, 16))
	if !sharp.Sharp || sharp.Sharpness < 1000 {
		t.Errorf("checkerboard: sharpness %v", sharp.Sharpness)
	}
	if math.Abs(sharp.Brightness-127.5) > 3 {
		t.Errorf("checkerboard brightness %v", sharp.Brightness)
	}
	ramp := image.NewGray(image.Rect(0, 0, 1024, 683))
	for y := 0; y < 683; y++ {
		for x := 0; x < 1024; x++ {
			ramp.Pix[y*ramp.Stride+x] = uint8(x / 4)
		}
	}
	soft := MeasureImage(ramp)
	if soft.Sharp || soft.Sharpness >= SharpnessThreshold {
		t.Errorf("ramp: sharpness %v", soft.Sharpness)
	}
}

func TestNearDuplicates(t *testing.T) {
	a := MeasureImage(scene(1200, 800, 0, false))
	b := MeasureImage(scene(1200, 800, 12, false)) // the same shot, a little brighter
	c := MeasureImage(scene(1200, 800, 0, true))   // another angle: mirrored
	if d := HammingDistance(a.hash, b.hash); d > DuplicateDistance {
		t.Errorf("brighter copy differs by %d bits", d)
	}
	if d := HammingDistance(a.hash, c.hash); d <= DuplicateDistance {
		t.Errorf("mirrored shot differs by only %d bits", d)
	}
	pairs := NearDuplicates([]PhotoMetrics{a, c, b, {Error: "x"}})
	if len(pairs) != 1 || pairs[0] != (PhotoPair{A: 0, B: 2}) {
		t.Errorf("pairs = %v", pairs)
	}
	// Hashes survive a JSON round trip (the hex string is parsed back).
	a2, b2 := a, b
	a2.hash, b2.hash = 0, 0
	if len(NearDuplicates([]PhotoMetrics{a2, b2})) != 1 {
		t.Error("near-duplicate not found from hex hashes")
	}
}

func TestInspectImage(t *testing.T) {
	var pngBuf, jpgBuf bytes.Buffer
	if err := png.Encode(&pngBuf, checker(1100, 700, 10)); err != nil {
		t.Fatal(err)
	}
	m, err := InspectImage(pngBuf.Bytes())
	if err != nil || m.Width != 1100 || !m.ResolutionOK || !m.Sharp {
		t.Errorf("png: %+v %v", m, err)
	}
	if err := jpeg.Encode(&jpgBuf, scene(1280, 853, 0, false), &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	mj, err := (ImageInspector{}).Inspect(jpgBuf.Bytes()) // decodes to YCbCr: the Y plane is read directly
	if err != nil || mj.Width != 1280 || !mj.ResolutionOK {
		t.Fatalf("jpeg: %+v %v", mj, err)
	}
	ref := MeasureImage(scene(1280, 853, 0, false))
	if math.Abs(mj.Brightness-ref.Brightness) > 3 || HammingDistance(mj.hashValue(), ref.hash) > DuplicateDistance {
		t.Errorf("jpeg brightness %v vs %v, hash distance %d", mj.Brightness, ref.Brightness, HammingDistance(mj.hashValue(), ref.hash))
	}
	if _, err := InspectImage([]byte("not an image")); err == nil {
		t.Error("garbage decoded")
	}
}

// A PNG whose header claims 20000×20000 pixels is refused before decoding.
func TestInspectImageRefusesHugeImages(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, uniform(1, 1, 0)); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	// IHDR data starts at byte 16: width, height; its CRC follows the 13
	// data bytes and covers the type and data.
	binary.BigEndian.PutUint32(b[16:], 20000)
	binary.BigEndian.PutUint32(b[20:], 20000)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	if _, err := InspectImage(b); !errors.Is(err, ErrTooLarge) {
		t.Errorf("err = %v, want ErrTooLarge", err)
	}
}

func TestThumbnail(t *testing.T) {
	for _, tc := range []struct{ w, h, tw, th int }{
		{1600, 1067, 320, 213}, // landscape: the long side is 320
		{800, 1200, 213, 320},  // portrait
		{200, 100, 200, 100},   // small photos are not enlarged
	} {
		img := image.NewGray(image.Rect(0, 0, tc.w, tc.h))
		b := Thumbnail(img, ThumbnailSide)
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
		if err != nil || cfg.Width != tc.tw || cfg.Height != tc.th {
			t.Errorf("%d×%d: thumbnail %d×%d, %v; want %d×%d", tc.w, tc.h, cfg.Width, cfg.Height, err, tc.tw, tc.th)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, checker(1200, 800, 10)); err != nil {
		t.Fatal(err)
	}
	if m, err := InspectImage(buf.Bytes()); err != nil || len(m.Thumbnail) == 0 {
		t.Errorf("measuring a photo makes no thumbnail: %v", err)
	}
}
