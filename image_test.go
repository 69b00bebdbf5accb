package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"debug/elf"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// nonroot is the user the image runs the app as (Containerfile).
const nonroot = 65532

// TestImage builds the container image as `go tool task image` does
// (scripts/image.sh, on the tree as it is: the task's generating the
// templates first would rewrite files that other packages' tests are
// compiling), saves it, and runs the binary found in its layers the way the image would (its
// environment, its user when the test can switch to it) against a
// temporary data folder: /healthz answers 200, the healthcheck command the
// image's HEALTHCHECK runs succeeds, and SIGTERM stops it cleanly. `podman
// run` does not work on the machines this was written on (cgroups), so the
// layers are unpacked here instead.
func TestImage(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: building the container image takes a while")
	}
	if _, err := exec.LookPath("podman"); err != nil {
		t.Skip("podman is not installed: the container image cannot be built")
	}
	start := time.Now()
	tag := fmt.Sprintf("localhost/bizprofile-imagetest:%d", os.Getpid())
	build := exec.Command("./scripts/image.sh")
	build.Env = append(os.Environ(), "IMAGE="+tag, "IMAGE_CONTEXT="+t.TempDir())
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("scripts/image.sh: %v\n%s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("podman", "rmi", "--force", tag).Run() })
	archive := filepath.Join(t.TempDir(), "image.tar")
	if out, err := exec.Command("podman", "save", "--quiet", "--format", "docker-archive", "-o", archive, tag).CombinedOutput(); err != nil {
		t.Fatalf("podman save: %v\n%s", err, out)
	}
	t.Logf("image built and saved in %v", time.Since(start).Round(time.Millisecond))
	img := readImage(t, archive)

	c := img.config.Config
	if c.User != "65532:65532" {
		t.Errorf("image user = %q, want 65532:65532 (not root)", c.User)
	}
	if want := []string{"CMD", "/bizprofile", "healthcheck"}; c.Healthcheck == nil || !slices.Equal(c.Healthcheck.Test, want) {
		t.Errorf("image health check = %+v, want %q", c.Healthcheck, want)
	}
	if want := []string{"/bizprofile"}; !slices.Equal(c.Entrypoint, want) {
		t.Errorf("image entrypoint = %q, want %q", c.Entrypoint, want)
	}
	if _, ok := c.ExposedPorts["8080/tcp"]; !ok {
		t.Errorf("image exposes %v, want 8080/tcp", c.ExposedPorts)
	}
	if _, ok := c.Volumes["/data"]; !ok {
		t.Errorf("image volumes = %v, want /data", c.Volumes)
	}
	for _, want := range []string{"DATA_DIR=/data", "PORT=8080"} {
		if !slices.Contains(c.Env, want) {
			t.Errorf("image environment %q lacks %s", c.Env, want)
		}
	}
	for _, dir := range []string{"data", "tmp"} {
		if h, ok := img.files[dir]; !ok || h.Typeflag != tar.TypeDir || h.Uid != nonroot || h.Gid != nonroot {
			t.Errorf("/%s in the image: %+v, want a folder owned by %d:%d", dir, h, nonroot, nonroot)
		}
	}
	if h, ok := img.files["etc/ssl/certs/ca-certificates.crt"]; !ok || h.Size < 1000 {
		t.Errorf("CA certificates in the image: %+v, want /etc/ssl/certs/ca-certificates.crt", h)
	}
	if img.binary == nil {
		t.Fatalf("/bizprofile is not in the image's layers (files: %v)", slices.Sorted(maps.Keys(img.files)))
	}

	// The binary, out of the image, in a folder its user can read.
	root, err := os.MkdirTemp("", "bizprofile-image-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	bin, data := filepath.Join(root, "bizprofile"), filepath.Join(root, "data")
	if err := os.WriteFile(bin, img.binary, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(data, 0o750); err != nil {
		t.Fatal(err)
	}
	assertStatic(t, bin)

	port := freePort(t)
	// The image's environment, with the data folder and port of this test,
	// and nothing of the test's own (no SMTP, Stripe or AI server).
	env := append(slices.Clone(c.Env), "DATA_DIR="+data, "PORT="+port,
		"SMTP_URL=", "STRIPE_SECRET_KEY=", "AI_BASE_URL=", "DATABASE_URL=", "STORAGE_URL=")
	asImageUser := func(cmd *exec.Cmd) {
		cmd.Env = env
		// As the image's user when the test may switch to it (root): the app
		// needs no more than its data folder.
		if os.Geteuid() == 0 {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nonroot, Gid: nonroot}}
		}
	}
	if os.Geteuid() == 0 {
		if err := os.Chown(data, nonroot, nonroot); err != nil {
			t.Fatal(err)
		}
	}

	var logs syncWriter
	app := exec.Command(bin)
	asImageUser(app)
	app.Stdout, app.Stderr = &logs, &logs
	started := time.Now()
	if err := app.Start(); err != nil {
		t.Fatal(err)
	}
	var exitErr error
	exited := make(chan struct{})
	go func() { exitErr = app.Wait(); close(exited) }()
	t.Cleanup(func() { _ = app.Process.Kill(); <-exited })

	base := "http://127.0.0.1:" + port
	if err := waitHealthy(base+"/healthz", exited, 30*time.Second); err != nil {
		t.Fatalf("the image's binary: %v\n%s", err, logs.String())
	}
	t.Logf("the image's binary answered /healthz %v after it started", time.Since(started).Round(time.Millisecond))

	check := exec.Command(bin, "healthcheck")
	asImageUser(check)
	if out, err := check.CombinedOutput(); err != nil {
		t.Errorf("bizprofile healthcheck (the image's HEALTHCHECK): %v\n%s", err, out)
	}

	if err := app.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
		if exitErr != nil {
			t.Errorf("after SIGTERM the app exited with %v, want 0\n%s", exitErr, logs.String())
		} else if !strings.Contains(logs.String(), "msg=stopped") {
			t.Errorf("the app exited without logging that it stopped:\n%s", logs.String())
		}
	case <-time.After(shutdownGrace + 10*time.Second):
		t.Fatalf("the app did not stop within %v of SIGTERM\n%s", shutdownGrace+10*time.Second, logs.String())
	}
	t.Logf("whole test: %v", time.Since(start).Round(time.Millisecond))
}

// savedImage is what TestImage reads from `podman save --format
// docker-archive`: the image's configuration, its files (the last layer's
// version of each) and the contents of /bizprofile.
type savedImage struct {
	config struct {
		Config struct {
			User         string
			Env          []string
			Entrypoint   []string
			ExposedPorts map[string]struct{}
			Volumes      map[string]struct{}
			Healthcheck  *struct{ Test []string }
		} `json:"config"`
	}
	files  map[string]*tar.Header
	binary []byte
}

// readImage unpacks a docker-archive: manifest.json names the config file
// and the layers (tar files, gzipped or not) in order.
func readImage(t *testing.T, archive string) savedImage {
	t.Helper()
	f, err := os.Open(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entries := map[string][]byte{}
	tr := tar.NewReader(f)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("image archive: %v", err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		if entries[h.Name], err = io.ReadAll(tr); err != nil {
			t.Fatalf("image archive: %s: %v", h.Name, err)
		}
	}
	var manifest []struct {
		Config string
		Layers []string
	}
	if err := json.Unmarshal(entries["manifest.json"], &manifest); err != nil || len(manifest) != 1 {
		t.Fatalf("image archive: manifest.json: %v (%d images)", err, len(manifest))
	}
	var img savedImage
	if err := json.Unmarshal(entries[manifest[0].Config], &img.config); err != nil {
		t.Fatalf("image archive: config %s: %v", manifest[0].Config, err)
	}
	img.files = map[string]*tar.Header{}
	for _, name := range manifest[0].Layers {
		layer, ok := entries[name]
		if !ok {
			t.Fatalf("image archive: layer %s is missing", name)
		}
		var r io.Reader = bytes.NewReader(layer)
		if bytes.HasPrefix(layer, []byte{0x1f, 0x8b}) {
			if r, err = gzip.NewReader(r); err != nil {
				t.Fatalf("layer %s: %v", name, err)
			}
		}
		lr := tar.NewReader(r)
		for {
			h, err := lr.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("layer %s: %v", name, err)
			}
			path := strings.Trim(strings.TrimPrefix(h.Name, "./"), "/")
			img.files[path] = h
			if path == "bizprofile" {
				if img.binary, err = io.ReadAll(lr); err != nil {
					t.Fatalf("layer %s: /bizprofile: %v", name, err)
				}
			}
		}
	}
	return img
}

// assertStatic fails unless the ELF binary at path asks for no dynamic
// loader: scratch has no libc.
func assertStatic(t *testing.T, path string) {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatalf("/bizprofile: %v", err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Fatal("/bizprofile is linked dynamically: a FROM scratch image has no loader for it (build with CGO_ENABLED=0)")
		}
	}
}

// freePort is a TCP port that was free a moment ago.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return fmt.Sprint(l.Addr().(*net.TCPAddr).Port)
}

// waitHealthy polls url until it answers 200, the process exits, or the
// time is up.
func waitHealthy(url string, exited <-chan struct{}, within time.Duration) error {
	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(within)
	for {
		res, err := client.Get(url)
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
			err = fmt.Errorf("answered %s", res.Status)
		}
		select {
		case <-exited:
			return errors.New("exited before /healthz answered 200")
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("/healthz did not answer 200 within %v: %v", within, err)
		}
	}
}
