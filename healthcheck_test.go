package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestHealthcheck: the healthcheck command succeeds only when /healthz on
// PORT answers 200, and says what it got otherwise.
func TestHealthcheck(t *testing.T) {
	serving := func(status int) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/healthz" {
				http.NotFound(w, r)
				return
			}
			w.WriteHeader(status)
		}))
		t.Cleanup(srv.Close)
		return strconv.Itoa(srv.Listener.Addr().(*net.TCPAddr).Port)
	}
	// A port nothing listens on: one that was free a moment ago.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()

	tests := []struct {
		name    string
		port    string
		args    []string
		wantErr string // empty: success
	}{
		{name: "200 is healthy", port: serving(http.StatusOK)},
		{name: "503 is not", port: serving(http.StatusServiceUnavailable), wantErr: "503 Service Unavailable"},
		{name: "nothing listening", port: closed, wantErr: "connection refused"},
		{name: "bad PORT", port: "eighty", wantErr: "PORT"},
		{name: "arguments", port: serving(http.StatusOK), args: []string{"--url", "x"}, wantErr: "usage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			getenv := func(k string) string {
				if k == "PORT" {
					return tt.port
				}
				return ""
			}
			err := healthcheck(context.Background(), tt.args, getenv, &out)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("healthcheck = %v, want nil", err)
				}
				if !strings.Contains(out.String(), "/healthz") {
					t.Errorf("healthcheck printed %q, want the address it checked", out.String())
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("healthcheck = %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

// TestHealthcheckGivesUp: an app that accepts the connection but never
// answers fails the check within its timeout instead of hanging.
func TestHealthcheckGivesUp(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	port := strconv.Itoa(srv.Listener.Addr().(*net.TCPAddr).Port)
	start := time.Now()
	err := healthcheck(context.Background(), nil, func(k string) string {
		if k == "PORT" {
			return port
		}
		return ""
	}, io.Discard)
	if err == nil {
		t.Fatal("healthcheck of a server that never answers = nil, want an error")
	}
	if took := time.Since(start); took < healthcheckTimeout || took > healthcheckTimeout+2*time.Second {
		t.Errorf("healthcheck gave up after %v, want about %v", took, healthcheckTimeout)
	}
}
