#!/usr/bin/env bash
# Builds the container image (Containerfile) with podman: lays out the build
# context (the static binary, stripped; the CA certificates; the folders the
# image's user owns) and runs `podman build`. `go tool task image` runs it
# after generating the templates and bundling the islands; TestImage runs it
# on the tree as it is (regenerating would rewrite files other packages'
# tests are compiling).
#   IMAGE          the image's name (default bizprofile:latest)
#   IMAGE_CONTEXT  the build context folder, emptied first (default bin/image)
set -euo pipefail
cd "$(dirname "$0")/.."

image=${IMAGE:-bizprofile:latest}
context=${IMAGE_CONTEXT:-bin/image}
certs=/etc/ssl/certs/ca-certificates.crt
command -v podman >/dev/null || { echo "podman is not installed (Debian: apt-get install -y podman)" >&2; exit 1; }
[ -f "$certs" ] || { echo "$certs is missing (Debian: apt-get install -y ca-certificates)" >&2; exit 1; }

rm -rf "$context"
mkdir -p "$context/data" "$context/tmp" "$context/etc/ssl/certs"
cp "$certs" "$context/etc/ssl/certs/"
# Static (no cgo: SQLite is modernc.org/sqlite, pure Go), without the symbol
# table and debug information: a quarter smaller than bin/bizprofile.
CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$context/bizprofile" .
# --format docker: the OCI image format has no HEALTHCHECK.
podman build --quiet --format docker -t "$image" -f Containerfile "$context"
