package ingest

import (
	"errors"
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
)

// MsgSavedUnknownSite: a saved page that names no address and carries
// nothing of a site we read.
const MsgSavedUnknownSite = "Could not tell which site this page is from. Give the listing's link with it (Airbnb, Vrbo or Booking.com)."

// MsgSavedOtherPlatform: the page's own address is on another site than
// the one it was said to be from.
const MsgSavedOtherPlatform = "This page's own address is on %s, not %s."

// ReadSaved reads a page already in hand (a saved page, the CLI, the
// truth-table tests) the way a fetched page is read: which listing it is —
// rawURL when the host gave one, else the page's own address (canonical
// link, og:url), else its content — then the platform's parser, then the
// one check (CheckPage) that it is that listing, with enough to report on.
// platform, when not "", says which site the page is from.
func ReadSaved(page []byte, rawURL string, platform listing.Platform) (*listing.Listing, error) {
	page = DecodePage(page)
	t, err := SavedTarget(page, rawURL, platform)
	if err != nil {
		return nil, err
	}
	l := ParsePage(t, page)
	if err := CheckPage(t, page, l, true); err != nil {
		return nil, err
	}
	l.Saved = true
	return l, nil
}

// SavedTarget works out which listing a saved page is: rawURL, else the
// page's own address, else (with no listing id) the platform its content
// names. A page from a site we do not read, or that is plainly no listing,
// is refused here with the reason.
func SavedTarget(page []byte, rawURL string, platform listing.Platform) (listing.Target, error) {
	var t listing.Target
	given := strings.TrimSpace(rawURL) != ""
	raw := rawURL
	if !given {
		raw = PageAddress(page)
	}
	if raw != "" {
		pt, err := listing.ParseURL(raw)
		switch {
		case err == nil:
			t = pt
		case given:
			return t, err
		default:
			// The page's own address is no listing of ours: another site,
			// or a search or region page of one we read.
			if err := CheckAddress(page, raw); err != nil {
				return t, err
			}
		}
	}
	if platform != "" {
		if t.Platform != "" && t.Platform != platform {
			return t, fail(domain.CodeInvalid, fmt.Sprintf(MsgSavedOtherPlatform, t.Platform.Name(), platform.Name()), errors.New("platform mismatch"))
		}
		t.Platform = platform
	}
	if t.Platform == "" {
		if site := otherEngineSite(page); site != "" {
			return t, fail(domain.CodeInvalid, fmt.Sprintf(MsgOtherSite, site), errors.New("page of "+site))
		}
		t.Platform = DetectPlatform(page)
	}
	if t.Platform == "" {
		if undecodable(page) || LooksBlocked(page) {
			return t, fail(domain.CodeUnreadable, MsgSavedChallenge, errors.New("challenge page of an unknown site"))
		}
		return t, fail(domain.CodeInvalid, MsgSavedUnknownSite, errors.New("no platform"))
	}
	return t, nil
}

// DetectPlatform guesses a page's site from its content ("" when none of
// ours is named often enough to tell). "expedia" is no sign of Vrbo:
// Expedia's own pages share Vrbo's engine and say it as often.
func DetectPlatform(page []byte) listing.Platform {
	head := strings.ToLower(string(page[:min(len(page), 512<<10)]))
	count := func(s string) int { return strings.Count(head, s) }
	scores := map[listing.Platform]int{
		listing.Airbnb:  count("airbnb") + 5*count("niobeclientdata") + 5*count("data-deferred-state"),
		listing.Vrbo:    count("vrbo"),
		listing.Booking: count("booking.com") + count("b_hotel"),
	}
	best, n := listing.Platform(""), 0
	for _, p := range []listing.Platform{listing.Airbnb, listing.Vrbo, listing.Booking} {
		if scores[p] > n {
			best, n = p, scores[p]
		}
	}
	return best
}
