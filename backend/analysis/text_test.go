package analysis

import (
	"math"
	"reflect"
	"testing"
)

func TestTextPhrases(t *testing.T) {
	tx := newText("Our family loves the hot tub", "tub")
	for _, c := range []struct {
		phrase string
		want   bool
	}{
		{"hot tub", true}, {"famil*", true}, {"the hot", true}, {"tub tub", false}, // parts never join
		{"loves hot", false}, {"hot", true}, {"pool", false},
	} {
		if got := tx.has(c.phrase); got != c.want {
			t.Errorf("has(%q) = %v, want %v", c.phrase, got, c.want)
		}
	}
	if n := newText("clean, so clean").count("clean"); n != 2 {
		t.Errorf("count = %d, want 2", n)
	}
}

func TestCapsWords(t *testing.T) {
	got := CapsWords("AMAZING loft near NYC with BBQ and HOT TUB, A/C, 2BR")
	want := []string{"AMAZING", "HOT", "TUB"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("CapsWords = %q, want %q", got, want)
	}
	// An abbreviation alone is not shouting: "Apê IPA" is an Ipanema flat.
	if got := CapsWords("Apê IPA | Elegância Carioca em Ipanema"); len(got) != 0 {
		t.Errorf("an abbreviation read as shouting: %q", got)
	}
}

func TestContactDetails(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Call +1 (518) 555-0142 to book", []string{"phone"}},
		{"Email host@example.com", []string{"email"}},
		{"See www.mycabin.com for more", []string{"link"}},
		{"Book at mycabin.com", []string{"link"}},
		{"WhatsApp me", []string{"handle"}},
		{"Sleeps 4, 2 beds, 1.5 baths, built 1920-1925", nil}, // 8 digits in all: not a phone
		{"Check-in 3:00 PM", nil},
	} {
		if got := ContactDetails(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("ContactDetails(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSyllables(t *testing.T) {
	for w, n := range map[string]int{"cat": 1, "house": 1, "table": 2, "apartment": 3, "the": 1, "beautiful": 3, "a": 1} {
		if got := Syllables(w); got != n {
			t.Errorf("Syllables(%q) = %d, want %d", w, got, n)
		}
	}
}

// TestFleschReadingEase checks the formula by hand: "The cat sat on the
// mat. The dog ran." has 2 sentences, 9 words and 9 syllables, so
// 206.835 − 1.015·4.5 − 84.6·1 = 117.6675.
func TestFleschReadingEase(t *testing.T) {
	got, ok := FleschReadingEase("The cat sat on the mat. The dog ran.")
	if !ok || math.Abs(got-117.6675) > 1e-9 {
		t.Errorf("FleschReadingEase = %v %v, want 117.6675", got, ok)
	}
	if _, ok := FleschReadingEase("  "); ok {
		t.Error("empty text has a reading ease")
	}
}

// TestQuantileAndPercentile: hand-checked type-7 quantiles of 10, 20, 30,
// 40: q25 = 10 + 0.75·10 = 17.5, median 25, q75 = 32.5; the percentile
// rank of 30 is (2 below + 1 tie / 2) / 4 = 62.5.
func TestQuantileAndPercentile(t *testing.T) {
	v := []float64{40, 10, 30, 20}
	for q, want := range map[float64]float64{0.25: 17.5, 0.5: 25, 0.75: 32.5, 0: 10, 1: 40} {
		if got, _ := Quantile(v, q); got != want {
			t.Errorf("Quantile(%v) = %v, want %v", q, got, want)
		}
	}
	if got, _ := PercentileRank(v, 30); got != 62.5 {
		t.Errorf("PercentileRank(30) = %v, want 62.5", got)
	}
	if got, _ := PercentileRank(v, 5); got != 0 {
		t.Errorf("PercentileRank(5) = %v, want 0", got)
	}
	if _, ok := Quantile(nil, 0.5); ok {
		t.Error("Quantile of nothing")
	}
	if v[0] != 40 {
		t.Error("Quantile sorted its input in place")
	}
}

func TestOrdinal(t *testing.T) {
	for v, want := range map[float64]string{1: "1st", 2: "2nd", 3: "3rd", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 52.4: "52nd", 100: "100th"} {
		if got := ordinal(v); got != want {
			t.Errorf("ordinal(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestFirstOfAnswersAsHasAny(t *testing.T) {
	lists := [][]string{propertyWords, landmarkWords, {"pool", "hot tub", "famil*", "pool"}}
	for _, title := range []string{
		"Sunny apartment in Alfama with pool",
		"Hot tub cabin for families near the beach",
		"Casa Pé na Areia em Arraial do Cabo",
		"Loft · Acropolis view · famille",
		"",
	} {
		tx := newText(title)
		for _, ps := range lists {
			wantP, wantOK := tx.hasAny(ps...)
			gotP, gotOK := tx.firstOf(compilePhrases(ps))
			if gotP != wantP || gotOK != wantOK {
				t.Errorf("%q: firstOf = %q %v, hasAny = %q %v", title, gotP, gotOK, wantP, wantOK)
			}
		}
	}
}
