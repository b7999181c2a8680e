#!/usr/bin/env bash
# The run command: installs what is missing, then runs the whole mesh on the embedded defaults
# (no API key, no network, no external server). Extra arguments go to `groundmesh up`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
exec .venv/bin/groundmesh up "$@"
