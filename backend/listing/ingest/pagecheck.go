package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
)

// Messages for a page that is not the listing a link names. They are
// domain.CodeUnreadable: no order is taken and no report is made for it.
const (
	MsgNotListingPage = "This page is not a listing page (it is a search, region, home or sign-in page). Use the link of the listing itself."
	MsgOtherListing   = "This page shows another listing than the link names. Check the link."
	MsgSavedChallenge = "This saved page is the site's bot check, not the listing. Open the listing in a browser, pass the check, then save the page again."
	MsgSavedEmpty     = "No listing title or description was found in this page."
	// MsgTooLittle: a page of the listing from which too little was read
	// for a report worth its price.
	MsgTooLittle = "We could read too little of this listing's page for a report (its title, description or photos are missing). Check the link, or type the title and description yourself."
	// MsgOtherProperty is said with the name the page shows.
	MsgOtherProperty = "This page shows %s, not the property at this address. Check the link."
	// MsgOtherPlace is said with the page's country and the address's.
	MsgOtherPlace = "This page shows a property in another country (%s) than its address names (%s). Check the link."
	// MsgOtherSite is said with the page's site: "This page is from
	// all.accor.com, …".
	MsgOtherSite = "This page is from %s, a site we do not read. ListingLift reads listings on Airbnb, Vrbo and Booking.com."
	// MsgListingNotLoaded: a saved page whose listing data the site
	// refused (a removed, hidden or private listing): the page around it
	// is the site's, not the listing's.
	MsgListingNotLoaded = "This page did not load the listing: the site answered an error for the listing's data (it may be removed, hidden or private), so the page shows none of it. Check the link, and that the listing is public."
	// MsgSiteTitle: the page's only title is the site's own name or
	// slogan ("Airbnb | Vacation rentals, cabins, beach houses, & more").
	MsgSiteTitle = "This page has no listing title, only the site's own name and slogan: it is the site's page, not the listing's. Check that the link opens your listing."
)

var (
	reCanonical = regexp.MustCompile(`(?i)<link[^>]+rel=["']canonical["'][^>]*href=["']([^"']+)["']|<link[^>]+href=["']([^"']+)["'][^>]*rel=["']canonical["']`)
	reOGURL     = regexp.MustCompile(`(?i)<meta[^>]+property=["']og:url["'][^>]*content=["']([^"']+)["']|<meta[^>]+content=["']([^"']+)["'][^>]*property=["']og:url["']`)
	reHref      = regexp.MustCompile(`(?i)\bhref=["']([^"']+)["']`)
)

// PageAddress is the address a page gives itself: its canonical link, else
// its og:url; "" when it has neither.
func PageAddress(page []byte) string {
	if a := pageAddresses(page); len(a) > 0 {
		return a[0]
	}
	return ""
}

// pageAddresses are every address the page gives itself, canonical link
// first, then og:url.
func pageAddresses(page []byte) []string {
	head := page[:min(len(page), 512<<10)]
	var out []string
	for _, re := range []*regexp.Regexp{reCanonical, reOGURL} {
		if m := re.FindSubmatch(head); m != nil {
			if a := strings.TrimSpace(string(m[1]) + string(m[2])); a != "" {
				out = append(out, a)
			}
		}
	}
	return out
}

// pageAlternates are the page's addresses in other languages (its
// hreflang links): on every site they name the same listing as the page.
func pageAlternates(page []byte) []string {
	head := page[:min(len(page), 512<<10)]
	var out []string
	for rest, at := head, 0; ; {
		i := bytes.Index(rest, []byte("hreflang="))
		if i < 0 {
			return out
		}
		at += i
		if tag := enclosingTag(head, at); bytes.HasPrefix(bytes.ToLower(tag), []byte("<link")) {
			if m := reHref.FindSubmatch(tag); m != nil {
				out = append(out, string(m[1]))
			}
		}
		rest, at = rest[i+1:], at+1
	}
}

// enclosingTag is the tag of page around byte at ("" when at is in no
// tag).
func enclosingTag(page []byte, at int) []byte {
	start := bytes.LastIndexByte(page[:at], '<')
	end := bytes.IndexByte(page[at:], '>')
	if start < 0 || end < 0 || bytes.IndexByte(page[start:at], '>') >= 0 {
		return nil
	}
	return page[start : at+end+1]
}

// CheckPage is the one check, on every path (a fetched page, a saved page,
// the CLI), that page — parsed as l — is the listing t names, with enough
// read to report on, before any order or report is made of it:
//   - a page whose own address (canonical link, og:url) is on the same
//     site but is no listing URL is a search, region, home or sign-in
//     page, refused as such even when it also looks like a bot check; one
//     on another site (expedia.com for a Vrbo link) is that site's page;
//   - a bot check or challenge page (a thin parse and a challenge marker)
//     is the site blocking us: retryable (domain.CodeUnavailable) when
//     fetched, unreadable when saved (the saved copy will never change);
//   - a page that is another listing than the address names — by its own
//     addresses (the id in its canonical link, og:url or hreflang links,
//     its state's page name), by its place (another country), or by its
//     name and kind together (a Booking.com page name sharing no word with
//     the property AND naming another kind of place; words alone never
//     refuse) — is refused saying which;
//   - a page with too little read for a report (no title, or neither a
//     description nor photos) is refused rather than reported on as
//     "Untitled listing";
//   - a page that is not the listing though it sits at the listing's
//     address is refused with what it is: compressed or binary bytes (the
//     site's bot wall, not "no title"), a page whose listing data the site
//     answered with an error (a removed or hidden listing's shell), a grid
//     of many listings (a search page), a page titled only with the site's
//     slogan, a page of another site of the same engine (Expedia for
//     Vrbo).
func CheckPage(t listing.Target, page []byte, l *listing.Listing, saved bool) error {
	if err := checkOwnAddresses(t, page); err != nil {
		return err
	}
	if undecodable(page) {
		return blocked(saved, errors.New("compressed or binary bytes, not a page: the site's bot wall"))
	}
	// The site saying the listing's data failed is the most telling
	// reason: what the page shows instead (a grid, the slogan) follows
	// from it.
	if err := checkListingData(page, saved); err != nil {
		return err
	}
	// A grid of listings is a search page even when it carries a
	// challenge script (search pages do); a bot wall links no listings.
	if n, grid := searchGrid(t, page); grid && !holdsOwnListing(t, page, l) {
		return fail(domain.CodeUnreadable, MsgNotListingPage, fmt.Errorf("a grid linking %d other listings", n))
	}
	if thin(l) && LooksBlocked(page) {
		return blocked(saved, errors.New("challenge or captcha page"))
	}
	if siteTitleOnly(page, l) {
		return fail(domain.CodeUnreadable, MsgSiteTitle, errors.New("the page's only title is the site's own: "+l.Title))
	}
	if err := checkIdentity(t, page, l); err != nil {
		return err
	}
	if !l.Has(listing.FieldTitle) && !l.Has(listing.FieldDescription) {
		if saved {
			return fail(domain.CodeUnreadable, MsgSavedEmpty, errors.New("no title or description on the page"))
		}
		return fail(domain.CodeUnavailable, MsgFailed, errors.New("no title or description on the page"))
	}
	if !l.Has(listing.FieldTitle) || (!l.Has(listing.FieldDescription) && !l.Has(listing.FieldPhotos)) {
		return fail(domain.CodeUnreadable, MsgTooLittle, fmt.Errorf("too little read: %v", l.Sources))
	}
	return nil
}

// blocked is the refusal of a bot wall: retryable when fetched (the site
// may let us through later), unreadable when saved (the copy never
// changes).
func blocked(saved bool, cause error) error {
	if saved {
		return fail(domain.CodeUnreadable, MsgSavedChallenge, cause)
	}
	return fail(domain.CodeUnavailable, MsgBlocked, cause)
}

// checkOwnAddresses refuses a page whose own addresses (canonical link,
// og:url) name another site, no listing or another listing, or whose
// addresses in other languages (hreflang) name another listing.
func checkOwnAddresses(t listing.Target, page []byte) error {
	for _, addr := range pageAddresses(page) {
		if err := checkOwnAddress(t, addr); err != nil {
			return err
		}
	}
	for _, addr := range pageAlternates(page) {
		// An alternate that is no listing URL (a home page in another
		// language) says nothing; one naming another listing does.
		if err := checkOwnAddress(t, addr); domain.ErrorMessage(err) == MsgOtherListing {
			return err
		}
	}
	if site := otherEngineSite(page); site != "" {
		return fail(domain.CodeInvalid, fmt.Sprintf(MsgOtherSite, site), errors.New("page of "+site+" (its site name or hotel links)"))
	}
	return nil
}

// checkListingData refuses a page whose listing data the site answered
// with an error: a removed or hidden listing's shell. Fetched, the link
// leads to no listing today: "not found".
func checkListingData(page []byte, saved bool) error {
	reason, failed := listingDataFailed(page)
	switch {
	case !failed:
		return nil
	case saved:
		return fail(domain.CodeUnreadable, MsgListingNotLoaded, errors.New("the listing's data did not load: "+reason))
	}
	return fail(domain.CodeNotFound, MsgNotFound, errors.New("the listing's data did not load: "+reason))
}

// checkOwnAddress refuses a page whose own address addr is on a site we do
// not read (an Expedia page given for a Vrbo link), on another of our
// sites than t's, or, on t's site, is no listing or another listing.
func checkOwnAddress(t listing.Target, addr string) error {
	u, err := url.Parse(addr)
	if err != nil || u.Hostname() == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	p, ok := listing.PlatformOfHost(host)
	switch {
	case !ok:
		return fail(domain.CodeInvalid, fmt.Sprintf(MsgOtherSite, host), errors.New("the page's address "+addr+" is on another site than "+t.CanonicalURL))
	case p != t.Platform:
		return fail(domain.CodeInvalid, fmt.Sprintf(MsgSavedOtherPlatform, p.Name(), t.Platform.Name()), errors.New("the page's address "+addr+" is not on "+t.Platform.Name()))
	}
	own, err := listing.ParseURL(addr)
	switch {
	case err != nil:
		return fail(domain.CodeUnreadable, MsgNotListingPage, errors.New("the page's address "+addr+" is no listing URL"))
	case !listing.SameListing(own, t) && !vanityLink(t, own):
		return fail(domain.CodeUnreadable, MsgOtherListing, errors.New("the page is "+own.CanonicalURL+", the link "+t.CanonicalURL))
	}
	return nil
}

// vanityLink reports an Airbnb /h/<slug> link (the address a host chose for
// a listing) over a page whose own address is a room: the link names no
// room id to compare, and the room the page gives is the one it leads to,
// so the honest host pasting it is not refused as "another listing".
func vanityLink(t, own listing.Target) bool {
	return t.Platform == listing.Airbnb && own.Platform == listing.Airbnb &&
		strings.Contains(t.CanonicalURL, "/h/") && !strings.Contains(own.CanonicalURL, "/h/")
}

// CheckAddress refuses a page whose own address addr is no listing we read:
// another site's page (with its name), or a search, region, home or
// sign-in page of one of ours. It returns nil for a listing address.
func CheckAddress(page []byte, addr string) error {
	u, err := url.Parse(strings.TrimSpace(addr))
	if err != nil || u.Hostname() == "" {
		return nil
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	if _, ok := listing.PlatformOfHost(host); !ok {
		return fail(domain.CodeInvalid, fmt.Sprintf(MsgOtherSite, host), errors.New("page of "+host))
	}
	if _, err := listing.ParseURL(addr); err != nil {
		return fail(domain.CodeUnreadable, MsgNotListingPage, errors.New("the page's address "+addr+" is no listing URL"))
	}
	return nil
}
