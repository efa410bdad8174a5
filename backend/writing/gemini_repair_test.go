package writing

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// TestGeminiRepairsRefusedParts: when the checker refuses parts of the
// model's answer, the model is asked once more — with the refused pieces
// and the reasons — for replacements of those pieces only. Accepted
// replacements are used with the first answer's accepted parts; refused
// ones leave the built-in writer's copy; the refused words never reach the
// copy; with too little of the model's budget left, it is not asked.
func TestGeminiRepairsRefusedParts(t *testing.T) {
	invented := geminiOutput{
		Titles:      []string{goodTitles[0], "Loft in Lisbon, Sleeps 8", goodTitles[1]},
		Description: goodDescription + " Relax in the hot tub after a day out.",
		AmenityCopy: "Relax in the hot tub.",
	}
	corrected := geminiOutput{Titles: []string{goodTitles[2]}, Description: goodDescription, AmenityCopy: "Wifi, a workspace and an espresso machine."}
	for _, c := range []struct {
		name    string
		second  geminitest.Responder
		cfg     GeminiConfig
		calls   int
		writers map[string]string
		note    string
	}{
		{"corrected", geminitest.Answer(corrected), GeminiConfig{}, 2,
			map[string]string{PartTitles: NameGemini, PartDescription: NameGemini, PartAmenityCopy: NameGemini},
			"its corrections passed the fact checks and are used"},
		{"still invented", geminitest.Answer(invented), GeminiConfig{}, 2,
			map[string]string{PartTitles: NameGemini + "+" + NameBuiltin, PartDescription: NameBuiltin, PartAmenityCopy: NameBuiltin},
			"its corrections for the title suggestions, optimized description, amenity copy failed validation too"},
		{"repair blocked", geminitest.FinishReason("SAFETY", corrected), GeminiConfig{}, 2,
			map[string]string{PartTitles: NameGemini + "+" + NameBuiltin, PartDescription: NameBuiltin, PartAmenityCopy: NameBuiltin},
			"gave no usable answer (finishReason SAFETY)"},
		// The first answer takes 150ms of a 1s budget: less than MinTime
		// (900ms) is left, so the model is not asked again.
		{"no time left", geminitest.Answer(corrected), GeminiConfig{Total: time.Second, MinTime: 900 * time.Millisecond}, 1,
			map[string]string{PartTitles: NameGemini + "+" + NameBuiltin, PartDescription: NameBuiltin, PartAmenityCopy: NameBuiltin},
			"too little time left to ask Gemini to correct the refused parts"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := geminitest.New(t, geminitest.Sequence(geminitest.Slow(150*time.Millisecond, invented), c.second))
			cfg := c.cfg
			cfg.Timeout, cfg.Backoff = 2*time.Second, time.Millisecond
			g := newWriter(t, f, cfg)
			req := request(loft(), BasicTitles)
			out, err := g.Write(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if f.Calls() != c.calls {
				t.Errorf("%d calls, want %d", f.Calls(), c.calls)
			}
			for p, w := range c.writers {
				if out.Writers[p] != w {
					t.Errorf("%s written by %q, want %q (notes %q)", p, out.Writers[p], w, out.Notes)
				}
			}
			notes := strings.Join(out.Notes, "\n")
			if !strings.Contains(notes, c.note) {
				t.Errorf("notes lack %q:\n%s", c.note, notes)
			}
			if slices.Contains(out.Titles, invented.Titles[1]) || strings.Contains(out.Description+out.AmenityCopy, "hot tub") {
				t.Errorf("refused words reached the copy: %q / %q / %q", out.Titles, out.Description, out.AmenityCopy)
			}
			checkTitles(t, out.Titles, BasicTitles, req)
			if c.calls == 2 {
				// The second prompt sent the refused pieces with the reasons.
				p := f.Prompt()
				for _, want := range []string{`"refused"`, "Sleeps 8", "names an amenity the listing does not have", `"titles_needed": 1`, `"replace_description": true`} {
					if !strings.Contains(p, want) {
						t.Errorf("repair prompt lacks %s", want)
					}
				}
			}
		})
	}
}

// The first answer's good titles are kept ahead of the corrected ones, and
// a corrected title the first answer already gave is refused as a
// duplicate, not used twice.
func TestGeminiRepairKeepsFirstTitles(t *testing.T) {
	first := geminiOutput{Titles: []string{goodTitles[0], "Oceanfront Loft in Lisbon", goodTitles[1]}, Description: goodDescription, AmenityCopy: "Wifi and a kitchen."}
	second := geminiOutput{Titles: []string{goodTitles[0], goodTitles[3]}}
	f := geminitest.New(t, geminitest.Sequence(geminitest.Answer(first), geminitest.Answer(second)))
	g := newWriter(t, f, GeminiConfig{Timeout: 2 * time.Second})
	out, err := g.Write(context.Background(), request(loft(), BasicTitles))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{goodTitles[0], goodTitles[1], goodTitles[3]}
	if !slices.Equal(out.Titles, want) || out.Writers[PartTitles] != NameGemini || f.Calls() != 2 {
		t.Errorf("titles %q (want %q), writers %v, %d calls", out.Titles, want, out.Writers, f.Calls())
	}
	if !strings.Contains(strings.Join(out.Notes, " "), "Gemini's corrected suggestions took their places") {
		t.Errorf("notes %q", out.Notes)
	}
}
