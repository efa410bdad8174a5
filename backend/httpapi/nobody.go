package httpapi

import (
	"bytes"
	"io"
	"net/http"

	"github.com/listinglift/listinglift/backend/domain"
)

// msgNoFields is the refusal of a body with fields sent to an action that
// takes none.
const msgNoFields = "This request takes no fields: send an empty JSON object ({}) or no body."

// noBody admits the body of an action that takes no input (re-check,
// share): none at all, or exactly an empty JSON object sent as JSON, read
// by decodeJSON's rules (Content-Type, one object, nothing after it). Any
// other body is refused rather than ignored, as every JSON endpoint does.
func noBody(r *http.Request) error {
	if r.Body == nil || r.Body == http.NoBody {
		return nil
	}
	body, err := readBody(r)
	if err != nil {
		return err
	}
	if len(body) == 0 {
		return nil
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	var fields map[string]any
	if err := decodeJSON(r, &fields); err != nil {
		return err
	}
	if len(fields) > 0 {
		return domain.Errorf(domain.CodeInvalid, msgNoFields)
	}
	return nil
}
