package pdfreport

import (
	"strings"
	"testing"
)

// The PDF says who wrote each piece of copy in a host's words, the same
// as the web: the model's copy "checked against this listing" (it reached
// the report only through the fact checker), the built-in writer's "no AI
// model" — never a bare "Written by gemini.".
func TestPDFSaysWhoWroteTheCopy(t *testing.T) {
	r := loadGolden(t, richest)
	r.Writers = map[string]string{"title_suggestions": "gemini+builtin", "optimized_description": "gemini", "amenity_copy": "builtin"}
	pdf, err := Render(r, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(pdfText(t, pdf)), " ")
	for _, want := range []string{
		"Written by Gemini (AI), checked against this listing: no invented amenities, numbers, places or rules.",
		"Written by Gemini (AI) and the built-in writer, each checked against this listing.",
		"Written by the built-in writer (rules and this listing's facts, no AI model).",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	if strings.Contains(text, "by gemini") {
		t.Error("the PDF names the writer by its code name")
	}
}
