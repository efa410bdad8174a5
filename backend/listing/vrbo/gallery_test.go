package vrbo

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

// TestGalleryLabels: a photo's label is Vrbo's classification of it, else
// the first category (not "All photos") that holds it; a photo in none
// has no label.
func TestGalleryLabels(t *testing.T) {
	const u = "https://media.vrbo.com/lodging/1/2/3/4/"
	for _, tc := range []struct {
		name, gallery string
		want          []string
	}{
		{"classified", `{"categoryIdAll":"all","categorizedImages":[
			{"categoryId":"all","categoryName":"All photos","images":[{"image":{"url":"` + u + `a.jpg","description":"Exterior"},"analytics":{"imageId":"a"}}]},
			{"categoryId":"x:pool","categoryName":"Pool","images":[{"image":{"url":"` + u + `a.jpg","description":"Exterior"},"analytics":{"imageId":"a"}}]}]}`,
			[]string{"Exterior"}},
		{"unclassified, in two categories", `{"categoryIdAll":"all","categorizedImages":[
			{"categoryId":"all","categoryName":"All photos","images":[{"image":{"url":"` + u + `b.jpg","description":null},"analytics":{"imageId":"b"},"description":"Unclassified image, 1 of 2, button"},
				{"image":{"url":"` + u + `c.jpg"},"analytics":{"imageId":"c"}}]},
			{"categoryId":"x:rooms","categoryName":"Bedrooms","images":[{"image":{"url":"` + u + `b.jpg"},"analytics":{"imageId":"b"}}]},
			{"categoryId":"x:pool","categoryName":"Pool","images":[{"image":{"url":"` + u + `b.jpg"},"analytics":{"imageId":"b"}}]}]}`,
			[]string{"Bedrooms", ""}},
		{"keyed by address without an id", `{"categoryIdAll":"all","categorizedImages":[
			{"categoryId":"all","images":[{"image":{"url":"` + u + `d.jpg"}}]},
			{"categoryId":"x:kitchen","categoryName":" Kitchen ","images":[{"image":{"url":"` + u + `d.jpg"}}]}]}`,
			[]string{"Kitchen"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g gallery
			if err := json.Unmarshal([]byte(tc.gallery), &g); err != nil {
				t.Fatal(err)
			}
			l := listing.New(listing.Target{Platform: listing.Vrbo})
			applyGallery(l, g)
			var got []string
			for _, p := range l.Photos {
				if p.Caption != "" {
					t.Errorf("caption %q", p.Caption)
				}
				got = append(got, p.Label)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("labels %q, want %q", got, tc.want)
			}
		})
	}
}
