package analysis

import (
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// TestPhotoRoomsOnRealPageVariants: on every real page, variants of its
// photos — every caption and label removed, or only the site's labels
// kept — are audited honestly: with no words on any photo the rooms are not
// assessed (nothing missing, no room or caption finding that costs
// revenue); a labelled photo is never counted as one without a caption;
// and the property's own name in a generated label is no room.
func TestPhotoRoomsOnRealPageVariants(t *testing.T) {
	for _, p := range listingtest.RealListings {
		l, err := ingest.ReadSaved(listingtest.RealPage(t, p.File), p.URL, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Photos) == 0 || photosUnassessed(l) != "" {
			continue
		}
		orig := slices.Clone(l.Photos)

		// No words at all.
		for i := range l.Photos {
			l.Photos[i].Caption, l.Photos[i].Label = "", ""
		}
		a := AuditPhotos(l, nil)
		if len(a.MissingRooms) != 0 || len(a.Rooms) != 0 || !strings.Contains(a.Explanation, "not assessed") {
			t.Errorf("%s, no words: rooms %+v missing %v (%s)", p.File, a.Rooms, a.MissingRooms, a.Explanation)
		}
		for _, f := range a.Findings {
			if (f.Code == "photos.rooms" || f.Code == "photos.captions") && (f.Severity == SeverityMedium || f.Severity == SeverityHigh) {
				t.Errorf("%s, no words: %s is %s", p.File, f.Code, f.Severity)
			}
		}

		// Only the site's labels, every photo labelled with what it shows
		// (a generic "Imagem 1 do anúncio" becomes "Quarto"): none is
		// uncaptioned.
		for i := range l.Photos {
			l.Photos[i].Caption, l.Photos[i].Label = "", orig[i].Label
			if genericLabel(l.Photos[i].Label) {
				l.Photos[i].Label = "Quarto"
			}
		}
		a = AuditPhotos(l, nil)
		if a.Findings.Has("photos.captions") || len(a.Rooms) == 0 || a.Rooms[0].Room != "bedroom" || !a.Rooms[0].Covered {
			t.Errorf("%s, labelled: findings %+v rooms %+v", p.File, a.Findings, a.Rooms)
		}
		l.Photos = orig
	}
}
