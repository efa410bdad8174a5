package report

import (
	"encoding/json"
	"fmt"

	"github.com/listinglift/listinglift/backend/analysis"
)

// The stored report (issue 31): orders keep a report as the JSON below, and
// every read or edit of it outside this package goes through these typed
// functions, so the report's shape is decided by Result alone — no caller
// splices bytes or edits a map of it.

// Encode is r as it is stored and sent.
func Encode(r *Result) ([]byte, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode report: %w", err)
	}
	return b, nil
}

// Decode reads a stored report. One stored before WriterLabels existed
// gets an empty map, never labels made up from its Writers: its copy was
// not held to today's fact check, so nothing may say it was.
func Decode(stored []byte) (*Result, error) {
	var r Result
	if err := json.Unmarshal(stored, &r); err != nil {
		return nil, fmt.Errorf("decode report: %w", err)
	}
	if r.WriterLabels == nil {
		r.WriterLabels = map[string]string{}
	}
	// An action's effect stored before it carried its words gets them by
	// today's rule and its own revenue card, so no screen words it alone.
	head, _ := r.RevenueProjections.Card()
	for _, list := range [][]analysis.Action{r.Actions, r.TopRecommendations} {
		for _, a := range list {
			if e := a.Effect; e != nil && e.Text == "" {
				e.Text = analysis.EffectText(e.Low, e.High, e.Kind, head != analysis.HeadlineNone)
			}
		}
	}
	return &r, nil
}

// edit decodes stored, applies change and encodes the result. Every
// report served goes through it (WithPDFLink to its owner, Shared to
// anyone), so it is served in today's shape: a field a report was stored
// without — one added to Result after the host bought it — comes out as
// its zero value (null, "", 0), which the schema allows and the screens
// show as not assessed, never as the listing's.
func edit(stored []byte, change func(*Result)) ([]byte, error) {
	r, err := Decode(stored)
	if err != nil {
		return nil, err
	}
	change(r)
	return Encode(r)
}

// WithPDFLink is the stored report as its owner is served it, with its PDF
// download link set: "" when there is none (the link is signed at each
// read: a stored one would expire).
func WithPDFLink(stored []byte, link string) ([]byte, error) {
	return edit(stored, func(r *Result) { r.PDFDownloadURL = link })
}

// Shared is the stored report as a share link shows it to anyone: without
// the owner's PDF link and without the id of the order a re-check compares
// against (an order id is the owner's, not the reader's).
func Shared(stored []byte) ([]byte, error) {
	return edit(stored, func(r *Result) {
		r.PDFDownloadURL = ""
		if r.Comparison != nil {
			r.Comparison.RecheckOf = ""
		}
	})
}

// Headline is what a list of a listing's reports shows of each: its score
// (nil when the report had too little read for one, or is not a report) and
// the listing's title when it was read.
type Headline struct {
	Score *int
	Title string
}

// HeadlineOf is stored's headline; a report that cannot be read has none.
func HeadlineOf(stored []byte) Headline {
	var h struct {
		Score *int   `json:"overall_score"`
		Title string `json:"title"`
	}
	if json.Unmarshal(stored, &h) != nil {
		return Headline{}
	}
	return Headline(h)
}

// Copy is SPEC §3's "Optimize response data": the report's written copy.
type Copy struct {
	TitleSuggestions     []string `json:"title_suggestions"`
	OptimizedTitle       string   `json:"optimized_title"`
	OptimizedDescription string   `json:"optimized_description"`
	SuggestedAmenities   string   `json:"suggested_amenities"`
}

// CopyOf is stored's written copy; title_suggestions is never null.
func CopyOf(stored []byte) (Copy, error) {
	r, err := Decode(stored)
	if err != nil {
		return Copy{}, err
	}
	c := Copy{TitleSuggestions: r.TitleSuggestions, OptimizedTitle: r.OptimizedTitle,
		OptimizedDescription: r.OptimizedDescription, SuggestedAmenities: r.SuggestedAmenities}
	if c.TitleSuggestions == nil {
		c.TitleSuggestions = []string{}
	}
	return c, nil
}
