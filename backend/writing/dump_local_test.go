package writing

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// Throwaway: DUMP=1 go test -run TestDumpBuiltin prints the built-in copy for every real page.
func TestDumpBuiltin(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	for _, p := range listingtest.RealListings {
		if f := os.Getenv("DUMP"); f != "1" && !strings.Contains(p.File, f) {
			continue
		}
		req := realPageRequest(t, p.File)
		req.Titles = PremiumTitles
		c, _ := Builtin{}.Write(context.Background(), req)
		fmt.Printf("=================== %s (%s, %s) words=%d\n", p.File, req.Listing.Language, req.Listing.Platform, analysis.WordCount(c.Description))
		fmt.Printf("--- ORIGINAL TITLE: %s\n", req.Listing.Title)
		if os.Getenv("ORIG") != "" {
			fmt.Printf("--- ORIGINAL DESC:\n%s\n--- RULES: %+v\n", req.Listing.Description, req.Listing.HouseRules)
		}
		for _, s := range c.Titles {
			fmt.Println("  T:", s)
		}
		fmt.Println("--- DESC:\n" + c.Description)
		fmt.Println("--- AMEN: " + c.AmenityCopy)
		fmt.Printf("--- NOTES: %q\n", c.Notes)
	}
}
