package cloudtasks

import (
	"context"
	"fmt"

	"github.com/listinglift/listinglift/backend/config"
)

// FromConfig connects the queue the configuration names, for both binaries
// (the server's workers and the CLI's `orders retry`).
func FromConfig(ctx context.Context, cfg config.Config) (*Queue, error) {
	q, err := New(ctx, Options{Queue: cfg.CloudTasksQueue, TargetURL: cfg.TasksTargetURL,
		ServiceAccountEmail: cfg.TasksServiceAcct, Audience: cfg.TasksAudience, EmulatorHost: cfg.CloudTasksEmu})
	if err != nil {
		return nil, fmt.Errorf("CLOUD_TASKS_QUEUE=%s: %w", cfg.CloudTasksQueue, err)
	}
	return q, nil
}
