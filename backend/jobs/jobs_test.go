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
