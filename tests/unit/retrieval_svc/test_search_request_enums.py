"""Search refuses enum values its proto does not define instead of serving a default."""

from __future__ import annotations

from typing import Any, cast

import pytest

from groundmesh.v1 import retrieval_pb2
from mesh.errors import InvalidInput
from retrieval_svc.engine import RetrievalEngine
from retrieval_svc.fusion import FusionMode
from retrieval_svc.results import SearchMode
from retrieval_svc.service import RetrievalService, fusion_from_proto, mode_from_proto

pytestmark = pytest.mark.unit


class RecordingEngine:
    """Stands in for the engine and fails the test if a search reaches it."""

    def __init__(self) -> None:
        self.searches = 0

    async def search(self, *args: Any, **kwargs: Any) -> Any:
        self.searches += 1
        raise AssertionError("an invalid request reached the engine")


def test_defined_fusions_map_and_unset_is_the_default() -> None:
    assert fusion_from_proto(retrieval_pb2.FUSION_UNSPECIFIED) is None
    assert fusion_from_proto(retrieval_pb2.FUSION_WEIGHTED_RRF) is FusionMode.WEIGHTED_RRF
    assert fusion_from_proto(retrieval_pb2.FUSION_WEIGHTED_SCORE) is FusionMode.WEIGHTED_SCORE


def test_defined_modes_map_and_unset_is_hybrid() -> None:
    assert mode_from_proto(retrieval_pb2.SEARCH_MODE_UNSPECIFIED) is SearchMode.HYBRID
    assert mode_from_proto(retrieval_pb2.SEARCH_MODE_HYBRID) is SearchMode.HYBRID
    assert mode_from_proto(retrieval_pb2.SEARCH_MODE_VECTOR) is SearchMode.VECTOR
    assert mode_from_proto(retrieval_pb2.SEARCH_MODE_BM25) is SearchMode.BM25


@pytest.mark.parametrize("value", [3, 99, -1, 2**31 - 1])
def test_unknown_fusion_is_refused(value: int) -> None:
    with pytest.raises(InvalidInput, match=rf"fusion {value} is not a Fusion"):
        fusion_from_proto(value)


@pytest.mark.parametrize("value", [4, 42, -7])
def test_unknown_mode_is_refused(value: int) -> None:
    with pytest.raises(InvalidInput, match=rf"mode {value} is not a SearchMode"):
        mode_from_proto(value)


@pytest.mark.parametrize(("field", "value"), [("fusion", 99), ("mode", 42)])
async def test_the_servicer_refuses_before_searching(field: str, value: int) -> None:
    engine = RecordingEngine()
    service = RetrievalService(cast(RetrievalEngine, engine))
    fields: dict[str, Any] = {field: value}
    request = retrieval_pb2.SearchRequest(tenant="acme", query="zebra", **fields)
    with pytest.raises(InvalidInput, match=field):
        await service.Search(request, cast(Any, None))
    assert engine.searches == 0
