"""Generate the Python stubs for protos/groundmesh/v1 into the `groundmesh.v1` package.

The stubs are committed; `tests/unit/test_protos_fresh.py` regenerates them into a temporary
folder and fails when the committed copy differs.

    python scripts/gen_protos.py            # regenerate in place
    python scripts/gen_protos.py --out DIR  # generate elsewhere (used by the staleness test)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parents[1]
PROTO_ROOT = ROOT / "protos"
PACKAGE_DIR = Path("groundmesh") / "v1"


def generate(out_root: Path) -> list[Path]:
    """Generate stubs under ``out_root/groundmesh/v1`` and return the generated files."""
    protos = sorted((PROTO_ROOT / PACKAGE_DIR).glob("*.proto"))
    if not protos:
        raise SystemExit(f"no .proto files under {PROTO_ROOT / PACKAGE_DIR}")
    target = out_root / PACKAGE_DIR
    target.mkdir(parents=True, exist_ok=True)
    include = Path(protoc.__file__).parent / "_proto"
    args = [
        "grpc_tools.protoc",
        f"-I{PROTO_ROOT}",
        f"-I{include}",
        f"--python_out={out_root}",
        f"--pyi_out={out_root}",
        f"--grpc_python_out={out_root}",
        *[str(p.relative_to(PROTO_ROOT)) for p in protos],
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")
    for init in (out_root / "groundmesh" / "__init__.py", target / "__init__.py"):
        if not init.exists():
            init.write_text('"""Generated protobuf stubs for groundmesh.v1; do not edit."""\n')
    return sorted(p for p in target.iterdir() if p.suffix in {".py", ".pyi"})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT, help="output root (default: repo root)")
    ns = parser.parse_args(argv)
    for path in generate(ns.out):
        print(path.relative_to(ns.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
