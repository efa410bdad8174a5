package analysis

import "testing"

// What the photo section says when the report's time for photos ran out:
// how many were measured of how many, and nothing when none ran out.
func TestPhotoTimeNote(t *testing.T) {
	ok := PhotoMetrics{Width: 1600, Height: 1067, ResolutionOK: true, Brightness: 128, Sharp: true}
	late := PhotoMetrics{Error: PhotoNotInTime}
	broken := PhotoMetrics{Error: "could not fetch the photo"}
	for _, tc := range []struct {
		name   string
		ms     []PhotoMetrics
		count  int
		want   string
		scored bool
	}{
		{"all in time", []PhotoMetrics{ok, ok, broken}, 3, "", true},
		{"some in time", []PhotoMetrics{ok, ok, late}, 3,
			"Only 2 of the 3 photos could be checked for size, light and sharpness: the listing site's photo server did not send the other 1 in time for this report, so those checks cover the 2 it sent.", true},
		{"more photos than the report measures", []PhotoMetrics{ok, late}, 30,
			"Only 1 of the first 2 photos could be checked for size, light and sharpness: the listing site's photo server did not send the other 1 in time for this report, so those checks cover the 1 it sent.", true},
		{"none in time", []PhotoMetrics{late, late, broken}, 3,
			"Photo quality not assessed: the listing site's photo server sent none of the 3 photos in time for this report, so none could be checked for size, light and sharpness; the photo score uses the count, captions, rooms and cover only.", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := photoQuality(tc.ms)
			if got := PhotoTimeNote(&q, tc.count); got != tc.want {
				t.Errorf("note %q\nwant %q", got, tc.want)
			}
			if (q.Score != nil) != tc.scored {
				t.Errorf("score %v, want scored %v", q.Score, tc.scored)
			}
		})
	}
}
