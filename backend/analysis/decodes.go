package analysis

import (
	"context"
	"sync/atomic"
)

// A 16-megapixel photo takes about 50 MB while it is decoded and measured,
// and every report measures several photos at once (report.Input's
// PhotoConcurrency, for the fetches). Decodes are bounded for the whole
// process, not per report: two reports at once must not mean twice the
// decodes. The fetches still overlap; only the decoding waits.
var decodeSlots atomic.Pointer[chan struct{}]

// DefaultDecodes is the process's decode bound unless SetDecodeLimit
// changes it (PHOTO_DECODES).
const DefaultDecodes = 2

func init() { SetDecodeLimit(DefaultDecodes) }

// SetDecodeLimit sets how many photos the process decodes at once (at
// least one). Call it at start, before any report runs: decodes already
// holding a slot of the old bound finish under it.
func SetDecodeLimit(n int) {
	ch := make(chan struct{}, max(n, 1))
	decodeSlots.Store(&ch)
}

// DecodeLimit is the process's decode bound.
func DecodeLimit() int { return cap(*decodeSlots.Load()) }

// DecodesInUse is how many photos are being decoded now.
func DecodesInUse() int { return len(*decodeSlots.Load()) }

// InspectImageContext is InspectImage once a decode slot is free: it waits
// for one until ctx ends (then it returns ctx's error and decodes nothing).
func InspectImageContext(ctx context.Context, data []byte) (PhotoMetrics, error) {
	slots := *decodeSlots.Load()
	select {
	case slots <- struct{}{}:
	case <-ctx.Done():
		return PhotoMetrics{}, ctx.Err()
	}
	defer func() { <-slots }()
	return InspectImage(data)
}
