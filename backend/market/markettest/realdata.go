package markettest

import (
	"testing"

	"github.com/listinglift/listinglift/backend/racetest"
)

// RealSnapshotTests names the tests that import a whole real Inside Airbnb
// snapshot (Antwerp's calendar alone is a million rows; Albany's import
// takes over a minute under the detector). Under the race
// detector each takes minutes of single-goroutine CSV work the detector has
// nothing to find in, so make test runs them in a step of their own without
// it ("Go: real market snapshots", scripts/test.sh), with this pattern.
const RealSnapshotTests = "^(TestCalendarPricesRealSnapshots|TestAntwerpFlatCalendarsGiveNoPricingAdvice|TestAlbany|TestDefaultCatalog|TestHandImportNamesAndPricesTheMarket|TestAlbanyRealData|TestAlbanyDataQualityKeepsSupportedAdvice)$"

// WholeSnapshot marks a test that imports a whole real snapshot: under the
// race detector it is skipped, saying where it runs instead.
func WholeSnapshot(tb testing.TB) {
	tb.Helper()
	racetest.WithoutRace(tb, racetest.StepRealSnapshots, "imports a whole real snapshot")
}
