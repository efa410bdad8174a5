package report

import (
	"context"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/budget"
	"github.com/listinglift/listinglift/backend/listing"
)

// measurePhotos measures the listing's photos when its plan includes
// photo measurements (Premium) and a fetcher is configured, into
// a.measured. Only a cancelled context is an error.
func (a *analyses) measurePhotos(ctx context.Context) error {
	if !a.includes.PhotoMeasurements || a.in.Photos == nil || len(a.l.Photos) == 0 {
		return nil
	}
	measured, err := measurePhotos(ctx, a.in, a.l.Photos)
	if err != nil {
		return err
	}
	a.measured = measured
	return nil
}

// measurePhotos fetches and measures up to MaxPhotos photos, a few at a
// time. Failures are recorded per photo; only a cancelled context fails.
func measurePhotos(ctx context.Context, in Input, photos []listing.Photo) ([]analysis.PhotoMetrics, error) {
	// Photos are optional: they get a share of the time left (budget), and
	// a photo not measured when it runs out is said as such, never
	// guessed, while the job goes on without it.
	pctx, cancel := budget.Share(ctx, budget.Photos, 0)
	defer cancel()
	n := min(len(photos), in.MaxPhotos)
	out := make([]analysis.PhotoMetrics, n)
	for i := range out {
		out[i] = analysis.PhotoMetrics{URL: photos[i].URL, Error: analysis.PhotoNotInTime}
	}
	type measured struct {
		i int
		m analysis.PhotoMetrics
	}
	// Buffered for every photo: a fetch still running when the time is up
	// finishes (its context ended) without anyone waiting for it.
	done := make(chan measured, n)
	sem := make(chan struct{}, in.PhotoConcurrency)
	go func() {
		for i := 0; i < n; i++ {
			select {
			case <-pctx.Done():
				return
			case sem <- struct{}{}:
			}
			go func(i int) {
				defer func() { <-sem }()
				url := photos[i].URL
				data, err := in.Photos.Fetch(pctx, url)
				switch {
				case err != nil && pctx.Err() != nil:
					return // not in time: stays PhotoNotInTime
				case err != nil:
					done <- measured{i, analysis.PhotoMetrics{URL: url, Error: "could not fetch the photo"}}
					return
				}
				m, err := inspect(pctx, in.Inspector, data)
				switch {
				case err != nil && pctx.Err() != nil:
					return // waited for a decode slot until the time ran out: stays PhotoNotInTime
				case err != nil:
					done <- measured{i, analysis.PhotoMetrics{URL: url, Error: "could not read the image"}}
					return
				}
				m.URL = url
				done <- measured{i, m}
			}(i)
		}
	}()
wait:
	for got := 0; got < n; got++ {
		select {
		case r := <-done:
			out[r.i] = r.m
		case <-pctx.Done():
			break wait
		}
	}
	for drained := false; !drained; { // what finished as the time ran out still counts
		select {
		case r := <-done:
			out[r.i] = r.m
		default:
			drained = true
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err // the job's own end, not the photos' share
	}
	return out, nil
}

// contextInspector is a PhotoInspector that can stop waiting for its turn
// when the photos' time runs out (analysis.ImageInspector waits for one of
// the process's decode slots).
type contextInspector interface {
	InspectContext(ctx context.Context, data []byte) (analysis.PhotoMetrics, error)
}

func inspect(ctx context.Context, in PhotoInspector, data []byte) (analysis.PhotoMetrics, error) {
	if c, ok := in.(contextInspector); ok {
		return c.InspectContext(ctx, data)
	}
	return in.Inspect(data)
}
