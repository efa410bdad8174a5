package ingest

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// The pages that are not the listing, made in memory from the real pages
// in ../shared/real-pages the way such pages come about (a removed
// listing's shell, a search served for a room link, an Expedia page, a
// compressed bot wall), never written anywhere. Each must be refused with
// its own reason; every honest real listing page must still be taken.

// variant is one page to read, the link it is read under ("" : none, the
// page's own address) and the refusal wanted ("" : taken).
type variant struct {
	class, name string
	page        []byte
	url         string
	want        string
	fetched     bool // CheckPage as on the fetch path, not ReadSaved
	wantCode    domain.Code
}

// realPage reads one real page by its path under real-pages/.
func realPage(t *testing.T, rel string) []byte { return listingtest.RealPage(t, rel) }

// realListings are the real listing pages of one folder with their links.
func realListings(folder string) []listingtest.RealListing {
	var out []listingtest.RealListing
	for _, rl := range listingtest.RealListings {
		if strings.HasPrefix(rl.File, folder+"/") {
			out = append(out, rl)
		}
	}
	return out
}

var (
	reTitleTag     = regexp.MustCompile(`(?is)<title[^>]*>.*?</title>`)
	reMetaTitle    = regexp.MustCompile(`(?i)(<meta[^>]+(?:property|name)=["'](?:og:title|twitter:title)["'][^>]*content=["'])[^"']*(["'])`)
	reStateScripts = regexp.MustCompile(`(?is)(<script[^>]*\bid=["']?(?:data-deferred-state[^"' >]*|data-state|data-injector-instances)["']?[^>]*>).*?(</script>)`)
	reLDScripts    = regexp.MustCompile(`(?is)<script[^>]*application/ld\+json[^>]*>.*?</script>`)
	reOwnAddrTags  = regexp.MustCompile(`(?i)<link[^>]+rel=["']canonical["'][^>]*>|<meta[^>]+property=["']og:url["'][^>]*>|<link[^>]+hreflang=[^>]*>`)
	reHead         = regexp.MustCompile(`(?is)^.*?</head>`)
)

// slogans are Airbnb's own titles, as its pages carry them in
// twitter:title (real pages: flyingmermaidd, mehfius-loft) and as a removed
// listing's page shows them.
var slogans = []string{
	"Airbnb | Vacation rentals, cabins, beach houses, &amp; more",
	"Airbnb: aluguéis por temporada, cabanas, casas de praia, acomodações e experiências únicas",
	"Airbnb | Locations de vacances, cabanes, maisons de plage et plus",
	"Airbnb: case vacanza, baite, case sulla spiaggia e altro",
	"Airbnb",
}

// withTitles sets every title the page has (<title>, og:title,
// twitter:title) to title.
func withTitles(page []byte, title string) []byte {
	page = reTitleTag.ReplaceAll(page, []byte("<title>"+title+"</title>"))
	return reMetaTitle.ReplaceAll(page, []byte("${1}"+title+"${2}"))
}

// errorState is Airbnb's state when its listing query answered 403: the
// query's key, no listing, and the error with its status.
func errorState(id string, status int) []byte {
	return []byte(fmt.Sprintf(`{"niobeClientData":[["StaysPdpSections:{\"id\":\"%s\",\"pdpSectionsRequest\":{}}",`+
		`{"data":{"presentation":{"stayProductDetailPage":null}},"errors":[{"message":"Request failed with status code %d",`+
		`"path":["presentation","stayProductDetailPage"],"extensions":{"response":{"statusCode":%d},"code":"FORBIDDEN"}}]}]]}`, id, status, status))
}

// withState replaces every state script's content with state.
func withState(page, state []byte) []byte {
	return reStateScripts.ReplaceAllFunc(page, func(m []byte) []byte {
		sub := reStateScripts.FindSubmatch(m)
		return append(append(append([]byte{}, sub[1]...), state...), sub[2]...)
	})
}

// airbnbGrid is a search grid's body: n cards, each linking another room.
func airbnbGrid(ids []string) []byte {
	var b bytes.Buffer
	b.WriteString(`<body><main><div itemprop="itemList">`)
	for _, id := range ids {
		fmt.Fprintf(&b, `<div itemprop="itemListElement"><a href="/rooms/%s?adults=1&amp;search_mode=regular_search" target="listing_%s"><img src="https://a0.muscache.com/im/pictures/%s.jpg"><div>Apartment in Lisbon</div></a></div>`, id, id, id)
	}
	b.WriteString(`</div></main></body>`)
	return b.Bytes()
}

// otherIDs are n room ids, none of them except's.
func otherIDs(except string, n int) []string {
	base, _ := strconv.ParseInt(except[:min(len(except), 12)], 10, 64)
	var out []string
	for i := 1; len(out) < n; i++ {
		if id := strconv.FormatInt(base+int64(i*7919), 10); id != except {
			out = append(out, id)
		}
	}
	return out
}

func gz(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return buf.Bytes()
}

// raw deflate has no header, like brotli: bytes nobody can tell apart
// from noise without the encoding the site named.
func deflated(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return buf.Bytes()
}

func airbnbID(raw string) string {
	tg, _ := listing.ParseURL(raw)
	return tg.ListingID
}

// airbnbVariants: a removed listing's shell (state holding a 403, the
// slogan for title, a grid for body), each part alone too.
func airbnbVariants(t *testing.T) []variant {
	var out []variant
	for pageNo, rl := range realListings("airbnb") {
		page := realPage(t, rl.File)
		id := airbnbID(rl.URL)
		name := filepath.Base(rl.File)
		if reStateScripts.Match(page) && bytes.Contains(page, []byte("niobe")) {
			for _, status := range []int{403, 404, 500} {
				out = append(out, variant{class: "listing data failed", name: fmt.Sprintf("%s, state %d", name, status),
					page: withState(page, errorState(id, status)), url: rl.URL, want: MsgListingNotLoaded})
			}
			// What the page was: the head's titles the slogan, a
			// grid for body, the state (in the body) holding the 403.
			dead := withTitles(reStateScripts.ReplaceAll(reHead.Find(page), nil), slogans[0])
			dead = append(dead, bytes.Replace(airbnbGrid(otherIDs(id, 18)), []byte("</body>"),
				append(append([]byte(`<script id="data-deferred-state-0" type="application/json">`), errorState(id, 403)...), "</script></body>"...), 1)...)
			out = append(out,
				variant{class: "listing data failed", name: name + ", the whole dead page (403, slogan, grid)", page: dead, url: rl.URL, want: MsgListingNotLoaded},
				variant{class: "listing data failed", name: name + ", fetched", page: dead, url: rl.URL, fetched: true, want: MsgNotFound, wantCode: domain.CodeNotFound},
				variant{class: "listing data failed", name: name + ", its own address only", page: dead, want: MsgListingNotLoaded})
		}
		// The page's head alone (its description, photo and address),
		// titled only with a slogan.
		head := reLDScripts.ReplaceAll(reStateScripts.ReplaceAll(reHead.Find(page), nil), nil)
		for i, s := range slogans {
			if i != pageNo%len(slogans) && pageNo != 0 {
				continue // every slogan on the first page, one on each other
			}
			out = append(out, variant{class: "slogan title", name: fmt.Sprintf("%s, slogan %d", name, i),
				page: append(withTitles(head, s), "<body></body></html>"...), url: rl.URL, want: MsgSiteTitle})
		}
		// A search grid under the room's link: the page's head (its own
		// title and address kept), no state, a body of 18 other rooms.
		grid := append(append([]byte{}, reStateScripts.ReplaceAll(reHead.Find(page), nil)...), airbnbGrid(otherIDs(id, 18))...)
		out = append(out,
			variant{class: "search grid", name: name + ", 18 cards under its link", page: grid, url: rl.URL, want: MsgNotListingPage},
			variant{class: "search grid", name: name + ", 18 cards, fetched", page: grid, url: rl.URL, fetched: true, want: MsgNotListingPage, wantCode: domain.CodeUnreadable})
	}
	return out
}

// vrboGrid is a Vrbo search answer's body: cards linking properties.
func vrboGrid(ids []string) []byte {
	var b bytes.Buffer
	b.WriteString(`<body><section data-stid="property-listing-results">`)
	for _, id := range ids {
		fmt.Fprintf(&b, `<div data-stid="lodging-card-responsive"><a href="/%sha?chkin=2026-06-01&amp;chkout=2026-06-05&amp;expediaPropertyId=%s" data-stid="open-hotel-information"><img src="https://images.trvl-media.com/lodging/%s.jpg"><h3>Villa with pool</h3></a></div>`, id, id, id)
	}
	b.WriteString(`</section></body>`)
	return b.Bytes()
}

// carousel is a "similar places" strip a listing page may carry: a few
// links to other listings inside the listing's own page.
func carousel(p listing.Platform, ids []string) []byte {
	var b bytes.Buffer
	for _, id := range ids {
		switch p {
		case listing.Airbnb:
			fmt.Fprintf(&b, `<a href="/rooms/%s">Similar place</a>`, id)
		case listing.Vrbo:
			fmt.Fprintf(&b, `<a href="https://www.vrbo.com/%sha">Similar place</a>`, id)
		case listing.Booking:
			fmt.Fprintf(&b, `<a href="https://www.booking.com/hotel/fr/similar-%s.html">Similar place</a>`, id)
		}
	}
	return b.Bytes()
}

// insertBeforeBodyEnd puts extra at the end of page's body.
func insertBeforeBodyEnd(page, extra []byte) []byte {
	i := bytes.LastIndex(bytes.ToLower(page), []byte("</body>"))
	if i < 0 {
		return append(append([]byte{}, page...), extra...)
	}
	return append(append(append([]byte{}, page[:i]...), extra...), page[i:]...)
}

// vrboGridVariants: a Vrbo search answer under the property's link, with
// and without the property among its cards.
func vrboGridVariants(t *testing.T) []variant {
	page := realPage(t, vrboFile)
	head := reHead.Find(page)
	ids := otherIDs("8164853", 20)
	var out []variant
	for _, cards := range [][]string{ids, append([]string{"8164853"}, ids[:12]...)} {
		grid := append(append([]byte{}, head...), vrboGrid(cards)...)
		out = append(out,
			variant{class: "search grid", name: fmt.Sprintf("vrbo, %d cards under its link", len(cards)), page: grid, url: "https://www.vrbo.com/8164853ha", want: MsgNotListingPage},
			variant{class: "search grid", name: fmt.Sprintf("vrbo, %d cards, fetched", len(cards)), page: grid, url: "https://www.vrbo.com/8164853ha", fetched: true, want: MsgNotListingPage, wantCode: domain.CodeUnreadable})
	}
	return out
}

// bookingSearchVariants: the real search pages served for each real
// hotel's link, with and without their own (search) address.
func bookingSearchVariants(t *testing.T) []variant {
	var out []variant
	searches := []string{
		"booking-search/booking-2026-listingproof-searchresults-fr-nice-latlong-dated.worker.html",
		"booking-search/booking-2026-listingproof-searchresults-fr-paris-latlong-dated.tab.html",
	}
	for i, search := range searches {
		page := realPage(t, search)
		bare := reOwnAddrTags.ReplaceAll(page, nil)
		for j, rl := range realListings("booking") {
			if j%len(searches) != i {
				continue // each hotel's link serves one of the search pages
			}
			name := filepath.Base(search) + " under " + rl.URL
			out = append(out,
				variant{class: "booking search under a hotel link", name: name, page: page, url: rl.URL, want: MsgNotListingPage},
				variant{class: "booking search under a hotel link", name: name + ", no own address", page: bare, url: rl.URL, want: MsgNotListingPage},
				variant{class: "booking search under a hotel link", name: name + ", no own address, fetched", page: bare, url: rl.URL, fetched: true, want: MsgNotListingPage, wantCode: domain.CodeUnreadable})
		}
	}
	return out
}

const vrboFile = "vrbo/vrbo-2026-unidown-barbarosa-formentera.html"

// expediaVariants: the real Vrbo page as Expedia would serve the same
// property (Expedia Group's one engine): by its address, its site name,
// its hotel links.
func expediaVariants(t *testing.T) []variant {
	page := realPage(t, vrboFile)
	exp := "https://www.expedia.com/Formentera-Hotels-Barbarosa-Formentera.h33962444.Hotel-Information"
	byAddress := bytes.ReplaceAll(page, []byte("https://www.vrbo.com/8164853ha"), []byte(exp))
	bare := reOwnAddrTags.ReplaceAll(page, nil)
	bySiteName := bytes.ReplaceAll(bare, []byte(`content="vrbo.com"`), []byte(`content="Expedia"`))
	byLinks := append(bytes.Replace(bare, []byte(`<meta property="og:site_name" content="vrbo.com">`), nil, 1),
		[]byte(`<a href="https://www.expedia.com/Ibiza-Hotels-Casa-Azul.h1234567.Hotel-Information">Casa Azul</a>`)...)
	want := fmt.Sprintf(MsgOtherSite, "expedia.com")
	var out []variant
	for _, url := range []string{"https://www.vrbo.com/8164853ha", ""} {
		out = append(out,
			variant{class: "expedia page", name: "address on expedia.com, link " + url, page: byAddress, url: url, want: want},
			variant{class: "expedia page", name: "og:site_name Expedia, link " + url, page: bySiteName, url: url, want: want},
			variant{class: "expedia page", name: ".h<id>.Hotel-Information links, link " + url, page: byLinks, url: url, want: want})
	}
	return out
}

// botWallVariants: the real bot walls as a scraper saved them without
// decoding the body: gzip (read as what it holds) and raw compressed bytes
// (deflate standing in for br, which has no header either).
func botWallVariants(t *testing.T) []variant {
	var out []variant
	for _, w := range []struct{ file, url string }{
		{"not-listings/vrbo-2025-botwall-BeachHouse.html", "https://www.vrbo.com/4146676"},
		{"not-listings/booking-2026-listingproof-search-challenge-202.html", "https://www.booking.com/hotel/fr/le-regent-paris.html"},
	} {
		page := realPage(t, w.file)
		name := filepath.Base(w.file)
		for _, url := range []string{w.url, ""} {
			out = append(out,
				variant{class: "compressed bot wall", name: name + " gzip, link " + url, page: gz(t, page), url: url, want: MsgSavedChallenge},
				variant{class: "compressed bot wall", name: name + " raw deflate, link " + url, page: deflated(t, page), url: url, want: MsgSavedChallenge})
		}
		out = append(out, variant{class: "compressed bot wall", name: name + " raw deflate, fetched", page: deflated(t, page), url: w.url,
			fetched: true, want: MsgBlocked, wantCode: domain.CodeUnavailable})
	}
	return out
}

// honestVariants: real listing pages saved compressed, or read under
// their links' other forms, are the listing still.
func honestVariants(t *testing.T) []variant {
	var out []variant
	for _, rl := range listingtest.RealListings {
		page := realPage(t, rl.File)
		out = append(out, variant{class: "honest", name: rl.File + " gzip", page: gz(t, page), url: rl.URL})
	}
	// A listing page with a strip of similar places is still the listing:
	// it names itself in its body more often, or its state is its own.
	for i, rl := range listingtest.RealListings {
		tg := listingtest.Target(t, rl.URL)
		n := []int{12, 30}[i%2]
		if tg.Platform == listing.Vrbo {
			n = 30
		}
		page := insertBeforeBodyEnd(realPage(t, rl.File), carousel(tg.Platform, otherIDs("4417281", n)))
		out = append(out, variant{class: "honest", name: fmt.Sprintf("%s with %d similar places", rl.File, n), page: page, url: rl.URL})
	}
	for _, form := range []string{"https://www.vrbo.com/en-gb/p8164853", "https://www.vrbo.com/it-it/affitto-vacanze/p8164853",
		"https://www.vrbo.com/cottage-rental/p8164853", "https://www.vrbo.co.uk/8164853ha?unitId=1"} {
		out = append(out, variant{class: "honest", name: vrboFile + " under " + form, page: realPage(t, vrboFile), url: form})
	}
	return out
}

func TestRealPageVariantsAreRefusedWithTheirReason(t *testing.T) {
	var all []variant
	all = append(all, airbnbVariants(t)...)
	all = append(all, bookingSearchVariants(t)...)
	all = append(all, vrboGridVariants(t)...)
	all = append(all, expediaVariants(t)...)
	all = append(all, botWallVariants(t)...)
	all = append(all, honestVariants(t)...)
	counts := map[string][2]int{} // class: variants, as wanted
	for _, v := range all {
		ok := t.Run(v.class+"/"+v.name, func(t *testing.T) { checkVariant(t, v) })
		c := counts[v.class]
		c[0]++
		if ok {
			c[1]++
		}
		counts[v.class] = c
	}
	logCounts(t, counts)
}

func checkVariant(t *testing.T, v variant) {
	var err error
	var l *listing.Listing
	if v.fetched {
		tg := listingtest.Target(t, v.url)
		page := DecodePage(v.page)
		err = CheckPage(tg, page, ParsePage(tg, page), false)
	} else {
		l, err = ReadSaved(v.page, v.url, "")
	}
	if v.want == "" {
		if err != nil {
			t.Fatalf("refused: %v", err)
		}
		if l != nil && l.Title == "" {
			t.Fatal("taken without a title")
		}
		return
	}
	if err == nil {
		t.Fatalf("taken (title %q); want refused with %q", titleOf(l), v.want)
	}
	if got := domain.ErrorMessage(err); got != v.want {
		t.Errorf("refused with %q (%v); want %q", got, err, v.want)
	}
	if v.wantCode != "" && domain.ErrorCode(err) != v.wantCode {
		t.Errorf("code %s, want %s", domain.ErrorCode(err), v.wantCode)
	}
}

func titleOf(l *listing.Listing) string {
	if l == nil {
		return ""
	}
	return l.Title
}

func logCounts(t *testing.T, counts map[string][2]int) {
	t.Helper()
	var classes []string
	for c := range counts {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	for _, c := range classes {
		t.Logf("%-36s %3d variants, %3d as wanted", c, counts[c][0], counts[c][1])
	}
}

// Every honest real listing page is taken, under its link and under its
// own address.
func TestEveryRealListingIsTaken(t *testing.T) {
	taken := 0
	for _, rl := range listingtest.RealListings {
		page := realPage(t, rl.File)
		for _, url := range []string{rl.URL, ""} {
			if url == "" && PageAddress(page) == "" {
				continue
			}
			l, err := ReadSaved(page, url, "")
			if err != nil {
				t.Errorf("%s (link %q): refused: %v", rl.File, url, err)
				continue
			}
			if l.Title == "" {
				t.Errorf("%s: no title", rl.File)
			}
			taken++
		}
	}
	t.Logf("honest real listing pages taken: %d reads of %d pages", taken, len(listingtest.RealListings))
}

// The real pages' own measures the rules stand on: a listing page links
// no grid of other listings, names itself far more often than any grid
// would, and holds no failed listing query.
func TestRealListingsMeasures(t *testing.T) {
	for _, rl := range listingtest.RealListings {
		page := realPage(t, rl.File)
		tg := listingtest.Target(t, rl.URL)
		n, grid := searchGrid(tg, page)
		own := bytes.Count(body(page), []byte(ownToken(tg)))
		reason, failed := listingDataFailed(page)
		t.Logf("%-72s other listings linked %2d, own id %3d times in the body", rl.File, n, own)
		if grid || failed || undecodable(page) {
			t.Errorf("%s: grid %v, failed %v %q, undecodable %v", rl.File, grid, failed, reason, undecodable(page))
		}
	}
}

// A real page in a legacy encoding is text, not a bot wall.
func TestUndecodable(t *testing.T) {
	latin1 := []byte("<html><head><title>Caf\xe9 do Largo \xb7 Lisboa</title></head><body>" + strings.Repeat("Quarto com vista. ", 100) + "</body></html>")
	for _, tc := range []struct {
		name string
		page []byte
		want bool
	}{
		{"latin-1 text", latin1, false},
		{"utf-16 with its mark", append([]byte{0xff, 0xfe}, []byte("<\x00h\x00t\x00m\x00l\x00>\x00")...), false},
		{"empty", nil, false},
		{"deflated", deflated(t, latin1), true},
		{"gzip", gz(t, latin1), true},
	} {
		if got := undecodable(tc.page); got != tc.want {
			t.Errorf("%s: undecodable = %v", tc.name, got)
		}
	}
	if got := DecodePage(gz(t, latin1)); !bytes.Equal(got, latin1) {
		t.Error("gzip page not decoded")
	}
	if _, err := os.Stat(listingtest.RealPagesDir(t)); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkCheckPage: the page checks on the largest real page of each
// site, its parse excluded (the checks scan the page's bytes a few times).
func BenchmarkCheckPage(b *testing.B) {
	for _, folder := range []string{"airbnb", "booking", "vrbo"} {
		name, page := listingtest.LargestRealPage(b, folder)
		var url string
		for _, rl := range listingtest.RealListings {
			if filepath.Base(rl.File) == name {
				url = rl.URL
			}
		}
		if url == "" {
			continue
		}
		tg := listingtest.Target(b, url)
		l := ParsePage(tg, page)
		b.Run(folder, func(b *testing.B) {
			for b.Loop() {
				if err := CheckPage(tg, page, l, true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestVanityLinkIsTheListing: an Airbnb /h/<slug> link (the address a host
// chose) over its page, whose own address is /rooms/<id>, is that
// listing, on every real Airbnb page with a room address; a /rooms/ link
// naming another room still is not.
func TestVanityLinkIsTheListing(t *testing.T) {
	n := 0
	for _, rl := range listingtest.RealListings {
		if !strings.Contains(rl.URL, "airbnb.") || !strings.Contains(rl.URL, "/rooms/") {
			continue
		}
		page := listingtest.RealPage(t, rl.File)
		if _, err := ReadSaved(page, "https://www.airbnb.com/h/our-beach-house", ""); err != nil {
			t.Errorf("%s under a vanity link: refused: %v", rl.File, domain.ErrorMessage(err))
		}
		if _, err := ReadSaved(page, "https://www.airbnb.com/rooms/1", ""); domain.ErrorMessage(err) != MsgOtherListing {
			t.Errorf("%s under another room's link: %v, want %q", rl.File, domain.ErrorMessage(err), MsgOtherListing)
		}
		n++
	}
	t.Logf("%d real Airbnb pages read under a vanity link", n)
}
