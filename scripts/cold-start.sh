#!/usr/bin/env bash
# Measures a new user's first `go tool task build` (what `go tool task run`
# does before it starts the server): a fresh clone of REPO's committed HEAD
# with empty Go module, Go build and npm caches, timed in wall-clock and CPU
# seconds (compare CPU when the machine is busy). Nothing outside DIR is touched.
#   scripts/cold-start.sh [REPO] [DIR]          the two real commands
#   scripts/cold-start.sh --steps [REPO] [DIR]  the same work split into downloads and compiles
set -euo pipefail
mode=whole
if [ "${1:-}" = --steps ]; then mode=steps; shift; fi
repo=${1:-$(cd "$(dirname "$0")/.." && pwd)}
dir=${2:-$(mktemp -d /tmp/cold.XXXXXX)}
if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then echo "$dir is not empty" >&2; exit 1; fi
git clone -q "$repo" "$dir"
cd "$dir"
export GOMODCACHE=$dir/.cold/gomod GOCACHE=$dir/.cold/gocache GOFLAGS=-modcacherw
export npm_config_cache=$dir/.cold/npm
total=0 cpu_total=0
step() {
  local label=$1; shift
  local log real user sys TIMEFORMAT='%R %U %S'
  log=$dir/.cold/$(echo "$label" | tr -c 'a-z0-9' _).log
  { time "$@" >"$log" 2>&1; } 2>"$dir/.cold/time" || { echo "FAILED: $label (see $log)" >&2; exit 1; }
  read -r real user sys <"$dir/.cold/time"
  total=$(echo "$total + $real" | bc)
  cpu_total=$(echo "$cpu_total + $user + $sys" | bc)
  printf '%-34s %7.1f s wall %7.1f s CPU\n' "$label" "$real" "$(echo "$user + $sys" | bc)"
}
mkdir -p .cold
echo "cold start of $(git -C "$repo" rev-parse --short HEAD) in $dir ($(nproc) CPUs, $(go version | cut -d' ' -f3), load average $(cut -d' ' -f1-3 /proc/loadavg))"
if [ $mode = whole ]; then
  step "go tool task --version" go tool task --version
  step "go tool task build (rest)" go tool task build
else
  step "download: task's modules" go list -deps github.com/go-task/task/v3/cmd/task
  step "compile: task" go tool task --version
  step "download: templ's modules" go list -deps github.com/a-h/templ/cmd/templ
  step "compile: templ" go tool templ version
  step "templ generate" go tool templ generate -log-level warn
  step "npm ci" npm ci --no-audit --no-fund --loglevel=error
  step "esbuild bundle" node islands/build.mjs
  step "download: the app's modules" go list -deps .
  step "compile: the app" go build -trimpath -o bin/bizprofile .
fi
printf '%-34s %7.1f s wall %7.1f s CPU\n' total "$total" "$cpu_total"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "module cache: $(du -sh .cold/gomod | cut -f1), $(find .cold/gomod/cache/download -name '*.zip' | wc -l) module zips"
