package analysis

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/prose"

	"github.com/listinglift/listinglift/backend/listing"
)

// Photo counts: MinPhotos scales the photo score (each site's own minimum
// is in Platforms); top listings show 20–40.
const (
	MinPhotos     = 7
	TopPhotosLow  = 20
	TopPhotosHigh = 40
)

// captionFinding says how many photos have no words saying what they
// show — neither the host's caption nor the site's own label — when that is
// half of them or more, on a site where hosts write captions. A photo the
// site labels ("Bedroom 1") is not counted as uncaptioned: what it shows
// is told, and telling it again costs nothing in bookings.
func captionFinding(rules PlatformRules, count, captioned, described int) (Finding, bool) {
	bare := count - described
	if count == 0 || !rules.HostCaptions || 2*bare < count {
		return Finding{}, false
	}
	msg := fmt.Sprintf("%d of %d photos have captions.", captioned, count)
	if described > captioned {
		msg = fmt.Sprintf("%d of %d photos have no caption and no label from %s saying what they show.", bare, count, rules.Name)
	}
	return Finding{Code: "photos.captions", Severity: SeverityLow, Message: msg,
		Action: "Caption each photo with the room and what is special about it."}, true
}

// photoRooms are the rooms a photo set should cover, found from the
// photos' own words — the host's captions and the sites' labels (Airbnb's
// photo tour rooms, Booking.com's categories, Vrbo's classes) — in every
// language we read: Words are whole words (accents folded, as Words folds
// them: "Baño" → "bano"), Scripts are written without spaces between words
// (Japanese) and are found inside the text.
var photoRooms = []struct {
	Key, Name string
	Words     []string
	Scripts   []string
}{
	{"bedroom", "bedroom", []string{
		"bedroom", "bedrooms", "bed", "beds", "bunk", "bunks", "queen", "king", "twin", "sleeping", "master", "double room", "single room",
		"quarto", "quartos", "suite", "cama", "camas", "dormitorio", "dormitorios", "habitacion", "habitaciones", "recamara",
		"camera da letto", "camere da letto", "camera matrimoniale", "camera doppia", "letto", "letti", "matrimoniale",
		"chambre", "chambres", "grand lit", "lits", "lit double", "schlafzimmer", "bett", "betten", "doppelbett", "doppelzimmer",
		"slaapkamer", "slaapkamers", "bedden", "υπνοδωματιο", "υπνοδωματια", "κρεβατι", "κρεβατοκαμαρα"},
		[]string{"寝室", "ベッドルーム", "ベッド", "和室", "客室"}},
	{"bathroom", "bathroom", []string{
		"bathroom", "bathrooms", "bath", "shower", "toilet", "ensuite", "en suite", "washroom", "tub", "vanity",
		"banheiro", "banheiros", "casa de banho", "banheira", "chuveiro", "lavabo", "bano", "banos", "ducha", "aseo", "banera",
		"bagno", "bagni", "doccia", "vasca", "salle de bain", "salle de bains", "salle d eau", "douche", "baignoire", "toilettes",
		"badezimmer", "bad", "dusche", "badewanne", "wc", "badkamer", "μπανιο", "ντουζ", "τουαλετα"},
		[]string{"浴室", "バスルーム", "風呂", "シャワー", "トイレ", "洗面"}},
	{"kitchen", "kitchen", []string{
		"kitchen", "kitchenette", "stove", "oven", "cooking", "cozinha", "cocina", "cucina", "angolo cottura", "cuisine",
		"küche", "kochnische", "keuken", "κουζινα"},
		[]string{"キッチン", "台所"}},
	{"living", "living area", []string{
		"living", "lounge", "sofa", "couch", "family room", "den", "sitting", "dining", "tv room", "great room", "seating area",
		"sala", "sala de estar", "sala de jantar", "área de jantar", "área de estar", "zona de estar", "salon", "sala de estar", "comedor", "soggiorno", "salotto", "sala da pranzo",
		"divano", "sejour", "salle a manger", "canape", "wohnzimmer", "wohnbereich", "esszimmer", "woonkamer", "σαλονι", "καθιστικο"},
		[]string{"リビング", "居間", "ダイニング", "ソファ"}},
	{"exterior", "exterior", []string{
		"exterior", "outside", "front", "facade", "building", "garden", "yard", "backyard", "patio", "deck", "porch", "entrance",
		"driveway", "terrace", "balcony", "outdoor", "pool", "street",
		"fachada", "jardim", "quintal", "varanda", "terraco", "piscina", "entrada", "area externa", "predio", "jardin", "terraza",
		"balcon", "edificio", "facciata", "esterno", "esterni", "giardino", "terrazza", "balcone", "ingresso", "exterieur", "terrasse",
		"piscine", "entree", "batiment", "fassade", "außenansicht", "außenbereich", "garten", "balkon", "eingang", "gebäude", "gevel", "tuin",
		"terras", "zwembad", "εξωτερικο", "κηπος", "βεραντα", "μπαλκονι", "πισινα", "ταρατσα"},
		[]string{"外観", "庭", "テラス", "バルコニー", "プール", "建物", "玄関", "入口"}},
	{"view", "view", []string{
		"view", "views", "sunset", "sunrise", "skyline", "overlooking", "river", "lake", "ocean", "sea", "mountain", "mountains",
		"waterfront", "vista", "vistas", "vue", "aussicht", "blick", "uitzicht", "θεα"},
		[]string{"眺め", "景色", "眺望", "ビュー"}},
}

// RoomCoverage says whether captions show a room.
type RoomCoverage struct {
	Room    string `json:"room"`
	Covered bool   `json:"covered"`
	Photos  int    `json:"photos"`
}

// CoverPhoto is the first photo, which search results show.
type CoverPhoto struct {
	URL        string `json:"url"`
	Caption    string `json:"caption,omitempty"`
	Room       string `json:"room,omitempty"` // from the caption
	Assessment string `json:"assessment"`
}

// PhotoQuality summarizes measured photos (Premium).
type PhotoQuality struct {
	Measured      int            `json:"measured"`
	Failed        int            `json:"failed"` // could not be fetched or decoded
	LowResolution int            `json:"low_resolution"`
	TooDark       int            `json:"too_dark"`
	TooBright     int            `json:"too_bright"`
	Blurry        int            `json:"blurry"`
	Duplicates    []PhotoPair    `json:"near_duplicates"`
	Photos        []PhotoMetrics `json:"photos"`
	// Score is 0–100 (see AuditPhotos), null when no photo was measured:
	// a quality nobody measured is not a figure.
	Score *int `json:"score"`
	// TimedOut counts the photos not measured because the report's time for
	// photos ran out (their Error is PhotoNotInTime); they are neither
	// measured nor Failed.
	TimedOut int `json:"timed_out"`
}

// PhotoNotInTime is a photo's Error when its fetch or measurement did not
// finish within the report's time for photos (a slow photo server).
const PhotoNotInTime = "not measured in time"

// PhotoTimeNote says, when the report's time for photos ran out, how many
// of the listing's count photos were measured in time and what that means
// for the figures; "" when every photo was measured (or failed for other
// reasons). The host reads it in the photo section and among what could
// not be read.
func PhotoTimeNote(q *PhotoQuality, count int) string {
	if q == nil || q.TimedOut == 0 {
		return ""
	}
	n := len(q.Photos)
	of := fmt.Sprintf("the %d", n)
	if count > n {
		of = fmt.Sprintf("the first %d", n) // the report measures up to n of them
	}
	if q.Measured == 0 {
		return fmt.Sprintf("Photo quality not assessed: the listing site's photo server sent none of %s photos in time for this report, so none could be checked for size, light and sharpness; the photo score uses the count, captions, rooms and cover only.", of)
	}
	return fmt.Sprintf("Only %d of %s photos could be checked for size, light and sharpness: the listing site's photo server did not send the other %d in time for this report, so those checks cover the %d it sent.",
		q.Measured, of, q.TimedOut, q.Measured)
}

// PhotoPair is two photos that look nearly the same, by position (0 =
// cover). It is an object, not a two-element array: Firestore refuses an
// array directly inside an array, and the report is stored as a Firestore
// map (see backend/store/docrules).
type PhotoPair struct {
	A int `json:"a"`
	B int `json:"b"`
}

// PhotoAudit is the photo audit's result.
//
// Count, Captioned, CaptionCoverage and Score are null when the photos
// were not assessed (NotAssessed, the reason in Explanation): one preview
// image or part of a gallery is not the listing's photo count.
type PhotoAudit struct {
	Count   *int `json:"count"`
	Minimum int  `json:"minimum"` // 7
	// MinimumSaid is Minimum as every screen says it (PlatformRules.
	// PhotoMinimum): "Vrbo's minimum is 6", "Airbnb asks for 7 to publish
	// a listing through a channel manager …"; "" when the site has none.
	MinimumSaid     string         `json:"minimum_said,omitempty"`
	TopRange        [2]int         `json:"top_range"` // 20–40
	Captioned       *int           `json:"captioned"`
	CaptionCoverage *float64       `json:"caption_coverage"` // 0–1
	Rooms           []RoomCoverage `json:"rooms"`
	MissingRooms    []string       `json:"missing_rooms"`
	Cover           *CoverPhoto    `json:"cover,omitempty"`
	Quality         *PhotoQuality  `json:"quality,omitempty"` // Premium measurements
	Score           *int           `json:"score"`             // 0–100, see AuditPhotos
	Findings        Findings       `json:"findings"`
	Explanation     string         `json:"explanation"`
	// NotAssessed: the listing page was not read (a report from what the
	// host typed), so nothing here says anything about its photos.
	NotAssessed bool `json:"not_assessed,omitempty"`
}

// Why a photo audit was not made: the page was not read (a report from
// what the host typed), its photos could not be read, or only the page's
// preview image was (one og:image is not the photo count).
const (
	MsgPhotosNotAssessed = "The listing page could not be read, so its photos were not assessed."
	MsgPhotosNotRead     = "The photos could not be read from the listing page, so they were not assessed."
	MsgPhotosPreviewOnly = "Only the page's preview image was read, not its photo tour, so the photos were not assessed."
	// MsgPhotosPartial is said with what the page showed ("5 of the
	// gallery's photos").
	MsgPhotosPartial = "The page showed only part of the photos (%s), so the photos were not assessed."
)

// photosUnassessed says why l's photos cannot be audited, or "".
func photosUnassessed(l *listing.Listing) string {
	switch {
	case !l.PageRead():
		return MsgPhotosNotAssessed
	case !l.Has(listing.FieldPhotos) && len(l.Photos) == 0:
		return MsgPhotosNotRead
	case listing.PreviewOnly(l, listing.FieldPhotos):
		return MsgPhotosPreviewOnly
	case l.IsPartial(listing.FieldPhotos):
		return fmt.Sprintf(MsgPhotosPartial, l.Partial[listing.FieldPhotos])
	}
	return ""
}

// AuditPhotos checks the photo set: count, captions, rooms shown, the
// cover photo and, when measurements are given (Premium), resolution,
// exposure, sharpness and near-duplicates. measured may be nil; its entries
// are by photo position.
//
// Score out of 100 without measurements: count 40 (20+ photos 40; 7–19
// rising from 20 to 40; under 7, 20·count/7), captions 15 × the share of
// photos whose caption or the site's own label says what they show, rooms
// 30 × the share of the six rooms shown, cover 15 (a living area,
// bedroom, exterior or view 15; no caption 8; a bathroom or kitchen 3).
// The rooms are read from the photos' words (caption, else the site's
// label) in any language we read; when no photo has either, which rooms
// are shown is not assessed — no room is "missing" and the rooms' 30
// points are left out of the score, the rest scaled to 100. With
// measurements it is 70% that and 30% the quality score: the mean over
// measured photos of 40 for resolution, 30 for exposure and 30 for
// sharpness, less 5 per near-duplicate pair.
func AuditPhotos(l *listing.Listing, measured []PhotoMetrics) PhotoAudit {
	rules := RulesFor(l)
	out := PhotoAudit{Minimum: rules.MinPhotos, MinimumSaid: rules.PhotoMinimum(), TopRange: [2]int{TopPhotosLow, TopPhotosHigh},
		Rooms: []RoomCoverage{}, MissingRooms: []string{}, Findings: Findings{}}
	if why := photosUnassessed(l); why != "" {
		out.NotAssessed, out.Explanation = true, why
		out.Findings = Findings{{Code: "photos.not_read", Severity: SeverityInfo, Message: why,
			Evidence: []Evidence{Read(l, listing.FieldPhotos, photoValue(l), "not assessed: "+why)}}}
		return out
	}
	a := photoCounts{PhotoAudit: out, Count: len(l.Photos)}
	counts := make([]int, len(photoRooms))
	described := 0 // photos whose caption, or the site's own label, says what they show
	photoWords := photoWordsOf(l)
	for _, p := range l.Photos {
		if strings.TrimSpace(p.Caption) != "" {
			a.Captioned++
		}
		words := photoWords(p)
		if strings.TrimSpace(p.Caption) == "" && genericLabel(words) {
			// No caption, and a label that says only that it is a photo
			// ("Imagem 1 do anúncio", "Additional photos image 1"):
			// nothing says what the photo shows.
			continue
		}
		rooms := photoRoomsOf(words)
		described++
		for i, r := range rooms {
			if r {
				counts[i]++
			}
		}
	}
	if a.Count > 0 {
		a.CaptionCoverage = numfmt.Round2(float64(a.Captioned) / float64(a.Count))
	}
	// Without a caption or a label on any photo, what the photos show is
	// unknown: the room check is not assessed, never "missing".
	roomsAssessed := described > 0
	covered, keyRooms := 0, 0
	for i, r := range photoRooms {
		shown := r.Key == "view" && counts[i] > 0 // a view the photos show is the listing's
		if !roomsAssessed || !roomExpected(l, r.Key) && !shown {
			continue // a hotel has no kitchen or living area of its own to show
		}
		keyRooms++
		a.Rooms = append(a.Rooms, RoomCoverage{Room: r.Name, Covered: counts[i] > 0, Photos: counts[i]})
		if counts[i] > 0 {
			covered++
		} else {
			a.MissingRooms = append(a.MissingRooms, r.Name)
		}
	}

	score := 0.0
	switch c := a.Count; {
	case c >= TopPhotosLow:
		score += 40
	case c >= MinPhotos:
		score += 20 + 20*float64(c-MinPhotos)/float64(TopPhotosLow-MinPhotos)
	default:
		score += 20 * float64(c) / MinPhotos
	}
	// A photo the site labels ("Bedroom 1", "Baño") says what it shows as
	// a caption would.
	describedShare := 0.0
	if a.Count > 0 {
		describedShare = float64(described) / float64(a.Count)
	}
	score += 15 * describedShare
	if roomsAssessed {
		score += 30 * float64(covered) / float64(keyRooms)
	}
	if a.Count > 0 {
		p := coverOf(l)
		cv := &CoverPhoto{URL: p.URL, Caption: p.Caption}
		rooms := photoRoomsOf(photoWords(p))
		for i, r := range rooms {
			if r {
				cv.Room = photoRooms[i].Name
				break
			}
		}
		words := "caption"
		if !rules.HostCaptions {
			words = rules.Name + "'s description of it"
		}
		switch {
		case photoText(p) == "" || cv.Room == "":
			// No words, or none that name a room we know: what the cover
			// shows is unknown, and unknown is no finding.
			score += 8
			cv.Assessment = "The cover photo has no caption, so we could not tell what it shows; make sure it is your most inviting room or view."
			if !rules.HostCaptions {
				cv.Assessment = "We could not tell what the cover photo shows; make sure it is your most inviting room or view."
			}
			if photoText(p) != "" {
				cv.Assessment = "We could not tell from its " + words + " what the cover photo shows; make sure it is your most inviting room or view."
			}
		case rooms[0] || rooms[3] || rooms[4] || rooms[5]:
			score += 15
			cv.Assessment = fmt.Sprintf("The cover photo shows the %s, a strong choice for search results.", cv.Room)
		default:
			score += 3
			cv.Assessment = "The cover photo shows a " + cv.Room + "; a living area, bedroom, exterior or view draws more clicks in search results."
			a.Findings = append(a.Findings, Finding{Code: "photos.cover", Severity: SeverityMedium,
				Message: "The cover photo does not show a main room or view.", Action: "Make your best living area, bedroom or view photo the cover.",
				Evidence: []Evidence{Read(l, listing.FieldPhotos, Quote(photoText(p)), "the cover photo's "+words+", read as a "+cv.Room+" (not a main room or view)")}})
		}
		a.Cover = cv
	}

	switch {
	case a.Count == 0:
		a.Findings = append(a.Findings, Finding{Code: "photos.none", Severity: SeverityHigh,
			Message: "We could not read any photos from the listing.", Action: fmt.Sprintf("Add photos of every room; top listings show %d–%d.", TopPhotosLow, TopPhotosHigh)})
	case a.Count < rules.MinPhotos:
		// A minimum asked only when publishing (MinPhotosWhen) is said as
		// what it is: the listing we read is live, so it was not refused.
		msg := fmt.Sprintf("The listing has %s, under %s's minimum of %d (%s).", plural(a.Count, "photo", "photos"), rules.Name, rules.MinPhotos, rules.MinPhotosEffect)
		if rules.MinPhotosWhen != "" {
			msg = fmt.Sprintf("The listing has %s, fewer than the %d %s asks for %s.",
				plural(a.Count, "photo", "photos"), rules.MinPhotos, rules.Name, rules.MinPhotosWhen)
		}
		a.Findings = append(a.Findings, Finding{Code: "photos.too_few", Severity: SeverityHigh,
			Message: msg,
			Action:  fmt.Sprintf("Add photos of every room; top listings show %d–%d.", TopPhotosLow, TopPhotosHigh)})
	case rules.MinPhotos == 0 && a.Count < MinPhotos: // a site that publishes no minimum
		a.Findings = append(a.Findings, Finding{Code: "photos.too_few", Severity: SeverityHigh,
			Message: fmt.Sprintf("The listing has only %s; guests decide from the photos.", plural(a.Count, "photo", "photos")),
			Action:  fmt.Sprintf("Add photos of every room; top listings show %d–%d.", TopPhotosLow, TopPhotosHigh)})
	case a.Count < TopPhotosLow && RuleApplies(l, "photos.few", ""): // a home's count (kind_rules.go)
		a.Findings = append(a.Findings, Finding{Code: "photos.few", Severity: SeverityMedium,
			Message: fmt.Sprintf("The listing has %d photos; top listings show %d–%d.", a.Count, TopPhotosLow, TopPhotosHigh),
			Action:  "Add photos of each room, the outside and the neighbourhood."})
	case a.Count > TopPhotosHigh && RuleApplies(l, "photos.many", ""): // a home's count (kind_rules.go)
		a.Findings = append(a.Findings, Finding{Code: "photos.many", Severity: SeverityLow,
			Message: fmt.Sprintf("The listing has %d photos; beyond %d guests rarely look.", a.Count, TopPhotosHigh),
			Action:  "Remove near-duplicates and weaker shots."})
	}
	if f, ok := captionFinding(rules, a.Count, a.Captioned, described); ok {
		a.Findings = append(a.Findings, f)
	}
	if a.Count > 0 && !roomsAssessed {
		why := "No photo has a caption or a label from " + rules.Name + " saying what it shows, so which rooms the photos show was not assessed."
		if !rules.HostCaptions {
			why = rules.Name + " gave no description of any photo, so which rooms the photos show was not assessed."
		}
		a.Findings = append(a.Findings, Finding{Code: "photos.rooms", Severity: SeverityInfo, Message: why})
	}
	if a.Count > 0 && len(a.MissingRooms) > 0 {
		sev := SeverityLow
		if len(a.MissingRooms) >= 3 && described == a.Count {
			// Only when every photo's words were read is a room's absence
			// known: an undescribed photo may show it.
			sev = SeverityMedium
		}
		msg := fmt.Sprintf("No captioned photo shows the %s.", joinList(a.MissingRooms))
		action := "Show (and caption) every bedroom, bathroom, the kitchen, the living area, the outside and any view."
		switch {
		case !rules.HostCaptions:
			msg = fmt.Sprintf("No photo, as %s describes them, shows the %s.", rules.Name, joinList(a.MissingRooms))
			action = "Show every room guests will use, the outside and any view."
		case a.Captioned < described:
			// Some rooms are known from the site's own labels, not captions.
			msg = fmt.Sprintf("No photo, by its caption or %s's own label, shows the %s.", rules.Name, joinList(a.MissingRooms))
		}
		if bare := a.Count - described; bare > 0 {
			// What the undescribed photos show is unknown: said, so the
			// finding claims no more than the words read.
			verb, what := "have", "they show"
			if bare == 1 {
				verb, what = "has", "it shows"
			}
			msg = strings.TrimSuffix(msg, ".") + fmt.Sprintf(" (%d of the %d photos %s no caption or label saying what %s).", bare, a.Count, verb, what)
		}
		a.Findings = append(a.Findings, Finding{Code: "photos.rooms", Severity: sev, Message: msg, Action: action})
	}

	outOf := 100.0
	if !rules.HostCaptions {
		// The site gives hosts no captions: the 15 points are not the
		// host's to win, so the rest is scaled to 100.
		score -= 15 * describedShare
		outOf -= 15
	}
	if !roomsAssessed {
		outOf -= 30 // not assessed: no points given or taken
	}
	score = score * 100 / outOf
	if len(measured) > 0 {
		q := photoQuality(measured)
		a.Quality = &q
		if q.Score != nil {
			score = 0.7*score + 0.3*float64(*q.Score)
		}
		if q.LowResolution > 0 {
			a.Findings = append(a.Findings, Finding{Code: "photos.resolution", Severity: SeverityMedium,
				Message: fmt.Sprintf("%d of %d measured photos are below %d×%d pixels.", q.LowResolution, q.Measured, MinPhotoWidth, MinPhotoHeight),
				Action:  "Upload the original, full-size files."})
		}
		if q.TooDark+q.TooBright > 0 {
			a.Findings = append(a.Findings, Finding{Code: "photos.exposure", Severity: SeverityMedium,
				Message: fmt.Sprintf("%d photos are too dark and %d too bright.", q.TooDark, q.TooBright),
				Action:  "Reshoot in daylight with lights on, or correct the exposure."})
		}
		if q.Blurry > 0 {
			a.Findings = append(a.Findings, Finding{Code: "photos.blurry", Severity: SeverityMedium,
				Message: fmt.Sprintf("%s look soft or blurry.", plural(q.Blurry, "photo", "photos")), Action: "Reshoot with a steady camera."})
		}
		if len(q.Duplicates) > 0 {
			a.Findings = append(a.Findings, Finding{Code: "photos.duplicates", Severity: SeverityLow,
				Message: fmt.Sprintf("%s of photos look nearly the same.", plural(len(q.Duplicates), "pair", "pairs")), Action: "Keep the best of each pair."})
		}
	}
	a.Score = int(math.Round(clamp(score, 0, 100)))
	a.Explanation = photoExplanation(l, a, covered, keyRooms, described)
	shown := plural(a.Count, "photo", "photos")
	if rules.HostCaptions {
		shown += fmt.Sprintf(", %d captioned", a.Captioned)
	}
	seen := Read(l, listing.FieldPhotos, shown, "")
	for i := range a.Findings {
		if len(a.Findings[i].Evidence) == 0 {
			a.Findings[i].Evidence = []Evidence{seen}
		}
	}
	res := a.PhotoAudit
	res.Count, res.Captioned, res.CaptionCoverage, res.Score = &a.Count, &a.Captioned, &a.CaptionCoverage, &a.Score
	return res
}

// roomExpected reports whether a photo set of l should show the room key:
// a hotel's guests get a room, a bathroom, the building and its view, not
// a kitchen or a living area of their own; a listing whose page says its
// kitchen is not included has none to show.
func roomExpected(l *listing.Listing, key string) bool {
	if key == "view" {
		// Default-deny: "show the view" is advice only for a listing
		// whose own amenities or words claim one; asked of every
		// listing, it tells a courtyard flat it has a view to show.
		f := ListingFeatures(l)
		return f.Has("view") || f.Has("waterfront")
	}
	if PropertyKind(l) == KindHotel {
		return key != "kitchen" && key != "living"
	}
	if key == "kitchen" {
		_, excluded := NotIncluded(l)["kitchen"]
		return !excluded
	}
	return true
}

// photoText is what a photo's own words say it shows: the host's caption,
// else the site's label of it (Booking.com's description, Vrbo's class).
func photoText(p listing.Photo) string {
	if c := strings.TrimSpace(p.Caption); c != "" {
		return c
	}
	return strings.TrimSpace(p.Label)
}

// photoWordsOf gives what a photo's words say it shows, without the
// property's own name and town, which a site's generated label repeats on
// every photo ("… at Strand Palace in London"): a name is no room, and
// "Strand" in a hotel's name is no beach.
func photoWordsOf(l *listing.Listing) func(listing.Photo) string {
	var names []*regexp.Regexp
	for _, name := range []string{l.Title, l.Location.City} {
		if name = strings.TrimSpace(name); utf8.RuneCountInString(name) >= 3 {
			names = append(names, regexp.MustCompile(`(?i)`+regexp.QuoteMeta(name)))
		}
	}
	return func(p listing.Photo) string {
		s := photoText(p)
		for _, re := range names {
			s = re.ReplaceAllString(s, " ")
		}
		return strings.TrimSpace(s)
	}
}

// genericLabel reports whether a photo's words say only that it is a
// photo of the listing, in the languages we read ("Imagem 1 do anúncio",
// "Additional photos image 3", "Photo de la galerie de l'établissement",
// "Foto dalla galleria"): no word is left once the photo words, small
// words and numbers are set aside.
func genericLabel(s string) bool {
	for _, w := range prose.Words(s) {
		if !genericPhotoWords[w] && strings.Trim(w, "0123456789") != "" {
			return false
		}
	}
	return true
}

// genericPhotoWords are the words of a label that says nothing of what a
// photo shows, as Words folds them.
var genericPhotoWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range prose.Words(`image images photo photos picture pictures pic additional more other gallery listing property
		imagem imagens foto fotos adicionais anúncio imagen imágenes galería adicionales immagine immagini galleria aggiuntive
		annuncio galerie supplémentaires annonce établissement bild bilder weitere inserat unterkunft afbeelding extra εικόνα
		φωτογραφία 画像 写真 of the from at in on a an de do da dos das del della dalla dell la le l di du des en à dans
		this este esta esse essa questo questa ce cette`) {
		m[w] = true
	}
	return m
}()

// photoCounts are the audit's figures while it is made; AuditPhotos
// returns them in the PhotoAudit only when the photos were assessed.
type photoCounts struct {
	PhotoAudit
	Count, Captioned int
	CaptionCoverage  float64
	Score            int
}

// photoValue is what the page gave for its photos, as evidence says it.
func photoValue(l *listing.Listing) string {
	if len(l.Photos) == 0 {
		return ""
	}
	return plural(len(l.Photos), "image", "images") + " read"
}

// PhotoCount is the audit's photo count, 0 when not assessed.
func (a PhotoAudit) PhotoCount() int {
	if a.Count == nil {
		return 0
	}
	return *a.Count
}

// PhotoScore is the audit's score, 0 when not assessed.
func (a PhotoAudit) PhotoScore() int {
	if a.Score == nil {
		return 0
	}
	return *a.Score
}

// coverOf is the listing's cover photo: the photo the page shows as its
// cover (hero, og:image) when the photo list has it, else that image alone
// (no caption known), else the first photo.
func coverOf(l *listing.Listing) listing.Photo {
	if l.CoverURL != "" {
		want := photoKey(l.CoverURL)
		for _, p := range l.Photos {
			if photoKey(p.URL) == want {
				return p
			}
		}
		return listing.Photo{URL: l.CoverURL} // what it shows is unknown
	}
	return l.Photos[0]
}

// photoKey compares image URLs without their size and format parameters.
func photoKey(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return strings.ToLower(u)
}

// init writes the rooms' words as Words folds a text, so a list may
// spell them with their accents ("küche", "außenansicht").
func init() {
	for i := range photoRooms {
		for j, w := range photoRooms[i].Words {
			photoRooms[i].Words[j] = strings.Join(prose.Words(w), " ")
		}
	}
}

// photoRoomsOf are the rooms a photo's words (caption or label) name.
func photoRoomsOf(caption string) []bool {
	t := newText(caption)
	out := make([]bool, len(photoRooms))
	for i, r := range photoRooms {
		_, out[i] = t.hasAny(r.Words...)
		for _, w := range r.Scripts {
			out[i] = out[i] || strings.Contains(caption, w)
		}
	}
	// "Living room with river view" is a living area with a view; "Bedroom
	// with queen bed" is not also a view. Both rules come from the words.
	return out
}

func photoQuality(ms []PhotoMetrics) PhotoQuality {
	q := PhotoQuality{Photos: ms, Duplicates: []PhotoPair{}}
	total := 0.0
	for _, m := range ms {
		switch m.Error {
		case "":
		case PhotoNotInTime:
			q.TimedOut++
			continue
		default:
			q.Failed++
			continue
		}
		q.Measured++
		pts := 0.0
		if m.ResolutionOK {
			pts += 40
		} else {
			q.LowResolution++
		}
		switch {
		case m.Brightness < MinBrightness:
			q.TooDark++
		case m.Brightness > MaxBrightness:
			q.TooBright++
		default:
			pts += 30
		}
		if m.Sharp {
			pts += 30
		} else {
			q.Blurry++
		}
		total += pts
	}
	q.Duplicates = NearDuplicates(ms)
	if q.Measured > 0 {
		score := int(math.Round(clamp(total/float64(q.Measured)-5*float64(len(q.Duplicates)), 0, 100)))
		q.Score = &score
	}
	return q
}

func photoExplanation(l *listing.Listing, a photoCounts, covered, keyRooms, described int) string {
	r := RulesFor(l)
	minimum := ""
	if m := r.PhotoMinimum(); m != "" {
		minimum = m + "; "
	}
	// The 20–40 of top listings is a count for homes (kind_rules.go): a
	// hotel, showing every room type and facility, is measured by none.
	top := fmt.Sprintf("top listings show %d–%d", TopPhotosLow, TopPhotosHigh)
	if !RuleApplies(l, "photos.many", "") {
		top = "no photo count is advised for a hotel"
	}
	s := fmt.Sprintf("The listing shows %s (%s%s); %d have captions, and captions show %d of the %d key rooms",
		plural(a.Count, "photo", "photos"), minimum, top, a.Captioned, covered, keyRooms)
	switch {
	case !r.HostCaptions:
		s = fmt.Sprintf("The listing shows %s (%s); %s gives hosts no photo captions, and its own descriptions of the photos show %d of the %d key rooms",
			plural(a.Count, "photo", "photos"), top, r.Name, covered, keyRooms)
	case a.Captioned < described:
		// Some photos are described only by the site's own labels
		// (Vrbo's "Exterior"): they tell the rooms, but are no captions.
		by := fmt.Sprintf("%d have captions, and the captions with %s's own labels of the photos", a.Captioned, r.Name)
		if a.Captioned == 0 {
			by = fmt.Sprintf("none has a caption, and %s's own labels of the photos", r.Name)
		}
		s = fmt.Sprintf("The listing shows %s (%s%s); %s show %d of the %d key rooms",
			plural(a.Count, "photo", "photos"), minimum, top, by, covered, keyRooms)
	}
	if len(a.MissingRooms) > 0 && described > 0 {
		s += " (missing: " + joinList(a.MissingRooms) + ")"
	}
	if described == 0 && a.Count > 0 {
		// Nothing says what any photo shows: no room count to give.
		s = fmt.Sprintf("The listing shows %s (%s%s); no photo has a caption or a label from %s saying what it shows, so which rooms they show was not assessed",
			plural(a.Count, "photo", "photos"), minimum, top, r.Name)
	}
	s += "."
	if q := a.Quality; q != nil && q.Measured > 0 {
		s += fmt.Sprintf(" We measured %d photos: %d below %d×%d, %d too dark, %d too bright, %d blurry, %s.",
			q.Measured, q.LowResolution, MinPhotoWidth, MinPhotoHeight, q.TooDark, q.TooBright, q.Blurry, plural(len(q.Duplicates), "near-duplicate pair", "near-duplicate pairs"))
	}
	if note := PhotoTimeNote(a.Quality, a.Count); note != "" {
		s += " " + note
	}
	s += fmt.Sprintf(" Score %d/100.", a.Score)
	return s
}
