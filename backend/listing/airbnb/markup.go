package airbnb

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
	"github.com/listinglift/listinglift/backend/prose"
)

// A page a browser saved ("Save page as…") carries the text the listing
// page showed, in sections marked data-section-id (or
// data-plugin-in-point-id) — TITLE_DEFAULT with the <h1>, OVERVIEW_DEFAULT_V2
// with "Entire rental unit in Lisbon, Portugal" and "4 guests · 2
// bedrooms…", DESCRIPTION_DEFAULT, HERO_DEFAULT with the photo carousel —
// while its embedded state can be another page's (the app had moved on).
// applyMarkup reads those sections when the embedded state is not the
// listing's. What the page shows only a preview of (the amenities before
// "Show all 65 amenities", the description before "Show more") is marked
// partial.
//
// A button's own label ("Show all photos", "Show more") and an <svg>'s
// <title> are never read as the listing's text; a button that wraps a
// card of blocks (a house-rules card) is read like any block.

// sectionText is the text of one of the page's sections.
type sectionText struct {
	h1      string   // the first <h1>
	h2      string   // the first <h2>/<h3>
	h3s     []string // every <h3>: the headings under the section's own <h2> title
	items   []string // list items
	body    []string // text runs, "\n" for breaks (the description)
	lines   []string // each block's text; headings as "## heading"
	buttons []string // labels of plain buttons
	keys    []string // image URLs of carousel items (li data-key)
	images  []image  // the section's pictures that say what they show (alt)
}

// image is a picture of the page and its alt text.
type image struct{ url, alt string }

// blockAtoms break a line of text.
var blockAtoms = map[atom.Atom]bool{atom.Div: true, atom.P: true, atom.Li: true, atom.Ul: true, atom.Ol: true,
	atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.Section: true, atom.Br: true}

// pageSections reads the marked sections of a saved page; text outside any
// section is under "". page is the markup with its script bodies cut out
// (meta.Doc.Markup): scripts hold no visible text, and on a saved page they
// are most of the bytes the HTML parser would otherwise read one by one.
func pageSections(page []byte) map[string]*sectionText {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return nil
	}
	w := &sectionWalker{out: map[string]*sectionText{}}
	w.walk(doc, w.section(""))
	w.flush()
	return w.out
}

type sectionWalker struct {
	out map[string]*sectionText
	cur *sectionText // the section the pending line belongs to
	ln  strings.Builder
}

func (w *sectionWalker) section(id string) *sectionText {
	if w.out[id] == nil {
		w.out[id] = &sectionText{}
	}
	return w.out[id]
}

// flush ends the pending line.
func (w *sectionWalker) flush() {
	if t := strings.Join(strings.Fields(w.ln.String()), " "); t != "" && w.cur != nil {
		w.cur.lines = append(w.cur.lines, t)
	}
	w.ln.Reset()
}

func (w *sectionWalker) walk(n *html.Node, sec *sectionText) {
	if n.Type == html.TextNode {
		if t := strings.TrimSpace(n.Data); t != "" {
			if w.cur != sec {
				w.flush()
				w.cur = sec
			}
			w.ln.WriteString(n.Data)
			w.ln.WriteByte(' ') // runs in separate elements are separate words
			sec.body = append(sec.body, t)
		}
		return
	}
	if n.Type == html.ElementNode {
		switch n.DataAtom {
		case atom.Script, atom.Style, atom.Svg, atom.Noscript, atom.Template:
			return
		}
		for _, a := range n.Attr {
			switch {
			case (a.Key == "data-section-id" || a.Key == "data-plugin-in-point-id") && a.Val != "":
				w.flush()
				sec = w.section(a.Val)
			case a.Key == "data-key" && n.DataAtom == atom.Li && strings.HasPrefix(a.Val, "https://"):
				sec.keys = append(sec.keys, a.Val)
			}
		}
		if n.DataAtom == atom.Img {
			sec.addImage(n)
		}
		if blockAtoms[n.DataAtom] {
			w.flush() // a block starts a line
		}
		if w.element(n, sec) {
			return
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.walk(c, sec)
	}
	if n.Type == html.ElementNode && blockAtoms[n.DataAtom] {
		w.flush()
	}
}

// element reads the elements whose text is taken whole; it reports whether
// the children were read.
func (w *sectionWalker) element(n *html.Node, sec *sectionText) bool {
	switch n.DataAtom {
	case atom.Button:
		if !hasBlock(n) {
			w.flush()
			if t := visibleText(n); t != "" {
				sec.buttons = append(sec.buttons, t)
			}
			return true
		}
	case atom.H1, atom.H2, atom.H3:
		w.flush()
		t := visibleText(n)
		if n.DataAtom == atom.H1 && sec.h1 == "" {
			sec.h1 = t
		} else if n.DataAtom != atom.H1 && sec.h2 == "" {
			sec.h2 = t
		}
		if n.DataAtom == atom.H3 && t != "" {
			sec.h3s = append(sec.h3s, t)
		}
		if t != "" {
			sec.lines = append(sec.lines, "## "+t)
		}
		return true
	case atom.Li:
		if t := visibleText(n); t != "" {
			sec.items = append(sec.items, t)
		}
	case atom.Br, atom.P, atom.Div:
		sec.body = append(sec.body, "\n")
	}
	return false
}

// addImage records an <img> whose alt says what it shows, by the URL of
// the photo (a saved page points src at its local copy and keeps the
// photo's address in data-original-uri).
func (s *sectionText) addImage(n *html.Node) {
	var src, orig, alt string
	for _, a := range n.Attr {
		switch a.Key {
		case "src":
			src = a.Val
		case "data-original-uri":
			orig = a.Val
		case "alt":
			alt = strings.TrimSpace(a.Val)
		}
	}
	if orig == "" {
		orig = src
	}
	if alt != "" && strings.HasPrefix(orig, "https://") {
		s.images = append(s.images, image{orig, alt})
	}
}

// hasBlock reports whether n holds block elements: a card, not a label.
func hasBlock(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (blockAtoms[c.DataAtom] && c.DataAtom != atom.Br || hasBlock(c)) {
			return true
		}
	}
	return false
}

// visibleText is the text inside n without <svg> titles, scripts or the
// aria-hidden copies Airbnb puts beside a heading ("Rated 5.0 … 5.0").
func visibleText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Script, atom.Style, atom.Svg:
				return
			}
			for _, a := range n.Attr {
				if a.Key == "aria-hidden" && a.Val == "true" {
					return
				}
			}
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// paragraphs joins a section's text runs into lines, a break where the
// page had one.
func (s *sectionText) paragraphs() string {
	var lines []string
	cur, breaks := "", 0
	for _, t := range s.body {
		if t == "\n" {
			if cur != "" {
				lines = append(lines, cur)
				cur = ""
			}
			breaks++
			continue
		}
		if cur == "" && breaks >= 2 && len(lines) > 0 && lines[len(lines)-1] != "" {
			lines = append(lines, "") // <br><br>: a new paragraph
		}
		breaks = 0
		if cur != "" {
			cur += " "
		}
		cur += t
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return strings.Join(lines, "\n")
}

// markup is a saved page's sections, looked up by the ids Airbnb uses.
type markup map[string]*sectionText

// get is the first of the sections ids that the page has.
func (m markup) get(ids ...string) *sectionText {
	for _, id := range ids {
		if s := m[id]; s != nil {
			return s
		}
	}
	return nil
}

// applyMarkup reads a saved page's visible sections. It reports whether it
// read the listing's title or overview.
func applyMarkup(l *listing.Listing, page []byte) bool {
	m := markup(pageSections(page))
	read := false
	if s := m.get("TITLE_DEFAULT"); s != nil && s.h1 != "" {
		l.Title = s.h1
		l.Set(listing.FieldTitle, listing.SourceMarkup)
		read = true
	}
	read = markupOverview(l, m) || read
	if !read {
		return false
	}
	markupDescription(l, m)
	markupPhotos(l, m)
	markupAmenities(l, m)
	markupReviews(l, m)
	markupHost(l, m)
	markupHighlights(l, m)
	markupRules(l, m)
	markupPrice(l, m)
	return true
}

// markupOverview reads "Entire condo in Innisfil, Canada" and "2 guests · 1
// bedroom · 1 bed · 1 bath", and the place the location card names.
func markupOverview(l *listing.Listing, m markup) bool {
	const src = listing.SourceMarkup
	read := false
	if ov := m.get("OVERVIEW_DEFAULT_V2", "OVERVIEW_DEFAULT"); ov != nil {
		if kind, place := splitOverviewTitle(ov.h2); kind != "" {
			l.PropertyType = kind
			l.Set(listing.FieldPropertyType, src)
			if place != "" {
				setPlace(l, meta.SplitPlace(place), src)
			}
			read = true
		}
		if rt := roomTypeOf(ov.h2); rt != "" {
			l.RoomType = rt
			l.Set(listing.FieldRoomType, src)
		}
		for _, item := range ov.items {
			for _, part := range strings.Split(item, "·") {
				applyOverviewItem(l, part, src)
			}
		}
	}
	if s := m.get("LOCATION_DEFAULT"); s != nil {
		// "Innisfil, Ontario, Canada": the card names the region too.
		for _, line := range s.lines {
			if loc := meta.SplitPlace(line); !strings.HasPrefix(line, "## ") && loc.City != "" && loc.Country != "" {
				setPlace(l, loc, src)
				break
			}
		}
	}
	return read
}

// markupDescription reads the description. The section holds the host's
// whole text and the page clamps it to a few lines with CSS
// (-webkit-line-clamp); its "Show more" opens a modal of the same text. So
// the text read is the whole description, button or not: the loft page
// of airbnb-2025-mehfius-loft-rendered.html, saved with its state, shows
// "Mostrar mais" under all 76 words of its htmlDescription
// (TestSavedDescriptionIsWhole).
func markupDescription(l *listing.Listing, m markup) {
	s := m.get("DESCRIPTION_DEFAULT")
	if s == nil {
		return
	}
	text := listing.PlainText(strings.ReplaceAll(s.paragraphs(), "\n", "<br>"))
	if text == "" {
		return
	}
	l.Description = text
	l.Set(listing.FieldDescription, listing.SourceMarkup)
}

var rePhotoCount = regexp.MustCompile(`(?:^|\s)1 / (\d+)$|of (\d+)$|(\d+)\s*(?:de|di|sur|von|από|中)\s*(\d+)$`)

// markupPhotos reads the hero carousel's images and its "1 / 32": fewer
// images than the count are a part of the gallery.
func markupPhotos(l *listing.Listing, m markup) {
	s := m.get("HERO_DEFAULT")
	if s == nil {
		return
	}
	seen := map[string]bool{}
	for _, u := range s.keys {
		if !seen[u] {
			seen[u] = true
			l.Photos = append(l.Photos, listing.Photo{URL: u})
		}
	}
	if len(l.Photos) == 0 {
		return
	}
	l.Set(listing.FieldPhotos, listing.SourceMarkup)
	l.CoverURL = l.Photos[0].URL
	// "Where you'll sleep" shows a room's photo under the room's name
	// (alt "Bedroom", "Quarto 1"): the photo's label, as the photo tour's
	// rooms are on pages that carry the tour.
	rooms := map[string]string{}
	for _, id := range []string{"SLEEPING_ARRANGEMENT_WITH_IMAGES", "SLEEPING_ARRANGEMENT_DEFAULT"} {
		if sa := m[id]; sa != nil {
			for _, im := range sa.images {
				if _, ok := rooms[photoPath(im.url)]; !ok {
					rooms[photoPath(im.url)] = im.alt
				}
			}
		}
	}
	for i := range l.Photos {
		l.Photos[i].Label = rooms[photoPath(l.Photos[i].URL)]
	}
	for _, line := range s.lines {
		if c := rePhotoCount.FindStringSubmatch(line); c != nil {
			n, _ := strconv.Atoi(c[1] + c[2] + c[4])
			if n > len(l.Photos) {
				l.SetPartial(listing.FieldPhotos, strconv.Itoa(len(l.Photos))+" of the gallery's "+strconv.Itoa(n)+" photos")
			}
			break
		}
	}
}

// photoPath is a photo's address without its query ("?im_w=720"): one
// photo at any size.
func photoPath(u string) string {
	if i := strings.IndexByte(u, '?'); i >= 0 {
		return u[:i]
	}
	return u
}

// markupAmenities reads the amenities the page shows. "Show all 65
// amenities" (in any language: amenityButtonCount) says they are a part,
// and is never an amenity itself; an amenity shown struck through
// ("Unavailable: Smoke alarm", whose hidden <del> copy repeats the name)
// or under a "Not included" heading is one the listing lacks.
func markupAmenities(l *listing.Listing, m markup) {
	s := m.get("AMENITIES_DEFAULT")
	if s == nil {
		return
	}
	total, missing := 0, false
	for _, line := range s.lines {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			missing = notIncluded.is(norm(h))
			continue
		}
		if n, ok := amenityButtonCount(line); ok {
			total = max(total, n)
			continue
		}
		if showMore.is(norm(line)) {
			continue
		}
		name, gone := cutUnavailable(line)
		if gone {
			name = undouble(name)
		}
		if name == "" {
			continue
		}
		l.Amenities = append(l.Amenities, listing.Amenity{Name: name, Available: !gone && !missing})
	}
	if len(l.Amenities) == 0 {
		return
	}
	l.Set(listing.FieldAmenities, listing.SourceMarkup)
	for _, b := range s.buttons {
		if n, ok := amenityButtonCount(b); ok {
			total = max(total, n)
		}
	}
	// The button counts the amenities the listing has ("Mostrar todas as
	// 52 comodidades" on a page whose full list is 52 offered and 5 not
	// included): fewer offered ones shown are a part.
	offered := 0
	for _, a := range l.Amenities {
		if a.Available {
			offered++
		}
	}
	if total > offered {
		l.SetPartial(listing.FieldAmenities, strconv.Itoa(offered)+" shown of "+strconv.Itoa(total))
	}
}

// undouble is "Smoke alarm" for "Smoke alarm Smoke alarm": a struck-through
// amenity's line holds its name twice (the label and the <del> copy).
func undouble(s string) string {
	f := strings.Fields(s)
	if n := len(f); n%2 == 0 && n > 0 && strings.Join(f[:n/2], " ") == strings.Join(f[n/2:], " ") {
		return strings.Join(f[:n/2], " ")
	}
	return s
}

// labelLine is the most a line of a label holds (a rating, a badge, a
// count); longer lines are the guests' reviews, not read for labels.
const labelLine = 160

// markupReviews reads the rating ("Rated 5.0 out of 5 from 59 reviews.",
// "Avaliado com 4,98 de 5 de um total de 101 avaliações."), the review
// count ("59 reviews"), the category ratings ("Pontuação: 4,8 de 5
// estrelas para limpeza") and the Guest favourite badge, in any of the
// languages of labels_i18n.go. The review section's lines are mostly the
// reviews themselves: only short lines are read.
func markupReviews(l *listing.Listing, m markup) {
	const src = listing.SourceMarkup
	for _, id := range []string{"REVIEWS_DEFAULT", "GUEST_FAVORITE_BANNER", "OVERVIEW_DEFAULT_V2"} {
		s := m[id]
		if s == nil {
			continue
		}
		for _, line := range s.lines {
			line = plainSpaces(strings.TrimPrefix(line, "## "))
			if line == "" || len(line) > labelLine {
				continue
			}
			f := prose.Fold(line)
			if guestFavourite.in(f) {
				l.GuestFavorite = true
				l.Set(listing.FieldGuestFavorite, src)
			}
			if !hasDigit(line) {
				continue
			}
			if v, rest, ok := ratingOutOfFive(line); ok && ratingWords.in(f) {
				if cat := categoryOf(f); cat != "" {
					if id == "REVIEWS_DEFAULT" {
						setCategory(l, cat, v)
					}
					continue
				}
				if !l.Has(listing.FieldRating) {
					l.Ratings.Overall, l.Ratings.Scale = v, 5
					l.Set(listing.FieldRating, src)
				}
				if n, ok := reviewCountIn(rest); ok && !l.Has(listing.FieldReviewCount) {
					l.ReviewCount = n
					l.Set(listing.FieldReviewCount, src)
				}
				continue
			}
			if n, ok := reviewCountLine(line); ok && !l.Has(listing.FieldReviewCount) {
				l.ReviewCount = n
				l.Set(listing.FieldReviewCount, src)
			}
		}
	}
}

// setCategory records one category rating read from the page's text.
func setCategory(l *listing.Listing, key string, v float64) {
	dst := map[string]*float64{"cleanliness": &l.Ratings.Cleanliness, "accuracy": &l.Ratings.Accuracy, "check_in": &l.Ratings.CheckIn,
		"communication": &l.Ratings.Communication, "location": &l.Ratings.Location, "value": &l.Ratings.Value}[key]
	if dst == nil || *dst != 0 {
		return
	}
	*dst = v
	l.Set(listing.FieldCategoryRatings, listing.SourceMarkup)
}

// markupHost reads "Hosted by Jack" and the line under it ("Superhost · 8
// years hosting") from the host overview, and the host card's details
// ("Response rate: 100%", "Responds within an hour"), in any language.
func markupHost(l *listing.Listing, m markup) {
	s := m.get("HOST_OVERVIEW_DEFAULT")
	if s == nil {
		return
	}
	var h hostInfo
	for _, line := range s.lines {
		h.mergeOverview(line, nil)
	}
	for _, it := range s.items {
		h.readLine(it)
	}
	if h.name == "" {
		return
	}
	if card := m.get("MEET_YOUR_HOST"); card != nil {
		for _, line := range card.lines {
			if !strings.HasPrefix(line, "## ") && len(line) <= labelLine {
				var c hostInfo
				c.readLine(line)
				if c.responseRate > 0 {
					h.responseRate = c.responseRate
				}
				if c.responseTime != "" {
					h.responseTime = c.responseTime
				}
				if c.superhost != nil {
					h.superhost = c.superhost
				}
			}
		}
	}
	// The overview shows the Superhost badge whenever the host has it.
	superhost := h.superhost != nil && *h.superhost
	h.superhost = &superhost
	l.Host = h.result()
	l.Set(listing.FieldHost, listing.SourceMarkup)
	l.Superhost = superhost
	l.Set(listing.FieldSuperhost, listing.SourceMarkup)
}

// markupHighlights reads the "Listing highlights" section ("Destaques do
// anúncio", "Punti salienti dell'annuncio"…): under the section's own <h2>
// title, each highlight is an <h3> headline ("Top 10% of homes", "Dive
// right in", "Free cancellation before Aug 6") with a line of Airbnb's
// gloss under it ("Get a full refund if you change your mind."). The
// headlines are the highlights, in whatever language the page is: they are
// read by their place in the section, not by their words. The title and
// the glosses are not highlights.
func markupHighlights(l *listing.Listing, m markup) {
	s := m.get("HIGHLIGHTS_DEFAULT")
	if s == nil {
		return
	}
	for _, h := range s.h3s {
		if h = plainSpaces(h); h != "" {
			l.Highlights = append(l.Highlights, h)
		}
	}
	if len(l.Highlights) > 0 {
		l.Set(listing.FieldHighlights, listing.SourceMarkup)
	}
}

// markupRules reads the house rules card: the lines under its heading
// ("House rules", "Regras da casa"…), up to the next heading. The card
// shows the first rules and a "Show more" that opens the rest: the rules
// are then marked partial, and the button is no rule.
func markupRules(l *listing.Listing, m markup) {
	s := m.get("POLICIES_DEFAULT")
	if s == nil {
		return
	}
	var lines []ruleLine
	in, more := false, false
	for _, line := range s.lines {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			in = houseRules.is(norm(h))
			continue
		}
		if !in {
			continue
		}
		if showMore.is(norm(line)) {
			more = true
			continue
		}
		lines = append(lines, ruleLine{title: plainSpaces(line)})
	}
	if len(lines) == 0 {
		return
	}
	for _, b := range s.buttons {
		more = more || showMore.is(norm(b))
	}
	l.HouseRules = interpretRules(lines)
	l.Set(listing.FieldHouseRules, listing.SourceMarkup)
	if more {
		l.SetPartial(listing.FieldHouseRules, "the house rules card's first rules (the rest are behind its \"Show more\")")
	}
}

// rePriceBefore is a price that ends the text before a night word: "$175
// CAD", "R$ 350", "175 €", "175 € a", "¥17,500 /".
var rePriceBefore = regexp.MustCompile(`(?:([A-Z]{0,2}[$€£¥₹])\s?(\d[\d.,]*)|(\d[\d.,]*)\s?([$€£¥₹]))(?:\s([A-Z]{3}))?\s*(?:per|por|a|par|pro|ανά|x)?\s*/?\s*$`)

// markupPrice reads the nightly price the booking box shows for the dates
// the page was opened with ("$175 CAD night", "R$ 350 por noite", "175 €
// par nuit": nightWords).
func markupPrice(l *listing.Listing, m markup) {
	for _, id := range []string{"BOOK_IT_SIDEBAR", "BOOK_IT_FLOATING_FOOTER", "BOOK_IT_NAV"} {
		s := m[id]
		if s == nil {
			continue
		}
		for _, line := range append(append([]string{}, s.lines...), s.buttons...) {
			line = strings.ReplaceAll(plainSpaces(line), "￥", "¥")
			if len(line) > labelLine {
				continue
			}
			before, ok := beforeNight(line)
			if !ok {
				continue
			}
			c := rePriceBefore.FindStringSubmatch(before)
			if c == nil {
				continue
			}
			amount, cur, ok := listing.ParseMoney(c[1] + c[2] + c[3] + c[4])
			if !ok {
				continue
			}
			if c[5] != "" {
				cur = c[5] // "$175 CAD": the code says which dollar
			}
			l.Price = &listing.Price{Amount: amount, Currency: cur, Period: "night"}
			l.Set(listing.FieldPrice, listing.SourceMarkup)
			return
		}
	}
}

// beforeNight is the text of line before its first night word.
func beforeNight(line string) (string, bool) {
	f := prose.Fold(line)
	best := -1
	for _, w := range nightWords {
		if i := strings.Index(f, w); i >= 0 && (best < 0 || i < best) {
			best = i
		}
	}
	if best < 0 {
		return "", false
	}
	// f and line have the same runes: cut line at the same rune.
	n := utf8.RuneCountInString(f[:best])
	for i := range line {
		if n == 0 {
			return line[:i], true
		}
		n--
	}
	return line, true
}
