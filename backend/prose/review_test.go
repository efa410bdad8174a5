package prose

import "testing"

func TestReviewLanguage(t *testing.T) {
	tests := []struct{ text, want string }{
		{"The apartment was very clean and the host was great.", "en"},
		{"Great stay!", "en"},
		{"Nice place", "en"},
		{"Séjour parfait, très propre et bien situé. Merci pour tout !", "fr"},
		{"Muy buen lugar, todo limpio y el anfitrión fue muy amable.", "es"},
		{"Die Wohnung war sehr sauber und der Gastgeber ist sehr nett.", "de"},
		{"Casa molto pulita, il posto è perfetto e tutto era come descritto.", "it"},
		{"Lugar muito bom, tudo limpo e não tivemos problemas.", "pt"},
		{"Het appartement was heel schoon en de gastheer was zeer vriendelijk.", "nl"},
		{"とても綺麗な部屋でした。", "ja"},
		{"房间很干净，位置很好。", "zh"},
		{"숙소가 깨끗하고 좋았어요.", "ko"},
		{"Отличная квартира, всё чисто.", "ru"},
		{"A", ""},
		{"10/10", ""},
		{"", ""},
		{"Güzel bir konaklamaydı.", ""}, // Turkish: not among the languages we tell
	}
	for _, tt := range tests {
		if got := ReviewLanguage(tt.text); got != tt.want {
			t.Errorf("ReviewLanguage(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func BenchmarkReviewLanguage(b *testing.B) {
	text := "The apartment was centrally located near all the night life in Albany, ideally suited to the age profile of my 2 sons who stayed there. We had initial difficulty in contacting the host."
	b.ReportAllocs()
	for b.Loop() {
		ReviewLanguage(text)
	}
}
