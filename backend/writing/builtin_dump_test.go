package writing

import (
	"context"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/prose"
)

// dumpPages are the pages whose built-in copy a reviewer reads as a host
// would: a Portuguese Airbnb house, a Booking.com hotel, an English
// Airbnb home.
var dumpPages = []string{"arraial-raw", "strandpalace", "travelnest"}

// TestDumpBuiltinCopy prints the built-in copy of dumpPages (or of the
// pages whose file names contain a word of LISTINGLIFT_DUMP_BUILTIN, "all"
// for every real page) for a reviewer to read. It runs only when
// LISTINGLIFT_DUMP_BUILTIN is set, so CI's output stays readable:
//
//	LISTINGLIFT_DUMP_BUILTIN=1 go test -v -run TestDumpBuiltinCopy ./backend/writing/
func TestDumpBuiltinCopy(t *testing.T) {
	env := os.Getenv("LISTINGLIFT_DUMP_BUILTIN")
	if env == "" {
		t.Skip("set LISTINGLIFT_DUMP_BUILTIN=1 to print the built-in copy")
	}
	pick := dumpPages
	if env != "1" {
		pick = strings.Split(env, ",")
	}
	for _, p := range listingtest.RealListings {
		if !slices.ContainsFunc(pick, func(w string) bool { return w == "all" || strings.Contains(p.File, w) }) {
			continue
		}
		req := realPageRequest(t, p.File)
		c, err := Builtin{}.Write(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		composed, host := splitComposed(c.Description, req.Listing.Description)
		t.Logf("==== %s (%s, %s): %d words, %d of %d sentences composed\nORIGINAL TITLE: %s\nTITLES:\n  %s\nDESCRIPTION:\n%s\nAMENITY COPY: %s\nNOTES:\n  %s",
			p.File, req.Listing.Language, req.Listing.Platform, prose.WordCount(c.Description), len(composed), len(composed)+len(host),
			req.Listing.Title, strings.Join(c.Titles, "\n  "), c.Description, c.AmenityCopy, strings.Join(c.Notes, "\n  "))
	}
}

// splitComposed splits a built-in description's sentences into those it
// composed and the host's own (as plain text, whitespace aside), as a
// reader tells them apart; a section heading is neither.
func splitComposed(d, hostDesc string) (composed, host []string) {
	desc := normalized(hostDesc) + " " + normalized(plainHostText(hostDesc))
	headings := map[string]bool{}
	for _, p := range append([]phrasebook{englishBook}, slices.Collect(maps.Values(phrasebooks))...) {
		for _, h := range p.headings {
			headings[h] = true
		}
	}
	for _, line := range strings.Split(d, "\n") {
		if headings[line] {
			continue
		}
		for _, s := range prose.Sentences(line) {
			if strings.Contains(desc, normalized(strings.Trim(s, "\u201c\u201d"))) {
				host = append(host, s)
			} else {
				composed = append(composed, s)
			}
		}
	}
	return composed, host
}
