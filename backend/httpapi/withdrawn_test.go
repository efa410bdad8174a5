package httpapi

import (
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/payments/paymentstest"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// Issue 28, finding 6: refunding a bought report withdraws its free
// re-checks with it — the re-check's PDF link and share link stop
// working, as the refunded report's own do.
func TestRefundWithdrawsRechecksOverHTTP(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), pdf: realPDF})
		token, id, _ := premiumOrder(t, e)
		code, out := e.send(t, "POST", "/api/optimizations/"+id+"/recheck", token, nil)
		if code != 200 {
			t.Fatalf("re-check: %d %v", code, out)
		}
		rid, _ := out["optimization_id"].(string)
		e.drain(t)
		if r := e.get(t, rid); r.Status != domain.StatusCompleted || r.PDFPath == "" {
			t.Fatalf("the re-check ended %s (pdf %q)", r.Status, r.PDFPath)
		}
		_, out = e.send(t, "GET", "/api/get-optimization-result/"+rid, token, nil)
		pdf, _ := out["data"].(map[string]any)["pdf_download_url"].(string)
		_, out = e.send(t, "POST", "/api/optimizations/"+rid+"/share", token, nil)
		share, _ := out["share"].(map[string]any)
		link, _ := share["url"].(string)
		if pdf == "" || !strings.HasPrefix(link, "/shared/") {
			t.Fatalf("the re-check's PDF %q and share %v", pdf, out)
		}
		if resp, _ := fetch(t, e.url+pdf); resp.StatusCode != 200 {
			t.Fatalf("the re-check's PDF before the refund: %d", resp.StatusCode)
		}
		if resp, _ := openShared(t, e.url, link); resp.StatusCode != 200 {
			t.Fatalf("the re-check's share link before the refund: %d", resp.StatusCode)
		}

		payload := chargeRefunded("evt_refund_"+id, id)
		if code, _ := e.send(t, "POST", "/api/stripe/webhook", "", payload, "Stripe-Signature", paymentstest.Sign(payload, paymentstest.WebhookSecret, time.Now())); code != 200 {
			t.Fatalf("webhook: %d", code)
		}
		if resp, _ := fetch(t, e.url+pdf); resp.StatusCode != 404 {
			t.Errorf("the re-check's PDF after the refund of the report it re-checks: %d, want 404", resp.StatusCode)
		}
		if resp, _ := openShared(t, e.url, link); resp.StatusCode != 404 {
			t.Errorf("the re-check's share link after the refund of the report it re-checks: %d, want 404", resp.StatusCode)
		}
		if code, out := e.send(t, "POST", "/api/optimizations/"+rid+"/share", token, nil); code != 409 {
			t.Errorf("sharing the withdrawn re-check: %d %v; want 409", code, out)
		}
		_, out = e.send(t, "GET", "/api/get-optimization-result/"+rid, token, nil)
		if data, _ := out["data"].(map[string]any); data != nil && data["pdf_download_url"] != "" && data["pdf_download_url"] != nil {
			t.Errorf("the withdrawn re-check's page still links its PDF: %v", data["pdf_download_url"])
		}
	})
}
