"""The retrieval service builds its embedded store from settings (environment variables)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mesh.config import RetrievalSettings
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.server import build_backend
from retrieval_svc.vector_index import ANN_THRESHOLD


async def test_the_ann_threshold_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GROUNDMESH_RETRIEVAL_ANN_THRESHOLD", "1234")
    backend = build_backend(RetrievalSettings(data_dir=tmp_path), 8)
    try:
        assert isinstance(backend, EmbeddedBackend)
        assert backend.ann_threshold == 1234
    finally:
        await backend.close()


async def test_the_default_threshold_is_the_index_default(tmp_path: Path) -> None:
    backend = build_backend(RetrievalSettings(data_dir=tmp_path), 8)
    try:
        assert isinstance(backend, EmbeddedBackend)
        assert backend.ann_threshold == ANN_THRESHOLD
    finally:
        await backend.close()


def test_a_threshold_below_one_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GROUNDMESH_RETRIEVAL_ANN_THRESHOLD", "0")
    with pytest.raises(ValueError, match="ann_threshold"):
        RetrievalSettings()
