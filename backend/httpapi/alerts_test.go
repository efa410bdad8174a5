package httpapi

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"testing"

	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/logging/alertcheck"
)

// A request that fails on our side is answered 500 and its access line
// (httpRequest.status) is what the §15 metric listinglift_5xx counts.
func TestAlertLines5xx(t *testing.T) {
	var out bytes.Buffer
	log := logging.NewService(&out, slog.LevelInfo, logging.Service{Name: "listinglift", Version: "test"})
	h := withRequestLog(log, "listinglift-prod", ClientAddrPolicy{}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		serveError(w, r, errors.New("firestore: deadline exceeded"))
	}))
	if rec := do(h, "GET", "/api/optimizations"); rec.Code != http.StatusInternalServerError {
		t.Fatalf("answered %d, want 500", rec.Code)
	}
	alertcheck.Expect(t, out.Bytes(), "listinglift_5xx")
}
