package reportmail

import (
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/mail"
)

// TEMPORARY stub until the mail helper's watch.go lands.
type WatchInput struct {
	To, ToName, ListingTitle, ListingURL, Platform string
	Week                                           domain.WatchWeek
	Watch                                          domain.Watch
	DashboardURL, PauseURL, StopURL                string
	UnsubscribeURL, SupportEmail                   string
}

func Watch(in WatchInput) (mail.Message, error) {
	text := "Watch: " + string(in.Week.Notice) + "\n"
	for _, c := range in.Week.Changes {
		text += c.What + " " + c.Before + " -> " + c.After + "\n"
	}
	text += "Pause: " + in.PauseURL + "\nStop: " + in.StopURL + "\n"
	return mail.Message{To: in.To, ToName: in.ToName, Subject: "Watch " + string(in.Week.Notice) + ": " + in.ListingTitle, Text: text}, nil
}
