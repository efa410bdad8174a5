package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
)

// A failure caused by the client leaving is not logged as a server error.
func TestServeErrorLevels(t *testing.T) {
	cases := []struct {
		name      string
		cancelled bool
		err       error
		want      string
	}{
		{"server fault", false, domain.Errorf(domain.CodeUnavailable, "down"), `"severity":"ERROR"`},
		{"refusal", false, domain.Errorf(domain.CodeInvalid, "bad"), `"severity":"INFO"`},
		{"client gone", true, domain.Errorf(domain.CodeUnavailable, "down"), `"message":"client closed the request"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			ctx, cancel := context.WithCancel(logging.WithLogger(context.Background(), logging.New(&buf, slog.LevelInfo)))
			if tc.cancelled {
				cancel()
			}
			defer cancel()
			serveError(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/x", nil).WithContext(ctx), tc.err)
			if !strings.Contains(buf.String(), tc.want) || (tc.cancelled && strings.Contains(buf.String(), "ERROR")) {
				t.Errorf("log %s, want %s", buf.String(), tc.want)
			}
		})
	}
}
