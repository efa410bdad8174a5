package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store/docrules"
	"github.com/listinglift/listinglift/backend/store/firestore"
)

// Firestore refuses, at write time and only in production, values that
// JSON, SQLite and the Firestore stand-in accept. These tests put every
// kind of report through the Firestore adapter's conversion and check the
// result against Firestore's documented limits with a walker of their own
// (not docrules, which the adapter itself uses), so a report that would
// lose a paid order in production fails here first.

// nearDuplicatePhotos serves the same image for every photo URL: a Premium
// report then measures every pair as near-duplicates.
func nearDuplicatePhotos(t testing.TB) PhotoFetcher {
	t.Helper()
	photo := grayPhoto(t, 241)
	return PhotoFetcherFunc(func(context.Context, string) ([]byte, error) { return photo, nil })
}

// grayPhoto is a 1200×800 PNG of a repeating gray ramp (period mod): big
// enough to pass the resolution check, sharp enough for the blur check.
func grayPhoto(t testing.TB, mod int) []byte {
	t.Helper()
	var buf bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, 1200, 800))
	for i := range img.Pix {
		img.Pix[i] = uint8(i % mod)
	}
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// storableReports are the reports a paid order can produce: the golden
// reports as stored, and a Premium report with near-duplicate photos and
// market analytics generated now.
func storableReports(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("golden reports: %v (%d files)", err, len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out["golden "+filepath.Base(f)] = b
	}
	r, err := Generate(context.Background(), Input{Listing: loadListing(t, "albany-house"), Plan: domain.PlanPremium,
		Now: clock, Market: albanyMarket(), Photos: nearDuplicatePhotos(t), PhotoConcurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	if q := r.PhotoAudit.Quality; q == nil || len(q.Duplicates) == 0 {
		t.Fatalf("the Premium report measured no near-duplicate photos: %+v", q)
	}
	if r.MarketAnalysisData == nil || r.MarketAnalysisData.Seasonality == nil {
		t.Fatal("the Premium report has no market analytics")
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	out["premium with near-duplicate photos and market analytics"] = b
	return out
}

func TestReportsFitFirestore(t *testing.T) {
	for name, raw := range storableReports(t) {
		t.Run(name, func(t *testing.T) {
			doc, err := firestore.ReportValue(raw)
			if err != nil {
				t.Fatalf("the Firestore adapter refuses the report: %v", err)
			}
			var problems []string
			size := firestoreLimits("results", doc, 1, &problems)
			if size > docrules.MaxReportBytes {
				problems = append(problems, fmt.Sprintf("report of %d bytes leaves no room in a 1 MiB document", size))
			}
			if len(problems) > 0 {
				t.Errorf("Firestore would refuse this report:\n%s", strings.Join(problems, "\n"))
			}
		})
	}
}

var reservedFieldName = regexp.MustCompile(`^__.*__$`)

// firestoreLimits walks a value as the Firestore client would send it and
// notes each limit it breaks: an array directly inside an array, more than
// 20 levels of nesting, a field name that is empty, over 1,500 bytes or of
// the reserved form __x__. It returns the value's storage size.
func firestoreLimits(path string, v any, depth int, problems *[]string) int {
	if depth > 20 {
		*problems = append(*problems, path+": nested deeper than 20 levels")
		return 0
	}
	switch x := v.(type) {
	case map[string]any:
		n := 0
		for k, e := range x {
			if k == "" || len(k) > 1500 || reservedFieldName.MatchString(k) {
				*problems = append(*problems, fmt.Sprintf("%s: field name %q", path, k))
			}
			n += len(k) + 1 + firestoreLimits(path+"."+k, e, depth+1, problems)
		}
		return n
	case []any:
		n := 0
		for i, e := range x {
			p := fmt.Sprintf("%s[%d]", path, i)
			if _, ok := e.([]any); ok {
				*problems = append(*problems, p+": an array directly inside an array")
			}
			n += firestoreLimits(p, e, depth+1, problems)
		}
		return n
	case string:
		return len(x) + 1
	case nil, bool:
		return 1
	default:
		return 8
	}
}

// TestReportTypeHasNoNestedArrays guards the contract itself: no field of
// the report, however deep, is a slice or array of slices or arrays, so
// no future field can bring back what Firestore refuses.
func TestReportTypeHasNoNestedArrays(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(path string, ty reflect.Type)
	walk = func(path string, ty reflect.Type) {
		for ty.Kind() == reflect.Pointer {
			ty = ty.Elem()
		}
		switch ty.Kind() {
		case reflect.Slice, reflect.Array:
			if ty.Elem().Kind() == reflect.Uint8 && ty.Kind() == reflect.Slice {
				return // []byte is a string in JSON
			}
			el := ty.Elem()
			for el.Kind() == reflect.Pointer {
				el = el.Elem()
			}
			if el.Kind() == reflect.Slice || el.Kind() == reflect.Array {
				t.Errorf("%s is %s: an array inside an array, which Firestore refuses; use a struct per element", path, ty)
			}
			walk(path+"[]", ty.Elem())
		case reflect.Map:
			walk(path+"{}", ty.Elem())
		case reflect.Struct:
			if seen[ty] {
				return
			}
			seen[ty] = true
			for i := range ty.NumField() {
				f := ty.Field(i)
				if f.IsExported() && f.Tag.Get("json") != "-" {
					walk(path+"."+f.Name, f.Type)
				}
			}
		case reflect.Interface:
			t.Errorf("%s is an interface: its shape cannot be checked here", path)
		}
	}
	walk("Result", reflect.TypeOf(Result{}))
}
