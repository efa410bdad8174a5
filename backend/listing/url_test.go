package listing

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
)

func TestParseURLAccepts(t *testing.T) {
	tests := []struct {
		in   string
		want Target
	}{
		{"https://www.airbnb.com/rooms/12345678", Target{Airbnb, "12345678", "https://www.airbnb.com/rooms/12345678"}},
		{"http://airbnb.com/rooms/12345678/", Target{Airbnb, "12345678", "https://www.airbnb.com/rooms/12345678"}},
		{"airbnb.com/rooms/12345678", Target{Airbnb, "12345678", "https://www.airbnb.com/rooms/12345678"}},
		{"  https://www.airbnb.co.uk/rooms/987?check_in=2026-05-01&check_out=2026-05-04&adults=2&utm_source=x&fbclid=abc#photos ", Target{Airbnb, "987", "https://www.airbnb.com/rooms/987"}},
		{"https://www.airbnb.com.au/rooms/plus/4455?source_impression_id=p3_1&gclid=1", Target{Airbnb, "4455", "https://www.airbnb.com/rooms/4455"}},
		{"https://fr.airbnb.ca/rooms/1070394950883473123", Target{Airbnb, "1070394950883473123", "https://www.airbnb.com/rooms/1070394950883473123"}},
		{"https://www.airbnb.de/rooms/00042", Target{Airbnb, "42", "https://www.airbnb.com/rooms/42"}},
		{"HTTPS://WWW.AIRBNB.COM/rooms/5/photos", Target{Airbnb, "5", "https://www.airbnb.com/rooms/5"}},
		{"https://WWW.Airbnb.Co.Uk/ROOMS/5", Target{Airbnb, "5", "https://www.airbnb.com/rooms/5"}},
		{"//www.airbnb.com/rooms/5", Target{Airbnb, "5", "https://www.airbnb.com/rooms/5"}},
		{"www.airbnb.com:443/rooms/5", Target{Airbnb, "5", "https://www.airbnb.com/rooms/5"}},
		{"https://a.b.airbnb.com.br/rooms/1", Target{Airbnb, "1", "https://www.airbnb.com/rooms/1"}},
		{"https://www.airbnb.com:443/rooms/5", Target{Airbnb, "5", "https://www.airbnb.com/rooms/5"}},
		{"https://www.airbnb.com./rooms/5", Target{Airbnb, "5", "https://www.airbnb.com/rooms/5"}},
		{"https://www.airbnb.com/h/sunny-alfama-loft", Target{Airbnb, "sunny-alfama-loft", "https://www.airbnb.com/h/sunny-alfama-loft"}},
		{"https://www.vrbo.com/1234567", Target{Vrbo, "1234567", "https://www.vrbo.com/1234567"}},
		{"https://www.vrbo.com/1234567ha?unitId=1234567&chkin=2026-01-01", Target{Vrbo, "1234567ha", "https://www.vrbo.com/1234567ha"}},
		{"https://www.vrbo.com/en-gb/p1234567", Target{Vrbo, "1234567", "https://www.vrbo.com/1234567"}},
		{"https://www.vrbo.com/vacation-rental/p987654vb", Target{Vrbo, "987654vb", "https://www.vrbo.com/987654vb"}},
		{"https://www.vrbo.co.uk/4321", Target{Vrbo, "4321", "https://www.vrbo.com/4321"}},
		// Vrbo's numeric link forms: bare, ha/vb suffixed, legacy p-prefixed,
		// behind a kind-of-place segment and a locale.
		{"https://www.vrbo.com/123456", Target{Vrbo, "123456", "https://www.vrbo.com/123456"}},
		{"https://www.vrbo.com/123456ha", Target{Vrbo, "123456ha", "https://www.vrbo.com/123456ha"}},
		{"https://www.vrbo.com/cottage-rental/p123456vb", Target{Vrbo, "123456vb", "https://www.vrbo.com/123456vb"}},
		{"https://www.vrbo.com/vacation-rental/p1234567", Target{Vrbo, "1234567", "https://www.vrbo.com/1234567"}},
		{"https://www.vrbo.com/en-gb/cabin-rental/p1234567?arrival=2026-05-01", Target{Vrbo, "1234567", "https://www.vrbo.com/1234567"}},
		{"https://www.vrbo.com/Beach-House-Rental/p42ha", Target{Vrbo, "42ha", "https://www.vrbo.com/42ha"}},
		// A page's own hreflang links name it in every language so.
		{"https://www.vrbo.com/it-it/affitto-vacanze/p8164853", Target{Vrbo, "8164853", "https://www.vrbo.com/8164853"}},
		{"https://www.vrbo.com/de-at/ferienwohnung-ferienhaus/p8164853", Target{Vrbo, "8164853", "https://www.vrbo.com/8164853"}},
		{"https://www.vrbo.com/el-gr/%CE%B5%CE%BD%CE%BF%CE%B9%CE%BA%CE%B9%CE%AC%CF%83%CE%B5%CE%B9%CF%82/p8164853", Target{Vrbo, "8164853", "https://www.vrbo.com/8164853"}},
		{"https://www.booking.com/hotel/pt/casa-do-alfama.html", Target{Booking, "pt/casa-do-alfama", "https://www.booking.com/hotel/pt/casa-do-alfama.html"}},
		{"https://www.booking.com/hotel/pt/casa-do-alfama.en-gb.html?aid=304142&label=gen173&sid=abc&checkin=2026-06-01", Target{Booking, "pt/casa-do-alfama", "https://www.booking.com/hotel/pt/casa-do-alfama.html"}},
		{"https://m.booking.com/hotel/JP/kyoto_machiya.ja.html", Target{Booking, "jp/kyoto_machiya", "https://www.booking.com/hotel/jp/kyoto_machiya.html"}},
	}
	for _, tt := range tests {
		got, err := ParseURL(tt.in)
		if err != nil {
			t.Errorf("ParseURL(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseURL(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
		again, err := ParseURL(got.CanonicalURL)
		if err != nil || again != got {
			t.Errorf("ParseURL(canonical %q) = %+v, %v; want idempotent", got.CanonicalURL, again, err)
		}
	}
}

func TestSameListing(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"https://www.vrbo.com/8164853ha", "https://www.vrbo.com/en-gb/p8164853", true},
		{"https://www.vrbo.com/8164853ha", "https://www.vrbo.com/8164854ha", false},
		{"https://www.airbnb.co.uk/rooms/5", "https://www.airbnb.com/rooms/5", true},
		{"https://www.airbnb.com/rooms/5", "https://www.airbnb.com/rooms/6", false},
		{"https://www.vrbo.com/5", "https://www.airbnb.com/rooms/5", false},
	} {
		a, _ := ParseURL(tc.a)
		b, _ := ParseURL(tc.b)
		if got := SameListing(a, b); got != tc.want {
			t.Errorf("SameListing(%s, %s) = %v", tc.a, tc.b, got)
		}
	}
}

func TestParseURLRefuses(t *testing.T) {
	tests := []struct {
		in      string
		message string // a fragment of the client message
	}{
		{"", "Paste the link"},
		{"   ", "Paste the link"},
		{"https://www.airbnb.com/rooms/1?x=" + strings.Repeat("a", MaxURLLength), "too long"},
		{"ftp://www.airbnb.com/rooms/1", "Only web links"},
		{"file:///etc/passwd", "Only web links"},
		{"javascript:alert(1)", "Only web links"},
		{"gopher://airbnb.com/rooms/1", "Only web links"},
		{"https://user:pass@www.airbnb.com/rooms/1", "user name or password"},
		{"http://airbnb.com@127.0.0.1/rooms/1", "user name or password"},
		{"https://www.airbnb.com:8080/rooms/1", "port number"},
		{"https://www.airbnb.com:22/rooms/1", "port number"},
		{"http://127.0.0.1/rooms/1", "IP address"},
		{"http://127.0.0.1#@airbnb.com/rooms/1", "IP address"},
		{"http://[::1]/rooms/1", "IP address"},
		{"http://[::ffff:127.0.0.1]/rooms/1", "IP address"},
		{"http://2130706433/rooms/1", "IP address"},
		{"http://0x7f.1/rooms/1", "IP address"},
		{"http://0177.0.0.1/rooms/1", "IP address"},
		{"http://169.254.169.254/latest/meta-data", "IP address"},
		{"http://localhost/rooms/1", "Unsupported listing URL"},
		{"http://metadata.google.internal/computeMetadata/v1/", "Unsupported listing URL"},
		{"https://airbnb.com.evil.com/rooms/1", "Unsupported listing URL"},
		{"https://evilairbnb.com/rooms/1", "Unsupported listing URL"},
		{"https://airbnb.blogspot.com/rooms/1", "Unsupported listing URL"},
		{"https://airbnb.xyz/rooms/1", "Unsupported listing URL"},
		{"https://www.expedia.com/h123.Hotel-Information", "Unsupported listing URL"},
		{"https://booking.co.uk/hotel/pt/x.html", "Unsupported listing URL"},
		{"https://airbnb/rooms/1", "Unsupported listing URL"},
		{"https://www.airbnb.com/", "doesn't point to a listing"},
		{"https://www.airbnb.com/s/Lisbon/homes", "a search page, not one listing"},
		{"https://www.airbnb.co.uk/s/homes?query=Lisbon", "a search on Airbnb"},
		{"https://www.vrbo.com/cottage-rental/", "doesn't point to a listing"},
		{"https://www.vrbo.com/rental/123", "doesn't point to a listing"},
		{"https://www.vrbo.com/imovel/123", "doesn't point to a listing"},
		{"https://www.vrbo.com/vacation-rentals/usa/florida", "doesn't point to a listing"},
		{"https://www.vrbo.com/en-gb/search?destination=Lisbon", "a search on Vrbo"},
		{"https://www.airbnb.com/rooms/abc", "doesn't point to a listing"},
		{"https://www.airbnb.com/rooms/0", "doesn't point to a listing"},
		{"https://www.airbnb.com/rooms/123456789012345678901", "doesn't point to a listing"},
		{"https://www.airbnb.com/rooms/1/edit", "doesn't point to a listing"},
		{"https://www.airbnb.com/h/bad%20slug", "doesn't point to a listing"},
		{"https://www.vrbo.com/search?destination=Lisbon", "a search page, not one listing"},
		{"https://www.vrbo.com/en-gb/", "doesn't point to a listing"},
		{"https://www.booking.com/searchresults.html?ss=Lisbon", "a search on Booking.com"},
		{"https://www.booking.com/searchresults.en-gb.html?dest_id=-1456928", "a search page, not one listing"},
		{"https://www.expedia.com/Paris-Hotels-Le-Regent.h123456.Hotel-Information", "Unsupported listing URL"},
		{"https://www.expedia.com/Hotel-Search?destination=Paris", "Unsupported listing URL"},
		{"https://www.booking.com/hotel/pt/casa.pdf", "doesn't point to a property"},
		{"https://www.booking.com/hotel/portugal/casa.html", "doesn't point to a property"},
		{"https://www.booking.com/hotel/pt/casa.english.html", "doesn't point to a property"},
		{"https://www.airbnb.com/rooms/%zz", "doesn't look like a web address"},
		{`https://www.airbnb.com\@evil.com/rooms/1`, "doesn't look like a web address"},
		{"https://www.airbnb.com%2F@evil.com/rooms/1", "user name or password"},
		{"https://www.аirbnb.com/rooms/1", "Unsupported listing URL"}, // Cyrillic а
		{"https://xn--irbnb-8ve.com/rooms/1", "Unsupported listing URL"},
		{"https:www.airbnb.com/rooms/5", "Only web links"},
	}
	for _, tt := range tests {
		_, err := ParseURL(tt.in)
		if err == nil {
			t.Errorf("ParseURL(%.80q) accepted, want refusal", tt.in)
			continue
		}
		var de *domain.Error
		if !errors.As(err, &de) || de.Code != domain.CodeInvalid {
			t.Errorf("ParseURL(%.80q) error %v is not a CodeInvalid domain error", tt.in, err)
			continue
		}
		if !strings.Contains(de.Message, tt.message) {
			t.Errorf("ParseURL(%.80q) message %q, want it to contain %q", tt.in, de.Message, tt.message)
		}
	}
}

func FuzzParseURL(f *testing.F) {
	for _, s := range []string{
		"https://www.airbnb.com/rooms/12345678?check_in=2026-01-01",
		"https://fr.airbnb.ca/rooms/plus/77",
		"airbnb.co.uk/h/sunny-loft",
		"https://www.vrbo.com/en-gb/p1234567ha",
		"https://www.booking.com/hotel/pt/casa-do-alfama.en-gb.html?aid=1",
		"http://airbnb.com@127.0.0.1/",
		"http://[::ffff:7f00:1]/",
		"javascript:alert(1)",
		"https://airbnb.com.evil.com/rooms/1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got, err := ParseURL(raw)
		if err != nil {
			if domain.ErrorCode(err) != domain.CodeInvalid {
				t.Fatalf("ParseURL(%q) error %v is not CodeInvalid", raw, err)
			}
			return
		}
		u, perr := url.Parse(got.CanonicalURL)
		if perr != nil || u.Scheme != "https" || u.Host != CanonicalHost(got.Platform) || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			t.Fatalf("ParseURL(%q) canonical %q is not an https URL on the platform host", raw, got.CanonicalURL)
		}
		if got.ListingID == "" {
			t.Fatalf("ParseURL(%q) gave an empty listing id", raw)
		}
		again, err := ParseURL(got.CanonicalURL)
		if err != nil || again != got {
			t.Fatalf("ParseURL(%q) = %+v; re-parsing the canonical URL gave %+v, %v", raw, got, again, err)
		}
	})
}
