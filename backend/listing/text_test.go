package listing

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPlainText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"  plain   text \n\n\n\n next  ", "plain text\n\nnext"},
		{"One<br>two<br/>three<br />four", "One\ntwo\nthree\nfour"},
		{"<p>First paragraph.</p><p>Second &amp; last.</p>", "First paragraph.\n\nSecond & last."},
		{"<b>The space</b><br /><br />Quiet &#8212; cosy&nbsp;flat", "The space\n\nQuiet — cosy flat"},
		{"<ul><li>Wifi</li><li>Pool</li></ul>", "Wifi\n\nPool"},
		{"Hi<script>alert('x')</script> there<style>p{}</style>!", "Hi there!"},
		{"Ótima localização ☀️", "Ótima localização ☀️"},
		{"<div>unclosed <b>bold", "unclosed bold"},
		{"a &lt;b&gt; c", "a <b> c"},
	}
	for _, tt := range tests {
		if got := PlainText(tt.in); got != tt.want {
			t.Errorf("PlainText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseMoney(t *testing.T) {
	tests := []struct {
		in       string
		amount   float64
		currency string
		ok       bool
	}{
		{"$142", 142, "USD", true},
		{"$1,234", 1234, "USD", true},
		{"€1.234", 1234, "EUR", true},
		{"€1.234,50", 1234.5, "EUR", true},
		{"£95.50", 95.5, "GBP", true},
		{"CA$210", 210, "CAD", true},
		{"¥18,500", 18500, "JPY", true},
		{"EUR 120", 120, "EUR", true},
		{"120 €", 120, "EUR", true},
		{"1\u00a0200 kr", 1200, "SEK", true},
		{"2 nights", 2, "", true},
		{"", 0, "", false},
		{"free", 0, "", false},
		{"$", 0, "", false},
	}
	for _, tt := range tests {
		amount, currency, ok := ParseMoney(tt.in)
		if ok != tt.ok || amount != tt.amount || currency != tt.currency {
			t.Errorf("ParseMoney(%q) = %v %q %v, want %v %q %v", tt.in, amount, currency, ok, tt.amount, tt.currency, tt.ok)
		}
	}
}

func TestLeadingNumber(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"4 guests", 4, true}, {"1.5 baths", 1.5, true}, {"1,026 reviews", 1026, true}, {"Studio", 0, false}, {"", 0, false},
	}
	for _, tt := range tests {
		if got, ok := LeadingNumber(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("LeadingNumber(%q) = %v %v", tt.in, got, ok)
		}
	}
}

func TestFinish(t *testing.T) {
	tg, _ := ParseURL("https://www.booking.com/hotel/pt/casa.html")
	l := New(tg)
	l.Title = "Casa \xff do Alfama"
	l.Set(FieldTitle, SourceJSONLD)
	l.Photos = []Photo{{URL: "https://x/\xfe.jpg"}}
	l.Set(FieldPhotos, SourceJSONLD)
	l.Finish()
	l.Finish() // idempotent
	if !utf8.ValidString(l.Title) || !utf8.ValidString(l.Photos[0].URL) {
		t.Errorf("invalid UTF-8 survived: %q %q", l.Title, l.Photos[0].URL)
	}
	for _, w := range l.Warnings {
		if strings.Contains(w, "Superhost") || strings.Contains(w, "Guest favourite") || strings.Contains(w, "host's profile") {
			t.Errorf("Booking.com listing warned about something Booking.com never shows: %q", w)
		}
	}
	seen := map[string]bool{}
	for _, w := range l.Warnings {
		if seen[w] {
			t.Errorf("duplicate warning %q", w)
		}
		seen[w] = true
	}
	if !seen["Could not read the description from this page."] || seen["Could not read the title from this page."] {
		t.Errorf("warnings %q", l.Warnings)
	}
	b, _ := json.Marshal(l.ScrapeResponse())
	var resp map[string]any
	_ = json.Unmarshal(b, &resp)
	for _, k := range []string{"success", "error", "title", "description", "listing"} {
		if _, ok := resp[k]; !ok {
			t.Errorf("scrape response lacks %q: %s", k, b)
		}
	}
}

func TestNumbersWithDecimalCommas(t *testing.T) {
	for in, want := range map[string]float64{"4,93": 4.93, "1,5": 1.5, "1,234": 1234, "4.92": 4.92, "12,345.5": 12345.5} {
		if got, ok := ParseNumber(in); !ok || got != want {
			t.Errorf("ParseNumber(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	if got, ok := LeadingNumber("1,5 banheiros"); !ok || got != 1.5 {
		t.Errorf("LeadingNumber(1,5 banheiros) = %v", got)
	}
}
