// Package writing turns a listing and its analysis into copy: title
// suggestions, an optimized description and amenity copy. Writers share one
// interface. The built-in writer is deterministic and uses only facts read
// from the listing; the Gemini writer asks a model for copy grounded on the
// same facts, validates every part, and falls back to the built-in writer
// part by part, recording which writer produced what.
package writing

import (
	"context"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
)

// Parts of the copy, as named in Copy.Writers (the result's field names).
const (
	PartTitles      = "title_suggestions"
	PartDescription = "optimized_description"
	PartAmenityCopy = "amenity_copy"
)

// Writer names recorded in Copy.Writers.
const (
	NameBuiltin = "builtin"
	NameGemini  = "gemini"
)

// TemplateWriter is the built-in writer as a host reads of it, in every
// label and note: "builtin" is our word for it, and it is no AI model, so
// nothing a host sees may call it one (issue 43).
const TemplateWriter = "ListingLift's template writer"

// WriterLabel says who wrote a piece of copy, for a host, and what was
// checked: every piece, the model's and the built-in writer's alike, passes
// the one closed-world fact check before it reaches the report (a word the
// listing does not state — a feature, number, place, rule, status, fee,
// view — is refused), which is what "checked" claims. The report stores
// it per part (report.Result.WriterLabels) and the web report, the PDF
// and the e-mail all show that; short enough for a PDF table cell. "" for
// an unknown writer name.
func WriterLabel(name string) string {
	switch name {
	case NameBuiltin:
		return TemplateWriter + ", from this listing's facts (no AI model); every word checked against your listing"
	case NameGemini:
		return "Gemini (AI); every word checked against your listing — anything it does not state was refused"
	case NameGemini + "+" + NameBuiltin:
		return "Gemini (AI) and " + TemplateWriter + "; every word checked against your listing"
	}
	return ""
}

// Request is what a writer writes from.
type Request struct {
	Listing  *listing.Listing
	Features analysis.Features
	// Titles is how many title suggestions to write.
	Titles int
	// Likely guest segments and the description's missing sections and
	// keywords, from the analysis: what the copy should address.
	Segments        []string
	Keywords        []string
	MissingSections []string

	// checker is the fact checker of the request's listing, built on first
	// use and shared by every copy of the request (NewRequest): the
	// built-in writer, the model writer's draft and the report's copy
	// enforcement check with it, so one report reads its listing's facts
	// once. It reads only Listing and Features, so a copy asking for
	// another number of titles shares it.
	checker *lazyChecker
}

// lazyChecker is a request's Checker, built once when first asked for.
type lazyChecker struct {
	once sync.Once
	c    Checker
}

// Checker is the request's fact checker (Checker): the one NewRequest's
// request and its copies share, or, for a Request built by hand, a new one.
func (r Request) Checker() Checker {
	if r.checker == nil {
		return NewChecker(r)
	}
	r.checker.once.Do(func() { r.checker.c = NewChecker(r) })
	return r.checker.c
}

// StartedChecker is a fact checker begun before its request is written
// (StartChecker).
type StartedChecker struct{ lc *lazyChecker }

// StartChecker begins building the fact checker of l with features on
// another goroutine, for a caller with other work to do before the first
// check: the report runs its analyses meanwhile. A request given it
// (Request.WithChecker) shares it, waiting for it when first asked. The
// checker reads only the listing and the features, which nobody writes
// while a report runs.
func StartChecker(l *listing.Listing, features analysis.Features) StartedChecker {
	r := Request{Listing: l, Features: features, checker: &lazyChecker{}}
	go r.Checker()
	return StartedChecker{r.checker}
}

// WithChecker is r sharing c, which was started for r's listing and
// features (StartChecker).
func (r Request) WithChecker(c StartedChecker) Request {
	if c.lc != nil {
		r.checker = c.lc
	}
	return r
}

// Copy is a writer's output.
type Copy struct {
	Titles      []string `json:"title_suggestions"`
	Description string   `json:"optimized_description"`
	AmenityCopy string   `json:"amenity_copy"`
	// Writers maps each part to the writer that produced it: "builtin",
	// "gemini", or "gemini+builtin" for titles topped up by the built-in
	// writer.
	Writers map[string]string `json:"writers"`
	// Notes say why a part fell back, in words for the report.
	Notes []string `json:"notes"`
}

// Writer writes copy. Implementations return at most req.Titles distinct
// suggestions within the site's title limits (TitleMin, TitleLimit) — fewer only when the
// listing's facts support no more without filler (a Booking.com property
// whose title is its name), said in Notes; they report failures in Notes
// and fall back rather than fail, so the error is only for a cancelled
// context or a programming error.
type Writer interface {
	Write(ctx context.Context, req Request) (Copy, error)
}

// Renames reports whether a host may retitle the listing: not on
// Booking.com, where a property's name is its registered name
// (BookingNameNote says what the host may change instead). Decided here
// for every writer: a request for such a listing asks for no titles.
func Renames(l *listing.Listing) bool { return l == nil || l.Platform != listing.Booking }

// WithTitles is r asking for n title suggestions, none where the host may
// not retitle the listing (Renames), sharing r's checker.
func (r Request) WithTitles(n int) Request {
	if !Renames(r.Listing) {
		n = 0 // no writer is asked for a new name
	}
	r.Titles = n
	return r
}

// NewRequest builds a request from a listing and what the analysis found.
func NewRequest(l *listing.Listing, features analysis.Features, titles int, g analysis.GuestProfile, d analysis.DescriptionAnalysis) Request {
	r := Request{Listing: l, Features: features, checker: &lazyChecker{}}.WithTitles(titles)
	for _, s := range g.Segments {
		if s.Likely {
			r.Segments = append(r.Segments, strings.ToLower(s.Name))
		}
	}
	for _, k := range d.Keywords {
		r.Keywords = append(r.Keywords, k.Keyword)
	}
	for _, s := range d.Sections {
		if s.Found == "missing" {
			r.MissingSections = append(r.MissingSections, s.Name)
		}
	}
	return r
}
