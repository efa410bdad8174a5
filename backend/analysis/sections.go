package analysis

import (
	"strings"

	"github.com/listinglift/listinglift/backend/prose"
)

// DescriptionTargetWords is the length a description should reach: the
// description score's full length points start here (AnalyzeDescription),
// and the optimized description aims for it.
const DescriptionTargetWords = 150

// HeadingSection reports whether line is a description section heading —
// Airbnb's own in any language, or one hosts write in lang — alone on its
// line (a final colon allowed), and which section (a DescriptionSections
// key). It is the test descriptionSections uses for a heading on its own.
func HeadingSection(lang, line string) (string, bool) {
	folded := strings.Join(prose.Words(line), " ")
	if folded == "" || len(strings.Fields(folded)) > 6 || strings.ContainsAny(strings.TrimRight(strings.TrimSpace(line), ":"), ".!?") {
		return "", false
	}
	tl := textLangFor(lang)
	for _, s := range DescriptionSections {
		hs := airbnbHeadings[s.Key]
		if tl != nil {
			hs = append(append([]string{}, hs...), tl.Headings[s.Key]...)
		}
		for _, h := range hs {
			if folded == h {
				return s.Key, true
			}
		}
	}
	return "", false
}

// SectionName is the name of a DescriptionSections key ("The space").
func SectionName(key string) string {
	for _, s := range DescriptionSections {
		if s.Key == key {
			return s.Name
		}
	}
	return ""
}
