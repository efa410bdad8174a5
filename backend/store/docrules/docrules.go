// Package docrules checks a report against Cloud Firestore's limits before
// either store adapter writes it.
//
// Firestore refuses some values that JSON, SQLite and the npm Firestore
// stand-in used in tests all accept: an array directly inside an array
// ("Cannot convert an array value in an array value"), fields nested deeper
// than 20 levels, documents over 1 MiB, and field names of the form
// __name__. A report that breaks one of them fails in production only, at
// the last step of a paid order. Both adapters run this same check, so the
// local store and the tests refuse exactly what production would.
//
// Limits and size rules are Firestore's documented ones:
// https://firebase.google.com/docs/firestore/quotas (limits) and
// https://firebase.google.com/docs/firestore/storage-size (sizes).
package docrules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/domain"
)

const (
	// MaxDepth is the deepest a map or array may be nested in a document
	// (a top-level field is depth 1).
	MaxDepth = 20
	// MaxDocumentBytes is the largest document Firestore stores.
	MaxDocumentBytes = 1 << 20
	// MaxFieldNameBytes is the longest field name, in UTF-8 bytes.
	MaxFieldNameBytes = 1500
	// OtherFieldsAllowance is the room kept for the optimization's other
	// fields (listing title ≤ 300 bytes, description ≤ 20,000 bytes, ids,
	// times, the e-mail state): the report may use the rest of the 1 MiB.
	OtherFieldsAllowance = 64 << 10
	// MaxReportBytes is the largest report (as stored: the "results" field
	// name plus its value) that still fits in one document.
	MaxReportBytes = MaxDocumentBytes - OtherFieldsAllowance
)

// reservedName is Firestore's reserved field-name pattern.
var reservedName = regexp.MustCompile(`^__.*__$`)

// Violation is a value Firestore would refuse: where (a path such as
// results.photo_audit.quality.near_duplicates[0]) and why.
type Violation struct {
	Path string
	Rule string
}

func (v *Violation) Error() string { return v.Path + ": " + v.Rule }

// CheckReport checks a report (a JSON object) stored as the map field
// "results" of a document: it must decode as an object and obey every
// limit above. It returns the report's storage size in bytes.
func CheckReport(raw json.RawMessage) (int, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return 0, fmt.Errorf("results are not valid JSON: %w", err)
	}
	if dec.More() {
		return 0, fmt.Errorf("results hold more than one JSON value")
	}
	if _, ok := v.(map[string]any); !ok {
		return 0, fmt.Errorf("results must be a JSON object")
	}
	const field = "results"
	size, err := Value(field, v, 1)
	if err != nil {
		return 0, err
	}
	size += len(field) + 1
	if size > MaxReportBytes {
		return size, &Violation{Path: field, Rule: fmt.Sprintf("the report takes %d bytes; with the order's other fields it must fit in a %d-byte document (at most %d for the report)", size, MaxDocumentBytes, MaxReportBytes)}
	}
	return size, nil
}

// Value checks v (as decoded by encoding/json, numbers as float64 or
// json.Number) found at path and nested depth levels deep, and returns its
// storage size.
func Value(path string, v any, depth int) (int, error) {
	if depth > MaxDepth {
		return 0, &Violation{Path: path, Rule: fmt.Sprintf("nested deeper than Firestore's %d levels", MaxDepth)}
	}
	switch x := v.(type) {
	case nil:
		return 1, nil
	case bool:
		return 1, nil
	case float64, json.Number, int, int64:
		return 8, nil
	case string:
		if !utf8.ValidString(x) {
			return 0, &Violation{Path: path, Rule: "string is not valid UTF-8"}
		}
		return len(x) + 1, nil
	case map[string]any:
		size := 0
		for k, e := range x {
			if err := checkName(k); err != nil {
				return 0, &Violation{Path: path + "." + strconv.Quote(k), Rule: err.Error()}
			}
			n, err := Value(path+"."+k, e, depth+1)
			if err != nil {
				return 0, err
			}
			size += len(k) + 1 + n
		}
		return size, nil
	case []any:
		size := 0
		for i, e := range x {
			p := path + "[" + strconv.Itoa(i) + "]"
			if _, nested := e.([]any); nested {
				return 0, &Violation{Path: p, Rule: "an array directly inside an array (Firestore cannot store it; use an object per element)"}
			}
			n, err := Value(p, e, depth+1)
			if err != nil {
				return 0, err
			}
			size += n
		}
		return size, nil
	default:
		return 0, &Violation{Path: path, Rule: fmt.Sprintf("value of type %T is not a JSON value", v)}
	}
}

func checkName(k string) error {
	switch {
	case k == "":
		return fmt.Errorf("empty field name")
	case !utf8.ValidString(k):
		return fmt.Errorf("field name is not valid UTF-8")
	case len(k) > MaxFieldNameBytes:
		return fmt.Errorf("field name of %d bytes (Firestore allows %d)", len(k), MaxFieldNameBytes)
	case reservedName.MatchString(k):
		return fmt.Errorf("field name matches Firestore's reserved __.*__")
	}
	return nil
}

// MsgUnstorable is what the host reads (after "We could not prepare your
// report.") when a finished report breaks a limit: our fault, not theirs.
const MsgUnstorable = "The finished report could not be saved on our side."

// Refusal is the store error for a report that cannot be stored: invalid
// (domain.CodeInvalid), so the report job fails the order at once instead
// of rebuilding the same report on every retry.
func Refusal(err error) error {
	msg := "The report must be a JSON object."
	var v *Violation
	if errors.As(err, &v) {
		msg = MsgUnstorable
	}
	return &domain.Error{Code: domain.CodeInvalid, Message: msg, Err: err}
}
