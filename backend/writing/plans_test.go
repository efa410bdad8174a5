package writing

import (
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/plans"
)

// The title counts the tests ask for: the plan table's.
var (
	BasicTitles   = plans.Includes(domain.PlanBasic).TitleSuggestions
	PremiumTitles = plans.Includes(domain.PlanPremium).TitleSuggestions
)
