package report

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/airbnb"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/safehttp/safehttptest"
)

// demoCalendar reads the demo's Airbnb calendar (airbnb/testdata/calendar.json,
// what the fixture site serves for the Lisbon loft) through the API client.
func demoCalendar(t *testing.T) []listing.CalendarDay {
	t.Helper()
	body, err := os.ReadFile("../listing/airbnb/testdata/calendar.json")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(body) }))
	t.Cleanup(srv.Close)
	api := airbnb.NewAPI(safehttptest.Allowing(t, safehttp.Options{}, srv), airbnb.APIOptions{BaseURL: srv.URL})
	days, err := api.Calendar(context.Background(), "key", "48123456", time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC), 2)
	if err != nil || len(days) == 0 {
		t.Fatalf("calendar: %v (%d days)", err, len(days))
	}
	return days
}

// TestDemoRevenueCards: the demo listings' revenue cards, as the web, the
// PDF's page 1 and the e-mail show them (RevenueProjection.Card). Lisbon,
// whose page shows its price and whose calendar is read, gets money a month
// that its stated inputs recompute; the others say what they would need,
// with no percentage headline.
func TestDemoRevenueCards(t *testing.T) {
	for _, c := range []struct {
		name, file, url string
		calendar        bool
		head            string
		detail          []string
	}{
		{"Lisbon, with its calendar", "airbnb/testdata/current.html", "https://www.airbnb.com/rooms/48123456", true,
			// 142 × 17/61 × 365/12 = 1203.7 a month; × 3% = 36.1 → $40, × 9% = 108.3 → $110.
			"+$40 to +$110 a month", []string{"$142 a night (your listing page) × 8.5 nights a month (your calendar: 17 of 61 nights from May 1, 2026 booked or blocked) × +3–9% for better photos"}},
		{"Lisbon's page without its calendar", "airbnb/testdata/current.html", "https://www.airbnb.com/rooms/48123456", false,
			analysis.HeadlineNone, []string{"Needs your booked nights — this page shows no calendar"}},
		{"Athens, older layout", "airbnb/testdata/older.html", "https://www.airbnb.com/rooms/22334455", false,
			analysis.HeadlineNone, []string{"Needs your nightly price and calendar — neither could be read from this page."}},
		{"Destin on Vrbo", "vrbo/testdata/listing.html", "https://www.vrbo.com/4417281", false,
			analysis.HeadlineNone, []string{"Needs your nightly price and calendar", "none is counted for a Vrbo listing"}},
		{"Kyoto on Booking.com", "booking/testdata/property.html", "https://www.booking.com/hotel/jp/machiya-gion-hanare.html", false,
			analysis.HeadlineNone, []string{"Needs your booked nights", "none is counted for a Booking.com listing"}},
		{"the sparse read", "airbnb/testdata/sparse.html", "https://www.airbnb.com/rooms/50000001", false,
			analysis.HeadlineNone, []string{"Needs your nightly price and calendar — neither could be read from this page."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			page, err := os.ReadFile("../listing/" + c.file)
			if err != nil {
				t.Fatal(err)
			}
			tg, err := listing.ParseURL(c.url)
			if err != nil {
				t.Fatal(err)
			}
			l := ingest.ParsePage(tg, page)
			if c.calendar {
				l.Calendar = demoCalendar(t)
			}
			// The day the demo reports of issue 26 were made: the calendar's
			// days all lie before it, so its window starts at its first day.
			demoDay := func() time.Time { return time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC) }
			r, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanPremium, Now: demoDay})
			if err != nil {
				t.Fatal(err)
			}
			rp := r.RevenueProjections
			head, detail := rp.Card()
			if head != c.head {
				t.Errorf("headline %q, want %q (%s)", head, c.head, detail)
			}
			for _, want := range c.detail {
				if !strings.Contains(detail, want) {
					t.Errorf("%q lacks %q", detail, want)
				}
			}
			if strings.Contains(head, "%") {
				t.Errorf("a percentage headline: %q", head)
			}
			if m := rp.Money; m != nil {
				base := m.NightlyPrice * float64(m.BookedNights) / float64(m.OutOf) * 365 / 12
				if lo, hi := analysis.RoundMoney(base*rp.Low/100, base*rp.High/100), analysis.RoundMoney(base*rp.High/100, base*rp.High/100); lo != rp.MonthlyLow || hi != rp.MonthlyHigh {
					t.Errorf("recomputed %v–%v, shown %v–%v", lo, hi, rp.MonthlyLow, rp.MonthlyHigh)
				}
			}
		})
	}
}
