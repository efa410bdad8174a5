package analysis

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Photos from many reports at once are decoded at most DecodeLimit at a
// time in the whole process, and a caller whose time runs out while it
// waits gets its context's error without decoding.
func TestDecodesBoundedProcessWide(t *testing.T) {
	SetDecodeLimit(2)
	defer SetDecodeLimit(DefaultDecodes)
	img := image.NewYCbCr(image.Rect(0, 0, 2400, 1600), image.YCbCrSubsampleRatio444)
	for i := range img.Y {
		img.Y[i] = uint8(i * 7)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()

	var peak atomic.Int64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() { // samples the decodes in progress while the reports run
		defer close(sampled)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if n := int64(DecodesInUse()); n > peak.Load() {
				peak.Store(n)
			}
		}
	}()
	// Two reports, each measuring four photos at once (report's
	// PhotoConcurrency), as two jobs on one instance do.
	var wg sync.WaitGroup
	for range 2 * 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, err := ImageInspector{}.InspectContext(context.Background(), data)
			if err != nil || m.Width != 2400 {
				t.Errorf("InspectContext = %+v, %v", m.Width, err)
			}
		}()
	}
	wg.Wait()
	close(stop)
	<-sampled
	if p := peak.Load(); p > 2 || p < 2 {
		t.Errorf("peak decodes at once = %d, want the limit, 2", p)
	}

	// Both slots taken: a caller whose time runs out gets its error at once.
	hold := *decodeSlots.Load()
	hold <- struct{}{}
	hold <- struct{}{}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := InspectImageContext(ctx, data); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("waiting past the deadline: err = %v, want DeadlineExceeded", err)
	}
	<-hold
	<-hold
}
