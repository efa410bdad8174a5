// Package airbnb reads Airbnb listing pages and Airbnb's public JSON
// endpoints for availability and reviews.
//
// A listing page embeds the result of its "StaysPdpSections" query as JSON
// in <script id="data-deferred-state-0" type="application/json">, under
// niobeClientData[0][1] (older pages: <script id="data-deferred-state">
// and niobeMinimalClientData). Parse reads it and, for every field the
// embedded state lacks (or when it is missing or its shape changed), falls
// back to JSON-LD, the <title>, and OpenGraph tags, recording the source of
// each field.
package airbnb

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
	"github.com/listinglift/listinglift/backend/prose"
)

// warnLayout is added when the page has embedded state we could not read:
// Airbnb changed its page, and the report leans on the fallbacks.
const warnLayout = "This Airbnb page's layout was not recognized; details were read from its summary tags instead and may be incomplete."

// Parse reads an Airbnb listing page. It never fails: what it cannot read
// becomes a warning on the listing.
func Parse(page []byte, t listing.Target) *listing.Listing {
	l := listing.New(t)
	d := meta.Extract(page)
	pdp, pres, found := embedded(d)
	if pdp == nil && pres != nil {
		pdp = &pdpSections{}
	}
	if pdp != nil {
		applyEmbedded(l, pdp)
		if l.ID != "" && !isDigits(l.ID) && isDigits(pdp.Metadata.LoggingContext.EventDataLogging.ListingID) {
			// A /h/<slug> link: the page tells us the numeric id the JSON
			// endpoints need.
			l.ID = pdp.Metadata.LoggingContext.EventDataLogging.ListingID
		}
		if pres != nil {
			applyPresentation(l, pres)
		}
	} else if b, bfound := bootstrap(d); b != nil {
		applyBootstrap(l, b)
	} else if applyMarkup(l, d.Markup) {
		// A browser's saved copy whose state is another page's: its
		// visible text was read; the rest is said to be missing field by
		// field.
	} else if found || bfound {
		l.Warn(warnLayout)
	}
	applyFallbacks(l, d)
	l.SetLanguage(d.Lang)
	l.Finish()
	return l
}

// embedded finds the StaysPdpSections result in the page's state scripts,
// and the pdpPresentation beside it on pages that have one. found reports
// whether a state script existed at all.
func embedded(d *meta.Doc) (pdp *pdpSections, pres *pdpPresentation, found bool) {
	for _, id := range []string{"data-deferred-state-0", "data-deferred-state", "data-state"} {
		raw, ok := d.Scripts[id]
		if !ok {
			continue
		}
		found = true
		if !mayNameListing(raw) {
			// Another page's state (a saved page whose app had moved on):
			// decoding it, often hundreds of kilobytes, would find nothing.
			continue
		}
		entries, ok := stateEntries(raw)
		if !ok {
			continue
		}
		for _, entry := range entries {
			for _, r := range entry {
				if pres == nil {
					pres = r.Data.Node.PdpPresentation
				}
				if p := r.Data.Presentation.StayProductDetailPage; p != nil && (len(p.Sections.Sections) > 0 || p.Sections.Metadata.LoggingContext.EventDataLogging.ListingID != "") {
					if pres == nil {
						pres = r.Data.Node.PdpPresentation
					}
					return &p.Sections, pres, true
				}
			}
		}
	}
	return nil, pres, found
}

// stateEntries decodes a state script's niobe entries; ok is false when
// it is not JSON.
func stateEntries(raw []byte) (entries [][]pdpResponse, ok bool) {
	// Each niobe entry is a [cache key, query result] pair. Decoding the
	// pair straight into results leaves the key as a type error (which
	// encoding/json reports after decoding everything else), so the
	// megabyte of state is decoded in one pass.
	var state struct {
		Niobe        [][]pdpResponse `json:"niobeClientData"`
		NiobeMinimal [][]pdpResponse `json:"niobeMinimalClientData"`
	}
	if err := json.Unmarshal(raw, &state); err != nil && !isTypeError(err) {
		return nil, false
	}
	return append(state.Niobe, state.NiobeMinimal...), true
}

// listingKeys are the JSON names of the two fields embedded reads a
// listing from (pdpResponse's stayProductDetailPage and pdpPresentation):
// a state without either decodes to no listing.
var listingKeys = [][]byte{[]byte("stayProductDetailPage"), []byte("pdpPresentation")}

// mayNameListing reports whether state may hold an object key that
// encoding/json takes for one of listingKeys; false only when it surely
// holds none. The decoder matches a key to a name in any case (ASCII
// letters, and "ſ" for s: bytes.EqualFold) once its escapes are decoded,
// so such a key is written either as the name between quotes, its letters
// in any case, or with a letter or "ſ" escaped ("\u0050"), or with a raw
// "ſ"; a state holding either of the last two is left to the decoder.
func mayNameListing(state []byte) bool {
	return holdsKeyFold(state) || bytes.Contains(state, []byte("ſ")) || hasLetterEscape(state)
}

// holdsKeyFold reports whether state holds one of listingKeys between
// quotes, its letters in any case ("stayProductDetailPage",
// "STAYPRODUCTDETAILPAGE"). It reads the state once, and a listing's own
// state names its key near the start.
func holdsKeyFold(state []byte) bool {
	for i, c := range state {
		if c != '"' {
			continue
		}
		for _, k := range listingKeys {
			if end := i + 1 + len(k); end < len(state) && state[end] == '"' && lettersFold(state[i+1:end], k) {
				return true
			}
		}
	}
	return false
}

// lettersFold reports whether b is word (ASCII letters) with its letters
// in any case.
func lettersFold(b, word []byte) bool {
	for i, c := range word {
		if b[i]|0x20 != c|0x20 { // exact for letters: only c and its other case fold to c|0x20
			return false
		}
	}
	return true
}

// hasLetterEscape reports whether b holds a \uXXXX escape of an ASCII
// letter or of "ſ" (an escaped backslash followed by "u" counts too: it
// only makes the answer more cautious).
func hasLetterEscape(b []byte) bool {
	for off := 0; ; {
		k := bytes.Index(b[off:], []byte(`\u`))
		if k < 0 {
			return false
		}
		off += k + 2
		if off+4 > len(b) {
			return false
		}
		if r, ok := hex4(b[off : off+4]); ok && (r == 'ſ' || 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z') {
			return true
		}
	}
}

// hex4 reads the four hexadecimal digits of a \uXXXX escape, in any case.
func hex4(b []byte) (rune, bool) {
	var r rune
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// applyPresentation reads data.node.pdpPresentation (2026 pages), whose
// sections of the same names are often empty stubs: it fills what the
// sections left empty. Where the page shows Airbnb's machine translation of
// the host's title or description, the host's original is read: it is the
// text the host wrote and will edit.
func applyPresentation(l *listing.Listing, p *pdpPresentation) {
	const src = listing.SourceEmbedded
	if t := p.Title; t != nil && (!l.Has(listing.FieldTitle) || t.Translated()) {
		if title := t.Original(); title != "" {
			l.Title = title
			l.Set(listing.FieldTitle, src)
		}
	}
	if d := p.Descriptions; d != nil && (!l.Has(listing.FieldDescription) || d.LongDescriptionHTML.Translated()) {
		if text := listing.PlainText(d.LongDescriptionHTML.Original()); text != "" {
			l.Description = text
			l.Set(listing.FieldDescription, src)
		}
	}
	if a := p.Amenities; a != nil && !l.Has(listing.FieldAmenities) {
		groups := a.SeeAllAmenitiesGroups
		if len(groups) == 0 {
			groups = a.PreviewAmenitiesGroups
			l.AmenitiesPartial = len(groups) > 0
		}
		addAmenities(l, groups)
	}
	// The headlines only: the line under each is Airbnb's gloss ("Check
	// yourself in with the smartlock."), not a highlight of its own.
	if !l.Has(listing.FieldHighlights) {
		for _, h := range p.Highlights {
			if t := plainSpaces(h.Headline.Text); t != "" {
				l.Highlights = append(l.Highlights, t)
			}
		}
		if len(l.Highlights) > 0 {
			l.Set(listing.FieldHighlights, src)
		}
	}
	applyPresentationOverview(l, p)
	applyPresentationPhotos(l, p)
	applyPresentationHost(l, p)
	if q := p.Quality; q != nil {
		if q.IsGuestFavorite != nil && !l.Has(listing.FieldGuestFavorite) {
			l.GuestFavorite = *q.IsGuestFavorite
			l.Set(listing.FieldGuestFavorite, src)
		}
		if st := q.ListingRatingStats; st != nil && st.OverallRatingStats != nil {
			o := st.OverallRatingStats
			setRating(l, o.RatingAverage, o.RatingCount, src)
		}
	}
}

// applyPresentationOverview reads the overview ("Entire rental unit in
// Rome, Italy"; "4 guests", "1 bedroom"…), the place and the sharing
// card's fact line, for what the sections did not give.
func applyPresentationOverview(l *listing.Listing, p *pdpPresentation) {
	const src = listing.SourceEmbedded
	if o := p.Overview; o != nil {
		probe := listing.New(listing.Target{})
		for _, it := range o.Items {
			applyOverviewItem(probe, it, src)
		}
		mergeCounts(l, probe)
		kind, place := splitOverviewTitle(o.Title)
		if kind != "" && !l.Has(listing.FieldPropertyType) {
			l.PropertyType = kind
			l.Set(listing.FieldPropertyType, src)
		}
		if place != "" && !l.Has(listing.FieldLocation) {
			setPlace(l, meta.SplitPlace(place), src)
		}
	}
	if sc := p.SharingConfig; sc != nil {
		if pt := strings.TrimSpace(sc.PropertyType); pt != "" && !l.Has(listing.FieldPropertyType) {
			l.PropertyType = pt
			l.Set(listing.FieldPropertyType, src)
		}
		applyEmbeddedFactLine(l, sc.UgcTitle.Original())
	}
	if lc := p.Location; lc != nil {
		// The location card names the place in full ("Rome, Lazio,
		// Italy"); the overview title may leave the region out.
		if loc := meta.SplitPlace(lc.Subtitle); loc.City != "" && (!l.Has(listing.FieldLocation) || l.Location.Region == "" && loc.Region != "") {
			setPlace(l, loc, src)
		}
		if !l.Has(listing.FieldCoordinates) && lc.Latitude.OK && lc.Longitude.OK && validLatLng(lc.Latitude.V, lc.Longitude.V) {
			l.Location.Lat, l.Location.Lng = lc.Latitude.V, lc.Longitude.V
			l.Set(listing.FieldCoordinates, src)
		}
	}
}

// applyPresentationPhotos reads the media tour (every photo, with the
// host's captions) and the hero's first image as the cover.
func applyPresentationPhotos(l *listing.Listing, p *pdpPresentation) {
	if h := p.HeroMedia; h != nil && l.CoverURL == "" {
		for _, e := range h.Edges {
			if img := e.Node.Image; img != nil && strings.HasPrefix(img.URI, "https://") {
				l.CoverURL = img.URI
				break
			}
		}
	}
	if t := p.MediaTour; t != nil && !l.Has(listing.FieldPhotos) {
		var items []mediaItem
		for _, st := range t.Stops {
			for _, it := range st.Items {
				if it.Image != nil {
					m := mediaItem{BaseURL: it.Image.URI, room: strings.TrimSpace(st.Name)}
					m.ImageMetadata = &struct {
						Caption sentString `json:"caption"`
					}{sentString{it.Image.Caption, true}}
					items = append(items, m)
				}
			}
		}
		addPhotos(l, items)
	}
}

// applyPresentationHost reads the host card of 2026 pages.
func applyPresentationHost(l *listing.Listing, p *pdpPresentation) {
	hi := p.HostInfo
	// The sections' host card may be a stub that named no one.
	if hi == nil || hi.PassportData == nil || l.Has(listing.FieldHost) && l.Host.Name != "" {
		return
	}
	pd := hi.PassportData
	h := hostInfo{seen: true, name: strings.TrimSpace(pd.Name), superhost: pd.IsSuperhost}
	for _, st := range pd.Stats {
		if n, ok := listing.LeadingNumber(st.Value); ok && st.Type == "YEARS_HOSTING" {
			h.years = int(n)
		}
	}
	h.readLine(hi.ResponseRateText)
	h.readLine(hi.ResponseTimeText)
	l.Host = h.result()
	l.Set(listing.FieldHost, listing.SourceEmbedded)
	if !l.Has(listing.FieldSuperhost) && pd.IsSuperhost != nil {
		l.Superhost = *pd.IsSuperhost
		l.Set(listing.FieldSuperhost, listing.SourceEmbedded)
	}
}

// setPlace records loc as the listing's place.
func setPlace(l *listing.Listing, loc listing.Location, src string) {
	l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country = loc.Area, loc.City, loc.Region, loc.Country
	l.Set(listing.FieldLocation, src)
}

// mergeCounts copies the guests, bedrooms, beds and baths probe read into
// l, for the ones l does not have yet.
func mergeCounts(l, probe *listing.Listing) {
	for field, src := range probe.Sources {
		if l.Has(field) {
			continue
		}
		switch field {
		case listing.FieldCapacity:
			l.Capacity = probe.Capacity
		case listing.FieldBedrooms:
			l.Bedrooms = probe.Bedrooms
		case listing.FieldBeds:
			l.Beds = probe.Beds
		case listing.FieldBaths:
			l.Baths = probe.Baths
		default:
			continue
		}
		l.Set(field, src)
	}
}

// applyEmbeddedFactLine reads the sharing card's fact line ("Rental unit in
// Rome · ★5.0 · 1 bedroom · 2 beds · 1 bath", which og:title repeats) as
// embedded data, for the counts still missing: some overviews show only
// the beds and the bath of a private room.
func applyEmbeddedFactLine(l *listing.Listing, line string) {
	parts := strings.Split(line, " · ")
	if len(parts) < 2 {
		return
	}
	probe := listing.New(listing.Target{})
	for _, p := range parts[1:] {
		if !strings.HasPrefix(strings.TrimSpace(p), "★") {
			applyOverviewItem(probe, p, listing.SourceEmbedded)
		}
	}
	mergeCounts(l, probe)
}

func isTypeError(err error) bool {
	var te *json.UnmarshalTypeError
	return errors.As(err, &te)
}

func applyEmbedded(l *listing.Listing, p *pdpSections) {
	const src = listing.SourceEmbedded
	ev := p.Metadata.LoggingContext.EventDataLogging

	// Sections, by type.
	var (
		host     hostInfo
		rules    []ruleLine
		reviews  *section
		location *section
	)
	for _, e := range p.Sections {
		s := e.Section
		if s == nil {
			continue
		}
		if s.IsGuestFavorite != nil && !l.Has(listing.FieldGuestFavorite) {
			l.GuestFavorite = *s.IsGuestFavorite
			l.Set(listing.FieldGuestFavorite, src)
		}
		switch s.Typename {
		case "PdpTitleSection":
			if t := strings.TrimSpace(s.Title); t != "" {
				l.Title = t
				l.Set(listing.FieldTitle, src)
			}
		case "PdpDescriptionSection":
			if s.HTMLDescription != nil {
				if text := listing.PlainText(s.HTMLDescription.HTMLText); text != "" {
					l.Description = text
					l.Set(listing.FieldDescription, src)
				}
			}
		case "PhotoTourModalSection":
			rooms := s.RoomTourItems
			for _, li := range s.RoomTourLayoutInfos {
				rooms = append(rooms, li.RoomTourItems...)
			}
			addPhotos(l, withRooms(s.MediaItems, rooms))
		case "HeroSection":
			if len(s.PreviewImages) > 0 && l.CoverURL == "" {
				l.CoverURL = strings.TrimSpace(s.PreviewImages[0].BaseURL)
			}
			if !l.Has(listing.FieldPhotos) {
				addPhotos(l, s.PreviewImages)
			}
		case "AmenitiesSection":
			groups := s.SeeAllAmenitiesGroups
			if len(groups) == 0 {
				groups = s.PreviewAmenitiesGroups
				l.AmenitiesPartial = len(groups) > 0 // the page's preview: "Show all N amenities"
			}
			addAmenities(l, groups)
		case "PdpHighlightsSection":
			for _, h := range s.Highlights {
				if t := strings.TrimSpace(h.Title); t != "" {
					l.Highlights = append(l.Highlights, t)
				}
			}
			if len(l.Highlights) > 0 {
				l.Set(listing.FieldHighlights, src)
			}
		case "PoliciesSection":
			rules = append(rules, policyLines(s)...)
		case "LocationSection":
			location = s
		case "HostProfileSection", "MeetYourHostSection":
			host.merge(s)
		case "StayPdpReviewsSection", "PdpReviewsSection":
			reviews = s
		case "BookItSection":
			applyPrice(l, s)
		default:
			if strings.Contains(s.Typename, "GuestFavorite") && !l.Has(listing.FieldGuestFavorite) {
				l.GuestFavorite = true
				l.Set(listing.FieldGuestFavorite, src)
			}
			if s.StructuredDisplayPrice != nil {
				applyPrice(l, s)
			}
		}
	}

	// The overview (guests, bedrooms, beds, baths) and host summary live
	// in sbuiData.
	overviewTitle := ""
	for _, s := range p.SbuiData.SectionConfiguration.Root.Sections {
		sd := s.SectionData
		if sd == nil {
			continue
		}
		switch {
		case sd.Typename == "PdpOverviewV2Section" || s.SectionID == "OVERVIEW_DEFAULT_V2":
			overviewTitle = sd.Title
			for _, it := range sd.OverviewItems {
				applyOverviewItem(l, it.Title, src)
			}
			if sd.ReviewData != nil && sd.ReviewData.IsGuestFavorite != nil && !l.Has(listing.FieldGuestFavorite) {
				l.GuestFavorite = *sd.ReviewData.IsGuestFavorite
				l.Set(listing.FieldGuestFavorite, src)
			}
		case sd.Typename == "PdpHostOverviewDefaultSection":
			host.mergeOverview(sd.Title, sd.OverviewItems)
		}
		if sd.IsGuestFavorite != nil && !l.Has(listing.FieldGuestFavorite) {
			l.GuestFavorite = *sd.IsGuestFavorite
			l.Set(listing.FieldGuestFavorite, src)
		} else if strings.Contains(sd.Typename, "GuestFavorite") && !l.Has(listing.FieldGuestFavorite) {
			l.GuestFavorite = true
			l.Set(listing.FieldGuestFavorite, src)
		}
	}

	// Logging context: coordinates, room type, capacity, ratings.
	if ev.ListingLat.OK && ev.ListingLng.OK && validLatLng(ev.ListingLat.V, ev.ListingLng.V) {
		l.Location.Lat, l.Location.Lng = ev.ListingLat.V, ev.ListingLng.V
		l.Set(listing.FieldCoordinates, src)
	} else if location != nil && location.Lat.OK && location.Lng.OK && validLatLng(location.Lat.V, location.Lng.V) {
		l.Location.Lat, l.Location.Lng = location.Lat.V, location.Lng.V
		l.Set(listing.FieldCoordinates, src)
	}
	if rt := strings.TrimSpace(ev.RoomType); rt != "" {
		l.RoomType = rt
		l.Set(listing.FieldRoomType, src)
	}
	if !l.Has(listing.FieldCapacity) && ev.PersonCapacity.OK && ev.PersonCapacity.V > 0 {
		l.Capacity = int(ev.PersonCapacity.V)
		l.Set(listing.FieldCapacity, src)
	}
	if ev.GuestSatisfactionOverall.OK && ev.GuestSatisfactionOverall.V > 0 {
		l.Ratings.Overall, l.Ratings.Scale = ev.GuestSatisfactionOverall.V, 5
		l.Set(listing.FieldRating, src)
	}
	cats := []struct {
		n   num
		dst *float64
	}{
		{ev.AccuracyRating, &l.Ratings.Accuracy}, {ev.CheckinRating, &l.Ratings.CheckIn},
		{ev.CleanlinessRating, &l.Ratings.Cleanliness}, {ev.CommunicationRating, &l.Ratings.Communication},
		{ev.LocationRating, &l.Ratings.Location}, {ev.ValueRating, &l.Ratings.Value},
	}
	for _, c := range cats {
		if c.n.OK && c.n.V > 0 {
			*c.dst = c.n.V
			l.Set(listing.FieldCategoryRatings, src)
		}
	}
	if ev.VisibleReviewCount.OK {
		l.ReviewCount = int(ev.VisibleReviewCount.V)
		l.Set(listing.FieldReviewCount, src)
	}
	if reviews != nil {
		applyReviewsSection(l, reviews)
	}
	if ev.IsSuperhost != nil {
		l.Superhost = *ev.IsSuperhost
		l.Set(listing.FieldSuperhost, src)
	}

	// The sharing card's fact line, for counts the overview left out.
	applyEmbeddedFactLine(l, p.Metadata.SharingConfig.Title)

	// Property type and place: the sharing card, then the overview title
	// ("Entire rental unit in Lisbon, Portugal").
	kind, place := splitOverviewTitle(overviewTitle)
	if pt := strings.TrimSpace(p.Metadata.SharingConfig.PropertyType); pt != "" {
		l.PropertyType = pt
		l.Set(listing.FieldPropertyType, src)
	} else if kind != "" {
		l.PropertyType = kind
		l.Set(listing.FieldPropertyType, src)
	}
	var loc listing.Location
	if location != nil {
		loc = meta.SplitPlace(location.Subtitle)
	}
	if loc.City == "" && place != "" {
		loc = meta.SplitPlace(place)
	}
	if loc.City == "" {
		loc.City = strings.TrimSpace(p.Metadata.SharingConfig.Location)
	}
	if loc.City != "" || loc.Country != "" {
		l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country = loc.Area, loc.City, loc.Region, loc.Country
		l.Set(listing.FieldLocation, src)
	}

	if host.seen {
		if host.superhost == nil && ev.IsSuperhost != nil {
			host.superhost = ev.IsSuperhost
		}
		l.Host = host.result()
		l.Set(listing.FieldHost, src)
		if !l.Has(listing.FieldSuperhost) && host.superhost != nil {
			l.Superhost = *host.superhost
			l.Set(listing.FieldSuperhost, src)
		}
	}
	if len(rules) > 0 {
		l.HouseRules = interpretRules(rules)
		l.Set(listing.FieldHouseRules, src)
	}
}

func addPhotos(l *listing.Listing, items []mediaItem) {
	seen := map[string]bool{}
	for _, p := range l.Photos {
		seen[p.URL] = true
	}
	for _, m := range items {
		u := strings.TrimSpace(m.BaseURL)
		if !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") || seen[u] {
			continue
		}
		seen[u] = true
		c := m.caption()
		l.Photos = append(l.Photos, listing.Photo{URL: u, Caption: c, Label: m.label(c)})
	}
	if len(l.Photos) > 0 {
		l.Set(listing.FieldPhotos, listing.SourceEmbedded)
	}
}

// caption is the caption the host wrote: the image metadata's when the
// page sends one, even null (the accessibility label is then Airbnb's
// generated "Listing image 3", "Imagem 1 de Cozinha completa"), else the
// label, where pages without it carried the caption.
func (m mediaItem) caption() string {
	if md := m.ImageMetadata; md != nil && md.Caption.Sent {
		return strings.TrimSpace(md.Caption.S)
	}
	return strings.TrimSpace(m.AccessibilityLabel)
}

// label is what Airbnb says a photo shows: the photo tour's room the host
// put it in ("Cozinha completa", "Bedroom 1", "Esterni"), which tells what
// it shows. Without the tour's rooms, it is the room Airbnb's generated
// accessibility label names ("Imagem 1 de Cozinha completa", "Immagine
// Salotto 1", "Living room image 1"), else that label when it is not the
// host's caption. The tour's last stop ("Additional photos", "Fotos
// adicionais") and a bare "Listing image 3" name no room: no label.
func (m mediaItem) label(caption string) string {
	if m.room != "" {
		if additionalPhotos.is(norm(m.room)) {
			return ""
		}
		return m.room
	}
	a := strings.TrimSpace(m.AccessibilityLabel)
	if a == "" || a == caption || reBareImageLabel.MatchString(a) {
		return ""
	}
	if room := roomOfGeneratedLabel(a); room != "" {
		if additionalPhotos.is(norm(room)) {
			return ""
		}
		return room
	}
	return a
}

// withRooms gives each photo of the tour the room whose photos list it.
func withRooms(items []mediaItem, rooms []roomTourItem) []mediaItem {
	if len(rooms) == 0 {
		return items
	}
	room := map[string]string{}
	for _, r := range rooms {
		for _, id := range r.ImageIDs {
			if _, ok := room[id]; !ok {
				room[id] = strings.TrimSpace(r.Title)
			}
		}
	}
	out := make([]mediaItem, len(items))
	for i, m := range items {
		m.room = room[strings.TrimSpace(m.ID)]
		out[i] = m
	}
	return out
}

// reGeneratedLabel is the label Airbnb generates for a photo of a tour
// room: "Imagem 1 de Cozinha completa" (pt), "Imagen 1 de Baño" (es),
// "Immagine Salotto 1" (it), "Living room image 1" (en), "Image 1 sur 3 :
// Cuisine"… The room is the words besides the number and the image word.
var reGeneratedLabel = []*regexp.Regexp{
	regexp.MustCompile(`^(?:Imagem|Imagen|Image|Photo|Foto|Bild)\s+\d+\s+(?:de|of|di|von|du|de la)\s+(\pL.*)$`),
	regexp.MustCompile(`^(?:Immagine|Imagem|Imagen|Image|Foto|Bild)\s+(\pL.*?)\s+\d+$`),
	regexp.MustCompile(`^(\pL.*?)\s+(?:image|photo)\s+\d+$`),
}

// roomOfGeneratedLabel is the room a generated label names, "" for any
// other label (a host's caption keeps its words).
func roomOfGeneratedLabel(a string) string {
	for _, re := range reGeneratedLabel {
		if m := re.FindStringSubmatch(a); m != nil {
			return strings.TrimSpace(m[1])
		}
	}
	return ""
}

// reBareImageLabel is a generated label that names no room: "Listing image
// 3", "Imagem 4", "Immagine 12", "Foto 2", "Image 1 of 27".
//
// A label that names the listing instead ("Imagem 1 do anúncio", "Immagine
// numero 9 dell'annuncio intitolato …", the hero's) names no room either.
var reBareImageLabel = regexp.MustCompile(`(?i)^(?:listing image|image|imagem|immagine|imagen|foto|photo|bild|afbeelding)(?:\s+numero)?\s*\d+(?:\s*(?:of|de|di|von|van|sur)\s*\d+)?` +
	`(?:\s+(?:do anúncio|del anuncio|dell['’]annuncio|of the listing|of listing|de l['’]annonce|des inserats|van de advertentie)(?:\s.*)?)?$`)

func addAmenities(l *listing.Listing, groups []amenityGroup) {
	for _, g := range groups {
		for _, a := range g.Amenities {
			name := strings.TrimSpace(a.Title)
			// Never offered: the page says so, prefixes the name
			// ("Indisponível: …") or, for an entry that carries no
			// available flag of its own, puts it in the "Not included"
			// group, in whatever language (labels_i18n.go). The entry's
			// own flag is the site's word on it (on Airbnb's pages every
			// entry of that group says false; a host who ticks one has
			// it say true).
			available := !notIncluded.is(norm(g.Title))
			if a.Available != nil {
				available = *a.Available
			}
			if rest, ok := cutUnavailable(name); ok {
				name, available = rest, false
			}
			if name == "" {
				continue
			}
			l.Amenities = append(l.Amenities, listing.Amenity{Name: name, Available: available, Group: strings.TrimSpace(g.Title), ID: amenityID(a.ID)})
		}
	}
	if len(l.Amenities) > 0 {
		l.Set(listing.FieldAmenities, listing.SourceEmbedded)
	}
}

func applyPrice(l *listing.Listing, s *section) {
	if l.Has(listing.FieldPrice) || s.StructuredDisplayPrice == nil || s.StructuredDisplayPrice.PrimaryLine == nil {
		return
	}
	pl := s.StructuredDisplayPrice.PrimaryLine
	shown := pl.DiscountedPrice
	if shown == "" {
		shown = pl.Price
	}
	amt, cur, ok := listing.ParseMoney(shown)
	if !ok {
		return
	}
	// The qualifier is in the page's language ("night", "noite", "notte",
	// "par nuit"); a price per night is said so in one word, which the
	// pricing reads. A qualifier with a number ("for 5 nights") is a stay's.
	period := strings.TrimSpace(pl.Qualifier)
	if !hasDigit(period) && nightWords.in(norm(period)) {
		period = "night"
	}
	l.Price = &listing.Price{Amount: amt, Currency: cur, Period: period}
	l.Set(listing.FieldPrice, listing.SourceEmbedded)
}

func applyReviewsSection(l *listing.Listing, s *section) {
	const src = listing.SourceEmbedded
	setRating(l, s.OverallRating, s.OverallCount, src)
	if l.Has(listing.FieldCategoryRatings) {
		return
	}
	for _, r := range s.Ratings {
		v, ok := listing.ParseNumber(r.LocalizedRating)
		if !ok || v <= 0 {
			continue
		}
		switch r.CategoryType {
		case "ACCURACY":
			l.Ratings.Accuracy = v
		case "CHECKIN":
			l.Ratings.CheckIn = v
		case "CLEANLINESS":
			l.Ratings.Cleanliness = v
		case "COMMUNICATION":
			l.Ratings.Communication = v
		case "LOCATION":
			l.Ratings.Location = v
		case "VALUE":
			l.Ratings.Value = v
		default:
			continue
		}
		l.Set(listing.FieldCategoryRatings, src)
	}
}

func hasWord(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// applyOverviewItem reads one overview line: "4 guests", "2 bedrooms",
// "Studio", "3 beds", "1.5 baths", "1 private bath", "Half-bath" — and the
// same in the other languages above. Japanese puts the number after the
// word ("ゲスト2人", "寝室1室"): there the first number is the count.
func applyOverviewItem(l *listing.Listing, item, src string) {
	s := prose.Fold(strings.TrimSpace(item)) // the word lists above are folded too
	n, hasNum := listing.LeadingNumber(s)
	if !hasNum && !isLatinWord(s) {
		if m := reNumber.FindString(s); m != "" {
			n, hasNum = listing.LeadingNumber(m)
		}
	}
	switch {
	case hasWord(s, guestWords):
		if hasNum {
			l.Capacity = int(n)
			l.Set(listing.FieldCapacity, src)
		}
	case hasWord(s, studioWords):
		l.Bedrooms = 0
		l.Set(listing.FieldBedrooms, src)
	case hasWord(s, bedroomWords):
		if hasNum {
			l.Bedrooms = int(n)
			l.Set(listing.FieldBedrooms, src)
		}
	case strings.Contains(s, "half-bath") || strings.Contains(s, "half bath"):
		if !hasNum {
			n = 1
		}
		l.Baths = n / 2
		l.Set(listing.FieldBaths, src)
	case hasWord(s, bathWords):
		if !hasNum {
			n = 1 // "Private attached bathroom", "Bagno di servizio privato"
		}
		l.Baths = n
		l.Set(listing.FieldBaths, src)
	case hasWord(s, bedWords):
		if hasNum {
			l.Beds = int(n)
			l.Set(listing.FieldBeds, src)
		}
	}
}

// splitOverviewTitle reads "Entire rental unit in Lisbon, Portugal" or
// "Private room in home in Kyoto, Japan" as a property kind ("Rental
// unit", "Home") and a place.
func splitOverviewTitle(s string) (kind, place string) {
	// "in" (English, Italian, German, Dutch), "em" (Portuguese), "en"
	// (Spanish), "à" (French): "Espaço inteiro: casa em Arraial do Cabo,
	// Brasil".
	// Italian names a town with "a", Greek with "σε". The place follows the
	// last of them: "Stanza privata in casa a Milano, Italia".
	at, size := -1, 0
	for _, sep := range []string{" in ", " em ", " en ", " à ", " a ", " σε "} {
		if i := strings.LastIndex(s, sep); i > at {
			at, size = i, len(sep)
		}
	}
	if at < 0 {
		return "", ""
	}
	return propertyKind(s[:at]), strings.TrimSpace(s[at+size:])
}

// propertyKind reads "Entire rental unit" or "Private room in home" as the
// kind of property: "Rental unit", "Home".
func propertyKind(kind string) string {
	kind = strings.TrimSpace(kind)
	if i := strings.LastIndex(kind, ": "); i >= 0 {
		kind = strings.TrimSpace(kind[i+2:]) // "Espaço inteiro: casa"
	}
	// The room type before the kind, in any language: "Entire condo",
	// "Private room in home", "Stanza privata in casa".
	for _, l := range []label{roomEntire, roomPrivate, roomShared, roomHotel} {
		if rest, ok := l.cut(kind); ok {
			if rest == "" {
				return "" // a room type, not a kind of property
			}
			for _, sep := range []string{"in ", "em ", "en ", "a ", "à ", "dans ", "σε "} {
				if r, ok := strings.CutPrefix(rest, sep); ok {
					rest = r
					break
				}
			}
			kind = rest
			break
		}
	}
	switch strings.ToLower(kind) {
	case "private room", "shared room", "hotel room", "room":
		return "" // a room type, not a kind of property
	}
	if r, size := utf8.DecodeRuneInString(kind); size > 0 {
		kind = string(unicode.ToUpper(r)) + kind[size:] // "διαμέρισμα" → "Διαμέρισμα"
	}
	return kind
}

// hostInfo gathers the host profile from whichever sections carry it.
type hostInfo struct {
	seen         bool
	name         string
	superhost    *bool
	years        int
	responseRate int
	responseTime string
}

func (h *hostInfo) merge(s *section) {
	h.seen = true
	if s.CardData != nil {
		if h.name == "" {
			h.name = strings.TrimSpace(s.CardData.Name)
		}
		if s.CardData.IsSuperhost != nil {
			h.superhost = s.CardData.IsSuperhost
		}
		for _, st := range s.CardData.Stats {
			if st.Type == "YEARS_HOSTING" {
				if n, ok := listing.LeadingNumber(st.Value); ok {
					h.years = int(n)
				}
			}
		}
		if h.years == 0 && s.CardData.TimeAsHost != nil && s.CardData.TimeAsHost.Years.OK {
			h.years = int(s.CardData.TimeAsHost.Years.V)
		}
	}
	if s.HostAvatar != nil {
		if s.HostAvatar.IsSuperhost != nil {
			h.superhost = s.HostAvatar.IsSuperhost
		} else if strings.EqualFold(s.HostAvatar.Badge, "SUPER_HOST") {
			t := true
			h.superhost = &t
		}
	}
	h.mergeOverview(s.Title, nil)
	h.readLine(s.Subtitle)
	for _, f := range append(append([]titled{}, s.HostFeatures...), s.OverviewItems...) {
		h.readLine(f.Title)
	}
	for _, d := range s.HostDetails {
		h.readLine(d)
	}
}

// mergeOverview reads the host overview's title ("Hosted by Jack",
// "Anfitriã(o): Luiz", "Soggiorna da Davide": hostedBy) and its items.
func (h *hostInfo) mergeOverview(title string, items []titled) {
	h.seen = h.seen || title != "" || len(items) > 0
	if name, ok := hostName(title); ok && h.name == "" {
		h.name = name
	}
	for _, it := range items {
		h.readLine(it.Title)
	}
}

// readLine reads host facts from one line of text in any of the page's
// languages (labels_i18n.go): "Superhost", "7 years hosting", "Superhost ·
// 7 years hosting", "Response rate: 100%", "Responds within an hour",
// "Response time: within an hour", "Taxa de resposta: 83%", "Responde em
// até um dia", "4 anni da host", "Tasso di risposta: 100%".
func (h *hostInfo) readLine(line string) {
	for _, part := range strings.Split(line, "·") {
		p := plainSpaces(part)
		if p == "" {
			continue
		}
		if superhost.is(prose.Fold(p)) {
			t := true
			h.superhost = &t
			continue
		}
		if n, ok := responseRateOf(p); ok {
			h.responseRate = n
		} else if t, ok := responseTimeOf(p); ok {
			h.responseTime = t
		} else if n, ok := yearsHosting(p); ok {
			h.years = n
		}
	}
}

func (h *hostInfo) result() listing.Host {
	out := listing.Host{Name: h.name, YearsHosting: h.years, ResponseRate: h.responseRate, ResponseTime: h.responseTime}
	if h.superhost != nil {
		out.Superhost = *h.superhost
	}
	return out
}

// ruleLine is one house rule as shown.
type ruleLine struct {
	title, subtitle string
	// free marks a line of the host's own text (the "Additional rules"
	// html, additionalHouseRules), as against an item Airbnb builds from
	// the listing's settings ("No smoking", "Checkout before 10:00 AM").
	free bool
}

// policyLines lists the policies section's rules: Airbnb's items (each
// once: houseRules repeats the sections' first items), then the lines of
// the host's own text, each once. The host's lines are not checked against
// Airbnb's items: "No smoking" written by the host is a line of the host's
// text even where Airbnb's item says the same.
func policyLines(s *section) []ruleLine {
	var out []ruleLine
	seen := map[ruleLine]bool{}
	add := func(title, subtitle string, free bool) {
		ln := ruleLine{plainSpaces(title), plainSpaces(subtitle), free}
		key := ruleLine{title: ln.title, free: free}
		if ln.title == "" || seen[key] {
			return
		}
		seen[key] = true
		out = append(out, ln)
	}
	for _, sec := range s.HouseRulesSections {
		for _, it := range sec.Items {
			if it.HTML != nil && it.HTML.HTMLText != "" {
				for _, line := range strings.Split(listing.PlainText(it.HTML.HTMLText), "\n") {
					add(line, "", true)
				}
				continue
			}
			add(it.Title, it.Subtitle, false)
		}
	}
	for _, r := range s.HouseRules {
		add(r.Title, r.Subtitle, false)
	}
	for _, line := range strings.Split(listing.PlainText(s.AdditionalHouseRules), "\n") {
		add(line, "", true)
	}
	return out
}

// interpretRules reads the structured rules out of Airbnb's items and
// keeps the rest as free text.
//
// The host's own lines (ruleLine.free) are kept as written, every one,
// and set no typed field: the typed fields come from Airbnb's items, which
// the listing's settings make. A host's line that restates one ("No
// smoking", "Proibido fumar dentro da casa para evitar danos…", "The
// apartment accommodates a maximum of 5 registered guests. …") is still a
// line the host wrote, says more than the setting, and is what the host
// edits; and a line with a time in it ("Check-out is by 10:00 AM, unless
// otherwise agreed in writing.") is a rule, not the checkout time, which
// would otherwise come out as "10:00 AM, unless otherwise agreed in
// writing.".
func interpretRules(lines []ruleLine) listing.HouseRules {
	var r listing.HouseRules
	yes, no := true, false
	for _, ln := range lines {
		t := ln.title
		if ln.free {
			r.Rules = append(r.Rules, t)
			continue
		}
		lt := strings.ToLower(t)
		switch {
		// A heading of the host's own rules ("Check-in and check-out")
		// has no time: it stays a rule.
		case (strings.HasPrefix(lt, "check-in") || strings.HasPrefix(lt, "check in")) && hasDigit(t+ln.subtitle):
			r.CheckIn = afterTimeWord(t, ln.subtitle)
		case (strings.HasPrefix(lt, "checkout") || strings.HasPrefix(lt, "check-out") || strings.HasPrefix(lt, "check out")) && hasDigit(t+ln.subtitle):
			r.CheckOut = afterTimeWord(t, ln.subtitle)
		case strings.Contains(lt, "guests maximum") || strings.HasPrefix(lt, "maximum guests"):
			if n, ok := listing.LeadingNumber(t); ok {
				r.MaxGuests = int(n)
			} else if n, ok := listing.LeadingNumber(ln.subtitle); ok {
				r.MaxGuests = int(n)
			}
		case lt == "no pets" || lt == "pets not allowed":
			r.PetsAllowed = &no
		case strings.HasPrefix(lt, "pets allowed") || strings.HasPrefix(lt, "pets are allowed"):
			r.PetsAllowed = &yes
		case lt == "no smoking" || lt == "smoking not allowed":
			r.SmokingAllowed = &no
		case strings.HasPrefix(lt, "smoking allowed") || strings.HasPrefix(lt, "smoking is allowed"):
			r.SmokingAllowed = &yes
		case strings.HasPrefix(lt, "no parties") || lt == "parties or events not allowed":
			r.PartiesAllowed = &no
		case strings.HasPrefix(lt, "parties allowed") || strings.HasPrefix(lt, "events allowed") || strings.HasPrefix(lt, "parties and events allowed"):
			r.PartiesAllowed = &yes
		case interpretLocalRule(&r, t, ln.subtitle):
		default:
			if ln.subtitle != "" {
				t += ": " + ln.subtitle
			}
			r.Rules = append(r.Rules, t)
		}
	}
	return r
}

// afterTimeWord reads the time out of "Check-in after 3:00 PM", "Checkout
// before 11:00 AM", "Check-in: 3:00 PM - 8:00 PM" or "Check-in" with the
// time as subtitle.
func afterTimeWord(title, subtitle string) string {
	for _, sep := range []string{" after ", " before ", " from ", " by ", ": "} {
		if i := strings.Index(strings.ToLower(title), sep); i >= 0 {
			return strings.TrimSpace(title[i+len(sep):])
		}
	}
	// "Check-in após 09:00", "Check-in dopo le 15:00": the time itself.
	if t := reClock.FindString(title); t != "" && strings.ContainsAny(t, ":.h") {
		return strings.TrimSpace(t)
	}
	if subtitle != "" {
		return subtitle
	}
	return strings.TrimSpace(title)
}

// plainSpaces trims s and turns the no-break spaces Airbnb puts in times
// ("3:00\u202fPM") into plain ones, so a time reads the same everywhere.
func plainSpaces(s string) string {
	return strings.TrimSpace(strings.NewReplacer("\u202f", " ", "\u00a0", " ").Replace(s))
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

func validLatLng(lat, lng float64) bool {
	return lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 && !(lat == 0 && lng == 0)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// amenityID is Airbnb's amenity number in an amenity item's id
// ("pdp_v3_home_safety_35_1438101512728990114-0" → "35"): the same in every
// language, so an amenity is known by it whatever its title's words.
func amenityID(itemID string) string {
	parts := strings.Split(itemID, "_")
	if len(parts) < 3 {
		return ""
	}
	n := parts[len(parts)-2]
	if n == "" || strings.Trim(n, "0123456789") != "" {
		return ""
	}
	return n
}

// setRating records an overall rating (out of 5) and review count that l
// does not have yet, from src.
func setRating(l *listing.Listing, avg, count num, src string) {
	if !l.Has(listing.FieldRating) && avg.OK && avg.V > 0 {
		l.Ratings.Overall, l.Ratings.Scale = avg.V, 5
		l.Set(listing.FieldRating, src)
	}
	if !l.Has(listing.FieldReviewCount) && count.OK {
		l.ReviewCount = int(count.V)
		l.Set(listing.FieldReviewCount, src)
	}
}
