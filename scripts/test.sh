#!/usr/bin/env bash
# The test command: installs what is missing (Python deps, buf), then lints the contracts,
# checks style and types, and runs every test. Go's caches stay in their default places
# (~/go, ~/.cache/go-build), so buf builds once per machine.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh

BUF_VERSION=v1.50.0
GOBIN_DIR=$(go env GOPATH 2>/dev/null)/bin
BUF="$GOBIN_DIR/buf"
if [ ! -x "$BUF" ] || ! "$BUF" --version 2>/dev/null | grep -q "${BUF_VERSION#v}"; then
  echo "installing buf $BUF_VERSION (first time only) …"
  go install "github.com/bufbuild/buf/cmd/buf@$BUF_VERSION"
fi
export PATH="$GOBIN_DIR:$PATH"

echo "== buf lint"
buf lint
echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy"
.venv/bin/mypy .
echo "== pytest"
set +e
.venv/bin/pytest "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests"
  exit 1
fi
exit "$status"
