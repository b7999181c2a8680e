#!/usr/bin/env bash
# The test command: installs what is missing (Python deps, buf), then lints the contracts,
# checks style and types, and runs every test. scripts/tools.sh installs the external tools
# (buf, kustomize, weaviate-server, redis-server, chromium) once per machine.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh

GOBIN_DIR=$(bash scripts/tools.sh | tail -n 1)
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
