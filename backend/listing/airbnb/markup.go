package airbnb

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
)

// A page a browser saved ("Save page as…") carries the text the listing
// page showed, in sections marked data-section-id (or
// data-plugin-in-point-id) — TITLE_DEFAULT with the <h1>, OVERVIEW_DEFAULT_V2
// with "Entire rental unit in Lisbon, Portugal" and "4 guests · 2
// bedrooms…", DESCRIPTION_DEFAULT — while its embedded state can be another
// page's (the app had moved on). applyMarkup reads those sections when the
// embedded state is not the listing's; amenities and photos are not read
// from them (the page shows only a preview of each).

// sectionText is the text of the page's sections, by section id.
type sectionText struct {
	h1, h2 string   // the first heading of each level
	items  []string // list items
	body   []string // paragraphs: text runs, <br> and blocks as breaks
}

// pageSections reads the marked sections of a saved page.
func pageSections(page []byte) map[string]*sectionText {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return nil
	}
	out := map[string]*sectionText{}
	var walk func(n *html.Node, sec *sectionText)
	walk = func(n *html.Node, sec *sectionText) {
		if n.Type == html.ElementNode {
			if n.DataAtom == atom.Script || n.DataAtom == atom.Style || n.DataAtom == atom.Button {
				return
			}
			for _, a := range n.Attr {
				if (a.Key == "data-section-id" || a.Key == "data-plugin-in-point-id") && a.Val != "" {
					if out[a.Val] == nil {
						out[a.Val] = &sectionText{}
					}
					sec = out[a.Val]
				}
			}
			if sec != nil {
				switch n.DataAtom {
				case atom.H1:
					if sec.h1 == "" {
						sec.h1 = meta.NodeText(n)
					}
					return
				case atom.H2, atom.H3:
					if sec.h2 == "" {
						sec.h2 = meta.NodeText(n)
					}
					return
				case atom.Li:
					if t := meta.NodeText(n); t != "" {
						sec.items = append(sec.items, t)
					}
					return
				case atom.Br, atom.P, atom.Div:
					sec.body = append(sec.body, "\n")
				}
			}
		}
		if n.Type == html.TextNode && sec != nil {
			if t := strings.TrimSpace(n.Data); t != "" {
				sec.body = append(sec.body, t)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, sec)
		}
	}
	walk(doc, nil)
	return out
}

// paragraphs joins a section's text runs into lines, a break where the
// page had one.
func (s *sectionText) paragraphs() string {
	var lines []string
	cur, breaks := "", 0
	for _, t := range s.body {
		if t == "\n" {
			if cur != "" {
				lines = append(lines, cur)
				cur = ""
			}
			breaks++
			continue
		}
		if cur == "" && breaks >= 2 && len(lines) > 0 && lines[len(lines)-1] != "" {
			lines = append(lines, "") // <br><br>: a new paragraph
		}
		breaks = 0
		if cur != "" {
			cur += " "
		}
		cur += t
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return strings.Join(lines, "\n")
}

// applyMarkup reads the title, the overview and the description from a
// saved page's visible sections. It reports whether it read anything.
func applyMarkup(l *listing.Listing, page []byte) bool {
	const src = listing.SourceMarkup
	secs := pageSections(page)
	read := false
	if s := secs["TITLE_DEFAULT"]; s != nil && s.h1 != "" {
		l.Title = s.h1
		l.Set(listing.FieldTitle, src)
		read = true
	}
	ov := secs["OVERVIEW_DEFAULT_V2"]
	if ov == nil {
		ov = secs["OVERVIEW_DEFAULT"]
	}
	if ov != nil {
		if kind, place := splitOverviewTitle(ov.h2); kind != "" {
			l.PropertyType = kind
			l.Set(listing.FieldPropertyType, src)
			if place != "" && !l.Has(listing.FieldLocation) {
				loc := meta.SplitPlace(place)
				l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country = loc.Area, loc.City, loc.Region, loc.Country
				l.Set(listing.FieldLocation, src)
			}
			read = true
		}
		for _, item := range ov.items {
			for _, part := range strings.Split(item, "·") {
				applyOverviewItem(l, part, src)
			}
		}
	}
	if s := secs["DESCRIPTION_DEFAULT"]; s != nil {
		if text := listing.PlainText(strings.ReplaceAll(s.paragraphs(), "\n", "<br>")); text != "" {
			l.Description = text
			l.Set(listing.FieldDescription, src)
			read = true
		}
	}
	return read
}
