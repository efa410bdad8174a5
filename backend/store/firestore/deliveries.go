package firestore

import (
	"context"
	"fmt"
	"time"

	"cloud.google.com/go/firestore"

	"github.com/listinglift/listinglift/backend/domain"
)

// OwedDeliveries lists the orders owing a PDF or an e-mail whose last job
// was sent before before. One range on owedAt, ordered by it: the
// single-field index firestore.indexes.json declares for owedAt (null while
// nothing is owed, and nulls never match a range, so the query reads only
// orders owing something).
func (s *Store) OwedDeliveries(ctx context.Context, before time.Time, limit int) ([]domain.Optimization, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	snaps, err := s.optimizations().
		Where("owedAt", "<", timestamp(before)).
		OrderBy("owedAt", firestore.Asc).
		Limit(limit).
		Documents(ctx).GetAll()
	if err != nil {
		return nil, fmt.Errorf("firestore: owed deliveries: %w", err)
	}
	out := []domain.Optimization{}
	for _, snap := range snaps {
		o, err := decodeOptimization(snap)
		if err != nil {
			return nil, fmt.Errorf("firestore: owed deliveries: %w", err)
		}
		out = append(out, *o)
	}
	return out, nil
}
