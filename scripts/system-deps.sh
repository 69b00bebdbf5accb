#!/usr/bin/env bash
# Installs the Debian packages the test suite needs when they are missing:
#   chromium    the browser the browser tests drive ($CHROME_PATH, else /usr/bin/chromium),
#               and fonts-liberation (Chromium only recommends a font)
#   postgresql  the server binaries the store tests start a throwaway server with
#               ($PG_BIN, else /usr/lib/postgresql/*/bin, else initdb on PATH)
#   postgresql-client  pg_dump and pg_restore, which the backups of PostgreSQL run
#               (the restore drill), on PATH
#   podman      builds the container image that TestImage unpacks and runs
#   default-jre-headless  Java for the Nu HTML checker (node_modules/vnu-jar) that
#               e2e/conformance.test.mjs runs over every page, when `java` is not on PATH
# with apt-get (apt-get update first), through sudo when not run as root.
# `system-deps.sh --check` only says whether anything is missing (exit 1 if so).
set -euo pipefail

missing=()
chrome=${CHROME_PATH:-/usr/bin/chromium}
[ -x "$chrome" ] || missing+=(chromium fonts-liberation)
if [ -n "${PG_BIN:-}" ]; then
  [ -x "$PG_BIN/initdb" ] || missing+=(postgresql)
else
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || command -v initdb >/dev/null || missing+=(postgresql)
fi
command -v pg_dump >/dev/null && command -v pg_restore >/dev/null || missing+=(postgresql-client)
command -v podman >/dev/null || missing+=(podman)
command -v java >/dev/null || missing+=(default-jre-headless)

if [ "${1:-}" = --check ]; then
  [ ${#missing[@]} -eq 0 ]
  exit
fi
[ ${#missing[@]} -gt 0 ] || exit 0

echo "Installing ${missing[*]} with apt-get (needed by the tests)" >&2
sudo=()
if [ "$(id -u)" != 0 ]; then
  if ! command -v sudo >/dev/null; then
    echo "Not root and no sudo: install them (apt-get install ${missing[*]}), then run the tests again." >&2
    exit 1
  fi
  sudo=(sudo)
fi
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600)
"${apt[@]}" update -qq
"${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}"

# The same checks again, so a package that installs elsewhere fails here, not in the tests.
if ! "$0" --check; then
  echo "Installed ${missing[*]}, but chromium at $chrome, PostgreSQL's initdb, pg_dump, podman or java is still not found (set CHROME_PATH / PG_BIN, or put java on PATH)." >&2
  exit 1
fi
