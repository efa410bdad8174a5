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
