#!/usr/bin/env bash
# Installs the external tools the test command needs, each only when missing:
#   buf, kustomize, weaviate-server  — built with `go install` at pinned versions into
#                                      $(go env GOPATH)/bin; Go's caches stay in their default
#                                      places (~/go, ~/.cache/go-build) so later runs reuse them.
#   kube-score                       — `go install`, pinned (the deploy lint test).
#   checkov                          — the second Kubernetes linter, pinned, in its own venv under
#                                      ~/.cache/groundmesh-tools (its pins clash with ours), linked
#                                      into GOBIN. kube-linter and Polaris are not served by the
#                                      Go module proxy here (403).
#   redis-server, chromium           — Debian's packages (the search-cache and chat-page tests).
# Prints the GOBIN directory on its last line so callers can put it on PATH.
set -euo pipefail

BUF_VERSION=v1.50.0
# v5.8.1+ needs Go >= 1.27; this machine has 1.26.
KUSTOMIZE_VERSION=v5.8.0
WEAVIATE_VERSION=v1.35.2
KUBE_SCORE_VERSION=v1.20.0
CHECKOV_VERSION=3.3.30

GOBIN_DIR=$(go env GOPATH)/bin

go_tool() { # name module version — the installed binary's module version is read by `go version -m`
  local name=$1 module=$2 version=$3
  if [ -x "$GOBIN_DIR/$name" ] && go version -m "$GOBIN_DIR/$name" 2>/dev/null |
    grep -qE "^[[:space:]]mod[[:space:]].*[[:space:]]$version[[:space:]]"; then
    return 0
  fi
  echo "installing $name $version (built once per machine; the first build is slow) …" >&2
  go install "$module@$version" >&2
}

go_tool buf github.com/bufbuild/buf/cmd/buf "$BUF_VERSION"
go_tool kustomize sigs.k8s.io/kustomize/kustomize/v5 "$KUSTOMIZE_VERSION"
go_tool weaviate-server github.com/weaviate/weaviate/cmd/weaviate-server "$WEAVIATE_VERSION"
go_tool kube-score github.com/zegl/kube-score/cmd/kube-score "$KUBE_SCORE_VERSION"

checkov_venv="$HOME/.cache/groundmesh-tools/checkov-$CHECKOV_VERSION"
if [ ! -x "$checkov_venv/bin/checkov" ]; then
  echo "installing checkov $CHECKOV_VERSION …" >&2
  PY=${PYTHON:-python3.11}
  command -v "$PY" >/dev/null 2>&1 || PY=python3
  "$PY" -m venv "$checkov_venv" >&2
  "$checkov_venv/bin/python" -m pip install --quiet "checkov==$CHECKOV_VERSION" >&2
fi
mkdir -p "$GOBIN_DIR"
ln -sf "$checkov_venv/bin/checkov" "$GOBIN_DIR/checkov"

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]} from Debian's packages …" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >&2
fi
echo "$GOBIN_DIR"
