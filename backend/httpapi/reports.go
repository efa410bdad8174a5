package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
)

// pdfLinks serves Premium PDFs through signed, short-lived links, so that
// pdf_download_url works as a plain link (an <a href>, no ID token) for the
// order's owner only.
type pdfLinks struct {
	store  OrderReads
	blobs  blob.Store // nil: no PDFs here
	signer *blob.Signer
}

// msgNoPDF is the one answer for a link that is wrong, expired or someone
// else's: a stranger learns nothing about which.
const msgNoPDF = "This download link is not valid or has expired. Open the report again for a fresh link."

// url is the download link of o's PDF for o's owner, "" when there is none.
func (p *pdfLinks) url(o *domain.Optimization) string {
	if p == nil || p.blobs == nil || p.signer == nil || o.PDFPath == "" || store.Refused(o) {
		return ""
	}
	token, _ := p.signer.Sign(o.ID, o.CustomerUID)
	return "/api/reports/" + url.PathEscape(o.ID) + "/pdf?token=" + url.QueryEscape(token)
}

// withPDFLink returns the stored report in today's shape with a fresh
// pdf_download_url, "" when there is none (the link is signed at each
// read: a stored one would expire). Never the stored bytes as they are: a
// report stored before a field existed would lack it, and the browser
// refuses a body the schema does not describe.
func (p *pdfLinks) withPDFLink(o *domain.Optimization) (json.RawMessage, error) {
	return report.WithPDFLink(o.Results, p.url(o))
}

// serve is GET /api/reports/{id}/pdf?token=….
func (p *pdfLinks) serve(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	notFound := domain.Errorf(domain.CodeNotFound, msgNoPDF)
	if p.blobs == nil || p.signer == nil || !domain.ValidKey(id) {
		return notFound
	}
	uid, err := p.signer.Verify(r.URL.Query().Get("token"), id)
	if err != nil {
		logging.FromContext(r.Context()).Info("PDF link refused", "optimization", id, "err", err)
		return notFound
	}
	o, err := p.store.GetOptimization(r.Context(), id)
	// A refunded order's PDF is no longer the host's to download, nor a
	// re-check's withdrawn with it (store.Refused decides both).
	if domain.ErrorCode(err) == domain.CodeNotFound || (err == nil && (o.CustomerUID != uid || o.PDFPath == "" || store.Refused(o))) {
		return notFound
	}
	if err != nil {
		return err
	}
	data, _, err := p.blobs.Get(r.Context(), o.PDFPath)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return notFound
	}
	if err != nil {
		return fmt.Errorf("read PDF of %s: %w", id, err)
	}
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", `attachment; filename="listinglift-report-`+id+`.pdf"`)
	h.Set("Cache-Control", "private, no-store")
	h.Set("Content-Length", fmt.Sprint(len(data)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(data)
	return nil
}
