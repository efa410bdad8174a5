package analysis

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

// labelled is a photo set whose photos carry the site's own labels (Airbnb's
// photo tour rooms, Booking.com's categories, Vrbo's classes), no caption.
func labelled(p listing.Platform, kind string, labels ...string) *listing.Listing {
	l := &listing.Listing{Platform: p, PropertyType: kind, Sources: map[string]string{listing.FieldPhotos: listing.SourceEmbedded}}
	for i, lb := range labels {
		l.Photos = append(l.Photos, listing.Photo{URL: fmt.Sprintf("https://example.com/%d.jpg", i), Label: lb})
	}
	return l
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// TestPhotoLabelsInEveryLanguage: each room is read from a site's label in
// every language we read; a set labelled with all six rooms misses none.
// The labels are hand-written as the sites write them.
func TestPhotoLabelsInEveryLanguage(t *testing.T) {
	for lang, labels := range map[string][]string{
		"en": {"Bedroom 1", "Full bathroom", "Kitchen", "Living room", "Exterior", "Sea view"},
		"pt": {"Quarto 1", "Banheiro completo", "Cozinha", "Sala de estar", "Varanda", "Vista para o mar"},
		"es": {"Dormitorio 1", "Baño completo", "Cocina", "Salón", "Terraza", "Vistas al mar"},
		"it": {"Camera da letto 1", "Bagno", "Cucina", "Soggiorno", "Giardino", "Vista mare"},
		"fr": {"Chambre 1", "Salle de bain", "Cuisine", "Salon", "Jardin", "Vue sur la mer"},
		"de": {"Schlafzimmer 1", "Badezimmer", "Küche", "Wohnzimmer", "Außenbereich", "Aussicht"},
		"el": {"Υπνοδωμάτιο 1", "Μπάνιο", "Κουζίνα", "Σαλόνι", "Μπαλκόνι", "Θέα στη θάλασσα"},
		"ja": {"寝室1", "バスルーム", "キッチン", "リビング", "外観", "眺め"},
	} {
		a := AuditPhotos(labelled(listing.Airbnb, "Apartment", labels...), nil)
		if len(a.MissingRooms) != 0 || len(a.Rooms) != 6 {
			t.Errorf("%s: rooms %+v missing %v", lang, a.Rooms, a.MissingRooms)
		}
		if a.Findings.Has("photos.captions") || a.Findings.Has("photos.rooms") {
			t.Errorf("%s: findings %+v; labelled photos are described", lang, a.Findings)
		}
		// Each label names its own room and no other.
		for i, lb := range labels {
			rooms := photoRoomsOf(lb)
			for j := range rooms {
				if rooms[j] != (i == j) {
					t.Errorf("%s: %q read as %s = %v", lang, lb, photoRooms[j].Name, rooms[j])
				}
			}
		}
	}
}

// TestPhotoRoomFindingsFromLabels: hand-labelled photo sets and what the
// audit may say of them. A photo the site labels is not uncaptioned; a
// room is "missing" only when every photo's words were read, and when no
// photo has words the rooms are not assessed; none of these costs revenue
// unless it is so.
func TestPhotoRoomFindingsFromLabels(t *testing.T) {
	hotel := labelled(listing.Booking, "Hotel", slices.Concat(repeat("Bed", 14), repeat("Bathroom", 7), repeat("City view", 6))...)
	// A site's generated labels name the property on every photo: its
	// name ("Strand", "Mare") is no room or view.
	named := labelled(listing.Booking, "Hotel", "a large white bed in a hotel room at Strand Palace in London",
		"a white bathroom with a shower at Strand Palace in London", "a hotel room with a bed at Strand Palace in London")
	named.Title, named.Location.City = "Strand Palace", "London"
	// Labels that say only that they are photos say nothing of a room.
	generic := labelled(listing.Airbnb, "Loft", "Imagem 1 do anúncio", "Imagem 2 do anúncio", "Additional photos image 1",
		"Photo de la galerie de l'établissement", "Foto dalla galleria", "Imagen de la galería", "Immagine Foto aggiuntive 1", "画像 3")
	bedrooms := labelled(listing.Airbnb, "Apartment", "Bedroom 1", "Bedroom 2", "Bedroom 3", "Bedroom 4", "Bedroom 5", "Bedroom 6", "Bedroom 7", "")
	bare := labelled(listing.Airbnb, "Apartment", repeat("", 25)...)
	for _, tc := range []struct {
		name        string
		l           *listing.Listing
		covered     []string
		missing     []string
		roomsSev    Severity // "" for no rooms finding
		captions    bool
		photoIncome bool // a revenue component for photos (Airbnb only)
	}{
		{"hotel: 14 bed, 7 bathroom, 6 city-view labels", hotel, []string{"bedroom", "bathroom", "view"}, []string{"exterior"}, SeverityLow, false, false},
		// no view is asked of a listing that claims none (default-deny)
		{"7 photos labelled Bedroom 1–7 and one bare", bedrooms, []string{"bedroom"}, []string{"bathroom", "kitchen", "living area", "exterior"}, SeverityLow, false, false},
		{"25 photos, no caption, no label", bare, nil, nil, SeverityInfo, true, false},
		{"generic labels in six languages", generic, nil, nil, SeverityInfo, true, false},
		{"labels naming the hotel Strand Palace", named, []string{"bedroom", "bathroom"}, []string{"exterior"}, SeverityLow, false, false},
	} {
		a := AuditPhotos(tc.l, nil)
		var covered []string
		for _, r := range a.Rooms {
			if r.Covered {
				covered = append(covered, r.Room)
			}
		}
		if !slices.Equal(covered, tc.covered) || !slices.Equal(a.MissingRooms, tc.missing) {
			t.Errorf("%s: covered %v missing %v; want %v, %v", tc.name, covered, a.MissingRooms, tc.covered, tc.missing)
		}
		var sev Severity
		for _, f := range a.Findings {
			if f.Code == "photos.rooms" {
				sev = f.Severity
			}
		}
		if sev != tc.roomsSev || a.Findings.Has("photos.captions") != tc.captions {
			t.Errorf("%s: rooms finding %q captions %v; want %q, %v: %+v", tc.name, sev, a.Findings.Has("photos.captions"), tc.roomsSev, tc.captions, a.Findings)
		}
		// What the photos' words leave unknown carries no revenue claim:
		// only a medium or high finding counts in the projection.
		only := a
		only.Findings = slices.DeleteFunc(slices.Clone(a.Findings), func(f Finding) bool {
			return f.Code != "photos.captions" && f.Code != "photos.rooms"
		})
		r := ProjectRevenue(RevenueInput{Photos: only, Platform: tc.l.Platform})
		if got := slices.ContainsFunc(r.Components, func(c RevenueComponent) bool { return c.Area == "photos" }); got != tc.photoIncome {
			t.Errorf("%s: revenue from captions and rooms %v; want %v: %+v", tc.name, got, tc.photoIncome, r.Components)
		}
	}
}

// TestViewAskedOnlyOfAListingThatClaimsOne: "no photo shows the view" is
// said only where the listing's own amenities or words claim a view
// (default-deny); without a claim no view is asked for, and a view the
// photos show still counts.
func TestViewAskedOnlyOfAListingThatClaimsOne(t *testing.T) {
	rooms := []string{"Bedroom", "Bathroom", "Kitchen", "Living room", "Exterior"}
	for _, tc := range []struct {
		name     string
		amenity  string
		desc     string
		extra    string
		wantView string // "missing", "covered" or "" (not asked)
	}{
		{"no claim, no view photo", "", "A quiet flat on a courtyard.", "", ""},
		{"a view amenity, no view photo", "Sea view", "", "", "missing"},
		{"the host's words claim a view, no view photo", "", "Wake up to views over the river.", "", "missing"},
		{"no claim, a view photo", "", "", "City view", "covered"},
	} {
		labels := append(append([]string{}, rooms...), repeat("Bedroom", 15)...)
		if tc.extra != "" {
			labels = append(labels, tc.extra)
		}
		l := labelled(listing.Airbnb, "Apartment", labels...)
		l.Description = tc.desc
		l.Set(listing.FieldDescription, listing.SourceEmbedded)
		if tc.amenity != "" {
			l.Amenities = []listing.Amenity{{Name: tc.amenity, Available: true}}
			l.Set(listing.FieldAmenities, listing.SourceEmbedded)
		}
		got := ""
		for _, r := range AuditPhotos(l, nil).Rooms {
			if r.Room == "view" {
				got = map[bool]string{true: "covered", false: "missing"}[r.Covered]
			}
		}
		if got != tc.wantView {
			t.Errorf("%s: view %q, want %q", tc.name, got, tc.wantView)
		}
	}
}

// TestHotelPhotoCountIsNoHomeRule: the 20–40 of top homes is not said of
// a hotel's photos (kind_rules.go), in the findings or the explanation.
func TestHotelPhotoCountIsNoHomeRule(t *testing.T) {
	for _, tc := range []struct {
		kind     string
		platform listing.Platform
		want20   bool
	}{{"Hotel", listing.Booking, false}, {"Apartment", listing.Airbnb, true}} {
		l := labelled(tc.platform, tc.kind, repeat("Bedroom", 60)...)
		a := AuditPhotos(l, nil)
		if got := strings.Contains(a.Explanation, "20–40"); got != tc.want20 {
			t.Errorf("%s on %s: explanation says 20–40 %v, want %v: %s", tc.kind, tc.platform, got, tc.want20, a.Explanation)
		}
		if tc.kind == "Hotel" && a.Findings.Has("photos.many") {
			t.Errorf("a hotel's 60 photos are called too many")
		}
	}
}
