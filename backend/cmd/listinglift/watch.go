package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"text/tabwriter"

	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/orders"
)

// watchCmd is `listinglift watch run --now` (queue every watch due now,
// as the hourly scheduler does; the running server's workers, or Cloud
// Tasks, check them) and `listinglift watch show ID` (a watch's state
// and weeks, for support).
func watchCmd(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	switch {
	case len(args) == 2 && args[0] == "run" && args[1] == "--now":
	case len(args) == 2 && args[0] == "show" && domain.ValidKey(args[1]):
	default:
		return usageError{"watch needs run --now, or show and an order id"}
	}
	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	st, err := openOrderStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	if args[0] == "show" {
		o, err := st.GetOptimization(ctx, args[1])
		if err != nil {
			return err
		}
		return showWatch(stdout, o)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	q, closeQ, err := openOrderQueue(ctx, cfg, st, log)
	if err != nil {
		return err
	}
	defer closeQ()
	n, err := orders.New(orders.Deps{Stores: orders.StoresOf(st.Aggregates), Queue: q, Logger: logging.New(stderr, slog.LevelInfo)}).QueueDueWatches(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "queued %d watch checks\n", n)
	return nil
}

// showWatch prints o's watch: its state and one line per week.
func showWatch(w io.Writer, o *domain.Optimization) error {
	wt := o.Watch
	if wt == nil {
		_, err := fmt.Fprintf(w, "%s has no watch\n", o.ID)
		return err
	}
	fmt.Fprintf(w, "watch of %s: %s%s, %d of %d weeks checked", o.ID, wt.State, map[bool]string{true: " (" + string(wt.Ended) + ")"}[wt.Ended != ""], wt.Used(), wt.Weeks)
	if wt.DueAt != nil {
		fmt.Fprintf(w, ", next due %s", wt.DueAt.UTC().Format("2006-01-02 15:04 UTC"))
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "WEEK\tCHECKED\tSCORE\tCHANGES\tE-MAIL\tFAILED")
	for _, c := range wt.Checks {
		score := "-"
		if c.Score != nil {
			score = fmt.Sprint(*c.Score)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s %s\t%s\n", c.Week, c.CheckedAt.UTC().Format("2006-01-02 15:04"), score, len(c.Changes), c.Notice, c.Mail, c.Failed)
	}
	return tw.Flush()
}
