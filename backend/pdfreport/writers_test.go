package pdfreport

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/writing"
)

// labelsOf are the report's labels for writers, as report.Generate sets
// them for parts that passed the fact checker.
func labelsOf(writers map[string]string) map[string]string {
	labels := map[string]string{}
	for part, name := range writers {
		labels[part] = writing.WriterLabel(name)
	}
	return labels
}

// The PDF says who wrote each piece of copy and what was checked in the
// report's own words (Result.WriterLabels, the same as the web and the
// e-mail): the model's and the built-in writer's copy alike "every word
// checked against your listing" — never a bare "Written by gemini.".
func TestPDFSaysWhoWroteTheCopy(t *testing.T) {
	r := loadGolden(t, richest)
	r.Writers = map[string]string{"title_suggestions": "gemini+builtin", "optimized_description": "gemini", "amenity_copy": "builtin"}
	r.WriterLabels = labelsOf(r.Writers)
	pdf, err := Render(r, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(pdfText(t, pdf)), " ")
	for _, want := range []string{
		"Written by Gemini (AI); every word checked against your listing — anything it does not state was refused.",
		"Written by Gemini (AI) and ListingLift's template writer; every word checked against your listing.",
		"Written by ListingLift's template writer, from this listing's facts (no AI model); every word checked against your listing.",
		"Who wrote the copy",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	if strings.Contains(text, "by gemini") {
		t.Error("the PDF names the writer by its code name")
	}
}

// A report stored before writer labels (its PDF drawn later: an upgrade, a
// repair) claims no check for copy that was not held to it: no "Written
// by" line and no "Who wrote the copy" table, whatever writers it names.
func TestPDFOfAnOldReportClaimsNoCheck(t *testing.T) {
	r := loadGolden(t, richest)
	r.Writers = map[string]string{"title_suggestions": "gemini", "optimized_description": "gemini", "amenity_copy": "builtin"}
	r.WriterLabels = map[string]string{}
	pdf, err := Render(r, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(pdfText(t, pdf)), " ")
	for _, never := range []string{"every word checked", "Written by", "Who wrote the copy"} {
		if strings.Contains(text, never) {
			t.Errorf("the PDF of a report without labels says %q", never)
		}
	}
}
