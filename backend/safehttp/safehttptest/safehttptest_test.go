package safehttptest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/listinglift/listinglift/backend/safehttp"
)

// TestAllowingReachesOnlyTheNamedServers: the seam opens exactly the
// fixture servers it is given; another loopback server stays refused.
func TestAllowingReachesOnlyTheNamedServers(t *testing.T) {
	allowed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "fixture") }))
	defer allowed.Close()
	var hits int
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits++ }))
	defer other.Close()

	var dialed []string
	c := New(t, safehttp.Options{}, Seam{Allow: []string{allowed.Listener.Addr().String()}, OnDial: func(_, a string) { dialed = append(dialed, a) }})
	resp, err := c.Get(context.Background(), allowed.URL)
	if err != nil || string(resp.Body) != "fixture" {
		t.Fatalf("allowed server: %v", err)
	}
	if _, err := c.Get(context.Background(), other.URL); !errors.Is(err, safehttp.ErrBlocked) {
		t.Errorf("other loopback server: err = %v, want ErrBlocked", err)
	}
	if hits != 0 {
		t.Errorf("the other server was reached %d times", hits)
	}
	if len(dialed) != 1 || dialed[0] != allowed.Listener.Addr().String() {
		t.Errorf("dialed %v", dialed)
	}
	// The production client refuses the fixture.
	if _, err := safehttp.New(safehttp.Options{}).Get(context.Background(), allowed.URL); !errors.Is(err, safehttp.ErrBlocked) {
		t.Errorf("production client: err = %v, want ErrBlocked", err)
	}
}
