package market

import "testing"

func TestInferMarket(t *testing.T) {
	tests := []struct{ dir, name, snapshot string }{
		{"../../shared/data/insideairbnb-albany-ny-2025-10-05", "Albany, New York, United States", "2025-10-05"},
		{"/data/insideairbnb-new-york-city-ny-2025-09-01/", "New York City, New York, United States", "2025-09-01"},
		{"/mirror/united-states/ny/albany/2025-10-05/data", "Albany, New York, United States", "2025-10-05"},
		{"/mirror/france/ile-de-france/paris/2025-06-06/data", "Paris Ile De France", "2025-06-06"},
		{"paris-2025-06-06", "Paris", "2025-06-06"},
		{"/tmp/london", "London", ""},
		{"albany-ny", "Albany, New York, United States", ""},
		// The format after the date; any case of the folder reads as written.
		{"/data/insideairbnb-asheville-2022-09-21-summary", "Asheville", "2022-09-21"},
		{"ASHEVILLE", "Asheville", ""},
		{"/tmp/Antwerp", "Antwerp", ""},
		{"McAllen-TX", "McAllen, Texas, United States", ""},
	}
	for _, tt := range tests {
		name, snapshot := inferMarket(tt.dir)
		if name != tt.name || snapshot != tt.snapshot {
			t.Errorf("inferMarket(%q) = %q, %q; want %q, %q", tt.dir, name, snapshot, tt.name, tt.snapshot)
		}
	}
}

func TestNormalizeRoomType(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Entire home/apt", RoomEntire},
		{"Entire place", RoomEntire},
		{"ENTIRE_HOME", RoomEntire},
		{"entire rental unit", RoomEntire},
		{"Private room", RoomPrivate},
		{"Private room in home", RoomPrivate},
		{"PRIVATE_ROOM", RoomPrivate},
		{"Shared room", RoomShared},
		{"Hotel room", RoomHotel},
		{" Treehouse ", "Treehouse"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := NormalizeRoomType(tt.in); got != tt.want {
			t.Errorf("NormalizeRoomType(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
