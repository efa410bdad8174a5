package writing

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/prose"
)

// The model writes in the listing's language where the checker can hold
// copy in it to the listing, else in English; headings only where they
// are in that language.
func TestModelLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, want string
		headings   bool
	}{
		{"", "en", true}, {"pt", "pt", true}, {"it", "it", true}, {"ja", "ja", false}, {"zh", "zh", false}, {"nl", "en", true}, {"el", "en", true},
	} {
		l := loft()
		l.Language = prose.Lang(c.lang)
		req := request(l, BasicTitles)
		text, _ := prompt(req, FactsOf(req))
		var in struct {
			Language string   `json:"language"`
			Headings []string `json:"section_headings"`
		}
		if err := json.Unmarshal([]byte(text[strings.Index(text, "{"):]), &in); err != nil {
			t.Fatal(err)
		}
		if in.Language != c.want || (len(in.Headings) > 0) != c.headings {
			t.Errorf("listing in %q: the model is asked for %q with headings %q; want %q, headings %v", c.lang, in.Language, in.Headings, c.want, c.headings)
		}
	}
}
