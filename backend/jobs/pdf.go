package jobs

import "strconv"

// KindPDF makes a completed Premium report's PDF again from the stored
// report, after storing it failed in the report job (a repair: the order
// is complete without it, and says so).
const KindPDF = "pdf"

// PDFFor is the repair job of an order's PDF, queued when the report job
// completed the order without it.
func PDFFor(optimizationID string) Job {
	return Job{Name: KindPDF + "-" + optimizationID, OptimizationID: optimizationID}
}

// OwedName is the name of the n-th re-send (n ≥ 1) of an owed
// deliverable's job of kind (KindPDF or KindEmail): pdf-<id>-<n>,
// email-<id>-<n>. The first job's name (PDFFor, EmailFor) is refused by
// the queue for a while after it ran, so every re-send needs a fresh one.
func OwedName(kind, optimizationID string, n int) string {
	return kind + "-" + optimizationID + "-" + strconv.Itoa(n)
}
