package writing

import "testing"

// An amenity is told with the room or use its most specific words name:
// an outdoor shower outside (not "In the bathroom"), an iron with the
// laundry; a lockbox is how guests get in, told in no room's sentence
// (the page's "Cofre de chaves" once read "Para dormir: … cofre de chaves").
func TestGroupOfTheMostSpecificWords(t *testing.T) {
	for name, want := range map[string]string{
		"Chuveiro externo": "outside", "Outdoor shower": "outside", "Chuveiro": "bathroom", "Hair dryer": "bathroom",
		"Iron": "laundry", "Ferro de passar": "laundry", "Safe": "sleep", "Cofre de chaves": "", "Lockbox": "", "Keypad": "",
	} {
		if got := groupOf(name); got != want {
			t.Errorf("groupOf(%q) = %q, want %q", name, got, want)
		}
	}
}
