package plans

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
)

var update = flag.Bool("update", false, "rewrite plans.json from the table")

// TestTable holds the table to what SPEC §9 sells and what the product
// promises on every plan card.
func TestTable(t *testing.T) {
	all := All()
	if len(all) != 2 || all[0].ID != domain.PlanBasic || all[1].ID != domain.PlanPremium {
		t.Fatalf("plans = %v; want basic then premium", all)
	}
	basic, premium := all[0], all[1]
	if basic.PriceCents != 499 || premium.PriceCents != 1999 || basic.Currency != "usd" {
		t.Errorf("prices %d and %d %s; want SPEC §9's $4.99 and $19.99", basic.PriceCents, premium.PriceCents, basic.Currency)
	}
	if u := UpgradeOffer(); u.Cents != premium.PriceCents-basic.PriceCents || u.From != basic.ID || u.To != premium.ID {
		t.Errorf("upgrade %+v; want the difference of the two prices", u)
	}
	if basic.PDF || basic.Email || basic.MarketAnalytics || !premium.PDF || !premium.Email || !premium.MarketAnalytics {
		t.Errorf("PDF, e-mail and market analytics are Premium's only: %+v %+v", basic, premium)
	}
	for _, p := range all {
		if !p.ID.Valid() || p.Name == "" || p.CheckoutName == "" || len(p.Features) == 0 {
			t.Errorf("%s: incomplete entry %+v", p.ID, p)
		}
		// The card's words say the numbers the report gives.
		if !strings.HasPrefix(p.TitleOptions, strconv.Itoa(p.TitleSuggestions)) ||
			!strings.Contains(strings.Join(p.Features, " "), p.TitleOptions+" tailored suggestions") ||
			!strings.Contains(p.Summary, p.TitleOptions+" suggestions") {
			t.Errorf("%s: the card does not say its %s title options: %q / %q", p.ID, p.TitleOptions, p.Features, p.Summary)
		}
		if got, err := Of(p.ID); err != nil || got.PriceCents != p.PriceCents {
			t.Errorf("Of(%s) = %+v, %v", p.ID, got, err)
		}
	}
	if _, err := Of("gold"); domain.ErrorCode(err) != domain.CodeInvalid {
		t.Errorf("Of(gold): %v; want CodeInvalid", err)
	}
	if Includes("gold").PDF {
		t.Error("an unknown plan includes nothing")
	}
	all[1].Features[0] = "changed"
	if All()[1].Features[0] == "changed" {
		t.Error("All hands out the table itself")
	}
}

// TestTableUpToDate keeps plans.json, the table as the browser's build reads
// it (frontend/scripts/report-types.mjs makes src/types/plan-table.ts from
// it), equal to the table. After a change: go test ./backend/plans -update.
func TestTableUpToDate(t *testing.T) {
	want, err := json.MarshalIndent(All(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *update {
		if err := os.WriteFile("plans.json", want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("plans.json")
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("plans.json is out of date (%v): go test ./backend/plans -update, then node frontend/scripts/report-types.mjs", err)
	}
}
