#!/usr/bin/env bash
# Installs what a fresh clone lacks, and only that: npm packages (npm ci, from
# the lock files), the pinned Go tools and emulators (tools/gotools,
# tools/fakegcs), and Debian's Chromium for browser tests. Safe to run again;
# it skips what is already in place.
source "$(dirname "$0")/lib.sh"
want_browser=${1:-}

command -v go >/dev/null || die "Go is not installed (need Go $(sed -n 's/^go //p' "$ROOT/go.mod"))"
command -v node >/dev/null || die "Node.js is not installed (need Node 20+)"

# npm_ci DIR [FLAGS]: npm ci when node_modules is missing or older than the
# lock file.
npm_ci() {
  local dir=$1 stamp=$1/node_modules/.package-lock.json
  shift
  if [[ ! -f $stamp || $dir/package-lock.json -nt $stamp ]]; then
    say "npm ci ($dir)"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error "$@")
  fi
}
npm_ci "$ROOT/frontend"
# firebase-tools' optional native re2 would compile C++ for minutes; the Auth
# emulator does not need it (it falls back to JavaScript regular expressions).
npm_ci "$ROOT/tools/emulators" --ignore-scripts
# The Dockerfile linters (its .npmrc skips install scripts: dockerlinter's
# would download ShellCheck; Debian's shellcheck is used instead).
npm_ci "$ROOT/tools/dockerlint"

# The pinned Go tools (tools/gotools/go.mod): gotestsum, stripe-mock and
# cloud-tasks-emulator, built into .bin when one is missing or older than
# go.mod. (The emulator cannot be built with `go install …@version`; as a
# tool of this module it can.)
gotools_stale() {
  local tool
  for tool in gotestsum stripe-mock cloud-tasks-emulator; do
    [[ -x $BIN/$tool && ! $ROOT/tools/gotools/go.mod -nt $BIN/$tool ]] || return 0
  done
  return 1
}
if gotools_stale; then
  say "Go tools (tools/gotools: gotestsum, stripe-mock, cloud-tasks-emulator)"
  mkdir -p "$BIN"
  (cd "$ROOT/tools/gotools" && GOBIN="$BIN" go install tool)
  # go install leaves an up-to-date binary untouched: mark them all current.
  touch "$BIN/gotestsum" "$BIN/stripe-mock" "$BIN/cloud-tasks-emulator"
fi

# fake-gcs-server (the Cloud Storage emulator) is pinned in a tools module of
# its own, tools/fakegcs: in tools/gotools its dependencies would move
# cloud-tasks-emulator's gRPC forward.
if [[ ! -x $BIN/fake-gcs-server || $ROOT/tools/fakegcs/go.mod -nt $BIN/fake-gcs-server ]]; then
  say "Go tools (tools/fakegcs: fake-gcs-server)"
  mkdir -p "$BIN"
  (cd "$ROOT/tools/fakegcs" && GOBIN="$BIN" go install tool)
  touch "$BIN/fake-gcs-server"
fi

# Google's Cloud Firestore emulator: make test runs the Firestore adapter's
# suites on it (pessimistic transaction locks, as in Firestore). It comes
# from Google's Cloud SDK apt repository, not Debian's, so it is not
# installed here: where it is missing the tests fall back to the npm
# stand-in (which skips the cases it gets wrong), and this says how to
# install it.
if ! firestore_emulator_jar >/dev/null; then
  echo "Firestore emulator: Google's is not installed, so make test falls back to the npm stand-in;" \
    "to run every Firestore case, $(firestore_install_hint)"
fi

# make test's Debian packages: Chromium for the browser tests, poppler-utils
# (pdftotext, pdftoppm) for the PDF report's tests, shellcheck for the
# Dockerfile linter's RUN checks.
if [[ $want_browser == --browser ]]; then
  missing=()
  [[ -x /usr/bin/chromium ]] || missing+=(chromium)
  [[ -x /usr/bin/pdftotext && -x /usr/bin/pdftoppm ]] || missing+=(poppler-utils)
  [[ -x /usr/bin/shellcheck ]] || missing+=(shellcheck)
  if ((${#missing[@]})); then
    say "Debian packages: ${missing[*]}"
    if [[ $(id -u) -eq 0 ]]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
      die "make test needs: run 'sudo apt-get install -y ${missing[*]}'"
    fi
  fi
fi
exit 0
