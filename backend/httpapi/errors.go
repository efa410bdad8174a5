package httpapi

import (
	"encoding/json"
	"net/http"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
)

// handlerFunc is an HTTP handler that returns its error instead of writing
// it, so one place (serveError) decides statuses and what a client sees.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

func (h handlerFunc) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := h(w, r); err != nil {
		serveError(w, r, err)
	}
}

// statusOf maps domain error codes to HTTP statuses.
var statusOf = map[domain.Code]int{
	domain.CodeInvalid:      http.StatusBadRequest,
	domain.CodeUnauthorized: http.StatusUnauthorized,
	domain.CodeNotFound:     http.StatusNotFound,
	domain.CodeUnreadable:   http.StatusUnprocessableEntity,
	domain.CodeConflict:     http.StatusConflict,
	domain.CodeRateLimited:  http.StatusTooManyRequests,
	domain.CodeMediaType:    http.StatusUnsupportedMediaType,
	domain.CodeUnavailable:  http.StatusServiceUnavailable,
	domain.CodeInternal:     http.StatusInternalServerError,
}

// errorBody is the JSON every failed API call answers with (DESIGN.md).
type errorBody struct {
	Success bool   `json:"success"`
	Error   string `json:"error"`
}

// serveError writes err as {"success": false, "error": "..."}. Internal
// detail is logged, never sent: the client gets the domain message only.
func serveError(w http.ResponseWriter, r *http.Request, err error) {
	code := domain.ErrorCode(err)
	status, ok := statusOf[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	log := logging.FromContext(r.Context())
	if clientClosed(r) {
		// The client went away (a closed tab, a cancelled poll) and took
		// the request's context with it: whatever failed after that is not
		// a server fault, and nobody reads the answer (499, not a 5xx).
		status = StatusClientClosed
		log.Info("client closed the request", "status", status, "err", err.Error())
	} else if status >= 500 {
		log.Error("request failed", "status", status, "err", err.Error())
	} else {
		log.Info("request refused", "status", status, "err", err.Error())
	}
	msg := "Something went wrong. Please try again."
	if (status < 500 && status != StatusClientClosed) || code == domain.CodeUnavailable {
		msg = domain.ErrorMessage(err)
	}
	writeJSON(w, status, errorBody{Success: false, Error: msg})
}

// writeJSON writes v as JSON with status. API answers are never cached by
// shared caches: they are per user.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
