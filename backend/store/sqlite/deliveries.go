package sqlite

import (
	"context"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// OwedDeliveries lists the orders owing a PDF or an e-mail whose last job
// was sent before (partial index optimizations_owed_deliveries, migration 0011).
func (s *Store) OwedDeliveries(ctx context.Context, before time.Time, limit int) ([]domain.Optimization, error) {
	rows, err := s.rd.QueryContext(ctx, `SELECT `+optimizationColumns+` FROM optimizations
		WHERE owed_at IS NOT NULL AND owed_at < ?
		ORDER BY owed_at, id LIMIT ?`, toMicros(before), limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: owed deliveries: %w", err)
	}
	defer rows.Close()
	out := []domain.Optimization{}
	for rows.Next() {
		o, err := scanOptimization(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: owed deliveries: %w", err)
		}
		out = append(out, *o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: owed deliveries: %w", err)
	}
	return out, nil
}
