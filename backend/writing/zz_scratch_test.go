package writing_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/writing"
)

func TestZZScratchDump(t *testing.T) {
	f, _ := os.Create("/tmp/corpus/facts.txt")
	defer f.Close()
	for _, p := range listingtest.RealListings {
		req := realRequest(t, p.File, p.URL, writing.PremiumTitles)
		l := req.Listing
		fmt.Fprintf(f, "===== %s\n", p.File)
		fmt.Fprintf(f, "platform=%s lang=%q title=%q\ntype=%q room=%q cap=%d bedrooms=%d beds=%d baths=%v\n", l.Platform, l.Language, l.Title, l.PropertyType, l.RoomType, l.Capacity, l.Bedrooms, l.Beds, l.Baths)
		fmt.Fprintf(f, "loc=%+v\nsuperhost=%v hostsuper=%v guestfav=%v host=%+v rating=%+v reviews=%d\n", l.Location, l.Superhost, l.Host.Superhost, l.GuestFavorite, l.Host, l.Ratings, l.ReviewCount)
		var av, un []string
		for _, a := range l.Amenities {
			if a.Available {
				av = append(av, a.Name)
			} else {
				un = append(un, a.Name)
			}
		}
		fmt.Fprintf(f, "AVAILABLE: %s\nUNAVAILABLE: %s\n", strings.Join(av, " | "), strings.Join(un, " | "))
		hr := l.HouseRules
		pb := func(b *bool) string { if b == nil { return "nil" }; return fmt.Sprint(*b) }
		fmt.Fprintf(f, "rules: in=%q out=%q max=%d pets=%s smoking=%s parties=%s rules=%q\nhighlights=%q\n", hr.CheckIn, hr.CheckOut, hr.MaxGuests, pb(hr.PetsAllowed), pb(hr.SmokingAllowed), pb(hr.PartiesAllowed), hr.Rules, l.Highlights)
		fmt.Fprintf(f, "DESCRIPTION:\n%s\n", l.Description)
		c, _ := writing.Builtin{}.Write(context.Background(), req)
		fmt.Fprintf(f, "BUILTIN titles=%q\nBUILTIN amenity=%q\nBUILTIN desc:\n%s\n\n", c.Titles, c.AmenityCopy, c.Description)
	}
}
