package budget

import (
	"context"
	"testing"
	"time"
)

func TestShare(t *testing.T) {
	for _, tc := range []struct {
		name     string
		deadline time.Duration // 0: the parent has none
		share    float64
		limit    time.Duration
		want     time.Duration // 0: the stage has no deadline
	}{
		{"share of what is left", 10 * time.Second, 0.4, 0, 4 * time.Second},
		{"the stage's own limit when sooner", 10 * time.Second, 0.4, 2 * time.Second, 2 * time.Second},
		{"the share when sooner than the limit", 10 * time.Second, 0.4, 20 * time.Second, 4 * time.Second},
		{"no deadline: the limit", 0, 0.4, 3 * time.Second, 3 * time.Second},
		{"no deadline, no limit: none", 0, 0.4, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parent := context.Background()
			if tc.deadline > 0 {
				var cancel context.CancelFunc
				parent, cancel = context.WithTimeout(parent, tc.deadline)
				defer cancel()
			}
			start := time.Now()
			ctx, cancel := Share(parent, tc.share, tc.limit)
			defer cancel()
			d, ok := ctx.Deadline()
			if tc.want == 0 {
				if ok {
					t.Fatalf("stage deadline in %s, want none", time.Until(d))
				}
				return
			}
			if got := d.Sub(start); !ok || got > tc.want+200*time.Millisecond || got < tc.want-200*time.Millisecond {
				t.Fatalf("stage deadline in %s (set %v), want about %s", got, ok, tc.want)
			}
		})
	}
}

// A stage that runs out of its share is told apart from the job's end.
func TestOutOfTime(t *testing.T) {
	parent, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	stage, cancelStage := Share(parent, 0.05, 0)
	defer cancelStage()
	<-stage.Done()
	if !OutOfTime(parent, stage) {
		t.Fatal("the stage's share ran out, but OutOfTime says no")
	}
	cancel()
	if OutOfTime(parent, stage) {
		t.Fatal("the job ended, but OutOfTime blames the stage")
	}
}
