package booking

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

func TestMembers(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want map[string]string // nil: an error
	}{
		{"flat", `{"a":1,"b":"x","c":null}`, map[string]string{"a": "1", "b": `"x"`, "c": "null"}},
		{"escaped keys", `{"Property:{\"id\":7}":{"n":[1,{"x":"]}"}]}}`, map[string]string{`Property:{"id":7}`: `{"n":[1,{"x":"]}"}]}`}},
		{"spaces and the first duplicate", " {\n \"a\" : [ ] , \"a\":2 }", map[string]string{"a": "[ ]"}},
		{"escaped quote in a value", `{"a":"say \"}\"","b":true}`, map[string]string{"a": `"say \"}\""`, "b": "true"}},
		{"empty", `{}`, map[string]string{}},
		{"not an object", `[1]`, nil},
		{"unterminated", `{"a":"x`, nil},
		{"missing colon", `{"a" 1}`, nil},
		{"unbalanced", `{"a":{"b":1}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := members([]byte(tc.in))
			if tc.want == nil {
				if err == nil {
					t.Fatalf("members(%s) = %q, want an error", tc.in, got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			gotS := map[string]string{}
			for k, v := range got {
				gotS[k] = string(v)
			}
			if !reflect.DeepEqual(gotS, tc.want) {
				t.Errorf("members(%s) = %q, want %q", tc.in, gotS, tc.want)
			}
		})
	}
}

func TestSectionsByTestID(t *testing.T) {
	for _, tc := range []struct {
		name, page string
		want       []string
	}{
		{"nested element with void tags", `<div data-testid="x"><div><img src=a><br>t</div></div><p>after</p>`,
			[]string{`<div data-testid="x"><div><img src=a><br>t</div></div>`}},
		{"twice", `<ul data-testid="x"><li>a</li></ul><ul data-testid="x"><li>b</li></ul>`,
			[]string{`<ul data-testid="x"><li>a</li></ul>`, `<ul data-testid="x"><li>b</li></ul>`}},
		{"quoted in a script is no element", `<script>var a = 'data-testid="x">no';</script><p data-testid="x">yes</p>`,
			[]string{`<p data-testid="x">yes</p>`}},
		{"another id with the same prefix", `<p data-testid="x-wrapper">no</p><p data-testid="x">yes</p>`,
			[]string{`<p data-testid="x">yes</p>`}},
		{"unclosed at the end of the page", `<div data-testid="x"><span>a`, []string{`<div data-testid="x"><span>a`}},
		{"none", `<div data-testid="y"></div>`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, el := range sectionsByTestID([]byte(tc.page), "x")["x"] {
				got = append(got, string(el))
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestListItems(t *testing.T) {
	el := `<div><h3>Outdoors</h3><ul><li><span>Garden</span> </li><li> Terrace  <i>x</i></li></ul>
<h3>Kitchen &amp; bath</h3><ul><li>Kettle<ul><li>inner</li></ul></li><li></li></ul></div>`
	want := []item{{"Outdoors", "Garden"}, {"Outdoors", "Terrace x"}, {"Kitchen & bath", "Kettle inner"}}
	if got := listItems([]byte(el)); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestFacilities: the full block when the page has it; else the popular
// list, read once however often it is shown, and marked partial.
func TestFacilities(t *testing.T) {
	popular := []byte(`<div data-testid="property-most-popular-facilities-wrapper"><ul><li>Free WiFi</li><li>Bar</li></ul></div>`)
	popularAgain := []byte(`<div data-testid="property-most-popular-facilities-wrapper"><ul><li>free wifi</li><li>Bar</li><li>Spa</li></ul></div>`)
	full := []byte(`<div data-testid="property-facilities-block-container"><h3>Outdoors</h3><ul><li>Garden</li></ul><h3>Services</h3><ul><li>Bar</li></ul></div>`)
	empty := []byte(`<div data-testid="property-facilities-block-container"></div>`)
	for _, tc := range []struct {
		name          string
		full, popular [][]byte
		want          []string
		partial       string
	}{
		{"popular twice", [][]byte{empty}, [][]byte{popular, popularAgain}, []string{"Free WiFi", "Bar", "Spa"}, "the 3 most popular facilities"},
		{"full block", [][]byte{full}, [][]byte{popular}, []string{"Outdoors: Garden", "Services: Bar"}, ""},
		{"none", nil, nil, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := &listing.Listing{}
			applyFacilities(l, tc.full, tc.popular)
			var got []string
			for _, a := range l.Amenities {
				name := a.Name
				if tc.partial == "" {
					name = a.Group + ": " + a.Name
				}
				got = append(got, name)
			}
			if !reflect.DeepEqual(got, tc.want) || l.Partial[listing.FieldAmenities] != tc.partial || l.AmenitiesPartial != (tc.partial != "") {
				t.Errorf("got %q partial %q, want %q partial %q", got, l.Partial[listing.FieldAmenities], tc.want, tc.partial)
			}
		})
	}
}

// TestGalleryMore: the count over the last thumbnail in the site's
// languages, and not a review count further on.
func TestGalleryMore(t *testing.T) {
	const img = `<img src="https://cf.bstatic.com/xdata/images/hotel/max300/1.jpg" alt="a">`
	for _, tc := range []struct {
		text string
		want int
	}{
		{"+52 photos", 52}, {"32 fotos más", 32}, {"24 autres photos", 24}, {"Altre 138 foto", 138},
		{"mais 57 fotografias", 57}, {"+87 foto's", 87}, {"Scored 8.5", 0}, {"17,594 reviews", 0},
	} {
		el := `<div>` + img + `<span>` + tc.text + `</span></div>`
		if photos, more := galleryImages([]byte(el)); more != tc.want || len(photos) != 1 || photos[0].Label != "a" {
			t.Errorf("%q: more %d photos %v, want %d", tc.text, more, photos, tc.want)
		}
	}
	// Text after the review block's own numbers is not the gallery's.
	el := `<div>` + img + `<div>Scored 8.5</div><div>926 reviews</div></div>`
	if _, more := galleryImages([]byte(el)); more != 0 {
		t.Errorf("a review count read as %d more photos", more)
	}
}

func TestCityOf(t *testing.T) {
	for _, tc := range []struct {
		street, country, postal string
		area, city              string
	}{
		{"372 Strand, Westminster Borough, London, WC2R 0JJ, United Kingdom", "UK", "WC2R 0JJ", "Westminster Borough", "London"},
		{"Hospital, 26, Ciutat Vella, 08001 Barcelona, España", "España", "08001", "Ciutat Vella", "Barcelona"},
		{"Gionmachi Minamigawa 570-120, Higashiyama-ku, 605-0074 Kyoto, Japan", "Japan", "605-0074", "Higashiyama-ku", "Kyoto"},
		{"Rua X 1, Lisboa", "Portugal", "", "", "Lisboa"},
		{"Only a street 1", "", "", "", ""},
		{"", "", "", "", ""},
	} {
		if area, city := cityOf(tc.street, tc.country, tc.postal); area != tc.area || city != tc.city {
			t.Errorf("cityOf(%q) = %q, %q; want %q, %q", tc.street, area, city, tc.area, tc.city)
		}
	}
	for _, tc := range []struct {
		locality, street string
		want             bool
	}{
		{"372 Strand", "372 Strand, London", true},
		{"Hospital", "Hospital, 26, Barcelona", true},
		{"Paris", "", false},
		{"Paris", "1 Rue X, Paris, France", false},
	} {
		if got := isStreet(tc.locality, tc.street); got != tc.want {
			t.Errorf("isStreet(%q, %q) = %v", tc.locality, tc.street, got)
		}
	}
}

func TestPropertyTypeName(t *testing.T) {
	for in, want := range map[string]string{"HOTEL": "Hotel", "HOLIDAY_HOME": "Holiday home", "BED_AND_BREAKFAST": "Bed and breakfast", "": ""} {
		if got := propertyTypeName(in); got != want {
			t.Errorf("propertyTypeName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestApolloRules: check-in and check-out are each the window the page
// gives, both ends when it gives both ("From 6:00 AM to 11:00 AM" is
// not "11:00 AM"); pets from the policies entry.
func TestApolloRules(t *testing.T) {
	for _, tc := range []struct {
		name, times, pets string
		in, out           string
		petsAllowed       *bool
	}{
		{"from only", `{"checkinTimeRange":{"fromFormatted":"15:00"},"checkoutTimeRange":{"untilFormatted":"11:00"}}`, "NO", "15:00", "11:00", ptr(false)},
		{"ranges", `{"checkinTimeRange":{"fromFormatted":"4:00 PM","untilFormatted":"10:00 PM"},"checkoutTimeRange":{"fromFormatted":"6:00 AM","untilFormatted":"11:00 AM"}}`, "UPON_REQUEST", "4:00 PM–10:00 PM", "6:00 AM–11:00 AM", ptr(true)},
		{"24-hour window", `{"checkinTimeRange":{"fromFormatted":"15:00","untilFormatted":"00:00"},"checkoutTimeRange":{"fromFormatted":"06:00","untilFormatted":"11:00"}}`, "NO", "15:00–00:00", "06:00–11:00", ptr(false)},
		{"checkout until only", `{"checkoutTimeRange":{"fromFormatted":null,"untilFormatted":" 12:00 "}}`, "NO", "", "12:00", ptr(false)},
		{"checkout from only", `{"checkoutTimeRange":{"fromFormatted":"10:00"}}`, "YES", "", "10:00", ptr(true)},
		{"pets unknown", `{}`, "CHARGES", "", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &apolloState{
				entries:  map[string][]byte{"PropertyPolicies:{}": []byte(`{"pets":{"petsAllowed":"` + tc.pets + `"}}`)},
				property: map[string][]byte{"houseRules": []byte(`{"checkinCheckoutTimes":` + tc.times + `}`), "policies": []byte(`{"__ref":"PropertyPolicies:{}"}`)},
			}
			l := &listing.Listing{}
			applyApolloRules(l, s)
			r := l.HouseRules
			if r.CheckIn != tc.in || r.CheckOut != tc.out || !reflect.DeepEqual(r.PetsAllowed, tc.petsAllowed) {
				t.Errorf("got in %q out %q pets %v", r.CheckIn, r.CheckOut, r.PetsAllowed)
			}
		})
	}
}

// TestUnquote: the cache's strings are undone as encoding/json undoes
// them, escapes, surrogate pairs and all; a malformed escape is refused.
func TestUnquote(t *testing.T) {
	for _, q := range []string{
		`""`, `"plain"`, `"Property:{\"id\":7}"`, `"a\u0026b\/c\\d"`, `"\n\t\r\b\f"`, `"caf\u00e9"`,
		`"\ud83c\udf0a sea"`, `"\ud83c alone"`, `"end\\"`, `"Boquer\u00EDa"`,
	} {
		var want string
		if err := json.Unmarshal([]byte(q), &want); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if got, ok := unquote([]byte(q)); !ok || got != want {
			t.Errorf("unquote(%s) = %q, %v; want %q", q, got, ok, want)
		}
	}
	for _, q := range []string{`"\x"`, `"\u12"`, `"\u12zz"`, `"\"`} {
		if got, ok := unquote([]byte(q)); ok {
			t.Errorf("unquote(%s) = %q; want refused", q, got)
		}
	}
}

func TestSkipString(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int // index past the string; 0: unterminated
	}{
		{`"abc",`, 5}, {`"a\"b",`, 6}, {`"a\\",`, 5}, {`"a\\\"b",`, 8}, {`"\\\\"x`, 6}, {`"abc`, 0}, {`"a\"`, 0},
	} {
		got, ok := skipString([]byte(tc.in), 0)
		if !ok {
			got = 0
		}
		if got != tc.want {
			t.Errorf("skipString(%s) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// TestEachMember: keys as written, escapes and all, and a stop on request.
func TestEachMember(t *testing.T) {
	var keys []string
	err := eachMember([]byte(`{"a":1,"resource({\"size\":\"max500\"})":{"x":[1]},"stop":2,"after":3}`), func(k, v []byte) bool {
		keys = append(keys, string(k)+"="+string(v))
		return string(k) != `"stop"`
	})
	want := []string{`"a"=1`, `"resource({\"size\":\"max500\"})"={"x":[1]}`, `"stop"=2`}
	if err != nil || !reflect.DeepEqual(keys, want) {
		t.Errorf("got %q, %v; want %q", keys, err, want)
	}
	if err := eachMember([]byte(`{"a":}`), func(k, v []byte) bool { return true }); err == nil {
		t.Error("a member without a value is no object")
	}
}

// TestApolloRuleLines: every rule line the house-rules section shows is in
// the state: the notes under the check-in window (photo ID and card,
// telling the arrival time), the age and groups rows, and the smoking,
// parties, quiet-hours and curfew rows when the property states them;
// null or empty phrases are no line, and spacing is the page's, normalized.
func TestApolloRuleLines(t *testing.T) {
	for _, tc := range []struct {
		name, rules string
		want        []string
	}{
		{"hotel", `{"checkinCheckoutTimes":{"requireCreditCardAndPhotoIdPhrase":"Guests are required to show a photo ID and credit card at check-in.","requireNoticeOfArrivalTimePrase":"You need to let the property know what time you'll be arriving in advance. "},` +
			`"checkinAgeRestriction":{"checkinAgeRestrictionPhrase":"There's no age requirement for check-in"},"groups":{"groupLimit":3,"groupLimitPhrase":"When booking more than 3 rooms, different policies and additional fees may apply."},` +
			`"smoking":{"smokingNotAllowedAllRoomsPhrase":null},"parties":{"partiesNotAllowedPhrase":null},"quietHours":{"quietHoursPhrase":null},"curfew":{"curfewPhrase":null}}`,
			[]string{"Guests are required to show a photo ID and credit card at check-in.", "You need to let the property know what time you'll be arriving in advance.",
				"There's no age requirement for check-in", "When booking more than 3 rooms, different policies and additional fees may apply."}},
		{"home", `{"checkinCheckoutTimes":{"requireCreditCardAndPhotoIdPhrase":null,"requireNoticeOfArrivalTimePrase":null},"checkinAgeRestriction":{"checkinAgeRestrictionPhrase":""},"groups":{"groupLimitPhrase":null},` +
			`"smoking":{"smokingNotAllowedAllRoomsPhrase":"Smoking is not allowed."},"parties":{"partiesNotAllowedPhrase":"Parties/events are not allowed"},"quietHours":{"quietHoursPhrase":"Guests must be quiet between 22:00\n and 08:00."}}`,
			[]string{"Smoking is not allowed.", "Parties/events are not allowed", "Guests must be quiet between 22:00 and 08:00."}},
		{"none", `{}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &apolloState{property: map[string][]byte{"houseRules": []byte(tc.rules)}}
			l := &listing.Listing{}
			applyApolloRules(l, s)
			if !reflect.DeepEqual(l.HouseRules.Rules, tc.want) {
				t.Errorf("rules %q, want %q", l.HouseRules.Rules, tc.want)
			}
		})
	}
}
