package budget_test

import (
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/budget"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/livemarket"
	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/writing"
)

// TestEveryStageSlowStillFitsTheBudget walks a report job of the real
// budget in which every stage takes all it may: the page read its client's
// whole limit, each optional stage its whole share. The tail keeps its
// 15 s for the PDF and the save, the copy model is still asked, and the
// stages never add up past the budget — whatever their own fixed limits.
func TestEveryStageSlowStillFitsTheBudget(t *testing.T) {
	left := jobs.ReportBudget
	tail := time.Duration(float64(left) * budget.Tail)
	left -= tail
	if tail < 15*time.Second {
		t.Errorf("the tail keeps %s for the PDF, its upload and the save; want at least 15 s", tail)
	}
	share := func(name string, s float64, limit time.Duration) {
		d := time.Duration(float64(left) * s)
		if limit > 0 && limit < d {
			d = limit
		}
		left -= d
		t.Logf("%-14s %6s, %6s left", name, d.Round(100*time.Millisecond), left.Round(100*time.Millisecond))
	}
	share("page", 1, safehttp.DefaultTimeout)             // essential: what it needs, up to its client's limit
	share("deep reads", budget.DeepReads, 15*time.Second) // ingest.Options.DeepReadTimeout's default
	share("live market", budget.Live, livemarket.DefaultBudget)
	share("photos", budget.Photos, 0)
	model := left - writing.DefaultGeminiMargin
	if model < writing.MinGeminiTime {
		t.Errorf("with every stage slow the copy model has %s, under the %s worth asking it", model, writing.MinGeminiTime)
	}
	if left <= 0 {
		t.Errorf("the stages overran the budget by %s", -left)
	}
}
