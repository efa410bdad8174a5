package realpages_test

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/racetest"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/writing"
)

// The claims test: every report sentence of the kinds "N photos", "N have
// captions", "rated X out of S", "from N reviews", "the description has N
// words", "does not cover <sections>", "N of M amenities", "up to N guests:
// B bedrooms…", "no reviews yet" is checked against the truth table of the
// page it was made from, for every real page, Basic and Premium, built-in
// writer and the model's copy from the Gemini stand-in (claims_model_test.go).
// A sentence the page contradicts is a false statement.

// claim is one checked statement: the sentence and why it is false ("" :
// true).
type claim struct{ text, why string }

func TestReportClaims(t *testing.T) {
	racetest.WithoutRace(t, racetest.StepRealPages, "every real page's report, sentence by sentence")
	dir := sharedDir(t)
	var lines []string
	total := 0
	for _, p := range pages {
		if p.Refusal != "" {
			continue
		}
		l, err := ingest.ReadSaved(readPage(t, dir, p), p.URL, "")
		if err != nil {
			t.Errorf("%s: %v", p.File, err)
			continue
		}
		falses := falseClaims(t, p.File, l, p.Facts, writers(t, l))
		total += len(falses)
		lines = append(lines, fmt.Sprintf("%-72s %d false", p.File, len(falses)))
		for _, f := range falses {
			t.Logf("%s: %s", p.File, f)
		}
		if len(falses) > 0 {
			t.Errorf("%s: %d false statements (see the log)", p.File, len(falses))
		}
	}
	t.Logf("false statements per page:\n%s\ntotal %d", strings.Join(lines, "\n"), total)
}

// TestReportClaimsOnVariants: the same claims, on the reports of every
// listing variant of the real pages (variants_test.go), checked against
// the variant's facts: 0 statements the page contradicts. The built-in
// writer writes every variant's report, Basic and Premium; the model's
// copy (true and inventing) is checked on the first variant of each class.
func TestReportClaimsOnVariants(t *testing.T) {
	racetest.WithoutRace(t, racetest.StepRealPages, "every variant's report, Basic and Premium")
	perClass := map[string][2]int{}
	firstOf := map[string]bool{}
	knowns := 0
	for _, v := range variants(t) {
		if len(v.Refusals) > 0 {
			continue
		}
		l, err := ingest.ReadSaved(v.HTML, v.URL, "")
		if err != nil {
			continue // TestVariants says why
		}
		ws := []claimWriter{{name: "built-in writer", check: func(*report.Result) []claim { return nil }}}
		if !firstOf[v.Class] {
			firstOf[v.Class] = true
			ws = writers(t, l)
		}
		name := fmt.Sprintf("%s [%s %s]", v.Page.File, v.Class, v.Name)
		falses := falseClaims(t, name, l, v.Facts, ws)
		c := perClass[v.Class]
		c[0]++
		c[1] += len(falses)
		perClass[v.Class] = c
		known := v.Known + v.ClaimsKnown
		for _, f := range falses {
			if known != "" {
				knowns++
				t.Logf("%s: %s — %s", name, f, known)
				continue
			}
			t.Errorf("%s: %s", name, f)
		}
	}
	var out []string
	for k, c := range perClass {
		out = append(out, fmt.Sprintf("%-18s %4d variants %4d false statements", k, c[0], c[1]))
	}
	sort.Strings(out)
	t.Logf("claims on the variants:\n%s\n%d of them Known (logged, not failed)", strings.Join(out, "\n"), knowns)
}

// falseClaims are the statements of the reports made from l, by each
// writer, that the page's facts contradict.
func falseClaims(t *testing.T, name string, l *listing.Listing, facts []Fact, ws []claimWriter) []string {
	t.Helper()
	clock := func() time.Time { return time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC) }
	truth := map[string]Fact{}
	for _, f := range facts {
		if !f.Absent {
			truth[f.Field] = f
		}
	}
	var falses []string
	for _, w := range ws {
		for _, plan := range []domain.Plan{domain.PlanBasic, domain.PlanPremium} {
			if w.writer != nil && plan == domain.PlanBasic {
				// The model's copy is checked on Premium (10 titles, all
				// parts); Basic's 3 are the same checks on fewer titles.
				continue
			}
			r, err := report.Generate(context.Background(), report.Input{Listing: l, Plan: plan, Now: clock, Writer: w.writer})
			if err != nil {
				t.Fatalf("%s %s %s: %v", name, w.name, plan, err)
			}
			for _, c := range append(checkClaims(sentences(r), truth, l.Description), checkReport(r, l, truth)...) {
				if c.why != "" {
					falses = append(falses, fmt.Sprintf("%s, %s: %q — %s", w.name, plan, c.text, c.why))
				}
			}
			for _, c := range w.check(r) {
				falses = append(falses, fmt.Sprintf("%s, %s: %q — %s", w.name, plan, c.text, c.why))
			}
		}
	}
	return dedupe(falses)
}

func dedupe(xs []string) []string {
	sort.Strings(xs)
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// sentences are every sentence of text a report holds (every string in
// it, split at sentence ends and lines), skipping URLs and ids.
func sentences(r *report.Result) []string {
	var out []string
	walkReport(r, func(v reflect.Value) bool {
		if v.Kind() != reflect.String {
			return false
		}
		s := v.String()
		if strings.HasPrefix(s, "http") {
			return true
		}
		for _, line := range strings.Split(s, "\n") {
			for _, sent := range reSentenceEnd.Split(line, -1) {
				if sent = strings.TrimSpace(sent); sent != "" {
					out = append(out, sent)
				}
			}
		}
		return true
	})
	return out
}

// walkReport calls visit on every value reachable from r's exported
// fields, depth first; visit returns true when it has taken a value whole
// (the walk does not go into it).
func walkReport(r *report.Result, visit func(reflect.Value) bool) {
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		if visit(v) {
			return
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			for _, k := range v.MapKeys() {
				walk(v.MapIndex(k))
			}
		}
	}
	walk(reflect.ValueOf(r).Elem())
}

var reSentenceEnd = regexp.MustCompile(`[.!?;](?:\s+|$)`)

// The kinds of statement checked, each with the fact it is checked
// against.
var (
	rePhotos      = regexp.MustCompile(`(?i)\b(?:shows|has|have) (\d+) photos?\b`)
	reCaptions    = regexp.MustCompile(`(?i)\b(\d+) (?:have|has) (?:a )?captions?\b|\bcaptioned (\d+) of (\d+)\b`)
	reRated       = regexp.MustCompile(`(?i)\b(?:rated|rating is) (\d+(?:\.\d+)?) out of (5|10)\b`)
	reShownAs     = regexp.MustCompile(`(?i)shown as (\d+(?:\.\d+)?) out of 5`)
	reReviews     = regexp.MustCompile(`(?i)\bfrom ([\d,]+) reviews?\b`)
	reDescWords   = regexp.MustCompile(`(?i)\bdescription (?:has|is) (\d+) words\b`)
	reNotCover    = regexp.MustCompile(`(?i)\bdoes not cover (?:the )?(.+)$`)
	reCoverNofM   = regexp.MustCompile(`(?i)\bcovers? (\d+) of the (\d+) sections\b`)
	reAmenNofM    = regexp.MustCompile(`(?i)\bhas (\d+) of (\d+) amenities\b`)
	reGuests      = regexp.MustCompile(`(?i)\bup to (\d+) guests\b`)
	reBedrooms    = regexp.MustCompile(`(?i)\b(\d+) bedrooms?\b`)
	reBaths       = regexp.MustCompile(`(?i)\b(\d+(?:\.\d)?) baths?\b`)
	reNoReviews   = regexp.MustCompile(`(?i)^(?:the listing has )?no reviews yet\b`)
	reHeld        = regexp.MustCompile(`(?i)\bheld (?:at|under) \d+`)
	reReadingEase = regexp.MustCompile(`(?i)\breading ease\b|\bflesch\b`)
	reNoType      = regexp.MustCompile(`(?i)does not say what kind of place`)
	reNoPlace     = regexp.MustCompile(`(?i)names no (?:neighbou?rhood|city|place)`)
	reNotState    = regexp.MustCompile(`(?i)does not (?:state|mention) (.+)$`)
	reSectionName = regexp.MustCompile(`(?i)the space|guest access|the neighbou?rhood|getting around|house rules|other things to note`)
)

// sectionHeadings are the headings, in the languages of the shared pages,
// that make each description section present.
var sectionHeadings = map[string][]string{
	"the space":            {"The space", "O espaço", "Lo spazio", "El espacio", "L'espace", "Der Raum", "De ruimte"},
	"guest access":         {"Guest access", "Acesso dos hóspedes", "Accesso per gli ospiti", "Acceso de los huéspedes", "Accès des voyageurs"},
	"the neighbourhood":    {"The neighbourhood", "The neighborhood", "O bairro", "Il quartiere", "El barrio"},
	"getting around":       {"Getting around", "Como se locomover", "Come spostarsi", "Cómo moverse"},
	"house rules":          {"House rules", "Regras da casa", "Regole della casa", "Normas de la casa"},
	"other things to note": {"Other things to note", "Outras informações", "Altre cose da tenere a mente", "Otros aspectos a tener en cuenta"},
}

func truthInt(truth map[string]Fact, field string) (int, bool) {
	f, ok := truth[field]
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSuffix(f.Want, "+"))
	return n, err == nil
}

func num(s string) float64 {
	v, _ := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	return v
}

// checkClaims checks every sentence of the kinds above.
func checkClaims(sents []string, truth map[string]Fact, desc string) []claim {
	var out []claim
	add := func(s, why string) { out = append(out, claim{s, why}) }
	for _, s := range sents {
		if m := rePhotos.FindStringSubmatch(s); m != nil {
			n := int(num(m[1]))
			if f, ok := truth["photos"]; ok {
				want, _ := truthInt(truth, "photos")
				switch {
				case f.Partial:
					add(s, fmt.Sprintf("the page shows only part of its photos (%s)", f.Want))
				case n != want && !strings.Contains(strings.ToLower(s), "top listings"):
					add(s, fmt.Sprintf("the page has %d photos", want))
				}
			}
		}
		if m := reCaptions.FindStringSubmatch(s); m != nil {
			n := int(num(m[1] + m[2]))
			if want, ok := truthInt(truth, "photo_captions"); ok && n != want {
				add(s, fmt.Sprintf("%d photos have a caption by the host", want))
			}
		}
		if m := reRated.FindStringSubmatch(s); m != nil {
			if f, ok := truth["rating"]; ok {
				var v, scale float64
				fmt.Sscanf(f.Want, "%g/%g", &v, &scale)
				if num(m[2]) != scale {
					add(s, fmt.Sprintf("the page rates out of %g (%s)", scale, f.Want))
				} else if math.Abs(num(m[1])-v) > 0.01 {
					add(s, "the page's rating is "+f.Want)
				}
			}
		}
		if m := reShownAs.FindStringSubmatch(s); m != nil {
			if f, ok := truth["rating"]; ok {
				var v, scale float64
				fmt.Sscanf(f.Want, "%g/%g", &v, &scale)
				if math.Abs(num(m[1])-v/scale*5) > 0.01 {
					add(s, "the page's rating is "+f.Want)
				}
			}
		}
		if m := reReviews.FindStringSubmatch(s); m != nil {
			if want, ok := truthInt(truth, "review_count"); ok && int(num(m[1])) != want {
				add(s, fmt.Sprintf("the page has %d reviews", want))
			}
		}
		if reNoReviews.MatchString(s) {
			if want, ok := truthInt(truth, "review_count"); ok && want > 0 {
				add(s, fmt.Sprintf("the page has %d reviews", want))
			}
		}
		if m := reDescWords.FindStringSubmatch(s); m != nil {
			if f, ok := truth["description_words"]; ok {
				want, _ := truthInt(truth, "description_words")
				n := num(m[1])
				switch {
				case f.Partial:
					add(s, "the page shows only part of the description")
				case math.Abs(n-float64(want)) > 0.1*float64(want):
					add(s, fmt.Sprintf("the description has %d words", want))
				}
			}
		}
		if m := reNotCover.FindStringSubmatch(s); m != nil {
			if f, ok := truth["description_sections"]; ok {
				for _, name := range reSectionName.FindAllString(m[1], -1) {
					key := strings.ToLower(strings.Replace(name, "neighborhood", "neighbourhood", 1))
					for _, h := range strings.Split(f.Want, "|") {
						if containsHeading(sectionHeadings[key], h) {
							add(s, fmt.Sprintf("the description has %q", h))
						}
					}
				}
			}
		}
		if m := reCoverNofM.FindStringSubmatch(s); m != nil {
			if f, ok := truth["description_sections"]; ok {
				have := 0
				for _, h := range strings.Split(f.Want, "|") {
					for _, hs := range sectionHeadings {
						if containsHeading(hs, h) {
							have++
						}
					}
				}
				if int(num(m[1])) < have {
					add(s, fmt.Sprintf("the description has %d of the sections' headings (%s)", have, f.Want))
				}
			}
		}
		if reAmenNofM.MatchString(s) {
			if f, ok := truth["amenities"]; ok && f.Partial {
				add(s, "the page shows only part of its amenities ("+f.Want+")")
			}
		}
		if m := reGuests.FindStringSubmatch(s); m != nil {
			if want, ok := truthInt(truth, "guests"); ok && int(num(m[1])) != want {
				add(s, fmt.Sprintf("the listing sleeps %d", want))
			}
			if b := reBedrooms.FindStringSubmatch(s); b != nil {
				if want, ok := truthInt(truth, "bedrooms"); ok && int(num(b[1])) != want {
					add(s, fmt.Sprintf("the listing has %d bedrooms", want))
				}
			}
			if b := reBaths.FindStringSubmatch(s); b != nil {
				if f, ok := truth["baths"]; ok {
					if want, _ := strconv.ParseFloat(strings.TrimSuffix(f.Want, "+"), 64); num(b[1]) != want {
						add(s, "the listing has "+f.Want+" baths")
					}
				}
			}
		}
		if reHeld.MatchString(s) {
			add(s, "a score is held to agree with an action instead of measuring")
		}
		if reReadingEase.MatchString(s) {
			if f, ok := truth["language"]; ok && f.Want != "en" && !namesFormulaFor(s, f.Want) {
				add(s, "a readability formula not made for "+f.Want+" text")
			}
		}
		if reNoType.MatchString(s) {
			if f, ok := truth["property_type"]; ok && strings.Contains(prose.Fold(truth["title"].Want), prose.Fold(f.Want)) {
				add(s, fmt.Sprintf("the title says %q", f.Want))
			}
		}
		if reNoPlace.MatchString(s) {
			if f, ok := truth["city"]; ok && strings.Contains(prose.Fold(truth["title"].Want), prose.Fold(f.Want)) {
				add(s, fmt.Sprintf("the title names %q", f.Want))
			}
		}
		if m := reNotState.FindStringSubmatch(s); m != nil && desc != "" {
			for topic, words := range mentionWords {
				if !strings.Contains(strings.ToLower(m[1]), topic) {
					continue
				}
				for _, w := range words {
					if strings.Contains(prose.Fold(desc), w) {
						add(s, fmt.Sprintf("the description mentions %s (%q)", topic, w))
						break
					}
				}
			}
		}
	}
	return out
}

// mentionWords are words, in the shared pages' languages (folded), that
// state each topic a report may say a description does not state.
var mentionWords = map[string][]string{
	"parking":  {"parking", "estacionamento", "vaga de garagem", "garagem", "parcheggio", "box auto", "aparcamiento", "estacionamiento", "parkplatz", "stationnement"},
	"wifi":     {"mbps", "mb/s", "megas", "mega ", "fibra", "fibre", "fiber", "giga"}, // its speed
	"check-in": {"self check-in", "check-in", "checkin", "self-check-in", "lockbox", "cofre", "chave", "chiavi", "llaves", "keybox", "key box"},
}

func containsHeading(names []string, h string) bool {
	for _, n := range names {
		if prose.Fold(strings.TrimSpace(n)) == prose.Fold(strings.TrimSpace(h)) {
			return true
		}
	}
	return false
}

// checkReport checks what the report states outside its sentences: the
// rating card, amenities named as missing or suggested that the page
// lists, amenities counted present that it lists as not included, and copy
// in another language than the listing's.
func checkReport(r *report.Result, l *listing.Listing, truth map[string]Fact) []claim {
	var out []claim
	if f, ok := truth["rating"]; ok {
		var v, scale float64
		fmt.Sscanf(f.Want, "%g/%g", &v, &scale)
		switch {
		case r.GuestRating == nil:
			out = append(out, claim{"guest rating card: not assessed", "the page's rating is " + f.Want})
		case math.Abs(*r.GuestRating-v/scale*5) > 0.01:
			out = append(out, claim{fmt.Sprintf("guest rating card %g", *r.GuestRating), "the page's rating is " + f.Want})
		}
	}
	have := func(available bool, key string) (string, bool) {
		for _, a := range l.Amenities {
			if a.Available != available {
				continue
			}
			for _, w := range amenityWords[key] {
				if strings.Contains(prose.Fold(a.Name), w) {
					return a.Name, true
				}
			}
		}
		return "", false
	}
	named := append([]string{}, r.AmenityAnalysis.Missing...)
	for _, sg := range r.AmenityAnalysis.Suggestions {
		named = append(named, sg.Amenity)
	}
	for _, n := range named {
		key := amenityKey(n)
		if key == "" {
			continue
		}
		if got, ok := have(true, key); ok {
			out = append(out, claim{"missing or suggested: " + n, fmt.Sprintf("the page lists %q", got)})
		}
	}
	for _, n := range r.AmenityAnalysis.Present {
		if key := amenityKey(n); key != "" {
			if got, ok := have(false, key); ok {
				if _, also := have(true, key); !also {
					out = append(out, claim{"present: " + n, fmt.Sprintf("the page lists %q as not included", got)})
				}
			}
		}
	}
	if f, ok := truth["language"]; ok && f.Want != "en" {
		first := strings.SplitN(strings.TrimSpace(r.OptimizedDescription), "\n\n", 2)[0]
		// A listing in a language without the built-in writer's words
		// (Dutch) gets English copy, the host's sentences quoted.
		want := f.Want
		if !listing.CopyLanguages[prose.Lang(want)] {
			want = "en"
		}
		if len(strings.Fields(first)) >= 8 {
			// "zz": no language's frequent words are there often enough
			// to tell; only a confident other language is a finding.
			if got := prose.Detect("zz", writing.Unquoted(first)); got != "zz" && got != want {
				out = append(out, claim{"optimized description opens: " + first, "in " + got + ", the listing is in " + f.Want})
			}
		}
	}
	return out
}

// amenityWords are, per amenity, words that name it in the shared pages'
// languages (folded). The test's own list, independent of the product's
// catalogue, so the catalogue is checked, not repeated.
var amenityWords = map[string][]string{
	"smoke alarm":      {"smoke alarm", "smoke detector", "antincendio", "detector de fumaca", "alarme de fumaca", "detector de humo", "detecteur de fumee", "rauchmelder"},
	"carbon monoxide":  {"carbon monoxide", "monossido", "monoxido de carbono", "monoxyde"},
	"wifi":             {"wifi", "wi-fi", "wireless internet"},
	"kitchen":          {"kitchen", "cozinha", "cucina", "cocina", "cuisine", "kuche"},
	"washer":           {"washer", "washing machine", "maquina de lavar", "lavatrice", "lavadora", "lave-linge"},
	"air conditioning": {"air conditioning", "ar-condicionado", "ar condicionado", "aria condizionata", "aire acondicionado", "climatisation"},
	"heating":          {"heating", "aquecimento", "riscaldamento", "calefaccion", "chauffage"},
	"hair dryer":       {"hair dryer", "hairdryer", "secador", "asciugacapelli", "seche-cheveux"},
	"tv":               {"tv", "televis"},
	"iron":             {"iron", "ferro de passar", "ferro da stiro", "plancha"},
	"crib":             {"crib", "berco", "culla", "cuna"},
	"self check-in":    {"self check-in", "self check in", "check-in autonomo", "self-check-in", "entrada autonoma"},
	"essentials":       {"essentials", "basico", "essenziali", "basicos"},
	"lock":             {"lock on bedroom", "serratura", "fechadura", "cerradura"},
}

// amenityKey is the amenityWords key a report's amenity name is, "" when
// the test's list has none.
func amenityKey(name string) string {
	n := prose.Fold(name)
	for key, words := range amenityWords {
		for _, w := range words {
			if n == w || strings.HasPrefix(n, w) {
				return key
			}
		}
	}
	return ""
}

// formulaNames name the readability formulas made for each language.
var formulaNames = map[string][]string{
	"pt": {"portuguese", "martins"}, "es": {"fernandez huerta", "spanish"}, "it": {"gulpease"},
	"fr": {"kandel"}, "de": {"amstad"}, "nl": {"douma"},
}

// namesFormulaFor reports whether a sentence about reading ease names a
// formula made for lang.
func namesFormulaFor(s, lang string) bool {
	for _, n := range formulaNames[lang] {
		if strings.Contains(prose.Fold(s), n) {
			return true
		}
	}
	return false
}
