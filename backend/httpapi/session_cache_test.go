package httpapi

import (
	"fmt"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
)

// The remembered session checks stay within their bound however many
// cookies come, last sessionCheckFor, and a sign-out forgets all of its
// user's at once.
func TestCheckedSessionsAreBoundedAndLapse(t *testing.T) {
	now := time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)
	c := newCheckedSessions(100, func() time.Time { return now })
	for i := range 1000 {
		c.put(fmt.Sprintf("cookie-%d", i), auth.User{UID: fmt.Sprintf("u%d", i%7)})
		if len(c.entries) > 100 {
			t.Fatalf("%d checks remembered, bound 100", len(c.entries))
		}
	}
	c.put("mine", auth.User{UID: "ana"})
	c.put("mine-too", auth.User{UID: "ana"})
	if u, ok := c.get("mine"); !ok || u.UID != "ana" {
		t.Fatalf("a fresh check is not remembered: %+v %v", u, ok)
	}
	c.forgetUser("ana")
	if _, ok := c.get("mine"); ok {
		t.Error("a signed-out user's check is still remembered")
	}
	if _, ok := c.get("mine-too"); ok {
		t.Error("a signed-out user's other cookie's check is still remembered")
	}
	c.put("later", auth.User{UID: "bob"})
	now = now.Add(sessionCheckFor)
	if _, ok := c.get("later"); ok {
		t.Errorf("a check is remembered past %v", sessionCheckFor)
	}
}
