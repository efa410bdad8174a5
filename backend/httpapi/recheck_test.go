package httpapi

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// POST /api/optimizations/{id}/recheck, end to end: the owner's bought
// report is re-checked free through the job queue and its results page
// serves it; another host gets 404; the fourth is 409 with the way on.
func TestRecheckOverHTTP(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		token, _, id := basicReport(t, e)
		other := e.signUp(t)
		if code, out := e.send(t, "POST", "/api/optimizations/"+id+"/recheck", other.IDToken, nil); code != 404 || out["error"] != msgNotInAccount {
			t.Errorf("another host: %d %v; want 404", code, out)
		}
		// The bought report's page offers the re-checks.
		code, out := e.send(t, "GET", "/api/get-optimization-result/"+id, token, nil)
		if rc, _ := out["recheck"].(map[string]any); code != 200 || rc == nil || rc["available"] != true || rc["used"] != 0.0 || rc["limit"] != 3.0 || rc["of"] != id || rc["is_recheck"] != false {
			t.Errorf("the bought report's recheck offer: %v", out["recheck"])
		}
		// Since the report the host rewrote the title, added 3 photos and
		// ticked air conditioning: the re-check reads the page again.
		e.site.retitle.Store(newTitle)
		e.site.improved.Store(true)
		code, out = e.send(t, "POST", "/api/optimizations/"+id+"/recheck", token, nil)
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
		data, _ := out["data"].(map[string]any)
		if code != 200 || out["status"] != "completed" || data == nil {
			t.Fatalf("the re-check's results page: %d %v", code, out)
		}
		// Its results open with the comparison: the title as it was and as it
		// is now, and the scores of both reports.
		cmp, _ := data["comparison"].(map[string]any)
		if cmp == nil || cmp["recheck_of"] != id || cmp["title_before"] != "Sunny Alfama loft ☀️ river view & terrace" || cmp["title_after"] != newTitle {
			t.Errorf("comparison %v", cmp)
		}
		if overall, _ := cmp["overall"].(map[string]any); overall == nil || overall["before"] == nil || overall["after"] == nil {
			t.Errorf("comparison's overall score %v", cmp["overall"])
		}
		if photos, _ := cmp["photos"].(map[string]any); photos == nil || photos["before"] != 4.0 || photos["after"] != 7.0 {
			t.Errorf("comparison's photos %v, want 4 → 7", cmp["photos"])
		}
		if added, _ := cmp["amenities_added"].([]any); len(added) != 1 || added[0] != "Air conditioning" {
			t.Errorf("amenities added %v, want Air conditioning", cmp["amenities_added"])
		}
		// The first report's actions those changes answer are done, from the
		// new read: the photo minimum (7 now) and the emoji in the title.
		progress := map[string]string{}
		for _, a := range cmp["actions"].([]any) {
			a := a.(map[string]any)
			progress[a["finding"].(string)] = a["progress"].(string)
		}
		for finding, want := range map[string]string{
			"The listing has 4 photos, fewer than the 7 Airbnb asks for to publish a listing through a channel manager.": "done",
			"The description has 54 words; guests decide on details it does not give.":                                   "not yet",
		} {
			if progress[finding] != want {
				t.Errorf("action %q is %q, want %q (all: %v)", finding, progress[finding], want, progress)
			}
		}
		emojiDone := false
		for finding, p := range progress {
			if strings.Contains(finding, "emoji") && p == "done" {
				emojiDone = true
			}
		}
		if !emojiDone {
			t.Errorf("the emoji action is not done after the new title: %v", progress)
		}
		// The re-check's page offers the rest, counted on the bought report.
		if rc, _ := out["recheck"].(map[string]any); rc == nil || rc["available"] != true || rc["used"] != 1.0 || rc["of"] != id || rc["is_recheck"] != true {
			t.Errorf("the re-check's recheck offer: %v", out["recheck"])
		}
		var orig map[string]any
		_ = json.Unmarshal(e.get(t, id).Results, &orig)
		if orig["comparison"] != nil {
			t.Errorf("the bought report gained a comparison: %v", orig["comparison"])
		}
		for i := 2; i <= orders.RecheckLimit; i++ {
			if code, out := e.send(t, "POST", "/api/optimizations/"+id+"/recheck", token, nil); code != 200 {
				t.Fatalf("re-check %d: %d %v", i, code, out)
			}
		}
		if code, out := e.send(t, "POST", "/api/optimizations/"+id+"/recheck", token, nil); code != 409 || out["error"] != orders.MsgRecheckLimit {
			t.Errorf("a fourth re-check: %d %v; want 409 saying %q", code, out, orders.MsgRecheckLimit)
		}
		_, out = e.send(t, "GET", "/api/get-optimization-result/"+id, token, nil)
		if rc, _ := out["recheck"].(map[string]any); rc == nil || rc["available"] != false || rc["used"] != 3.0 {
			t.Errorf("after the last re-check the offer is %v; want used up", out["recheck"])
		}
	})
}

// A re-check that fails says so on its page, charges nothing and refunds
// nothing.
func TestFailedRecheckOverHTTP(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), maxAttempts: 1})
		token, _, id := basicReport(t, e)
		e.site.gone.Store(true) // the listing was taken down since
		code, out := e.send(t, "POST", "/api/optimizations/"+id+"/recheck", token, nil)
		if code != 200 {
			t.Fatalf("re-check: %d %v", code, out)
		}
		rid, _ := out["optimization_id"].(string)
		e.drain(t)
		code, out = e.send(t, "GET", "/api/get-optimization-result/"+rid, token, nil)
		if code != 200 || out["status"] != "failed" || out["paid"] != false || out["refund"] != nil || out["recheck_of"] != id {
			t.Errorf("the failed re-check's page: %d %v", code, out)
		}
		if r := e.get(t, rid); r.Refund != nil || r.Status != domain.StatusFailed {
			t.Errorf("the failed re-check is %s with refund %+v", r.Status, r.Refund)
		}
	})
}
