package jobs

import (
	"strconv"
	"time"
)

// The report job's time limits, from the inside out. Each must leave the
// one around it room to act, or a paid order can end with no outcome:
//
//   - Stage deadlines come from what is left of the budget (package
//     budget, applied where each stage starts): the tail (budget.Tail,
//     15 s of 75) is kept from the start for the PDF, its upload and the
//     save; the page read gets what it needs (its client's 20 s); the
//     optional stages — deep reads (≤ 15 s), live comparables (≤ 20 s),
//     photos, the copy model — each get a share of what is left when they
//     start and, when it runs out, degrade and say so in the report
//     (photos measured in time, live market unavailable, the built-in
//     copy) instead of failing the paid order. Their own fixed limits only
//     ever shorten a stage; none can outlast the budget.
//   - ReportBudget bounds the whole job (read, analyse, write, PDF, save).
//     When it runs out the job stops and, on its final attempt, records
//     the failure with a fresh short deadline.
//   - HandlerTimeout is the HTTP server's WriteTimeout: the task request
//     must answer after the budget and the failure record, or Cloud Tasks
//     sees a dropped connection instead of the outcome.
//   - DispatchDeadline is how long Cloud Tasks waits for that answer
//     (set on every task; Cloud Tasks' default is 10 minutes).
//   - Cloud Run's request timeout (cloudbuild.yaml --timeout, 300 s)
//     must exceed the dispatch deadline, so Cloud Run never cuts a request
//     Cloud Tasks is still waiting for. backend/deploy checks that one.
const (
	ReportBudget     = 75 * time.Second
	HandlerTimeout   = 90 * time.Second
	DispatchDeadline = 120 * time.Second
	// RecordTimeout bounds recording an outcome after the budget ran out.
	RecordTimeout = 10 * time.Second
)

// RequeueName is the job name of a stuck order's n-th re-queue
// (report-<id>-<n>): a fresh name, since a queue refuses a name it has
// seen (Cloud Tasks for about an hour after the task ended).
func RequeueName(optimizationID string, n int) string {
	return NameFor(optimizationID) + "-" + strconv.Itoa(n)
}
