package analytics

import (
	"context"
	"time"
)

// FlushSpread is a flush whose batches are spread over spread, as Run's
// are.
func (c *Counter) FlushSpread(ctx context.Context, spread time.Duration) error {
	return c.flush(ctx, spread)
}
