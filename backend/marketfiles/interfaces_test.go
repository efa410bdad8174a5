package marketfiles

import "github.com/listinglift/listinglift/backend/report"

// The report finds these optional parts by type assertion: without them a
// server report would silently skip the seasonality and the flat-calendar
// check that *market.DB answers for one file.
var (
	_ report.Market         = (*Markets)(nil)
	_ report.MarketAt       = (*Markets)(nil)
	_ report.MarketCalendar = (*Markets)(nil)
	_ report.MarketPrices   = (*Markets)(nil)
)
