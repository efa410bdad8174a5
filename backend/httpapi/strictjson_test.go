package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
)

// Every JSON endpoint reads its body through decodeJSON: one JSON object,
// sent as JSON, and nothing after it.
func TestDecodeJSONIsStrict(t *testing.T) {
	for _, tc := range []struct {
		name, contentType, body string
		code                    domain.Code // "" means accepted
		message                 string
	}{
		{"an object", "application/json", `{"url":"x"}`, "", ""},
		{"with a charset", "application/json; charset=utf-8", `{"url":"x"}`, "", ""},
		{"empty body", "application/json", ``, "", ""},
		{"empty body, undeclared", "", ``, domain.CodeMediaType, "Content-Type: application/json"},
		{"trailing text", "application/json", `{"url":"x"} junk`, domain.CodeInvalid, "one JSON object and nothing after it"},
		{"a second object", "application/json", `{"url":"x"}{"url":"y"}`, domain.CodeInvalid, "one JSON object and nothing after it"},
		{"null", "application/json", `null`, domain.CodeInvalid, "must be a JSON object"},
		{"an array", "application/json", `[{"url":"x"}]`, domain.CodeInvalid, "must be a JSON object"},
		{"a string", "application/json", `"x"`, domain.CodeInvalid, "must be a JSON object"},
		{"not JSON", "application/json", `{url: x}`, domain.CodeInvalid, "must be valid JSON"},
		{"wrong content type", "text/plain", `{"url":"x"}`, domain.CodeMediaType, "Content-Type: application/json"},
		{"no content type", "", `{"url":"x"}`, domain.CodeMediaType, "Content-Type: application/json"},
		{"form encoded", "application/x-www-form-urlencoded", `url=x`, domain.CodeMediaType, "Content-Type: application/json"},
		{"too large", "application/json", `{"url":"` + strings.Repeat("x", maxBody) + `"}`, domain.CodeInvalid, "too large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/api/scrape", strings.NewReader(tc.body))
			if tc.contentType != "" {
				r.Header.Set("Content-Type", tc.contentType)
			}
			var v struct {
				URL string `json:"url"`
			}
			err := decodeJSON(r, &v)
			if got := domain.ErrorCode(err); tc.code == "" && err != nil || tc.code != "" && got != tc.code {
				t.Fatalf("err = %v (%s), want code %q", err, got, tc.code)
			}
			if tc.code != "" && !strings.Contains(domain.ErrorMessage(err), tc.message) {
				t.Errorf("message %q, want it to say %q", domain.ErrorMessage(err), tc.message)
			}
		})
	}
}

// The wrong content type is 415 on the wire, the rest of the refusals 400.
func TestStrictJSONStatuses(t *testing.T) {
	if statusOf[domain.CodeMediaType] != http.StatusUnsupportedMediaType || statusOf[domain.CodeInvalid] != http.StatusBadRequest {
		t.Errorf("media type → %d, invalid → %d", statusOf[domain.CodeMediaType], statusOf[domain.CodeInvalid])
	}
}
