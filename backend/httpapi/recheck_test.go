package httpapi

import (
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
)

// POST /api/optimizations/{id}/recheck, end to end: the owner's bought
// report is re-checked free through the job queue and its results page
// serves it; another host gets 404; the fourth is 409 with the way on.
func TestRecheckOverHTTP(t *testing.T) {
	e := newPaidEnv(t, paidOptions{payments: stripeMock(t)})
	token, _, id := basicReport(t, e)
	other := e.signUp(t)
	if code, out := e.send(t, "POST", "/api/optimizations/"+id+"/recheck", other.IDToken, nil); code != 404 || out["error"] != msgNotInAccount {
		t.Errorf("another host: %d %v; want 404", code, out)
	}
	code, out := e.send(t, "POST", "/api/optimizations/"+id+"/recheck", token, nil)
	if code != 200 || out["success"] != true || out["recheck_of"] != id {
		t.Fatalf("re-check: %d %v", code, out)
	}
	rid, _ := out["optimization_id"].(string)
	e.drain(t)
	r := e.get(t, rid)
	if r.Status != domain.StatusCompleted || r.RecheckOf != id || r.Amount != 0 || len(r.Results) == 0 {
		t.Fatalf("the re-check ended %s (of %q, $%v, %d bytes of results)", r.Status, r.RecheckOf, r.Amount, len(r.Results))
	}
	code, out = e.send(t, "GET", "/api/get-optimization-result/"+rid, token, nil)
	if code != 200 || out["status"] != "completed" || out["data"] == nil {
		t.Errorf("the re-check's results page: %d %v", code, out)
	}
	for i := 2; i <= orders.RecheckLimit; i++ {
		if code, out := e.send(t, "POST", "/api/optimizations/"+id+"/recheck", token, nil); code != 200 {
			t.Fatalf("re-check %d: %d %v", i, code, out)
		}
	}
	if code, out := e.send(t, "POST", "/api/optimizations/"+id+"/recheck", token, nil); code != 409 || out["error"] != orders.MsgRecheckLimit {
		t.Errorf("a fourth re-check: %d %v; want 409 saying %q", code, out, orders.MsgRecheckLimit)
	}
}
