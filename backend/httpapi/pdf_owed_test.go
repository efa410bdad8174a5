package httpapi

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// downBlobs refuses writes while down (a storage outage).
type downBlobs struct {
	blob.Store
	down atomic.Bool
}

func (d *downBlobs) Put(ctx context.Context, key string, data []byte, ct string) error {
	if d.down.Load() {
		return errors.New("storage: 503 backend error")
	}
	return d.Store.Put(ctx, key, data, ct)
}

// TestPremiumPDFOwedDuringAStorageOutage, through the local queue: storage
// down for all of the repair job's attempts → the host has their report,
// the results say the PDF is being prepared (no link, no "failed"), and
// the e-mail waits; storage back, the delivery sweeper sends the repair
// again, the PDF is made from the stored report, the link works, and the
// e-mail goes once with the PDF attached.
func TestPremiumPDFOwedDuringAStorageOutage(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		box := &mailbox{}
		storage := &downBlobs{}
		storage.down.Store(true)
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), pdf: realPDF, mailer: box,
			blobs: func(b blob.Store) blob.Store { storage.Store = b; return storage }})
		token, id, sid := premiumOrder(t, e)

		o := e.get(t, id)
		if o.Status != domain.StatusCompleted || o.PDFPath != "" || !o.PDFDue {
			t.Fatalf("during the outage: status %s, pdf %q, pdfDue %v; want completed, owing its PDF", o.Status, o.PDFPath, o.PDFDue)
		}
		if len(box.sent) != 0 || o.Email.Status != domain.DeliveryPending {
			t.Fatalf("e-mail %+v, %d sent; want it waiting for the PDF", o.Email, len(box.sent))
		}
		_, out := e.send(t, "GET", "/api/get-optimization-result/"+sid, token, nil)
		if out["success"] != true || out["pdf_pending"] != true || out["data"].(map[string]any)["pdf_download_url"] != "" {
			t.Fatalf("result during the outage: pdf_pending %v, link %v", out["pdf_pending"], out["data"].(map[string]any)["pdf_download_url"])
		}

		storage.down.Store(false)
		e.clock.Add(16 * time.Minute)
		if got, err := e.orders.SweepDeliveries(context.Background(), e.clock.Now()); err != nil || len(got) != 1 {
			t.Fatalf("sweep = %v, %v", got, err)
		}
		e.drain(t)
		o = e.get(t, id)
		if o.PDFPath != blob.ReportKey(id) || o.PDFDue || o.Email.Status != domain.DeliverySent {
			t.Fatalf("after the repair: pdf %q, pdfDue %v, e-mail %+v", o.PDFPath, o.PDFDue, o.Email)
		}
		if len(box.sent) != 1 || len(box.sent[0].Attachments) != 1 || !bytes.HasPrefix(box.sent[0].Attachments[0].Data, []byte("%PDF")) {
			t.Fatalf("%d e-mails sent; want one with the PDF", len(box.sent))
		}
		_, out = e.send(t, "GET", "/api/get-optimization-result/"+sid, token, nil)
		link, _ := out["data"].(map[string]any)["pdf_download_url"].(string)
		if out["pdf_pending"] != false || !strings.HasPrefix(link, "/api/reports/"+id+"/pdf?token=") {
			t.Fatalf("result after the repair: pdf_pending %v, link %q", out["pdf_pending"], link)
		}
		if resp, body := fetch(t, e.url+link); resp.StatusCode != 200 || !bytes.HasPrefix(body, []byte("%PDF")) {
			t.Errorf("download after the repair: %d", resp.StatusCode)
		}
	})
}
