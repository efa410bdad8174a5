package localqueue

import (
	"context"
	"fmt"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
)

var _ jobs.Inspector = (*Queue)(nil)

// Pending implements jobs.Inspector: a job in the store that is not done
// (waiting, leased or waiting for a retry) is pending; a done or unknown
// one is not.
func (q *Queue) Pending(ctx context.Context, name string) (bool, error) {
	st, err := q.store.JobState(ctx, name)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("localqueue: pending %s: %w", name, err)
	}
	return st.DoneAt == nil, nil
}

// Backlog implements jobs.Inspector from the store's unfinished jobs.
func (q *Queue) Backlog(ctx context.Context, limit int) (jobs.Backlog, error) {
	b, err := q.store.JobBacklog(ctx, limit)
	if err != nil {
		return b, fmt.Errorf("localqueue: backlog: %w", err)
	}
	return b, nil
}
