package airbnb

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing/meta"
)

// stateWith is a state script whose one niobe entry holds a listing (id
// 42, no sections) and a presentation under the given keys, as written.
func stateWith(pdpKey, presKey string) string {
	return `{"niobeClientData":[["StaysPdpSections:{}",{"data":{"presentation":{"` + pdpKey +
		`":{"sections":{"metadata":{"loggingContext":{"eventDataLogging":{"listingId":"42"}}}}}},"node":{"` +
		presKey + `":{"title":"T"}}}}]]}`
}

// TestEmbeddedKeysAsTheDecoderMatchesThem: a state is read whenever
// encoding/json would match its keys to the listing's fields — in any
// case, escaped or with a long s — and another page's state (a saved page
// whose app had moved on) gives nothing, but says a state was there.
func TestEmbeddedKeysAsTheDecoderMatchesThem(t *testing.T) {
	for _, tc := range []struct {
		name, state string
		want        bool
	}{
		{"as Airbnb writes them", stateWith("stayProductDetailPage", "pdpPresentation"), true},
		{"capitals", stateWith("STAYPRODUCTDETAILPAGE", "PdpPresentation"), true},
		{"escaped letters", stateWith(`stay\u0050roductDetailPag\u0065`, `pdp\u0070resentation`), true},
		{"long s", stateWith("ſtayProductDetailPage", "pdpPreſentation"), true},
		{"another page's state", `{"niobeClientData":[["TabbedVerticalHomepage:{}",{"data":{"presentation":{"staysSearch":{"u":"\u002Fs"}}}}]]}`, false},
		{"not JSON", `{"niobeClientData":[`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pdp, pres, found := embedded(&meta.Doc{Scripts: map[string][]byte{"data-deferred-state-0": []byte(tc.state)}})
			if !found {
				t.Error("state not found")
			}
			if got := pdp != nil && pdp.Metadata.LoggingContext.EventDataLogging.ListingID == "42" && pres != nil; got != tc.want {
				t.Errorf("listing read: %v, want %v (pdp %v, pres %v)", got, tc.want, pdp != nil, pres != nil)
			}
		})
	}
}

// FuzzMayNameListing: a state mayNameListing passes over decodes to no
// listing and no presentation.
func FuzzMayNameListing(f *testing.F) {
	f.Add(stateWith("stayProductDetailPage", "pdpPresentation"))
	f.Add(stateWith("StayProductDetailPagE", "x"))
	f.Add(stateWith("x", `pdp\u0050resentation`))
	f.Add(stateWith("ſtayproductdetailpage", "y"))
	f.Add(`{"niobeMinimalClientData":[[{"data":{"node":{"PDPPRESENTATION":{}}}}]]}`)
	f.Fuzz(func(t *testing.T, state string) {
		if mayNameListing([]byte(state)) {
			return
		}
		entries, _ := stateEntries([]byte(state))
		for _, entry := range entries {
			for _, r := range entry {
				if r.Data.Presentation.StayProductDetailPage != nil || r.Data.Node.PdpPresentation != nil {
					t.Fatalf("%s decodes to a listing", strings.TrimSpace(state))
				}
			}
		}
	})
}
