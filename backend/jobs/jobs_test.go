package jobs

import "testing"

func TestJobNamesAndKinds(t *testing.T) {
	for _, tc := range []struct {
		job        Job
		name, kind string
	}{
		{ForOptimization("abc123"), "report-abc123", KindReport},
		{EmailFor("abc123"), "email-abc123", KindEmail},
		{Job{Name: "odd"}, "odd", "odd"},
		// A second upgrade of one order is another job: the session is in
		// the name (issue 28), cleaned to what a Cloud Tasks id allows.
		{UpgradeFor("abc123", "cs_test_a1"), "upgrade-abc123-cs_test_a1", KindUpgrade},
		{UpgradeFor("abc123", "cs_test_b2"), "upgrade-abc123-cs_test_b2", KindUpgrade},
		{UpgradeFor("abc123", ""), "upgrade-abc123", KindUpgrade},
		{UpgradeRefundFor("abc123", "cs/x y"), "refund-abc123-upgrade-csxy", KindRefund},
		{Again(RefundFor("abc123"), 3), "refund-abc123-3", KindRefund},
	} {
		if tc.job.Name != tc.name || tc.job.Kind() != tc.kind {
			t.Errorf("%+v: name %q kind %q, want %q %q", tc.job, tc.job.Name, tc.job.Kind(), tc.name, tc.kind)
		}
	}
}

// TestTimeLimitsNest: the budget, the server's write timeout and Cloud
// Tasks' dispatch deadline each leave the next one room to record and
// answer (Cloud Run's timeout is checked against cloudbuild.yaml in
// backend/deploy).
func TestTimeLimitsNest(t *testing.T) {
	if !(ReportBudget+RecordTimeout < HandlerTimeout && HandlerTimeout < DispatchDeadline) {
		t.Errorf("budget %s + record %s < handler %s < dispatch %s does not hold", ReportBudget, RecordTimeout, HandlerTimeout, DispatchDeadline)
	}
	if got := RequeueName("abc", 2); got != "report-abc-2" || (Job{Name: got}).Kind() != KindReport {
		t.Errorf("RequeueName = %q", got)
	}
}
