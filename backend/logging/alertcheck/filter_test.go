package alertcheck

import (
	"strings"
	"testing"
)

// The guide's metrics all parse, and the evaluator reads the subset of
// Cloud Logging's language they use the way Logging does.
func TestDeployMetricsParse(t *testing.T) {
	path, err := RepoFile("docs/DEPLOY.md")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := DeployMetrics(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if strings.Contains(m.Filter, "$") {
			t.Errorf("%s: unexpanded variable in %s", m.Name, m.Filter)
		}
	}
	if len(ms) < 10 {
		t.Errorf("%d metrics read from §15", len(ms))
	}
}

func TestFilterEvaluation(t *testing.T) {
	entry := map[string]any{
		"resource":    CloudRun,
		"severity":    "ERROR",
		"httpRequest": map[string]any{"status": float64(503)},
		"jsonPayload": map[string]any{"event": "order_failed", "@type": "x.y/Z", "message": "Report failed; refunding"},
	}
	for filter, want := range map[string]bool{
		`resource.type="cloud_run_revision" AND jsonPayload.event="order_failed"`:                             true,
		`resource.type="cloud_run_revision" jsonPayload.event="order_failed"`:                                 true,
		`jsonPayload.event=("refund_made" OR "order_failed")`:                                                 true,
		`jsonPayload.event=("refund_made" OR "sweep_failed")`:                                                 false,
		`jsonPayload.event="order_failed" AND severity>=ERROR`:                                                true,
		`jsonPayload.event="order_failed" AND severity>=CRITICAL`:                                             false,
		`severity>=WARNING AND severity<ERROR`:                                                                false,
		`httpRequest.status>=500`:                                                                             true,
		`httpRequest.status>=600`:                                                                             false,
		`jsonPayload."@type"="x.y/Z"`:                                                                         true,
		`jsonPayload.message="report failed"`:                                                                 false,
		`jsonPayload.message:"report failed"`:                                                                 true,
		`jsonPayload.missing="x"`:                                                                             false,
		`NOT jsonPayload.event="order_failed"`:                                                                false,
		`jsonPayload.event="sweep_failed" OR severity=ERROR AND resource.type="cloud_run_job"`:                false,
		`(jsonPayload.event="sweep_failed" OR severity=ERROR) AND resource.labels.service_name="listinglift"`: true,
	} {
		e, err := Parse(filter)
		if err != nil {
			t.Errorf("%s: %v", filter, err)
			continue
		}
		if got := e.Match(entry); got != want {
			t.Errorf("%s matched %v, want %v", filter, got, want)
		}
	}
}
