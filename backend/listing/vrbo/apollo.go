package vrbo

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Vrbo's property pages (Expedia's "Blossom" Hotel-Information page) ship
// their GraphQL client cache as
//
//	window.__APOLLO_STATE__ = JSON.parse("{\"ROOT_QUERY\":{…}}");
//
// The cache is normalized: ROOT_QUERY holds one entry per query, keyed by
// the query name and its arguments ("productHeadline({…})"), and objects
// with an id live at the top level ("PropertyInfo:33962444") behind
// {"__ref": …}. The arguments in the keys change with every visit, so we
// find entries by query name, never by whole key.

// apolloMarker starts the script that carries the state.
var apolloMarker = []byte("window.__APOLLO_STATE__")

// apolloState is the cache as JSON text. A page's cache is hundreds of
// kilobytes of which we read a tenth, so it is never decoded whole: each
// entry we need is found by its key and only its value is decoded.
type apolloState struct {
	text []byte
}

// readApollo finds the state; nil when the page has none (a bot check, a
// page saved without its scripts) or it is no JSON object.
func readApollo(page []byte) *apolloState {
	i := bytes.Index(page, apolloMarker)
	if i < 0 {
		return nil
	}
	rest := bytes.TrimLeft(page[i+len(apolloMarker):], " \t\r\n")
	rest, ok := bytes.CutPrefix(rest, []byte("="))
	if !ok {
		return nil
	}
	rest = bytes.TrimLeft(rest, " \t\r\n")
	var state []byte
	if r, ok := bytes.CutPrefix(rest, []byte("JSON.parse(")); ok {
		// A JSON string literal holding the JSON text.
		r = bytes.TrimLeft(r, " \t\r\n")
		end := -1
		if len(r) > 0 && r[0] == '"' {
			end = stringEnd(r, 0)
		}
		var s string
		if end < 0 || json.Unmarshal(r[:end+1], &s) != nil {
			return nil
		}
		state = []byte(s)
	} else {
		// An object literal, as older pages and hand-built copies write it.
		state = rawValue(rest)
	}
	state = bytes.TrimSpace(state)
	if len(state) == 0 || state[0] != '{' || !bytes.Contains(state, []byte(`"ROOT_QUERY"`)) {
		return nil
	}
	return &apolloState{text: state}
}

// query decodes the first ROOT_QUERY entry of the named query
// ("productHeadline({…})") into v, following a __ref; false when there
// is none.
func (a *apolloState) query(name string, v any) bool {
	raw := a.deref(valueOfKey(a.text, name, "(:"))
	return len(raw) > 0 && string(raw) != "null" && json.Unmarshal(raw, v) == nil
}

// valueOfKey is the raw value of the first object key in text that is
// name followed by one of the bytes in next (its arguments), or is name
// itself when next is "". Keys are found as text: a quote not escaped,
// the key, its closing quote and a colon; a string value never has the
// colon after it.
func valueOfKey(text []byte, name, next string) json.RawMessage {
	needle := []byte(`"` + name)
	off := 0
	for {
		k := bytes.Index(text[off:], needle)
		if k < 0 {
			return nil
		}
		k += off
		off = k + len(needle)
		if k > 0 && text[k-1] == '\\' {
			continue
		}
		if next == "" {
			if off >= len(text) || text[off] != '"' {
				continue
			}
		} else if off >= len(text) || !strings.ContainsRune(next, rune(text[off])) {
			continue
		}
		end := stringEnd(text, k)
		if end < 0 {
			return nil
		}
		rest := bytes.TrimLeft(text[end+1:], " \t\r\n")
		if r, ok := bytes.CutPrefix(rest, []byte(":")); ok {
			return rawValue(r)
		}
	}
}

// rawValue is the JSON value text starts with (after spaces), found by
// its brackets and quotes without decoding it: it is decoded, and so
// checked, only when a reader asks for it. nil when it does not end.
func rawValue(text []byte) json.RawMessage {
	text = bytes.TrimLeft(text, " \t\r\n")
	if len(text) == 0 {
		return nil
	}
	switch text[0] {
	case '"':
		if end := stringEnd(text, 0); end >= 0 {
			return text[:end+1]
		}
		return nil
	case '{', '[':
		depth := 0
		for i := 0; i < len(text); i++ {
			switch text[i] {
			case '"':
				if i = stringEnd(text, i); i < 0 {
					return nil
				}
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return text[:i+1]
				}
			}
		}
		return nil
	}
	// A number, true, false or null: up to the next delimiter.
	i := bytes.IndexAny(text, ",}] \t\r\n")
	if i < 0 {
		i = len(text)
	}
	return text[:i]
}

// stringEnd is the index of the quote closing the JSON string that opens
// at text[start], or -1.
func stringEnd(text []byte, start int) int {
	for i := start + 1; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// decodeEntry decodes the first entry of m whose key is name or starts
// with name followed by its arguments ("name(" or "name:").
func decodeEntry(a *apolloState, m map[string]json.RawMessage, name string, v any) bool {
	raw, ok := m[name]
	if !ok {
		for k, r := range m {
			if strings.HasPrefix(k, name) && len(k) > len(name) && (k[len(name)] == '(' || k[len(name)] == ':') {
				raw, ok = r, true
				break
			}
		}
	}
	if !ok {
		return false
	}
	raw = a.deref(raw)
	return len(raw) > 0 && string(raw) != "null" && json.Unmarshal(raw, v) == nil
}

// deref follows {"__ref": "Type:id"} to the top-level object.
func (a *apolloState) deref(raw json.RawMessage) json.RawMessage {
	var ref struct {
		Ref string `json:"__ref"`
	}
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte(`{"__ref"`)) && json.Unmarshal(raw, &ref) == nil && ref.Ref != "" {
		return valueOfKey(a.text, ref.Ref, "")
	}
	return raw
}

// The parts of the cache we read. Field names are the GraphQL schema's.

type text struct {
	Text string `json:"text"`
}

type headline struct {
	Primary            string `json:"primary"`
	FeaturedMessages   []text `json:"featuredMessages"`
	SupportingMessages []text `json:"supportingMessages"`
	SEOStructuredData  string `json:"seoStructuredData"`
}

type gallery struct {
	CategoryIDAll     string `json:"categoryIdAll"`
	CategorizedImages []struct {
		CategoryID   string         `json:"categoryId"`
		CategoryName string         `json:"categoryName"`
		Images       []galleryImage `json:"images"`
	} `json:"categorizedImages"`
}

type galleryImage struct {
	Image struct {
		URL   string `json:"url"`
		Label string `json:"description"` // Vrbo's classification of the photo, no caption (applyGallery)
	} `json:"image"`
	Analytics struct {
		ImageID string `json:"imageId"`
	} `json:"analytics"`
}

type ratingSummary struct {
	Summary struct {
		Primary            string `json:"primary"`
		AccessibilityLabel string `json:"accessibilityLabel"`
		SupportingMessages []struct {
			Link text `json:"link"`
		} `json:"supportingMessages"`
	} `json:"summary"`
	Metadata struct {
		SEOData []struct {
			Itemprop string `json:"itemprop"`
			Content  string `json:"content"`
		} `json:"seoData"`
	} `json:"metadata"`
}

type coordinates struct {
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
}

type locationQuery struct {
	Address struct {
		Coordinates coordinates `json:"coordinates"`
		Address     []string    `json:"address"`
	} `json:"address"`
}

type infoItem struct {
	Text    string `json:"text"`
	Primary struct {
		Graphic struct {
			ID string `json:"id"`
		} `json:"graphic"`
	} `json:"primary"`
}

type infoContent struct {
	Header    text       `json:"header"`
	InfoItems []infoItem `json:"infoItems"`
}

// amenitiesSummary is PropertyInfo.summary.amenities(…): every amenity in
// groups (also in the "See all" dialog, takeover.property), and the
// popular few the page shows first.
type amenitiesSummary struct {
	Amenities []struct {
		Contents []infoContent `json:"contents"`
	} `json:"amenities"`
	Takeover struct {
		Property []infoContent `json:"property"`
	} `json:"takeover"`
	TopAmenities infoContent `json:"topAmenities"`
}

// contentSection is one section of propertyContentSectionGroups: "About
// this property", "House Rules", "About the host"…, as headed elements of
// items.
type contentSection struct {
	Sections []struct {
		Header          text `json:"header"`
		BodySubSections []struct {
			ElementsV2 []struct {
				Elements []contentElement `json:"elements"`
			} `json:"elementsV2"`
		} `json:"bodySubSections"`
	} `json:"sections"`
}

type contentElement struct {
	Header text `json:"header"`
	Items  []struct {
		Content struct {
			Text    string `json:"text"` // HTML, for markupType "HTML"
			Primary struct {
				Value string `json:"value"`
			} `json:"primary"`
		} `json:"content"`
	} `json:"items"`
}

// elements are the section's elements in page order.
func (c *contentSection) elements() []contentElement {
	if c == nil {
		return nil
	}
	var out []contentElement
	for _, s := range c.Sections {
		for _, b := range s.BodySubSections {
			for _, g := range b.ElementsV2 {
				out = append(out, g.Elements...)
			}
		}
	}
	return out
}

// texts are an element's items as written (HTML for the description).
func (e contentElement) texts() []string {
	var out []string
	for _, it := range e.Items {
		if t := strings.TrimSpace(it.Content.Text); t != "" {
			out = append(out, t)
		} else if v := strings.TrimSpace(it.Content.Primary.Value); v != "" {
			out = append(out, v)
		}
	}
	return out
}

type sectionGroups struct {
	Policies          *contentSection `json:"policies"`
	AboutThisProperty *contentSection `json:"aboutThisProperty"`
	AboutThisHost     *contentSection `json:"aboutThisHost"`
}

// propertyInfo is the PropertyInfo:<id> object the propertyInfo query
// points to.
type propertyInfo struct {
	highlighted []infoItem
	amenities   *amenitiesSummary
	groups      *sectionGroups
}

// property reads PropertyInfo:<id>; nil when the page has none.
func (a *apolloState) property() *propertyInfo {
	var raw map[string]json.RawMessage
	if !a.query("propertyInfo", &raw) {
		return nil
	}
	p := &propertyInfo{}
	var hd struct {
		InfoItems []infoItem `json:"infoItems"`
	}
	if decodeEntry(a, raw, "propertyHighlightedDetails", &hd) {
		p.highlighted = hd.InfoItems
	}
	var summary map[string]json.RawMessage
	if decodeEntry(a, raw, "summary", &summary) {
		var am amenitiesSummary
		if decodeEntry(a, summary, "amenities", &am) {
			p.amenities = &am
		}
	}
	// Several propertyContentSectionGroups entries exist (by search, by
	// amenity detail); the one with the description and rules is the one
	// queried with the search criteria.
	for k, r := range raw {
		if !strings.HasPrefix(k, "propertyContentSectionGroups") {
			continue
		}
		var g sectionGroups
		if json.Unmarshal(a.deref(r), &g) == nil && (g.AboutThisProperty != nil || g.Policies != nil) {
			p.groups = &g
			break
		}
	}
	return p
}
