package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// healthcheckTimeout bounds `bizprofile healthcheck`: a container runtime
// counts a check that hangs as a failure anyway, and an instance that takes
// longer than this to answer /healthz is not serving.
const healthcheckTimeout = 3 * time.Second

// healthcheck asks the app running beside it (on 127.0.0.1, at PORT) for
// /healthz and fails unless it answers 200. It is the container image's
// HEALTHCHECK: a FROM scratch image has no curl or wget, so the binary
// checks itself.
func healthcheck(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) > 0 {
		return errors.New("usage: bizprofile healthcheck (it reads PORT, as the app does)")
	}
	// The port as the app reads it, default and all.
	cfg, err := loadConfig(getenv)
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	url := fmt.Sprintf("http://127.0.0.1:%d/healthz", cfg.Port)
	ctx, cancel := context.WithTimeout(ctx, healthcheckTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s answered %s, want 200 OK", url, res.Status)
	}
	fmt.Fprintf(stdout, "healthy: %s answered %s\n", url, res.Status)
	return nil
}
