#!/usr/bin/env bash
# Installs what `groundmesh bench documents` needs beyond the test command, each only when
# missing (the tests themselves need none of it):
#   fonts-wqy-microhei     — the Chinese font the generated PDFs are set in;
#   libreoffice-calc-nogui — recomputes the XLSX formula cells so their cached values are
#                            real (without it the generator writes plain numbers and says so);
#   markitdown             — the peer converter the benchmark runs as a baseline (".[bench]").
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
missing=()
[ -f /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || missing+=(fonts-wqy-microhei)
command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-calc-nogui)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
.venv/bin/python -c "import markitdown" 2>/dev/null || .venv/bin/python -m pip install --quiet -e ".[bench]"
