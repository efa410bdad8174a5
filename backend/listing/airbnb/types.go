package airbnb

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// The types below mirror the parts of Airbnb's listing page state we read:
// the "StaysPdpSections" query result that the page embeds as
// niobeClientData (niobeMinimalClientData on older pages). Only the fields
// we use are declared; encoding/json skips the rest. One struct (section)
// carries the fields of every section type we read, chosen at run time by
// __typename, so the page is decoded in a single pass.

// num is a number Airbnb sends either as a JSON number or as a string
// ("visibleReviewCount":"120"). Anything else leaves it unset rather than
// failing the whole decode.
type num struct {
	V  float64
	OK bool
}

func (n *num) UnmarshalJSON(b []byte) error {
	b = bytes.Trim(b, `"`)
	if f, err := strconv.ParseFloat(string(b), 64); err == nil && f == f {
		n.V, n.OK = f, true
	}
	return nil
}

type pdpResponse struct {
	Data struct {
		Presentation struct {
			StayProductDetailPage *struct {
				Sections pdpSections `json:"sections"`
			} `json:"stayProductDetailPage"`
		} `json:"presentation"`
		// Node.PdpPresentation is where 2026 pages keep the listing's
		// title, description and amenities, while the sections of the
		// same names may be left empty.
		Node struct {
			PdpPresentation *pdpPresentation `json:"pdpPresentation"`
		} `json:"node"`
	} `json:"data"`
}

// ugcText is text the host wrote, as Airbnb sends it: an object with the
// host's original (source) and, when the page is in another language, a
// machine translation (localizedString); some pages send a plain string.
type ugcText struct {
	Localized string
	Source    string
}

func (u *ugcText) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		u.Localized = s
		return nil
	}
	var o struct {
		Content *struct {
			LocalizedString string `json:"localizedString"`
			Source          string `json:"source"`
		} `json:"content"` // PdpUGCText wraps the UGCText
		LocalizedString string `json:"localizedString"`
		Source          string `json:"source"`
	}
	if json.Unmarshal(b, &o) != nil {
		return nil // another shape: left empty rather than failing the page
	}
	u.Localized, u.Source = o.LocalizedString, o.Source
	if o.Content != nil {
		u.Localized, u.Source = o.Content.LocalizedString, o.Content.Source
	}
	return nil
}

// Original is the host's own text: the source when Airbnb translated it,
// else what the page shows.
func (u ugcText) Original() string {
	if s := strings.TrimSpace(u.Source); s != "" {
		return s
	}
	return strings.TrimSpace(u.Localized)
}

// Translated reports whether the page shows a machine translation of the
// host's text rather than the text itself.
func (u ugcText) Translated() bool {
	return strings.TrimSpace(u.Source) != "" && strings.TrimSpace(u.Localized) != "" &&
		strings.TrimSpace(u.Source) != strings.TrimSpace(u.Localized)
}

// tourImage is one image of pdpPresentation's media tour or hero.
type tourImage struct {
	URI     string `json:"uri"`
	Caption string `json:"caption"`
}

// pdpPresentation is data.node.pdpPresentation (the fields read). On 2026
// pages it holds the whole listing while the sections are empty stubs.
type pdpPresentation struct {
	Title        *ugcText `json:"title"`
	Descriptions *struct {
		LongDescriptionHTML ugcText `json:"longDescriptionHtml"`
	} `json:"descriptions"`
	Amenities *struct {
		SeeAllAmenitiesGroups  []amenityGroup `json:"seeAllAmenitiesGroups"`
		PreviewAmenitiesGroups []amenityGroup `json:"previewAmenitiesGroups"`
	} `json:"amenities"`
	Overview *struct {
		Title string   `json:"title"` // "Entire rental unit in Rome, Italy"
		Items []string `json:"items"` // "4 guests", "1 bedroom"…
	} `json:"overview"`
	Location *struct {
		Subtitle  string `json:"subtitle"` // "Rome, Lazio, Italy"
		Latitude  num    `json:"latitude"`
		Longitude num    `json:"longitude"`
	} `json:"location"`
	HostInfo *struct {
		PassportData *struct {
			Name        string `json:"name"`
			IsSuperhost *bool  `json:"isSuperhost"`
			Stats       []struct {
				Type  string `json:"type"`
				Value string `json:"value"`
			} `json:"stats"`
		} `json:"passportData"`
		ResponseRateText string `json:"responseRateText"`
		ResponseTimeText string `json:"responseTimeText"`
	} `json:"hostInfo"`
	Quality *struct {
		IsGuestFavorite    *bool `json:"isGuestFavorite"`
		ListingRatingStats *struct {
			OverallRatingStats *struct {
				RatingAverage num `json:"ratingAverage"`
				RatingCount   num `json:"ratingCount"`
			} `json:"overallRatingStats"`
		} `json:"listingRatingStats"`
	} `json:"quality"`
	MediaTour *struct {
		Stops []struct {
			Name  string `json:"name"` // the room: "Living room", "Foto aggiuntive"
			Items []struct {
				Image *tourImage `json:"image"`
			} `json:"items"`
		} `json:"stops"`
	} `json:"mediaTour"`
	HeroMedia *struct {
		Edges []struct {
			Node struct {
				Image *tourImage `json:"image"`
			} `json:"node"`
		} `json:"edges"`
	} `json:"heroMedia"`
	SharingConfig *struct {
		PropertyType string  `json:"propertyType"`
		UgcTitle     ugcText `json:"ugcTitle"` // the fact line og:title repeats
	} `json:"sharingConfig"`
	// Highlights are the listing's highlights (ListingPdpHighlight): the
	// headline the page shows in bold ("Self check-in", "Top 5% of
	// homes", "Stanza in casa") over a line of body text. The 2026
	// sections' PdpHighlightsSection is an empty stub; this is where the
	// highlights are. (The host's own lines, "My work: …", are
	// hostInfo.highlights, StaysPdpHostHighlight: about the host, not the
	// listing, and not read here.)
	Highlights []struct {
		Headline localizedContent `json:"headline"`
	} `json:"highlights"`
}

// localizedContent is Airbnb's LocalizedContent, {"localizedContent":
// "Self check-in"}, text already in the page's language. A plain string
// reads as the same; another shape is left empty rather than failing the
// page.
type localizedContent struct{ Text string }

func (c *localizedContent) UnmarshalJSON(b []byte) error {
	if json.Unmarshal(b, &c.Text) == nil {
		return nil
	}
	var o struct {
		LocalizedContent string `json:"localizedContent"`
	}
	if json.Unmarshal(b, &o) == nil {
		c.Text = o.LocalizedContent
	}
	return nil
}

type pdpSections struct {
	Sections []sectionEntry `json:"sections"`
	Metadata struct {
		LoggingContext struct {
			EventDataLogging eventData `json:"eventDataLogging"`
		} `json:"loggingContext"`
		SharingConfig struct {
			Title        string `json:"title"`
			PropertyType string `json:"propertyType"`
			Location     string `json:"location"`
		} `json:"sharingConfig"`
	} `json:"metadata"`
	SbuiData struct {
		SectionConfiguration struct {
			Root struct {
				Sections []sbuiSection `json:"sections"`
			} `json:"root"`
		} `json:"sectionConfiguration"`
	} `json:"sbuiData"`
}

type eventData struct {
	ListingID                string `json:"listingId"`
	ListingLat               num    `json:"listingLat"`
	ListingLng               num    `json:"listingLng"`
	RoomType                 string `json:"roomType"`
	IsSuperhost              *bool  `json:"isSuperhost"`
	PersonCapacity           num    `json:"personCapacity"`
	AccuracyRating           num    `json:"accuracyRating"`
	CheckinRating            num    `json:"checkinRating"`
	CleanlinessRating        num    `json:"cleanlinessRating"`
	CommunicationRating      num    `json:"communicationRating"`
	LocationRating           num    `json:"locationRating"`
	ValueRating              num    `json:"valueRating"`
	GuestSatisfactionOverall num    `json:"guestSatisfactionOverall"`
	VisibleReviewCount       num    `json:"visibleReviewCount"`
}

type sbuiSection struct {
	SectionID   string `json:"sectionId"`
	SectionData *struct {
		Typename        string   `json:"__typename"`
		Title           string   `json:"title"`
		OverviewItems   []titled `json:"overviewItems"`
		IsGuestFavorite *bool    `json:"isGuestFavorite"`
		ReviewData      *struct {
			IsGuestFavorite *bool `json:"isGuestFavorite"`
		} `json:"reviewData"`
	} `json:"sectionData"`
}

type sectionEntry struct {
	SectionID string   `json:"sectionId"`
	Section   *section `json:"section"`
}

type titled struct {
	Title    string `json:"title"`
	Subtitle string `json:"subtitle"`
}

type htmlText struct {
	HTMLText string `json:"htmlText"`
}

type mediaItem struct {
	ID                 string `json:"id"` // the image's number, which the photo tour's rooms list
	BaseURL            string `json:"baseUrl"`
	AccessibilityLabel string `json:"accessibilityLabel"`
	// ImageMetadata.Caption is the caption the host wrote; when the page
	// sends the metadata, the accessibility label is Airbnb's own
	// ("Listing image 3", "Imagem 1 de Cozinha completa") unless it
	// repeats the caption.
	ImageMetadata *struct {
		Caption sentString `json:"caption"`
	} `json:"imageMetadata"`
	// room is the photo tour's room the host put the photo in ("Quarto
	// 1", "Full bathroom"), from the tour's rooms (roomTourItems) or stops
	// (mediaTour); not part of the item's JSON.
	room string
}

// roomTourItem is one room of the photo tour: its name and its photos.
type roomTourItem struct {
	Title    string   `json:"title"`
	ImageIDs []string `json:"imageIds"`
}

// sentString is a string field that records whether the page sent it at
// all: "caption": null says the host wrote none, while a page without the
// field says nothing either way.
type sentString struct {
	S    string
	Sent bool
}

func (s *sentString) UnmarshalJSON(b []byte) error {
	s.Sent = true
	_ = json.Unmarshal(b, &s.S) // null or another type: sent, but empty
	return nil
}

type amenityGroup struct {
	Title     string `json:"title"`
	Amenities []struct {
		ID        string `json:"id"` // "pdp_v3_home_safety_35_<listing id>-0": 35 is the amenity
		Title     string `json:"title"`
		Available *bool  `json:"available"`
	} `json:"amenities"`
}

type ruleItem struct {
	Title    string    `json:"title"`
	Subtitle string    `json:"subtitle"`
	HTML     *htmlText `json:"html"`
}

type section struct {
	Typename string `json:"__typename"`
	Title    string `json:"title"`
	Subtitle string `json:"subtitle"`

	// PdpDescriptionSection
	HTMLDescription *htmlText `json:"htmlDescription"`
	// PhotoTourModalSection; HeroSection
	MediaItems    []mediaItem    `json:"mediaItems"`
	RoomTourItems []roomTourItem `json:"roomTourItems"`
	// The 2025 and 2026 pages send the rooms here, roomTourItems empty.
	RoomTourLayoutInfos []struct {
		RoomTourItems []roomTourItem `json:"roomTourItems"`
	} `json:"roomTourLayoutInfos"`
	PreviewImages []mediaItem `json:"previewImages"`
	// AmenitiesSection
	SeeAllAmenitiesGroups  []amenityGroup `json:"seeAllAmenitiesGroups"`
	PreviewAmenitiesGroups []amenityGroup `json:"previewAmenitiesGroups"`
	// PdpHighlightsSection
	Highlights []titled `json:"highlights"`
	// PoliciesSection
	HouseRules           []titled `json:"houseRules"`
	AdditionalHouseRules string   `json:"additionalHouseRules"`
	HouseRulesSections   []struct {
		Title string     `json:"title"`
		Items []ruleItem `json:"items"`
	} `json:"houseRulesSections"`
	// LocationSection
	Lat num `json:"lat"`
	Lng num `json:"lng"`
	// HostProfileSection (older pages)
	HostAvatar *struct {
		Badge       string `json:"badge"`
		IsSuperhost *bool  `json:"isSuperhost"`
	} `json:"hostAvatar"`
	HostFeatures  []titled `json:"hostFeatures"`
	OverviewItems []titled `json:"overviewItems"`
	// MeetYourHostSection (current pages)
	CardData *struct {
		Name        string `json:"name"`
		IsSuperhost *bool  `json:"isSuperhost"`
		Stats       []struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		} `json:"stats"`
		TimeAsHost *struct {
			Years num `json:"years"`
		} `json:"timeAsHost"`
	} `json:"cardData"`
	HostDetails []string `json:"hostDetails"`
	// StayPdpReviewsSection
	OverallRating   num   `json:"overallRating"`
	OverallCount    num   `json:"overallCount"`
	IsGuestFavorite *bool `json:"isGuestFavorite"`
	Ratings         []struct {
		CategoryType    string `json:"categoryType"`
		LocalizedRating string `json:"localizedRating"`
	} `json:"ratings"`
	// BookItSection
	StructuredDisplayPrice *struct {
		PrimaryLine *struct {
			Price           string `json:"price"`
			DiscountedPrice string `json:"discountedPrice"`
			OriginalPrice   string `json:"originalPrice"`
			Qualifier       string `json:"qualifier"`
		} `json:"primaryLine"`
	} `json:"structuredDisplayPrice"`
}
