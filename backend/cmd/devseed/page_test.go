package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

// seedStore is a fresh SQLite file with one customer who has signed in.
func seedStore(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "s.db")
	st, err := sqlite.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.UpsertCustomer(context.Background(), domain.Login{UID: "u1", Email: "host@example.com", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	return db
}

// TestSeedPage: a real saved page becomes one completed order for the
// customer, its stored report naming the page's listing, with the plan's
// PDF kept where the server reads it.
func TestSeedPage(t *testing.T) {
	dir := listingtest.RealPagesDir(t)
	cases := []struct {
		name, page string
		plan       domain.Plan
		title, url string // what the page names
		pdf        bool
	}{
		{name: "Portuguese Airbnb, Premium", page: "airbnb/airbnb-2025-mehfius-arraial-raw.html", plan: domain.PlanPremium,
			title: "Arraial do Cabo | Pé na Areia 2 -Praia de Figueira", url: "https://www.airbnb.com/rooms/756587219584104742", pdf: true},
		{name: "Booking.com hotel, Premium", page: "booking/booking-2026-listingproof-gb-strandpalace.en-gb.html", plan: domain.PlanPremium,
			title: "Strand Palace", url: "https://www.booking.com/hotel/gb/strandpalace.html", pdf: true},
		{name: "English Airbnb, Basic: no PDF", page: "airbnb/airbnb-2018-travelnest.htm", plan: domain.PlanBasic,
			title: "York Place: Luxurious  apartment For Two adults.", url: "https://www.airbnb.com/rooms/19278160"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			db := seedStore(t)
			blobs := filepath.Join(t.TempDir(), "blobs")
			var out bytes.Buffer
			args := []string{"-db", db, "-uid", "u1", "-page", filepath.Join(dir, tc.page), "-plan", string(tc.plan), "-blobs", blobs}
			if err := run(context.Background(), args, &out); err != nil {
				t.Fatal(err)
			}
			id, _, ok := strings.Cut(out.String(), "\t")
			if !ok || strings.Count(out.String(), "\n") != 1 || !strings.Contains(out.String(), "\tcompleted\t"+tc.title+"\n") {
				t.Fatalf("printed %q, want one completed row naming %q", out.String(), tc.title)
			}

			st, err := sqlite.Open(context.Background(), db)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			o, err := st.GetOptimization(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if o.Status != domain.StatusCompleted || o.CompletedAt == nil || o.PaidAt == nil || o.PlanType != tc.plan ||
				o.CustomerUID != "u1" || o.ListingTitle != tc.title || o.ListingURL != tc.url {
				t.Errorf("order: status %s completed %v paid %v plan %s uid %s title %q url %q", o.Status, o.CompletedAt, o.PaidAt, o.PlanType, o.CustomerUID, o.ListingTitle, o.ListingURL)
			}
			r, err := report.Decode(o.Results)
			if err != nil {
				t.Fatalf("stored report: %v", err)
			}
			if r.OriginalTitle != tc.title || r.PackageType != tc.plan || r.OptimizedDescription == "" {
				t.Errorf("stored report: title %q plan %q, description %d bytes; want %q, %q and a description", r.OriginalTitle, r.PackageType, len(r.OptimizedDescription), tc.title, tc.plan)
			}
			pdfFile := filepath.Join(blobs, filepath.FromSlash(blob.ReportKey(id)))
			if tc.pdf {
				b, err := os.ReadFile(pdfFile)
				if o.PDFPath != blob.ReportKey(id) || err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
					t.Errorf("PDF: path %q, file %v (%d bytes)", o.PDFPath, err, len(b))
				}
			} else if _, err := os.Stat(pdfFile); o.PDFPath != "" || err == nil {
				t.Errorf("a %s report kept a PDF: path %q", tc.plan, o.PDFPath)
			}
			// The dashboard lists it, and the customer's list holds it.
			page, err := st.ListOptimizations(context.Background(), "u1", 1, nil)
			if err != nil || page.Total != 1 || page.Items[0].ID != id {
				t.Errorf("dashboard list: %+v %v", page, err)
			}
			if c, _ := st.GetCustomer(context.Background(), "u1"); c == nil || len(c.OptimizationIDs) != 1 || c.TotalOptimizations != 1 {
				t.Errorf("customer after seeding: %+v", c)
			}
		})
	}
}

// TestSeedPageRefused: nothing is written when the page is no listing, the
// customer is unknown or a flag is wrong.
func TestSeedPageRefused(t *testing.T) {
	notListing := filepath.Join(t.TempDir(), "not-a-listing.html")
	if err := os.WriteFile(notListing, []byte("<!doctype html><html><head><title>Hello</title></head><body><p>Just a page.</p></body></html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no listing", []string{"-uid", "u1", "-page", notListing}, "not-a-listing.html"},
		{"missing file", []string{"-uid", "u1", "-page", notListing + ".gone"}, "no such file"},
		{"unknown customer", []string{"-uid", "nobody", "-page", notListing}, "customer nobody"},
		{"no uid", []string{"-page", notListing}, "-uid is required"},
		{"bad plan", []string{"-uid", "u1", "-page", notListing, "-plan", "gold"}, "-plan must be"},
		{"bad platform", []string{"-uid", "u1", "-page", notListing, "-platform", "expedia"}, "-platform must be"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			db := seedStore(t)
			var out bytes.Buffer
			err := run(context.Background(), append([]string{"-db", db}, tc.args...), &out)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
			st, err := sqlite.Open(context.Background(), db)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			if page, err := st.ListOptimizations(context.Background(), "u1", 1, nil); err != nil || page.Total != 0 || out.Len() != 0 {
				t.Errorf("after a refusal: %d orders, printed %q (%v)", page.Total, out.String(), err)
			}
		})
	}
}
