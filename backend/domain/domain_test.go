package domain

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorCodeAndMessage(t *testing.T) {
	cases := []struct {
		name    string
		err     error
		code    Code
		message string
	}{
		{"nil", nil, "", "Something went wrong. Please try again."},
		{"plain error is internal", errors.New("disk on fire"), CodeInternal, "Something went wrong. Please try again."},
		{"domain error", Errorf(CodeInvalid, "Please fill in all required fields"), CodeInvalid, "Please fill in all required fields"},
		{"wrapped", fmt.Errorf("store: %w", ErrNotFound), CodeNotFound, "Not found."},
		{"with cause", &Error{Code: CodeUnavailable, Message: "Try again soon.", Err: errors.New("dial tcp: refused")}, CodeUnavailable, "Try again soon."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := ErrorCode(tc.err); got != tc.code {
				t.Errorf("ErrorCode = %q, want %q", got, tc.code)
			}
			if got := ErrorMessage(tc.err); got != tc.message {
				t.Errorf("ErrorMessage = %q, want %q", got, tc.message)
			}
		})
	}
	cause := errors.New("dial tcp: refused")
	e := &Error{Code: CodeUnavailable, Message: "m", Err: cause}
	if !errors.Is(e, cause) {
		t.Error("Error does not unwrap to its cause")
	}
}

func TestNewID(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := NewID()
		if len(id) != 20 {
			t.Fatalf("id %q has length %d", id, len(id))
		}
		for _, c := range id {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				t.Fatalf("id %q has %q", id, c)
			}
		}
		if seen[id] {
			t.Fatalf("duplicate id %q", id)
		}
		seen[id] = true
	}
}

func TestPlanValid(t *testing.T) {
	for p, want := range map[Plan]bool{PlanBasic: true, PlanPremium: true, "gold": false, "": false, "Basic": false} {
		if p.Valid() != want {
			t.Errorf("Plan(%q).Valid() = %v", p, !want)
		}
	}
}

// The stages run in order, each further along than the one before, and
// only they are valid.
func TestStagesInOrder(t *testing.T) {
	last := 0
	for _, s := range Stages {
		if !s.Valid() || s.Progress() <= last || s.Progress() > 95 {
			t.Errorf("stage %q: valid %v, progress %d after %d", s, s.Valid(), s.Progress(), last)
		}
		last = s.Progress()
	}
	for _, s := range []Stage{"", "sending_email", "done"} {
		if s.Valid() || s.Progress() != 0 {
			t.Errorf("stage %q: valid %v, progress %d; want neither", s, s.Valid(), s.Progress())
		}
	}
}
