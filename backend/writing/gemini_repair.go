package writing

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
	"google.golang.org/genai"
)

// draft is the model's copy as the fact checker takes it, piece by piece:
// what it accepted, and what it refused with why. A second answer (the
// repair) adds to it; the refused words never reach the copy.
type draft struct {
	v            *validator
	want         int // titles wanted
	builtinWords int // the built-in description's length, the bar for the model's

	titles  []string        // accepted, distinct, at most want
	seen    map[string]bool // lower-cased accepted titles
	refused []refusedPiece  // this round's refused titles

	description, amenityCopy string // accepted ("" when not)
	descErr, amenityErr      error  // why refused (nil when accepted or not asked)
	descText, amenityText    string // the refused words, for the repair prompt only
	// quietAmenities: neither writer has amenity copy (the listing names
	// none), so its refusal is neither noted nor repaired.
	quietAmenities bool
}

// refusedPiece is one refused piece of copy and the checker's reason.
type refusedPiece struct {
	Part   string `json:"part"`
	Text   string `json:"text"`
	Reason string `json:"reason"`
	err    error
}

func newDraft(v *validator, want, builtinWords int) *draft {
	return &draft{v: v, want: want, builtinWords: builtinWords, seen: map[string]bool{}}
}

// addTitles keeps the valid titles not yet seen, up to want; the others
// are this round's refusals.
func (d *draft) addTitles(ts []string) {
	d.refused = nil
	for _, t := range ts {
		if len(d.titles) == d.want {
			break
		}
		t = strings.TrimSpace(t)
		err := d.v.title(t)
		if err == nil && d.seen[strings.ToLower(t)] {
			err = ErrDuplicate
		}
		if err != nil {
			d.refused = append(d.refused, refusedPiece{Part: "title", Text: t, Reason: err.Error(), err: err})
			continue
		}
		d.seen[strings.ToLower(t)] = true
		d.titles = append(d.titles, t)
	}
}

// setDescription takes s as the description if it passes.
func (d *draft) setDescription(s string) {
	if d.descErr = d.v.description(s, d.builtinWords); d.descErr != nil {
		d.descText = s
		return
	}
	d.description = strings.TrimSpace(s)
}

// setAmenityCopy takes s as the amenity copy if it passes.
func (d *draft) setAmenityCopy(s string) {
	if d.amenityErr = d.v.text(s); d.amenityErr != nil {
		d.amenityText = s
		return
	}
	d.amenityCopy = strings.TrimSpace(s)
}

// needsRepair reports whether a part is still short of the model's copy
// because the checker refused some of it.
func (d *draft) needsRepair() bool {
	return len(d.repairParts()) > 0
}

func (d *draft) missingTitles() int { return d.want - len(d.titles) }

// refusals are the refused pieces to send back, with their reasons.
func (d *draft) refusals() []refusedPiece {
	out := []refusedPiece{}
	if d.missingTitles() > 0 {
		out = append(out, d.refused...)
	}
	if d.descErr != nil {
		out = append(out, refusedPiece{Part: "description", Text: d.descText, Reason: d.descErr.Error()})
	}
	if d.amenityErr != nil && !d.quietAmenities {
		out = append(out, refusedPiece{Part: "amenity_copy", Text: d.amenityText, Reason: d.amenityErr.Error()})
	}
	return out
}

// repairParts names the parts a repair is asked for, for notes and logs.
func (d *draft) repairParts() []string {
	var parts []string
	if d.missingTitles() > 0 && len(d.refused) > 0 {
		parts = append(parts, PartTitles)
	}
	if d.descErr != nil {
		parts = append(parts, PartDescription)
	}
	if d.amenityErr != nil && !d.quietAmenities {
		parts = append(parts, PartAmenityCopy)
	}
	return parts
}

// repair reads the second answer: only the parts asked for are taken,
// each checked as the first answer's were.
func (d *draft) repair(out geminiOutput, parts []string) {
	for _, p := range parts {
		switch p {
		case PartTitles:
			d.addTitles(out.Titles)
		case PartDescription:
			d.setDescription(out.Description)
		case PartAmenityCopy:
			d.setAmenityCopy(out.AmenityCopy)
		}
	}
}

// repairPrompt is the first prompt followed by the refused pieces, each
// with the checker's reason, and the request for corrected replacements
// of those pieces only.
func repairPrompt(first string, d *draft) string {
	parts := d.repairParts()
	titles := 0
	if slices.Contains(parts, PartTitles) {
		titles = d.missingTitles()
	}
	ask := map[string]any{
		"refused":              d.refusals(),
		"titles_needed":        titles,
		"replace_description":  slices.Contains(parts, PartDescription),
		"replace_amenity_copy": slices.Contains(parts, PartAmenityCopy),
	}
	b, _ := json.MarshalIndent(ask, "", " ")
	return first + "\n\nYour previous answer had pieces our fact checker refused (\"refused\": each piece, and why). " +
		"Write corrected replacements for those pieces only, from the same facts and rules: " +
		"\"titles_needed\" new titles (none when 0), a new description if \"replace_description\", a new amenity copy if \"replace_amenity_copy\"; " +
		"leave the other fields empty. Do not repeat what was refused.\n\n" + string(b)
}

// repairSchema asks for the replacement parts only.
func repairSchema(d *draft, parts []string, l *listing.Listing) *genai.Schema {
	s := responseSchema(max(d.missingTitles(), 0), l)
	s.Required = nil
	for _, p := range parts {
		switch p {
		case PartTitles:
			s.Required = append(s.Required, "titles")
		case PartDescription:
			s.Required = append(s.Required, "description")
		case PartAmenityCopy:
			s.Required = append(s.Required, "amenity_copy")
		}
	}
	return s
}

// rejections are the parts the checker refused that the built-in writer
// fills in the final copy, by part, each with why (for the log).
func (d *draft) rejections() map[string]error {
	r := map[string]error{}
	if len(d.refused) > 0 && d.missingTitles() > 0 {
		r[PartTitles] = d.refused[0].err
	}
	if d.descErr != nil {
		r[PartDescription] = d.descErr
	}
	if d.amenityErr != nil {
		r[PartAmenityCopy] = d.amenityErr
	}
	return r
}

// copyFrom is the copy: the model's accepted parts, the built-in writer's
// fb for the rest, with the built-in writer's notes (its short-description
// note only when its description is used).
func (d *draft) copyFrom(fb Copy) Copy {
	c := Copy{Writers: map[string]string{}, Notes: []string{}}
	shortNote := ShortDescriptionNote(prose.WordCount(fb.Description))
	for _, n := range fb.Notes {
		if n != shortNote || d.description == "" {
			c.Notes = append(c.Notes, n)
		}
	}
	c.Titles = append([]string{}, d.titles...)
	seen := map[string]bool{}
	for k := range d.seen {
		seen[k] = true
	}
	for _, t := range fb.Titles {
		if len(c.Titles) >= d.want {
			break
		}
		if !seen[strings.ToLower(t)] {
			seen[strings.ToLower(t)] = true
			c.Titles = append(c.Titles, t)
		}
	}
	switch n := len(d.titles); {
	case n == 0:
		c.Writers[PartTitles] = NameBuiltin
	case n < d.want:
		c.Writers[PartTitles] = NameGemini + "+" + NameBuiltin
	default:
		c.Writers[PartTitles] = NameGemini
	}
	c.Description, c.Writers[PartDescription] = fb.Description, NameBuiltin
	if d.description != "" {
		c.Description, c.Writers[PartDescription] = d.description, NameGemini
	}
	c.AmenityCopy, c.Writers[PartAmenityCopy] = fb.AmenityCopy, NameBuiltin
	if d.amenityCopy != "" {
		c.AmenityCopy, c.Writers[PartAmenityCopy] = d.amenityCopy, NameGemini
	}
	return c
}

// refusalNotes are the notes on the first answer's refused parts (first,
// the draft as the first answer left it): what failed and why, and whose
// copy stands in the final copy.
func refusalNotes(first, final *draft) []string {
	var notes []string
	if len(first.refused) > 0 {
		fill := "suggestions from " + TemplateWriter + " filled their places."
		if final.missingTitles() == 0 && len(final.titles) > len(first.titles) {
			fill = "Gemini's corrected suggestions took their places."
		}
		notes = append(notes, fmt.Sprintf("%d of Gemini's title suggestions failed validation (first: %s); %s", len(first.refused), first.refused[0].Reason, fill))
	}
	if first.descErr != nil {
		who := TemplateWriter + "'s is used."
		if final.description != "" {
			who = "Gemini's corrected description is used."
		}
		notes = append(notes, "Gemini's description failed validation ("+first.descErr.Error()+"); "+who)
	}
	if first.amenityErr != nil && !first.quietAmenities {
		who := TemplateWriter + "'s is used."
		if final.amenityCopy != "" {
			who = "Gemini's corrected amenity copy is used."
		}
		notes = append(notes, "Gemini's amenity copy failed validation ("+first.amenityErr.Error()+"); "+who)
	}
	return notes
}
