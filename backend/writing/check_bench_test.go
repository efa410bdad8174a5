package writing

import (
	"context"
	"github.com/listinglift/listinglift/backend/analysis"
	"runtime"
	"testing"

	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// largestRealRequest is the real listing with the most text to check
// against (description, rules and amenities): the fact checker's worst
// case among the pages we have.
func largestRealRequest(b *testing.B) Request {
	b.Helper()
	var best Request
	size := -1
	for _, p := range listingtest.RealListings {
		req := realPageRequest(&testing.T{}, p.File)
		n := len(req.Listing.Description)
		for _, a := range req.Listing.Amenities {
			n += len(a.Name)
		}
		for _, r := range req.Listing.HouseRules.Rules {
			n += len(r)
		}
		if n > size {
			best, size = req, n
		}
	}
	return best
}

// BenchmarkCheckerBuild reads the largest real listing into the checker
// (every family's facts and the fact sheet): once per report, shared by
// all its parts.
func BenchmarkCheckerBuild(b *testing.B) {
	req := largestRealRequest(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		instructionCache.m = nil
		analysis.ForgetPlacesRead() // each as for a listing never read before
		_ = NewChecker(req)
	}
}

// BenchmarkCheckPart is the one fact checker on one report part of the
// largest real listing, its longest: the optimized description, checked
// by the report's checker. Target (make bench): at most 5 ms.
func BenchmarkCheckPart(b *testing.B) {
	req := largestRealRequest(b)
	c, err := Builtin{}.Write(context.Background(), req)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		// As in a report: the checker is built for the listing (reading its
		// text once for every part), then the part is checked. Only the
		// check is timed; none of the copy's sentences has been read before.
		b.StopTimer()
		instructionCache.m = nil
		analysis.ForgetPlacesRead()
		ch := NewChecker(req)
		runtime.GC() // the build's garbage is not the check's to collect
		b.StartTimer()
		_ = ch.Description(c.Description)
	}
}

// BenchmarkCheckTitle is one title checked by a checker already built,
// as the report checks ten of them.
func BenchmarkCheckTitle(b *testing.B) {
	req := largestRealRequest(b)
	ch := NewChecker(req)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		_ = ch.Title("Hotel in Amsterdam with gym and free wifi")
	}
}
