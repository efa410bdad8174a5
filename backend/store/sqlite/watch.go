package sqlite

import (
	"context"
	"errors"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// DueWatches implements store.Store. TODO(issue 45): the store helper replaces this.
func (s *Store) DueWatches(ctx context.Context, before time.Time, after *domain.WatchDue, limit int) ([]domain.WatchDue, error) {
	return nil, errors.New("sqlite: DueWatches not yet written")
}
