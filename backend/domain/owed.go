package domain

// OwesPDF reports whether o's PDF is owed: a completed report whose PDF
// could not be stored. A refunded order is owed nothing more.
func (o *Optimization) OwesPDF() bool {
	return o.PDFDue && o.PDFPath == "" && o.Status == StatusCompleted
}

// OwesEmail reports whether o's e-mail (the report's, or the refund's) is
// due and not yet sent or given up.
func (o *Optimization) OwesEmail() bool {
	return o.Email.Status == DeliveryPending && (o.Status == StatusCompleted || o.Status == StatusRefunded)
}

// Owes reports whether anything is owed to the host beyond the order's
// status: the PDF or the e-mail.
func (o *Optimization) Owes() bool { return o.OwesPDF() || o.OwesEmail() }
