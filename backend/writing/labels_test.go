package writing

import (
	"strings"
	"testing"
)

// What a host reads about who wrote the copy (the web report, the PDF and
// the e-mail all show WriterLabel's words) names the template writer in
// plain words, says no model ran when none did, and says AI only where
// Gemini wrote (issue 43: "builtin writer" where no model ran).
func TestWriterLabelsSayWhoWrotePlainly(t *testing.T) {
	for _, tc := range []struct {
		name      string
		want      []string
		forbidden []string
	}{
		{NameBuiltin, []string{"ListingLift's template writer", "(no AI model)", "checked against your listing"}, []string{"Gemini", "(AI)"}},
		{NameGemini, []string{"Gemini (AI)", "checked against your listing"}, []string{"template writer", "no AI model"}},
		{NameGemini + "+" + NameBuiltin, []string{"Gemini (AI) and ListingLift's template writer", "checked against your listing"}, []string{"no AI model"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := WriterLabel(tc.name)
			for _, w := range tc.want {
				if !strings.Contains(l, w) {
					t.Errorf("label %q lacks %q", l, w)
				}
			}
			for _, f := range append(tc.forbidden, "builtin", "built-in") {
				if strings.Contains(l, f) {
					t.Errorf("label %q says %q", l, f)
				}
			}
		})
	}
	if l := WriterLabel("some-model"); l != "" {
		t.Errorf("an unknown writer gets the label %q; want none (no check claimed)", l)
	}
}

// The notes a host reads when the model's copy fell back name the template
// writer the same way, never by our internal word.
func TestFallbackNotesNameTheTemplateWriter(t *testing.T) {
	notes := []string{failureNote(errStub("HTTP 400")), refusalNotes(&draft{descErr: errStub("too short")}, &draft{})[0]}
	for _, n := range notes {
		if !strings.Contains(n, TemplateWriter) || strings.Contains(n, "built-in") || strings.Contains(n, "builtin") {
			t.Errorf("note %q: want it to name %q, not the built-in writer", n, TemplateWriter)
		}
	}
}

type errStub string

func (e errStub) Error() string { return string(e) }
