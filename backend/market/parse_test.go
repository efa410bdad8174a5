package market

import (
	"errors"
	"reflect"
	"testing"
)

func TestParsers(t *testing.T) {
	type tc struct {
		in   string
		want any // nil: NULL
		bad  bool
	}
	tests := []struct {
		name  string
		parse func(string) (any, error)
		cases []tc
	}{
		{"price", parsePrice, []tc{
			{"$93.00", 93.0, false},
			{"$1,234.00", 1234.0, false},
			{" $12,345,678.50 ", 12345678.5, false},
			{"€80", 80.0, false},
			{"80", 80.0, false},
			{"$0.00", nil, false}, // zero means unknown
			{"", nil, false},
			{"N/A", nil, false},
			{"call me", nil, true},
			{"$-5", nil, true},
			{"$1.2.3", nil, true},
		}},
		{"percent", parsePercent, []tc{
			{"98%", int64(98), false},
			{"100%", int64(100), false},
			{"0%", int64(0), false},
			{"99.6%", int64(100), false},
			{"N/A", nil, false},
			{"", nil, false},
			{"120%", nil, true},
			{"most", nil, true},
		}},
		{"bool", parseBool, []tc{
			{"t", true, false},
			{"f", false, false},
			{"TRUE", true, false},
			{"", nil, false},
			{"maybe", nil, true},
		}},
		{"int", parseInt, []tc{
			{"2", int64(2), false},
			{"2.0", int64(2), false},
			{" 10 ", int64(10), false},
			{"", nil, false},
			{"2.5", nil, true},
			{"-1", nil, true},
			{"two", nil, true},
		}},
		{"score", parseScore, []tc{
			{"4.85", 4.85, false},
			{"5.0", 5.0, false},
			{"", nil, false},
			{"9.5", nil, true}, // not the 5-point scale
		}},
		{"baths text", parseBathsText, []tc{
			{"1 bath", 1.0, false},
			{"1.5 shared baths", 1.5, false},
			{"2 private baths", 2.0, false},
			{"0 shared baths", 0.0, false},
			{"Half-bath", 0.5, false},
			{"Private half-bath", 0.5, false},
			{"Shared half-bath", 0.5, false},
			{"", nil, false},
			{"lots of baths", nil, true},
		}},
		{"amenities", parseAmenities, []tc{
			{`["Wifi", "Hot tub"]`, `["Wifi","Hot tub"]`, false},
			{`["Chef\u2019s kitchen", " ", ""]`, `["Chef’s kitchen"]`, false},
			{`[]`, `[]`, false},
			{``, nil, false},
			{`{Wifi,"Cable TV"}`, nil, true}, // Inside Airbnb's pre-2021 format
			{`[1, 2]`, nil, true},
		}},
	}
	for _, tt := range tests {
		for _, c := range tt.cases {
			got, err := tt.parse(c.in)
			if c.bad != (err != nil) {
				t.Errorf("%s(%q) error = %v, want bad=%v", tt.name, c.in, err, c.bad)
			}
			if err != nil && !errors.Is(err, errBadCell) {
				t.Errorf("%s(%q) error %v does not wrap errBadCell", tt.name, c.in, err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s(%q) = %#v, want %#v", tt.name, c.in, got, c.want)
			}
		}
	}
}

func TestIsDate(t *testing.T) {
	for in, want := range map[string]bool{
		"2025-10-05": true, "2024-02-29": true, "2025-13-01": false, "2025-00-10": false,
		"2025-10-32": false, "2025-1-05": false, "20251005": false, "": false, "2025/10/05": false,
	} {
		if got := isDate(in); got != want {
			t.Errorf("isDate(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestParseIDAndCoord(t *testing.T) {
	if id, ok := parseID(" 1128332989288304495 "); !ok || id != 1128332989288304495 {
		t.Errorf("parseID(big) = %d, %v", id, ok)
	}
	for _, bad := range []string{"", "0", "-3", "abc", "12.5"} {
		if _, ok := parseID(bad); ok {
			t.Errorf("parseID(%q) ok, want not", bad)
		}
	}
	if v, ok := parseCoord("-73.7537", 180); !ok || v != -73.7537 {
		t.Errorf("parseCoord = %v, %v", v, ok)
	}
	for _, bad := range []string{"", "91", "NaN", "north"} {
		if _, ok := parseCoord(bad, 90); ok {
			t.Errorf("parseCoord(%q, 90) ok, want not", bad)
		}
	}
}

func TestCleanReviewText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Great stay.<br/>Would return. ", "Great stay.\nWould return."},
		{"A<br />B<br>C", "A\nB\nC"},
		{"No tags", "No tags"},
		{"  ", ""},
	}
	for _, tt := range tests {
		if got := cleanReviewText(tt.in); got != tt.want {
			t.Errorf("cleanReviewText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
